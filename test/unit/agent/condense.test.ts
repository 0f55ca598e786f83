// Condensing (issue 15): the model's summary replaces older turns, the latest stay verbatim, a tool_call never
// loses its tool_result, the card is shown and stored, and the old shortening is the fallback (context-budget.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { AgentSession } from '../../../src/core/agent';
import { condensedHistory, splitForCondense, summaryRequest } from '../../../src/core/agent/condense';
import { CONDENSE_INSTRUCTION, SUMMARY_PREFIX } from '../../../src/core/agent/condense-prompt';
import type { AssistantPart, ChatMessage, UserPart } from '../../../src/core/model/provider';
import { complete, deferred, historyProblems, until, MemoryTaskStore, observe, registryOf, ScriptedProvider, sessionFor, SummarizingProvider, testTool, turn } from './fakes';

const SUMMARY = '## Goal\nRead every file.\n\n## Decisions\nNone.\n\n## Files touched\n- f0..f5 read\n\n## Open items\n- finish';

function bigOutput(label: string, lines: number): string {
  return Array.from({ length: lines }, (_, i) => `${label} line ${i}: ${'x'.repeat(40)}`).join('\n');
}

/** A valid history: a task, then turns of text and/or parallel calls answered in order. */
const historyArb = fc
  .array(fc.record({ calls: fc.integer({ min: 0, max: 3 }), text: fc.boolean() }), { minLength: 0, maxLength: 12 })
  .map((turns) => {
    const messages: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'task' }] }];
    turns.forEach((t, i) => {
      const assistant: AssistantPart[] = t.text || t.calls === 0 ? [{ type: 'text', text: `step ${i}` }] : [];
      const results: UserPart[] = [];
      for (let c = 0; c < t.calls; c++) {
        assistant.push({ type: 'tool_call', callId: `c${i}-${c}`, name: 'read_file', args: { path: `f${c}` } });
        results.push({ type: 'tool_result', callId: `c${i}-${c}`, content: 'ok' });
      }
      messages.push({ role: 'assistant', content: assistant });
      messages.push({ role: 'user', content: results.length ? results : [{ type: 'text', text: 'go on' }] });
    });
    return messages;
  });

describe('condensing the history', () => {
  test('the cut never separates a tool_call from its tool_result, and the result is a valid history', () => {
    fc.assert(
      fc.property(historyArb, fc.integer({ min: 1, max: 6 }), (history, keep) => {
        const split = splitForCondense(history, keep);
        if (!split) return history.length - keep < 3; // no assistant message at index 2 or later to cut before
        assert.equal(split.recent[0]!.role, 'assistant');
        assert.equal(split.older.at(-1)!.role, 'user');
        assert.ok(split.recent.length >= Math.min(keep, history.length - 2));
        assert.deepEqual(historyProblems(split.older), []);
        assert.deepEqual(historyProblems(condensedHistory('summary', split.recent)), []);
        return true;
      }),
    );
  });

  test('the summary request is the older turns plus the instruction, with the tools still described', () => {
    const history: ChatMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'task' }] },
      { role: 'assistant', content: [{ type: 'tool_call', callId: 'a', name: 'read_file', args: {} }] },
      { role: 'user', content: [{ type: 'tool_result', callId: 'a', content: 'x' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'more' }] },
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
    ];
    const split = splitForCondense(history, 2)!;
    const tools = [{ name: 'read_file', description: 'r', inputSchema: {} }];
    const request = summaryRequest({ system: 'sys', tools }, split.older);
    assert.equal(request.messages.length, 3);
    assert.deepEqual(request.messages.at(-1)!.content.at(-1), { type: 'text', text: CONDENSE_INSTRUCTION });
    assert.deepEqual(request.tools, tools);
    assert.deepEqual(historyProblems(request.messages), []);
    for (const section of ['## Goal', '## Decisions', '## Files touched', '## Open items']) assert.ok(CONDENSE_INSTRUCTION.includes(section));
  });

  test('near the window, older turns become the summary, the latest stay verbatim, and a card says so', async () => {
    const read = testTool('read_file', 'readonly', async (params, ctx) => ctx.setToolResult(ctx.callId, bigOutput(String(params.path), 600)));
    const turns = Array.from({ length: 8 }, (_, i) => turn(`reading f${i}`, { id: `c${i}`, name: 'read_file', args: { path: `f${i}` } }));
    const scripted = new ScriptedProvider([...turns, complete('done', 'ok')], { contextWindow: 40_000, maxOutputTokens: 4_000 });
    const provider = new SummarizingProvider(scripted, SUMMARY);
    const store = new MemoryTaskStore();
    const h = sessionFor(provider, registryOf(read), { store });

    assert.equal((await h.session.send('Read them all.')).status, 'completed');

    assert.ok(provider.summaryRequests.length >= 1);
    const afterCondense = scripted.requests.find((r) => r.messages[0]!.content.some((p) => p.type === 'text' && p.text.startsWith(SUMMARY_PREFIX)));
    assert.ok(afterCondense, 'a request started from the summary');
    const first = afterCondense.messages[0]!.content[0];
    assert.ok(first?.type === 'text' && first.text.includes('## Open items\n- finish'));
    assert.deepEqual(historyProblems(afterCondense.messages), []);
    // The turns after the cut reached the model exactly as they were (the last one answers the last call).
    const lastCall = afterCondense.messages.at(-2)!.content.find((p) => p.type === 'tool_call');
    assert.ok(lastCall?.type === 'tool_call');
    const lastPath = String(lastCall.args.path);
    const lastResult = afterCondense.messages.at(-1)!.content.find((p) => p.type === 'tool_result');
    assert.ok(lastResult?.type === 'tool_result' && lastResult.callId === lastCall.callId && lastResult.content === bigOutput(lastPath, 600));
    assert.ok(!scripted.requests.some((r) => r.messages.some((m) => m.content.some((p) => p.type === 'tool_result' && p.content.startsWith('[output of')))), 'nothing had to be shortened');

    const card = h.session.transcript.find((item) => item.kind === 'condensed');
    assert.ok(card && card.kind === 'condensed');
    assert.equal(card.summary, SUMMARY);
    assert.equal(card.trigger, 'auto');
    assert.ok(card.tokensBefore > card.tokensAfter, `${card.tokensBefore} > ${card.tokensAfter}`);
    assert.ok(h.events.some((e) => e.type === 'usage' && e.turn.outputTokens === 120), 'the summary call counts in the usage');

    // Reopened: the card is in the chat and the task goes on from the summary.
    await h.session.flush();
    const record = await store.load(h.session.id);
    assert.ok(record?.transcript.some((item) => item.kind === 'condensed'));
    const reopened = new AgentSession({ provider, registry: registryOf(read), environment: { workspaceRoots: ['/w'], os: 'linux', shell: 'sh' }, logger: { warn: () => {} } }, record);
    assert.ok(reopened.transcript.some((item) => item.kind === 'condensed'));
    const head = reopened.messages[0]!.content[0];
    assert.ok(head?.type === 'text' && head.text.startsWith(SUMMARY_PREFIX));
    assert.ok(reopened.view().context, 'the meter is back at once');
  });

  test('"Condense Context" on an idle task condenses now; while running, before the next request', async () => {
    const history = [turn('one', { id: 'a', name: 'noop', args: { path: 'p' } }), turn('two', { id: 'b', name: 'noop', args: { path: 'p' } }), turn('three', { id: 'c', name: 'noop', args: { path: 'p' } }), complete('d', 'ok')];
    const noop = testTool('noop', 'readonly', async (_params, ctx) => ctx.setToolResult(ctx.callId, bigOutput('noop', 40)));
    const scripted = new ScriptedProvider(history);
    const provider = new SummarizingProvider(scripted, SUMMARY);
    const h = sessionFor(provider, registryOf(noop));
    await h.session.send('go');
    const meterBefore = h.session.view().context?.tokens;
    assert.ok(meterBefore, 'the meter shows the last request');
    await h.session.condense();
    const card = h.session.transcript.find((item) => item.kind === 'condensed');
    assert.ok(card && card.kind === 'condensed' && card.trigger === 'manual');
    // One figure: the card starts where the meter stood, and the meter reads the card's "after" (not the summary request's count).
    assert.equal(card.tokensBefore, meterBefore);
    assert.equal(h.session.view().context?.tokens, card.tokensAfter);
    assert.ok(card.tokensAfter < card.tokensBefore);
    assert.deepEqual(historyProblems(h.session.messages), []);

    // While running: the request is noted and served before the next model request.
    const gate = deferred();
    const slow = testTool('slow', 'readonly', async (params, ctx) => {
      if (params.path === 'wait') await gate.promise;
      ctx.setToolResult(ctx.callId, bigOutput('slow', 40));
    });
    const scripted2 = new ScriptedProvider([turn('a', { id: 'x1', name: 'slow', args: { path: 'p' } }), turn('b', { id: 'x2', name: 'slow', args: { path: 'p' } }), turn('c', { id: 'x3', name: 'slow', args: { path: 'wait' } }), complete('e', 'ok')]);
    const provider2 = new SummarizingProvider(scripted2, SUMMARY);
    const h2 = observe(new AgentSession({ provider: provider2, registry: registryOf(slow), environment: { workspaceRoots: ['/w'], os: 'linux', shell: 'sh' }, logger: { warn: () => {} } }));
    const done = h2.session.send('go');
    await until(() => h2.lastStatus('x3')?.state === 'executing', 'the third call runs');
    await h2.session.condense();
    assert.equal(provider2.summaryRequests.length, 0, 'not while a call runs');
    gate.resolve();
    await done;
    assert.equal(provider2.summaryRequests.length, 1);
    assert.ok(h2.session.transcript.some((item) => item.kind === 'condensed' && item.trigger === 'manual'));
  });

  test('a summary no shorter than the turns it would replace is not used: the history stays, and the user is told why', async () => {
    const tiny = testTool('noop', 'readonly', async (_params, ctx) => ctx.setToolResult(ctx.callId, 'ok'));
    const scripted = new ScriptedProvider([turn('one', { id: 'a', name: 'noop', args: { path: 'p1' } }), turn('two', { id: 'b', name: 'noop', args: { path: 'p2' } }), turn('three', { id: 'c', name: 'noop', args: { path: 'p3' } }), complete('d', 'ok')]);
    const provider = new SummarizingProvider(scripted, SUMMARY.repeat(4));
    const h = sessionFor(provider, registryOf(tiny));
    await h.session.send('go');
    const before = JSON.stringify(h.session.messages);
    await h.session.condense();
    assert.equal(provider.summaryRequests.length, 1, 'the model was asked');
    assert.equal(JSON.stringify(h.session.messages), before, 'the history is unchanged');
    assert.ok(!h.session.transcript.some((item) => item.kind === 'condensed'));
    const notices = h.session.transcript.flatMap((item) => (item.kind === 'notice' ? [item.text] : []));
    assert.match(notices.join('\n'), /could not condense the conversation: the summary is not shorter than the turns it would replace/);
  });
});
