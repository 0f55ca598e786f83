import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { policyFor } from './fixtures';
import {
  applyAnswer,
  suggestAlwaysAllow,
  suggestCommandPattern,
  suggestPathPattern,
  type ApprovalMode,
  type Decision,
  type PermissionRule,
} from '../../../src/core/permissions';

async function runCommand(command: string, mode: ApprovalMode = 'default', rules: PermissionRule[] = []): Promise<Decision> {
  return policyFor(mode, { rules }).evaluate({ toolName: 'run_command', kind: 'execute', targets: { command } });
}

describe('suggested always-allow patterns', () => {
  const commands: [string[], string][] = [
    [['npm', 'test'], 'npm test'],
    [['npm', 'test', '--', '--watch'], 'npm test'],
    [['npm', 'run', 'build', '--prod'], 'npm run build'],
    [['npm', '--silent', 'test'], 'npm * test'],
    [['git', 'commit', '-m', 'fix'], 'git commit'],
    [['cargo', 'build', '--release'], 'cargo build'],
    [['python3', '-m', 'pytest', '-x'], 'python3 -m pytest'],
    [['node', 'scripts/build.js', '--fast'], 'node scripts/build.js'],
    [['npx', 'tsc', '--noEmit'], 'npx tsc'],
    [['make'], 'make'],
    [['curl', 'https://example.com'], 'curl'],
    [['my tool', 'x'], '"my tool"'],
  ];
  for (const [argv, expected] of commands) {
    test(`${argv.join(' ')} → ${expected}`, () => assert.equal(suggestCommandPattern(argv), expected));
  }

  const paths: [string, string][] = [
    ['src/components/Button.tsx', 'src/components/**'],
    ['src/a.ts', 'src/**'],
    ['README.md', 'README.md'],
    ['docs\\guide\\intro.md', 'docs/guide/**'],
  ];
  for (const [path, expected] of paths) {
    test(`${path} → ${expected}`, () => assert.equal(suggestPathPattern(path), expected));
  }
});

describe('suggestAlwaysAllow', () => {
  test('suggests one rule per asking sub-command, scoped to the tool', async () => {
    const decision = await runCommand('ls && npm test && npm run lint -- --fix');
    const suggestion = suggestAlwaysAllow(decision);
    assert.deepEqual(suggestion, {
      available: true,
      rules: [
        { tool: 'run_command', pattern: 'npm test', action: 'allow', subject: 'command' },
        { tool: 'run_command', pattern: 'npm run lint', action: 'allow', subject: 'command' },
      ],
    });
  });

  test('the suggested rules make the same command allowed next time', async () => {
    const command = 'npm test && git commit -m "wip"';
    const first = await runCommand(command);
    const suggestion = suggestAlwaysAllow(first);
    assert.ok(suggestion.available);
    const again = await runCommand(command, 'default', suggestion.rules);
    assert.equal(again.action, 'allow', again.reason);
  });

  test('past a shipped ask rule it suggests the exact command, so other uses still ask', async () => {
    const decision = await runCommand('rm -rf build');
    const suggestion = suggestAlwaysAllow(decision);
    assert.ok(suggestion.available);
    assert.deepEqual(suggestion.rules, [{ tool: 'run_command', pattern: 'rm -rf build', action: 'allow', subject: 'command' }]);
    assert.equal((await runCommand('rm -rf build', 'default', suggestion.rules)).action, 'allow');
    assert.equal((await runCommand('rm -rf src', 'default', suggestion.rules)).action, 'ask');
  });

  test('a plain rm gets the exact command too: allowing "rm" would let rm -rf through', async () => {
    const suggestion = suggestAlwaysAllow(await runCommand('rm notes.txt'));
    assert.ok(suggestion.available);
    assert.equal(suggestion.rules[0]?.pattern, 'rm notes.txt');
  });

  test('file tools get the directory glob', async () => {
    const decision = await policyFor('default').evaluate({ toolName: 'write_file', kind: 'write', targets: { paths: ['src/ui/Button.tsx'] } });
    const suggestion = suggestAlwaysAllow(decision);
    assert.deepEqual(suggestion, { available: true, rules: [{ tool: 'write_file', pattern: 'src/ui/**', action: 'allow', subject: 'path' }] });
  });

  test('not available for the always-ask cases, with the reason', async () => {
    for (const command of ['cat .env', 'cat /etc/hosts', 'ls )', 'eval "$X"']) {
      const suggestion = suggestAlwaysAllow(await runCommand(command, 'yolo'));
      assert.equal(suggestion.available, false, command);
      assert.match(suggestion.available ? '' : suggestion.reason, /no rule can allow it/);
    }
  });

  test('not available for an allow or a deny', async () => {
    assert.equal(suggestAlwaysAllow(await runCommand('ls')).available, false);
    assert.equal(suggestAlwaysAllow(await runCommand('rm -rf /')).available, false);
  });
});

describe('[33] applyAnswer', () => {
  test('allow once allows, saves nothing and records the answer', async () => {
    const answered = applyAnswer(await runCommand('npm test'), { type: 'allow-once' });
    assert.equal(answered.action, 'allow');
    assert.deepEqual(answered.rulesToSave, []);
    assert.deepEqual(answered.audit.answer, { type: 'allow-once' });
    assert.equal(answered.audit.basis, 'user');
    assert.equal(answered.audit.mode, 'default');
  });

  test('always allow allows and returns the rules to save', async () => {
    const rules: PermissionRule[] = [{ tool: 'run_command', pattern: 'npm test', action: 'allow', subject: 'command' }];
    const answered = applyAnswer(await runCommand('npm test'), { type: 'always-allow', rules });
    assert.equal(answered.action, 'allow');
    assert.deepEqual(answered.rulesToSave, rules);
  });

  test('deny and deny with a reason: the reason goes to the model', async () => {
    const decision = await runCommand('npm test');
    const plain = applyAnswer(decision, { type: 'deny' });
    assert.equal(plain.action, 'deny');
    assert.equal(plain.messageForModel, 'The user denied this call.');
    const reasoned = applyAnswer(decision, { type: 'deny-with-reason', reason: ' use pnpm, not npm ' });
    assert.equal(reasoned.action, 'deny');
    assert.equal(reasoned.messageForModel, 'The user denied this call: use pnpm, not npm');
    assert.deepEqual(reasoned.audit.answer, { type: 'deny-with-reason', reason: ' use pnpm, not npm ' });
  });

  test('an answer cannot unlock a denied call', async () => {
    const answered = applyAnswer(await runCommand('rm -rf /'), { type: 'allow-once' });
    assert.equal(answered.action, 'deny');
    assert.equal(answered.audit.answer, undefined);
  });
});
