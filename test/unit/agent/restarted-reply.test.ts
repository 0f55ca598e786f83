// A restarted reply (the model `restart` event) inside one turn: whatever streamed before it is superseded.
// No call reaches the scheduler twice or with arguments the stream later replaced; the superseded cards end
// cancelled; the history holds only the reply that won, with valid pairs; usage counts both replies.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import type { ModelStreamEvent } from '../../../src/core/model/events';
import { callEvents, complete, historyProblems, registryOf, ScriptedProvider, sessionFor, testTool } from './fakes';

const FULL = { path: 'src/a.ts', content: 'one\ntwo\n' };
/** What the first, superseded reply was writing: other arguments, so a run with them would show. */
const STALE = { path: 'src/stale.ts', content: 'old' };
const writeTool = () => testTool('write_file', 'write', undefined, z.object({ path: z.string(), content: z.string() }));

/** The first reply cut in the middle of a call's arguments, then the whole reply again. */
function splicedTurn(firstId: string, secondId: string, cutEnded = false): ModelStreamEvent[] {
  const json = JSON.stringify(STALE);
  return [
    { type: 'usage', usage: { inputTokens: 100, outputTokens: 0 } },
    { type: 'text_delta', text: 'Writing' },
    { type: 'tool_call_start', callId: firstId, name: 'write_file' },
    { type: 'tool_call_delta', callId: firstId, argsDelta: cutEnded ? json : json.slice(0, 12) },
    ...(cutEnded ? [{ type: 'tool_call_end', callId: firstId } as const] : []),
    { type: 'restart' },
    { type: 'usage', usage: { inputTokens: 100, outputTokens: 0 } },
    { type: 'text_delta', text: 'Writing it.' },
    ...callEvents({ id: secondId, name: 'write_file', args: FULL }),
    { type: 'usage', usage: { inputTokens: 100, outputTokens: 40 } },
    { type: 'stop', reason: 'tool_use' },
  ];
}

describe('a reply restarted mid-stream', () => {
  for (const [label, firstId, secondId, cutEnded] of [
    ['new ids, cut mid-arguments', 'c1', 'c2', false],
    ['the same id reused, cut mid-arguments', 'c1', 'c1', false],
    ['the same id reused, the first call already complete', 'c1', 'c1', true],
    ['new ids, the first call already complete', 'c1', 'c2', true],
  ] as const) {
    test(`${label}: the call runs once, with the restarted reply's arguments`, async () => {
      const write = writeTool();
      const provider = new ScriptedProvider([splicedTurn(firstId, secondId, cutEnded), complete('done', 'ok')]);
      const h = sessionFor(provider, registryOf(write));
      const end = await h.session.send('write it');

      assert.equal(end.status, 'completed');
      assert.deepEqual(write.finalRuns().map((run) => run.params), [FULL], 'exactly one final run, whole arguments');
      assert.deepEqual(historyProblems(h.session.messages), []);
      const assistant = h.session.messages[1]!;
      assert.equal(assistant.role, 'assistant');
      const calls = assistant.content.filter((part) => part.type === 'tool_call');
      assert.equal(calls.length, 1, 'one call in the history');
      assert.deepEqual(calls[0]!.type === 'tool_call' && calls[0]!.args, FULL);
      assert.deepEqual(assistant.content[0], { type: 'text', text: 'Writing it.' }, 'only the text of the reply that won');

      const finalStates = new Map<string, string>();
      for (const status of h.statuses()) finalStates.set(status.callId, status.status);
      const superseded = [...finalStates].filter(([, status]) => status !== 'SUCCESS' && status !== undefined);
      assert.equal(superseded.length, 1, `one superseded card: ${JSON.stringify([...finalStates])}`);
      assert.equal(superseded[0]![1], 'CANCELLED');
      assert.ok(h.events.some((e) => e.type === 'notice' && /restarted its reply/.test(e.text)));
      const usage = h.events.find((e) => e.type === 'usage');
      assert.equal(usage?.type === 'usage' && usage.turn.inputTokens, 200, 'both replies were produced, both count');
    });
  }

  test('a restart then a broken stream: nothing runs, nothing enters the history', async () => {
    const write = writeTool();
    const provider = new ScriptedProvider([
      [
        ...callEvents({ id: 'c1', name: 'write_file', args: FULL }),
        { type: 'restart' },
        { type: 'tool_call_start', callId: 'c1', name: 'write_file' },
        { type: 'tool_call_delta', callId: 'c1', argsDelta: '{"path":' },
      ],
    ]);
    const h = sessionFor(provider, registryOf(write));
    const end = await h.session.send('write it');
    assert.equal(end.status, 'failed');
    assert.deepEqual(write.finalRuns(), []);
    assert.deepEqual(h.session.messages.map((m) => m.role), ['user']);
    assert.ok(h.statuses().every((s) => s.status !== 'SUCCESS'));
  });
});
