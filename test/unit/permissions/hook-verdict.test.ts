// A hook's allow is a user's allow rule: it settles what the mode would ask, never a deny or ask rule, never
// Relay's own safety checks (sensitive files, paths outside the workspace, environment injection). A hook's ask
// asks even in yolo mode.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { l10n } from '../../../src/core/l10n';
import type { ApprovalMode, PermissionRequest, PermissionRule } from '../../../src/core/permissions';
import { policyFor, WORKSPACE } from './fixtures';

const allow = { action: 'allow' as const, reason: l10n.both('A hook allowed it.') };
const ask = { action: 'ask' as const, reason: l10n.both('A hook asks.') };

async function decide(request: Omit<PermissionRequest, 'kind'> & { kind?: PermissionRequest['kind'] }, mode: ApprovalMode = 'default', rules: PermissionRule[] = []) {
  const policy = policyFor(mode, { rules });
  return policy.evaluate({ kind: 'write', ...request });
}

describe('[hooks] a hook verdict in the permission policy', () => {
  test("a hook's allow settles the mode's ask for a write or a command, and says so in the audit", async () => {
    const write = { toolName: 'write_file', targets: { paths: [`${WORKSPACE}/src/a.ts`] } };
    assert.equal((await decide(write)).action, 'ask', 'without the hook the mode asks');
    const allowed = await decide({ ...write, hook: allow });
    assert.equal(allowed.action, 'allow');
    assert.equal(allowed.audit.basis, 'hook');
    const command = { toolName: 'run_command', kind: 'execute' as const, targets: { command: 'make build' } };
    assert.equal((await decide(command)).action, 'ask');
    assert.equal((await decide({ ...command, hook: allow })).action, 'allow');
  });

  test('never past a deny or ask rule, a sensitive file, a path outside the workspace or environment injection', async () => {
    const write = { toolName: 'write_file', targets: { paths: [`${WORKSPACE}/src/a.ts`] } };
    assert.equal((await decide({ ...write, hook: allow }, 'default', [{ tool: 'write_file', pattern: 'src/**', action: 'deny' }])).action, 'deny');
    assert.equal((await decide({ ...write, hook: allow }, 'default', [{ tool: 'write_file', pattern: 'src/**', action: 'ask' }])).action, 'ask');
    assert.equal((await decide({ toolName: 'write_file', targets: { paths: [`${WORKSPACE}/.env`] }, hook: allow })).action, 'ask');
    assert.equal((await decide({ toolName: 'write_file', targets: { paths: ['/etc/hosts'] }, hook: allow })).action, 'ask');
    const injected = await decide({ toolName: 'run_command', kind: 'execute', targets: { command: 'LD_PRELOAD=/tmp/x.so ls' }, hook: allow });
    assert.notEqual(injected.action, 'allow');
    assert.equal((await decide({ toolName: 'run_command', kind: 'execute', targets: { command: 'rm -rf /' }, hook: allow }, 'yolo')).action !== 'allow', true);
  });

  test("a hook's ask asks even where the mode or a rule would allow", async () => {
    const read = { toolName: 'read_file', kind: 'readonly' as const, targets: { paths: [`${WORKSPACE}/src/a.ts`] } };
    assert.equal((await decide(read, 'yolo')).action, 'allow');
    const asked = await decide({ ...read, hook: ask }, 'yolo', [{ tool: 'read_file', pattern: '**', action: 'allow' }]);
    assert.equal(asked.action, 'ask');
    assert.equal(asked.uiReason, 'A hook asks.');
  });
});
