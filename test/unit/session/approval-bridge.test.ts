import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ApprovalAudit, ApprovalGate, ApprovalRequest as GateRequest } from '../../../src/core/ports/approval';
import type { ApprovalRequest } from '../../../src/core/tools';
import { createApprovalHook } from '../../../src/host/session/approval-bridge';

function audit(callId: string, action: 'allow' | 'deny'): ApprovalAudit {
  return { callId, decidedAt: '2026-01-01T00:00:00Z', toolName: 'write_file', kind: 'write', mode: 'default', action, basis: 'mode', checks: [] } as unknown as ApprovalAudit;
}

function request(overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return { callId: 'c1', toolName: 'write_file', displayName: 'Write', kind: 'write', params: { path: 'a.txt' }, signal: new AbortController().signal, ...overrides };
}

describe('approval bridge', () => {
  test('passes the preparation (targets, summary, diff) and the params to the gate, and audits the decision', async () => {
    const seen: GateRequest[] = [];
    const audits: ApprovalAudit[] = [];
    const gate: ApprovalGate = {
      approve: async (r) => {
        seen.push(r);
        return { allowed: true, audit: audit(r.callId, 'allow') };
      },
    };
    const open = async () => undefined;
    const hook = createApprovalHook({ gate, onAudit: (a) => audits.push(a) });
    const decision = await hook(
      request({ preparation: { targets: { paths: ['/w/a.txt'] }, summary: 'Write a.txt', diff: { path: '/w/a.txt', added: 2, removed: 1, open } } }),
    );
    assert.deepEqual(decision, { decision: 'allow' });
    assert.deepEqual(seen[0]!.targets, { paths: ['/w/a.txt'] });
    assert.equal(seen[0]!.summary, 'Write a.txt');
    assert.equal(seen[0]!.diff?.added, 2);
    assert.deepEqual(seen[0]!.args, { path: 'a.txt' });
    assert.equal(audits.length, 1);
  });

  test('a refusal becomes a deny carrying the message meant for the model', async () => {
    const gate: ApprovalGate = {
      approve: async (r) => ({ allowed: false, reason: 'denied by rule', messageForModel: 'Permission denied: rm -rf is never allowed', audit: audit(r.callId, 'deny') }),
    };
    const audits: ApprovalAudit[] = [];
    const decision = await createApprovalHook({ gate, onAudit: (a) => audits.push(a) })(request({ toolName: 'run_command', kind: 'execute' }));
    assert.deepEqual(decision, { decision: 'deny', reason: 'Permission denied: rm -rf is never allowed' });
    assert.equal(audits[0]!.action, 'deny');
  });

  test('without a preparation the gate gets empty targets (the policy then judges by kind and mode)', async () => {
    let targets: unknown;
    const gate: ApprovalGate = { approve: async (r) => ((targets = r.targets), { allowed: true, audit: audit(r.callId, 'allow') }) };
    await createApprovalHook({ gate, onAudit: () => undefined })(request());
    assert.deepEqual(targets, {});
  });
});
