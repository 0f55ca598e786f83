// The approval service with the OS sandbox: a command asked about only because it runs code runs without a prompt
// when sandboxed; running outside the sandbox is its own prompt naming what the sandboxed run needed.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ApprovalRequest } from '../../../src/core/ports/approval';
import type { SandboxAllowance } from '../../../src/core/sandbox/allowance';
import type { SandboxUse } from '../../../src/core/sandbox/approval';
import { harness, never } from './fakes';

const call = (command: string, args: Record<string, unknown> = {}): ApprovalRequest => ({
  callId: 'c1',
  toolName: 'run_command',
  kind: 'execute',
  targets: { command },
  args: { command, ...args },
});

describe('ApprovalService with the sandbox', () => {
  it('runs npm test without a prompt when sandboxed, and asks without the sandbox', async () => {
    const sandboxed = harness({ sandboxUse: () => ({ type: 'sandboxed' }) });
    const outcome = await sandboxed.service.approve(call('npm test'), never);
    assert.equal(outcome.allowed, true);
    assert.equal(outcome.audit.basis, 'sandbox');
    assert.equal(sandboxed.prompter.prompts.length, 0);

    const plain = harness({ sandboxUse: () => ({ type: 'none' }), answers: [{ type: 'allow-once' }] });
    assert.equal((await plain.service.approve(call('npm test'), never)).allowed, true);
    assert.equal(plain.prompter.prompts.length, 1);
  });

  it('still asks about a history-rewriting git command when sandboxed', async () => {
    const h = harness({ sandboxUse: () => ({ type: 'sandboxed' }), answers: [{ type: 'deny' }] });
    assert.equal((await h.service.approve(call('git reset --hard HEAD~2'), never)).allowed, false);
    assert.equal(h.prompter.prompts.length, 1);
  });

  it('running outside the sandbox asks, even for a command an allow rule covers, naming what it needed', async () => {
    const use: SandboxUse = { type: 'outside', needed: [{ kind: 'network', target: 'example.com:443', detail: 'deny network-outbound example.com:443 (host is not on the allow list)' }] };
    const h = harness({ sandboxUse: () => use, answers: [{ type: 'deny' }] });
    h.settings.change({ rules: [{ tool: 'run_command', pattern: 'npm test', action: 'allow' }] });
    const outcome = await h.service.approve(call('npm test', { outside_sandbox: true }), never);
    assert.equal(outcome.allowed, false);
    assert.equal(h.prompter.prompts.length, 1);
    assert.equal(h.prompter.prompts[0]!.message, 'Run "npm test" outside the sandbox?');
    assert.match(h.prompter.prompts[0]!.detail, /outside the sandbox.*connecting to example\.com:443/s);
    assert.equal(h.prompter.prompts[0]!.alwaysAllow, undefined);
  });

  it('"Always allow in the sandbox" adds the domain it needed to the sandbox instead of running it outside, and tells the model to run it again', async () => {
    const use: SandboxUse = { type: 'outside', needed: [{ kind: 'network', target: 'api.example.com:443', detail: '' }] };
    const added: SandboxAllowance[] = [];
    const h = harness({ sandboxUse: () => use, sandboxAllow: async (a) => void added.push(a), answers: [{ type: 'allow-in-sandbox' }] });
    const outcome = await h.service.approve(call('npm run fetch', { outside_sandbox: true }), never);
    assert.deepEqual(h.prompter.prompts[0]!.sandboxAllowance, { domains: ['api.example.com:443'], writePaths: [] });
    assert.deepEqual(added, [{ domains: ['api.example.com:443'], writePaths: [] }]);
    assert.equal(outcome.allowed, false, 'it does not run outside the sandbox');
    assert.match(outcome.allowed ? '' : outcome.messageForModel, /added api\.example\.com:443 to the sandbox.*without outside_sandbox/);
  });

  it('offers no sandbox allowance for a credential read: only running outside (asked) would do', async () => {
    const use: SandboxUse = { type: 'outside', needed: [{ kind: 'read', target: '/home/dev/.ssh/id_rsa', detail: '' }] };
    const h = harness({ sandboxUse: () => use, sandboxAllow: async () => undefined, answers: [{ type: 'deny' }] });
    await h.service.approve(call('cat ~/.ssh/id_rsa', { outside_sandbox: true }), never);
    assert.equal(h.prompter.prompts[0]!.sandboxAllowance, undefined);
  });
});
