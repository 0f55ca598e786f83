// Issue 12's command classes against the real policy (default rules, default mode unless stated): risky
// environment assignments, flags that make read-only commands write or run (with and without allow
// rules), version queries; and that the modal and the model are told which variable or flag asked.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import {
  ENVIRONMENT_ROWS,
  EFFECT_ROWS,
  HARMLESS_PREFIX_PAIRS,
  QUERY_ROWS,
  REDIRECT_ROWS,
  RULE_ROWS,
  VERSION_ROWS,
  type ClassRow,
} from './command-classes.corpus';
import { policyFor, WORKSPACE } from './fixtures';
import { suggestAlwaysAllow, type ApprovalMode, type Decision, type PermissionRule } from '../../../src/core/permissions';
import { VARIABLE_FAMILIES, variableFamily } from '../../../src/core/permissions/command-environment';
import { sideEffectOf } from '../../../src/core/permissions/command-effects';
import { sedScriptEffect } from '../../../src/core/permissions/script-effects';
import { buildApprovalPrompt } from '../../../src/host/permissions/approval-prompt';

async function run(command: string, mode: ApprovalMode = 'default', rules: PermissionRule[] = []): Promise<Decision> {
  return policyFor(mode, { rules }).evaluate({ toolName: 'run_command', kind: 'execute', targets: { command } });
}

const tally = new Map<string, { ask: number; allow: number; deny: number }>();
function count(cls: string, action: Decision['action']): void {
  const t = tally.get(cls) ?? { ask: 0, allow: 0, deny: 0 };
  t[action]++;
  tally.set(cls, t);
}
after(() => {
  if (process.env.RELAY_CLASS_COUNTS) for (const [cls, t] of tally) console.log(`[counts] ${cls}: ask ${t.ask}, allow ${t.allow}, deny ${t.deny}`);
});

function corpus(cls: string, rows: readonly ClassRow[]): void {
  for (const [command, expected, note] of rows) {
    test(JSON.stringify(command), async () => {
      const decision = await run(command);
      count(cls, decision.action);
      assert.equal(decision.action, expected, `${note}\nreason: ${decision.reason}`);
    });
  }
}

describe('class 1: environment assignments that change what runs', () => {
  corpus('1 environment', ENVIRONMENT_ROWS);

  for (const [prefix, command] of HARMLESS_PREFIX_PAIRS) {
    test(`${prefix} ${command} decides as ${command}`, async () => {
      const [plain, prefixed] = [await run(command), await run(`${prefix} ${command}`)];
      count('1 environment', prefixed.action);
      assert.equal(prefixed.action, plain.action);
      assert.equal(prefixed.audit.basis, plain.audit.basis);
    });
  }

  test('a risky assignment asks even in yolo mode, and no rule can allow it', async () => {
    const decision = await run('LD_PRELOAD=/tmp/x.so ls', 'yolo', [{ tool: '*', pattern: 'ls', action: 'allow' }]);
    assert.equal(decision.action, 'ask');
    assert.equal(decision.audit.basis, 'environment');
    assert.deepEqual(suggestAlwaysAllow(decision).available, false);
  });

  test('the reason and the trigger name the variable', async () => {
    const decision = await run("GIT_PAGER='vim' git log");
    assert.equal(decision.trigger?.type === 'command' && decision.trigger.cause, 'GIT_PAGER');
    assert.match(decision.reason, /GIT_PAGER/);
    const shell = await run('export PATH=/tmp:$PATH; git status');
    assert.match(shell.reason, /PATH .*commands after it/);
  });

  test('a command-valued variable is analysed as shell code', async () => {
    const decision = await run("GIT_PAGER='rm -rf ~' git log");
    assert.equal(decision.action, 'deny');
    assert.match(decision.reason, /rm -rf ~/);
  });

  const families: [string, string][] = [
    ['LD_PRELOAD', 'loads code'], ['DYLD_LIBRARY_PATH', 'loads code'], ['GIT_PAGER', 'names a program'],
    ['MANPAGER', 'names a program'], ['GIT_SSH_COMMAND', 'names a program'], ['SUDO_ASKPASS', 'names a program'],
    ['GIT_CONFIG_PARAMETERS', 'git'], ['GIT_CONFIG_KEY_0', 'git'], ['BASH_ENV', 'shell'], ['PS4', 'shell'],
    ['npm_config_script_shell', 'shell'], ['PATH', 'looked up'], ['NODE_PATH', 'looked up'], ['PERL5LIB', 'looked up'],
    ['NODE_OPTIONS', 'interpreter'], ['PYTHONSTARTUP', 'interpreter'], ['RUBYOPT', 'interpreter'], ['JAVA_TOOL_OPTIONS', 'interpreter'],
    ['CC', 'compiler'], ['KUBECONFIG', 'configuration'], ['LESSOPEN', 'configuration'], ['HOME', 'configuration'], ['TERMINFO', 'configuration'],
  ];
  for (const [name, does] of families) {
    test(`${name} is in a family that ${does}`, () => {
      assert.match(variableFamily(name)?.does ?? 'none', new RegExp(does));
    });
  }
  test('every family is exercised by the corpus', () => {
    const names = ENVIRONMENT_ROWS.flatMap(([c]) => [...c.matchAll(/([A-Za-z_][A-Za-z0-9_%]*)=/g)].map((m) => m[1]!));
    for (const family of VARIABLE_FAMILIES) assert.ok(names.some((n) => variableFamily(n) === family), family.does);
  });
});

describe('class 2: flags that make a read-only command write or run, default rules only', () => {
  corpus('2 flags (no rule)', EFFECT_ROWS);
});

describe('class 2: an allow rule grants a flag only when it names it', () => {
  for (const [pattern, command, expected] of RULE_ROWS) {
    test(`rule "${pattern}": ${command}`, async () => {
      const decision = await run(command, 'default', [{ tool: 'run_command', pattern, action: 'allow' }]);
      count('2 flags (user rule)', decision.action);
      assert.equal(decision.action, expected, decision.reason);
    });
  }

  test('the modal names the flag and the rule that does not cover it', async () => {
    const command = "find . -name '*.log' -delete";
    const decision = await run(command, 'default', [{ tool: 'run_command', pattern: 'find', action: 'allow' }]);
    assert.equal(decision.trigger?.type === 'command' && decision.trigger.cause, '-delete');
    assert.match(decision.reason, /"-delete" deletes the files it finds/);
    assert.match(decision.reason, /rule "find" .* does not name "-delete"/);
    const prompt = buildApprovalPrompt({
      request: { callId: 'c', toolName: 'run_command', kind: 'execute', targets: { command: `ls && ${command}` } },
      decision,
      suggestion: suggestAlwaysAllow(decision),
      saveTarget: 'user settings',
      workspaceFolders: [WORKSPACE],
      defaultCwd: WORKSPACE,
    });
    // The sub-command and its flag, then why this call asks: what the flag does and the rule that does not name it.
    assert.match(prompt.detail, /Asks because of: "-delete" in find \. -name '\*\.log' -delete\nWhy: "-delete" deletes the files it finds, and the rule "find" for run_command in settings does not name "-delete"\./, prompt.detail);
    assert.equal(prompt.denyByDefault, undefined, 'a call a rule can allow keeps Allow as the default button');
  });

  test('the modal names the variable of a risky assignment', async () => {
    const command = 'LD_PRELOAD=/tmp/x.so ls';
    const decision = await run(command);
    const prompt = buildApprovalPrompt({
      request: { callId: 'c', toolName: 'run_command', kind: 'execute', targets: { command } },
      decision,
      suggestion: suggestAlwaysAllow(decision),
      saveTarget: 'user settings',
      workspaceFolders: [WORKSPACE],
      defaultCwd: WORKSPACE,
    });
    assert.match(prompt.detail, /^Why: The environment variable LD_PRELOAD loads code/m, 'named once, by the reason, without "Needs approval:" again');
    assert.ok(!prompt.detail.includes('Asks because of'), prompt.detail);
    assert.equal(prompt.denyByDefault, true, 'no rule can allow it: Enter must deny, not allow');
  });

  test('git diff --output: the label is the flag, and always-allow offers a rule that names it', async () => {
    const decision = await run('git diff --output=src/extension.ts', 'default', [{ tool: 'run_command', pattern: 'git diff', action: 'allow' }]);
    assert.equal(decision.trigger?.type === 'command' && decision.trigger.cause, '--output');
    const suggestion = suggestAlwaysAllow(decision);
    assert.ok(suggestion.available);
    const rules = suggestion.available ? suggestion.rules : [];
    assert.equal(rules[0]?.pattern, 'git diff --output=src/extension.ts');
    const again = await run('git diff --output=src/extension.ts', 'default', rules);
    assert.equal(again.action, 'allow', 'the offered rule really allows the call');
  });

  test('a bundled flag is shown alone', () => {
    assert.equal(sideEffectOf(['sed', '-ni', 'p', 'f'])?.label, '-i');
    assert.equal(sideEffectOf(['sort', '-ro', 'out'])?.label, '-o');
    assert.equal(sideEffectOf(['git', '-c', 'core.pager=x', 'log'])?.label, '-c core.pager');
  });

  const sedScripts: [string, boolean][] = [
    ['p', false], ['10,20p', false], ['/x/d', false], ['s/a/b/g', false], ['s|a|b|', false], ['y/abc/xyz/', false],
    ['1!G;h;$!d', false], [':a;N;$!ba;s/\\n/ /g', false], ['$a\\\nend', false], ['s/a\\/b/c/', false],
    ['w out', true], ['s/a/b/w out', true], ['s/a/b/e', true], ['e id', true], ['1r /etc/passwd', true], ['W out', true],
    ['/x/{p;w out\n}', true], ['k', true], ['s/unterminated', true],
  ];
  for (const [script, effect] of sedScripts) {
    test(`sed script ${JSON.stringify(script)} ${effect ? 'has' : 'has no'} effect`, () => {
      assert.equal(sedScriptEffect(script) !== undefined, effect);
    });
  }
});

describe('class 3: version and listing queries', () => {
  corpus('3 version queries', VERSION_ROWS);
});

describe('class 4: a redirection into a file is a write, whatever the command', () => {
  for (const [pattern, command, mode, expected] of REDIRECT_ROWS) {
    test(`${mode}, ${pattern === undefined ? 'no rule' : `rule "${pattern}"`}: ${JSON.stringify(command)}`, async () => {
      const rules: PermissionRule[] = pattern === undefined ? [] : [{ tool: 'run_command', pattern, action: 'allow' }];
      const decision = await run(command, mode, rules);
      count('4 redirects', decision.action);
      assert.equal(decision.action, expected, decision.reason);
    });
  }

  test('the reason names the file and the mode; the trigger names the redirection', async () => {
    const decision = await run('ls > files.txt', 'default', [{ tool: 'run_command', pattern: 'ls', action: 'allow' }]);
    assert.equal(decision.audit.basis, 'redirect');
    assert.equal(decision.reason, 'Default mode asks before changing files: "ls > files.txt" writes files.txt.');
    assert.equal(decision.trigger?.type === 'command' && decision.trigger.cause, '> files.txt');
  });

  test('always-allow offers a rule that names the redirection, and that rule allows the call', async () => {
    const decision = await run('echo hi >> notes.md', 'default', [{ tool: 'run_command', pattern: 'echo', action: 'allow' }]);
    const suggestion = suggestAlwaysAllow(decision);
    assert.ok(suggestion.available);
    const rules = suggestion.available ? suggestion.rules : [];
    assert.deepEqual(rules.map((r) => r.pattern), ['echo hi >> notes.md']);
    assert.equal((await run('echo hi >> notes.md', 'default', rules)).action, 'allow');
    assert.equal((await run('echo hi >> other.md', 'default', rules)).action, 'ask');
  });

  test('a target only known when the shell runs cannot be always allowed', async () => {
    const suggestion = suggestAlwaysAllow(await run('ls > $OUT', 'default', [{ tool: 'run_command', pattern: 'ls', action: 'allow' }]));
    assert.equal(suggestion.available, false);
  });

  test('a deny or ask rule that names the redirection decides it', async () => {
    const deny = await run('ls > files.txt', 'yolo', [{ tool: 'run_command', pattern: '* > files.txt', action: 'deny' }]);
    assert.equal(deny.action, 'deny');
    const ask = await run('ls > files.txt', 'auto-edit', [{ tool: 'run_command', pattern: 'ls > *', action: 'ask' }]);
    assert.equal(ask.action, 'ask');
  });
});

describe('class 5: queries that only print', () => {
  corpus('5 print-only queries', QUERY_ROWS);

  test('a writing form names what it changes', async () => {
    const decision = await run('go env -w GOFLAGS=-mod=mod');
    assert.equal(decision.trigger?.type === 'command' && decision.trigger.cause, '-w');
    assert.match(decision.reason, /changes Go's environment settings/);
    const all = await run('printenv');
    assert.match(all.reason, /prints the environment, credentials included/);
    assert.equal(all.audit.basis, 'secret-output');
  });
});
