// What the session reports: chat deltas, usage and cost, and approval audits from the host's gate.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addUsage, toChatDeltas, toToolCard } from '../../../src/core/agent';
import { costUsd as costOf } from '../../../src/core/model/catalog';
import type { ApprovalAudit, ApprovalGate, ApprovalRequest } from '../../../src/core/ports/approval';
import { emptyUsage } from '../../../src/core/ports/task-store';
import type { ToolCallStatus } from '../../../src/core/tools';
import { complete, registryOf, ScriptedProvider, sessionFor, testTool, turn } from './fakes';

const VIEW = { id: 't1', title: 'T', running: true };

const status = (overrides: Partial<ToolCallStatus> = {}): ToolCallStatus => ({
  callId: 'c1',
  toolName: 'read_file',
  displayName: 'Read File',
  status: 'DOING',
  state: 'executing',
  partial: false,
  blocks: [],
  startTime: 5,
  ...overrides,
});

describe('the completed task in the chat', () => {
  test("the completion result is shown as the task's last message, not only inside the folded card", async () => {
    const { session } = sessionFor(new ScriptedProvider([complete('c1', 'Renamed **foo** to bar.')]), registryOf());
    await session.send('Rename foo');
    const last = session.transcript.at(-1);
    assert.ok(last?.kind === 'assistant');
    assert.equal(last.text, 'Renamed **foo** to bar.');
    assert.equal(last.streaming, false);
    const model = JSON.stringify(session.messages);
    assert.equal(model.split('Renamed **foo** to bar.').length - 1, 1, 'the model history holds the result once, as the tool call');
  });
});

describe('toChatDeltas', () => {
  test('maps text, notices, errors and state onto chat deltas', () => {
    assert.deepEqual(toChatDeltas({ type: 'assistant_start', id: 'a1', ts: 9 }, VIEW), [
      { type: 'itemAdded', item: { kind: 'assistant', id: 'a1', text: '', ts: 9, streaming: true } },
    ]);
    assert.deepEqual(toChatDeltas({ type: 'assistant_delta', id: 'a1', text: 'hi' }, VIEW), [{ type: 'textDelta', id: 'a1', text: 'hi' }]);
    assert.deepEqual(toChatDeltas({ type: 'assistant_done', id: 'a1' }, VIEW), [{ type: 'itemDone', id: 'a1' }]);
    assert.deepEqual(toChatDeltas({ type: 'error', id: 'e1', error: { kind: 'overloaded', message: 'Busy', retryable: true } }, VIEW), [
      { type: 'itemAdded', item: { kind: 'error', id: 'e1', message: 'Busy', retryable: true } },
    ]);
    assert.deepEqual(toChatDeltas({ type: 'state', state: { status: 'running' } }, VIEW), [{ type: 'task', task: VIEW }]);
    assert.deepEqual(toChatDeltas({ type: 'notice', id: 'n1', text: 'Shortened', level: 'info' }, VIEW), [
      { type: 'itemAdded', item: { kind: 'notice', id: 'n1', text: 'Shortened', level: 'info' } },
    ]);
  });

  test('tool cards: lifecycle states become card states; sub-agent cards get a unique id and a label', () => {
    const states: [ToolCallStatus['state'], string][] = [
      ['streaming', 'waiting'],
      ['validating', 'waiting'],
      ['scheduled', 'waiting'],
      ['awaiting_approval', 'awaiting_approval'],
      ['executing', 'running'],
      ['success', 'success'],
      ['error', 'error'],
      ['cancelled', 'cancelled'],
    ];
    for (const [state, card] of states) assert.equal(toToolCard(status({ state })).state, card);
    assert.deepEqual(toToolCard(status({ status: 'SUCCESS', state: 'success', endTime: 9, duration: 4, result: 'ok' })), {
      callId: 'c1',
      toolName: 'read_file',
      displayName: 'Read File',
      state: 'success',
      partial: false,
      blocks: [],
      startTime: 5,
      endTime: 9,
      durationMs: 4,
      result: 'ok',
    });
    assert.equal(toToolCard(status({ status: 'ERROR', state: 'error', errorType: 'user_denied' })).denied, true, 'a denial is an answer, told apart from a failure');
    assert.equal(toToolCard(status({ status: 'ERROR', state: 'error', errorType: 'execution_failed' })).denied, undefined);
    const child = toToolCard(status(), 'p1/p2');
    assert.equal(child.callId, 'p1/p2/c1');
    assert.equal(child.displayName, 'Sub-agent › Read File');
  });

  test('the run_command call that started a background process names it; other process tools and foreground runs do not', () => {
    const metadata = (background: boolean) => ({ processId: 'p3', process: { id: 'p3', state: 'ready', background } });
    assert.equal(toToolCard(status({ toolName: 'run_command', metadata: metadata(true) })).processId, 'p3');
    assert.equal(toToolCard(status({ toolName: 'run_command', metadata: metadata(false) })).processId, undefined);
    assert.equal(toToolCard(status({ toolName: 'stop_process', metadata: metadata(true) })).processId, undefined);
    assert.equal(toToolCard(status({ toolName: 'run_command' })).processId, undefined);
  });
});

describe('usage and cost', () => {
  test('cost follows the model pricing; cache prices fall back to the input price', () => {
    const pricing = { inputPerMTok: 3, outputPerMTok: 15, cacheReadPerMTok: 0.3 };
    assert.equal(costOf({ inputTokens: 1_000_000, outputTokens: 0 }, pricing), 3);
    assert.equal(costOf({ inputTokens: 0, outputTokens: 2_000_000, cacheReadTokens: 1_000_000, cacheWriteTokens: 1_000_000 }, pricing), 30 + 0.3 + 3);
    const total = addUsage(addUsage(emptyUsage(), { inputTokens: 5, outputTokens: 1 }, undefined), { inputTokens: 5, outputTokens: 1 }, 0.5);
    assert.deepEqual(total, { inputTokens: 10, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0.5 });
    assert.equal(addUsage(emptyUsage(), { inputTokens: 1, outputTokens: 1 }, undefined).costUsd, undefined);
  });

  test('a turn reporting usage twice (start and end, cumulative) counts once; the task view shows tokens and cost', async () => {
    const provider = new ScriptedProvider(
      [
        [
          { type: 'usage', usage: { inputTokens: 1000, outputTokens: 1 } },
          { type: 'text_delta', text: 'x' },
          { type: 'tool_call_start', callId: 'c1', name: 'attempt_completion' },
          { type: 'tool_call_delta', callId: 'c1', argsDelta: '{"result":"ok"}' },
          { type: 'tool_call_end', callId: 'c1' },
          { type: 'usage', usage: { inputTokens: 1000, outputTokens: 200 } },
          { type: 'stop', reason: 'tool_use' },
        ],
      ],
      { pricing: { inputPerMTok: 2, outputPerMTok: 10 } },
    );
    const h = sessionFor(provider, registryOf());
    await h.session.send('go');
    assert.deepEqual(h.session.view().usage, { inputTokens: 1000, outputTokens: 200, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 1000 * 2e-6 + 200 * 10e-6 });
    assert.deepEqual(h.session.view().context, { tokens: 1000, window: provider.model.contextWindow }, 'the meter: the last request against the window');
    const usageEvents = h.events.filter((e) => e.type === 'usage');
    assert.equal(usageEvents.length, 1);
  });
});

describe('approvals through the host gate', () => {
  test('every decision is asked with the call, audited, and a refusal reaches the model', async () => {
    const asked: ApprovalRequest[] = [];
    const audit = (callId: string, action: 'allow' | 'deny'): ApprovalAudit =>
      ({ callId, decidedAt: '2026-01-01T00:00:00Z', action, basis: 'mode', mode: 'default' }) as unknown as ApprovalAudit;
    const gate: ApprovalGate = {
      approve: async (request) => {
        asked.push(request);
        if (request.kind === 'readonly') return { allowed: true, audit: audit(request.callId, 'allow') };
        return { allowed: false, reason: 'No writes today', messageForModel: 'Permission denied: No writes today', audit: audit(request.callId, 'deny') };
      },
    };
    const write = testTool('write_file', 'write');
    const provider = new ScriptedProvider([
      turn(undefined, { id: 'c1', name: 'read_file', args: { path: 'a' } }, { id: 'c2', name: 'write_file', args: { path: 'a' } }),
      complete('c3', 'gave up'),
    ]);
    const h = sessionFor(provider, registryOf(testTool('read_file'), write), { approvals: gate });
    await h.session.send('edit a');

    assert.deepEqual(asked.map((r) => [r.callId, r.toolName, r.kind, r.args]), [
      ['c1', 'read_file', 'readonly', { path: 'a' }],
      ['c2', 'write_file', 'write', { path: 'a' }],
      ['c3', 'attempt_completion', 'readonly', { result: 'gave up' }],
    ]);
    assert.deepEqual(write.finalRuns(), []);
    assert.deepEqual(h.session.approvals.map((a) => a.callId), ['c1', 'c2', 'c3']);
    const refused = provider.requests[1]!.messages.at(-1)!.content[1] as { content: string; isError?: boolean };
    assert.equal(refused.isError, true);
    assert.match(refused.content, /Permission denied: No writes today/);
  });
});
