import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { policyFor } from './fixtures';
import {
  compareSpecificity,
  decideByMode,
  pickRule,
  type ApprovalMode,
  type PermissionRule,
  type ToolKind,
} from '../../../src/core/permissions';
import { matchesCommandPattern, patternNamesWord } from '../../../src/core/permissions/command-pattern';

const rule = (tool: string, pattern: string, action: PermissionRule['action']): PermissionRule => ({ tool, pattern, action });

async function runCommand(mode: ApprovalMode, command: string, rules: PermissionRule[], includeDefaultRules = true) {
  return policyFor(mode, { rules, includeDefaultRules }).evaluate({ toolName: 'run_command', kind: 'execute', targets: { command } });
}

async function writeFile(mode: ApprovalMode, path: string, rules: PermissionRule[]) {
  return policyFor(mode, { rules }).evaluate({ toolName: 'write_file', kind: 'write', targets: { paths: [path] } });
}

describe('command patterns', () => {
  const cases: [string, string[], boolean][] = [
    ['git status', ['git', 'status'], true],
    ['git status', ['git', 'status', '-s'], true],
    ['git status', ['git', 'statusx'], false],
    ['git status', ['git'], false],
    ['git push * --force', ['git', 'push', '--force'], true],
    ['git push * --force', ['git', 'push', 'origin', 'main', '--force'], true],
    ['git push * --force', ['git', 'push', 'origin'], false],
    ['mkfs*', ['mkfs.ext4', '/dev/sda'], true],
    ['npm run test:*', ['npm', 'run', 'test:unit'], true],
    ['npm run test:*', ['npm', 'run', 'build'], false],
    ['git commit -m "wip fix"', ['git', 'commit', '-m', 'wip fix'], true],
    ['echo "*"', ['echo', 'anything'], false],
    ['echo "*"', ['echo', '*'], true],
    ['*', ['anything', 'at', 'all'], true],
  ];
  for (const [pattern, argv, expected] of cases) {
    test(`${pattern} ${expected ? 'matches' : 'does not match'} ${argv.join(' ')}`, () => {
      assert.equal(matchesCommandPattern(pattern, argv), expected);
    });
  }

  test('only the command name follows the case rule of the file system', () => {
    assert.equal(matchesCommandPattern('rm -rf', ['RM', '-rf'], true), true);
    assert.equal(matchesCommandPattern('rm -rf', ['RM', '-rf'], false), false);
    assert.equal(matchesCommandPattern('rm -rf', ['rm', '-RF'], true), false);
  });
});

describe('specificity', () => {
  test('an exact tool beats *', () => {
    assert.ok(compareSpecificity(rule('run_command', 'npm', 'ask'), rule('*', 'npm test', 'allow'), 'command') > 0);
  });
  test('a longer literal prefix beats a shorter one', () => {
    assert.ok(compareSpecificity(rule('*', 'git push', 'ask'), rule('*', 'git', 'allow'), 'command') > 0);
    assert.ok(compareSpecificity(rule('*', 'src/gen/**', 'ask'), rule('*', 'src/**', 'allow'), 'path') > 0);
  });
  test('with the same prefix, more literal characters win', () => {
    assert.ok(compareSpecificity(rule('*', 'git push * --force', 'ask'), rule('*', 'git push', 'allow'), 'command') > 0);
  });
  test('ties go to the later rule', () => {
    const first = rule('*', 'npm test', 'ask');
    const second = rule('*', 'npm test', 'allow');
    assert.equal(pickRule([first, second], 'command'), second);
    assert.equal(pickRule([second, first], 'command'), first);
  });
  test('any deny beats a more specific allow', () => {
    const deny = rule('*', 'npm', 'deny');
    const allow = rule('run_command', 'npm test --watch', 'allow');
    assert.equal(pickRule([allow, deny], 'command'), deny);
  });
});

describe('[30] rules against the policy', () => {
  test('deny beats allow, whatever the order and specificity', async () => {
    const decision = await runCommand('yolo', 'npm test', [rule('run_command', 'npm test', 'allow'), rule('*', 'npm', 'deny')]);
    assert.equal(decision.action, 'deny');
    assert.equal(decision.rule?.pattern, 'npm');
    assert.equal(decision.rule?.origin, 'settings');
  });

  test('a deny rule with a reason gives it to the model', async () => {
    const decision = await runCommand('yolo', 'npm publish', [{ tool: '*', pattern: 'npm publish', action: 'deny', reason: 'releases go through CI' }]);
    assert.equal(decision.action, 'deny');
    assert.match(decision.reason, /releases go through CI/);
  });

  test('the more specific rule wins between allow and ask', async () => {
    const rules = [rule('*', 'npm', 'ask'), rule('*', 'npm test', 'allow')];
    assert.equal((await runCommand('default', 'npm test', rules)).action, 'allow');
    assert.equal((await runCommand('default', 'npm install', rules)).action, 'ask');
    assert.equal((await runCommand('yolo', 'npm install', rules)).action, 'ask');
  });

  test('an allow rule settles the mode for a matching command', async () => {
    assert.equal((await runCommand('default', 'npm test', [])).action, 'ask');
    assert.equal((await runCommand('default', 'npm test', [rule('run_command', 'npm test', 'allow')])).action, 'allow');
  });

  test('a rule for another tool does not apply', async () => {
    assert.equal((await runCommand('default', 'npm test', [rule('terminal', 'npm test', 'allow')])).action, 'ask');
  });

  test('[31] every sub-command needs its own allow', async () => {
    const rules = [rule('*', 'npm test', 'allow')];
    assert.equal((await runCommand('default', 'npm test && npm publish', rules)).action, 'ask');
  });

  test("a user's allow overrides a shipped ask when more specific, never a shipped deny", async () => {
    assert.equal((await runCommand('yolo', 'rm -rf build', [])).action, 'ask');
    assert.equal((await runCommand('yolo', 'rm -rf build', [rule('run_command', 'rm -rf build', 'allow')])).action, 'allow');
    assert.equal((await runCommand('yolo', 'rm -rf /', [rule('run_command', 'rm -rf /', 'allow')])).action, 'deny');
    assert.equal((await runCommand('yolo', 'sudo ls', [rule('*', 'sudo ls', 'allow')])).action, 'deny');
  });

  test('a user ask on a shipped read-only command wins the tie', async () => {
    assert.equal((await runCommand('default', 'cat README.md', [rule('*', 'cat', 'ask')])).action, 'ask');
  });

  test('without the shipped rules, read-only commands follow the mode', async () => {
    assert.equal((await runCommand('default', 'ls', [], false)).action, 'ask');
    assert.equal((await runCommand('default', 'ls', [], true)).action, 'allow');
  });

  test('path rules: glob, directory prefix, absolute and ~ patterns', async () => {
    assert.equal((await writeFile('default', 'src/gen/x.ts', [rule('write_file', 'src/gen/**', 'allow')])).action, 'allow');
    assert.equal((await writeFile('default', 'src/gen/x.ts', [rule('write_file', 'src/gen', 'allow')])).action, 'allow');
    assert.equal((await writeFile('default', 'src/other.ts', [rule('write_file', 'src/gen/**', 'allow')])).action, 'ask');
    assert.equal((await writeFile('auto-edit', 'src/a.test.ts', [rule('*', '**/*.test.ts', 'deny')])).action, 'deny');
    assert.equal((await writeFile('auto-edit', 'src/a.ts', [rule('*', '/work/ws/src/**', 'ask')])).action, 'ask');
    assert.equal((await writeFile('yolo', 'dist/x.js', [rule('write_file', 'dist/**', 'ask'), rule('write_file', 'dist/keep/**', 'allow')])).action, 'ask');
    assert.equal((await writeFile('yolo', 'dist/keep/x.js', [rule('write_file', 'dist/**', 'ask'), rule('write_file', 'dist/keep/**', 'allow')])).action, 'allow');
  });

  test('[32] an allow rule does not lift the always-ask cases', async () => {
    const allowAll = [rule('*', '**', 'allow')];
    assert.equal((await writeFile('default', 'src/a.ts', allowAll)).action, 'allow');
    assert.equal((await writeFile('default', '.env', allowAll)).action, 'ask');
    assert.equal((await writeFile('default', '.env', [rule('*', '.env', 'deny')])).action, 'deny');
  });

  test('path deny rules also stop commands that name the file', async () => {
    const rules = [{ tool: '*', pattern: 'secrets/**', action: 'deny' as const, subject: 'path' as const }];
    assert.equal((await runCommand('yolo', 'cat secrets/key.pem', rules)).action, 'deny');
    assert.equal((await runCommand('yolo', 'echo x > secrets/new', rules)).action, 'deny');
    assert.equal((await runCommand('yolo', 'cat src/a.ts', rules)).action, 'allow');
  });

  test('a rule restricted to commands does not match paths, and the reverse', async () => {
    assert.equal((await writeFile('default', 'npm', [{ tool: '*', pattern: 'npm', action: 'allow', subject: 'command' }])).action, 'ask');
    assert.equal((await runCommand('default', 'npm test', [{ tool: '*', pattern: 'npm', action: 'allow', subject: 'path' }])).action, 'ask');
  });

  test('a tool with no path and no command follows a catch-all rule for it, else the mode', async () => {
    const policy = policyFor('default', { rules: [rule('deploy', '*', 'allow')] });
    assert.equal((await policy.evaluate({ toolName: 'deploy', kind: 'execute' })).action, 'allow');
    assert.equal((await policy.evaluate({ toolName: 'publish', kind: 'execute' })).action, 'ask');
    assert.equal((await policy.evaluate({ toolName: 'search', kind: 'readonly' })).action, 'allow');
  });
});

describe('[29] modes', () => {
  const table: [ApprovalMode, ToolKind, boolean, string][] = [
    ['default', 'readonly', true, 'allow'],
    ['default', 'write', true, 'ask'],
    ['default', 'execute', true, 'ask'],
    ['auto-edit', 'readonly', true, 'allow'],
    ['auto-edit', 'write', true, 'allow'],
    ['auto-edit', 'write', false, 'ask'],
    ['auto-edit', 'execute', true, 'ask'],
    ['yolo', 'readonly', true, 'allow'],
    ['yolo', 'write', false, 'allow'],
    ['yolo', 'execute', true, 'allow'],
    ['plan', 'readonly', true, 'allow'],
    ['plan', 'write', true, 'deny'],
    ['plan', 'execute', true, 'deny'],
  ];
  for (const [mode, kind, inside, expected] of table) {
    test(`${mode} / ${kind}${inside ? '' : ' (outside)'} → ${expected}`, () => {
      assert.equal(decideByMode(mode, kind, inside).action, expected);
    });
  }

  test('plan mode refuses write and execute tools with a clear reason, before any rule', async () => {
    const policy = policyFor('plan', { rules: [rule('*', '**', 'allow'), rule('*', '*', 'allow')] });
    const write = await policy.evaluate({ toolName: 'write_file', kind: 'write', targets: { paths: ['src/a.ts'] } });
    assert.equal(write.action, 'deny');
    assert.equal(write.audit.basis, 'plan-mode');
    assert.match(write.reason, /Plan mode allows only read-only tools/);
    const run = await policy.evaluate({ toolName: 'run_command', kind: 'execute', targets: { command: 'ls' } });
    assert.equal(run.action, 'deny');
    assert.match(run.reason, /run commands/);
    const read = await policy.evaluate({ toolName: 'read_file', kind: 'readonly', targets: { paths: ['src/a.ts'] } });
    assert.equal(read.action, 'allow');
  });

  test('Restricted Mode refuses everything but read-only tools, even in yolo', async () => {
    const policy = policyFor('yolo');
    policy.setWorkspaceTrusted(false);
    const run = await policy.evaluate({ toolName: 'run_command', kind: 'execute', targets: { command: 'ls' } });
    assert.equal(run.action, 'deny');
    assert.equal(run.audit.basis, 'restricted-mode');
    assert.equal((await policy.evaluate({ toolName: 'read_file', kind: 'readonly', targets: { paths: ['a'] } })).action, 'allow');
    policy.setWorkspaceTrusted(true);
    assert.equal((await policy.evaluate({ toolName: 'run_command', kind: 'execute', targets: { command: 'ls' } })).action, 'allow');
  });

  test('the mode can change between calls', async () => {
    const policy = policyFor('default');
    const request = { toolName: 'write_file', kind: 'write' as const, targets: { paths: ['src/a.ts'] } };
    assert.equal((await policy.evaluate(request)).action, 'ask');
    policy.setMode('auto-edit');
    assert.equal((await policy.evaluate(request)).action, 'allow');
    policy.setMode('plan');
    assert.equal((await policy.evaluate(request)).action, 'deny');
  });
});

describe('audit', () => {
  test('records mode, the matching rule and every check, as plain JSON', async () => {
    const decision = await runCommand('default', 'ls && npm test', [rule('run_command', 'npm', 'ask')]);
    const audit = JSON.parse(JSON.stringify(decision.audit));
    assert.deepEqual(audit, decision.audit);
    assert.equal(audit.mode, 'default');
    assert.equal(audit.action, 'ask');
    assert.equal(audit.basis, 'rule');
    assert.deepEqual(audit.rule, { tool: 'run_command', pattern: 'npm', action: 'ask', origin: 'settings' });
    assert.deepEqual(
      audit.checks.map((c) => [c.subject.type === 'command' ? c.subject.text : c.subject.type, c.action, c.basis]),
      [
        ['ls', 'allow', 'rule'],
        ['npm test', 'ask', 'rule'],
      ],
    );
  });

  test('records sensitive and outside paths', async () => {
    const decision = await runCommand('yolo', 'cp .env ../backup/', []);
    const bases = decision.audit.checks.map((c) => c.basis);
    assert.ok(bases.includes('sensitive-path'));
    assert.ok(bases.includes('outside-workspace'));
  });
});

describe('patterns that name a word', () => {
  const cases: [string, string[], string, boolean][] = [
    ['find * -delete', ['find', '.', '-delete'], '-delete', true],
    ['find', ['find', '.', '-delete'], '-delete', false],
    ['find *', ['find', '.', '-delete'], '-delete', false],
    ['find * -del*', ['find', '.', '-delete'], '-delete', true],
    ['git diff --output=x', ['git', 'diff', '--output=x'], '--output=x', true],
    ['git diff', ['git', 'diff', '--output=x'], '--output=x', false],
    ['sed -i', ['sed', '-i', 's/a/b/', 'f'], '-i', true],
    ['sed -n', ['sed', '-ni', 'p'], '-ni', false],
  ];
  for (const [pattern, argv, word, expected] of cases) {
    test(`${pattern} ${expected ? 'names' : 'does not name'} ${word} in ${argv.join(' ')}`, async () => {
      assert.equal(patternNamesWord(pattern, argv, word), expected);
    });
  }
});
