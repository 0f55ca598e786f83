// The approval decision with and without the sandbox: only asks that come from running code are settled by it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { policyFor } from '../permissions/fixtures';
import type { ApprovalMode, PermissionRule } from '../../../src/core/permissions';
import { decideWithSandbox, sandboxSettles } from '../../../src/core/sandbox/approval';

async function decision(command: string, mode: ApprovalMode = 'default', rules: PermissionRule[] = []) {
  return policyFor(mode, { rules }).evaluate({ toolName: 'run_command', kind: 'execute', targets: { command, cwd: '/work/ws' } });
}

describe('approval with the sandbox', () => {
  test('commands asked about only because they run code run without asking when sandboxed', async () => {
    for (const command of ['npm test', 'make', 'pytest -q', './scripts/build.sh', 'npm run lint && npm test', 'cargo build', 'git commit -m "x"']) {
      const d = await decision(command);
      assert.equal(d.action, 'ask', command);
      assert.ok(sandboxSettles(d), command);
      const sandboxed = decideWithSandbox(d, true);
      assert.equal(sandboxed.action, 'allow', command);
      assert.equal(sandboxed.audit.basis, 'sandbox');
      assert.match(sandboxed.uiReason, /sandbox/);
      assert.equal(decideWithSandbox(d, false).action, 'ask', command);
    }
  });

  test('deletes, history rewriting, user ask rules, environment injection, protected files and outside paths keep asking', async () => {
    const cases: [string, PermissionRule[]?][] = [
      ['rm -rf build'],
      ['rm notes.txt'],
      ['git reset --hard HEAD~3'],
      ['git push --force origin main'],
      ['git rebase -i HEAD~2'],
      ['npm test', [{ tool: 'run_command', pattern: 'npm test', action: 'ask' }]],
      ['LD_PRELOAD=/tmp/x.so make'],
      ['npm test > /home/dev/out.txt'],
      ['echo x > .vscode/settings.json'],
      ['make && cat /home/dev/.ssh/id_rsa'],
    ];
    for (const [command, rules] of cases) {
      const d = await decision(command, 'default', rules ?? []);
      assert.notEqual(d.action, 'allow', command);
      assert.equal(decideWithSandbox(d, true).action, d.action, command);
    }
  });

  test('yolo and plan are unchanged; an allowed command stays allowed', async () => {
    assert.equal(decideWithSandbox(await decision('npm test', 'yolo'), true).audit.basis, 'mode');
    assert.equal(decideWithSandbox(await decision('npm test', 'plan'), true).action, 'deny');
    assert.equal(decideWithSandbox(await decision('ls'), true).action, 'allow');
  });
});
