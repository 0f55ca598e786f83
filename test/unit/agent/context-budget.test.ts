// Keeping the history within the context window: old outputs first, then whole old turns; the task, the
// latest turns and every call/result pair survive, and a notice says what happened.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CONTEXT_NOTICE_PREFIX, estimateHistoryTokens, fitToContext, shortenedOutputNote } from '../../../src/core/agent';
import type { ChatMessage } from '../../../src/core/model/provider';
import { historyProblems, registryOf, ScriptedProvider, sessionFor, SummarizingProvider, testTool, turn, complete } from './fakes';

const bigOutput = (label: string, lines = 400) => Array.from({ length: lines }, (_, i) => `${label} line ${i}`).join('\n');

/** A task message, then `turns` read_file turns each answered with a big output. */
function conversation(turns: number): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'Fix the bug in the parser.' }] }];
  for (let i = 0; i < turns; i++) {
    messages.push({ role: 'assistant', content: [{ type: 'text', text: `Step ${i}` }, { type: 'tool_call', callId: `c${i}`, name: 'read_file', args: { path: `f${i}.ts` } }] });
    messages.push({ role: 'user', content: [{ type: 'tool_result', callId: `c${i}`, content: bigOutput(`f${i}`) }] });
  }
  return messages;
}

function resultText(message: ChatMessage | undefined): string {
  const part = message?.content[0];
  return part?.type === 'tool_result' ? part.content : '';
}

describe('fitToContext', () => {
  test('a history within the limit is returned unchanged', () => {
    const messages = conversation(3);
    const tokens = estimateHistoryTokens(messages);
    const result = fitToContext(messages, { maxTokens: tokens, targetTokens: tokens / 2 });
    assert.equal(result.changed, false);
    assert.deepEqual(result.messages, messages);
    assert.equal(result.notice, undefined);
  });

  test('old tool outputs are shortened first, oldest first, keeping the task, the latest turns and every pair', () => {
    const messages = conversation(6);
    const total = estimateHistoryTokens(messages);
    const result = fitToContext(messages, { maxTokens: total - 1, targetTokens: Math.floor(total * 0.7) });

    assert.equal(result.changed, true);
    assert.equal(result.fits, true);
    assert.equal(result.droppedTurns, 0, 'shortening outputs was enough');
    assert.ok(result.shortenedOutputs >= 1 && result.shortenedOutputs <= 4);
    assert.equal(result.messages.length, messages.length);
    assert.deepEqual(historyProblems(result.messages), []);
    assert.equal(resultText(result.messages[2]), shortenedOutputNote('read_file', bigOutput('f0')));
    assert.equal(resultText(result.messages[2]), '[output of read_file shortened to save context: 400 lines]');
    assert.deepEqual(result.messages.slice(-4), messages.slice(-4), 'the latest two turns are whole');
    assert.deepEqual(result.messages[0]!.content[0], messages[0]!.content[0], 'the task is kept');
    const notice = result.messages[0]!.content.at(-1);
    assert.ok(notice?.type === 'text' && notice.text.startsWith(CONTEXT_NOTICE_PREFIX), 'a notice is recorded in the history');
    assert.match(result.notice!, /older tool output\(s\) were replaced by a short note/);
    assert.ok(estimateHistoryTokens(result.messages) <= Math.floor(total * 0.7));
    assert.equal(result.tokens, estimateHistoryTokens(result.messages), 'the running estimate matches a recount');
  });

  test('when shortening outputs is not enough, the oldest middle turns go as whole pairs', () => {
    const messages = conversation(8);
    const result = fitToContext(messages, { maxTokens: 600, targetTokens: 500 });

    assert.ok(result.droppedTurns > 0);
    assert.deepEqual(historyProblems(result.messages), []);
    assert.deepEqual(result.messages[0]!.content[0], messages[0]!.content[0]);
    assert.deepEqual(result.messages.slice(-4), messages.slice(-4));
    assert.equal(result.messages.length, messages.length - 2 * result.droppedTurns);
    assert.match(result.notice!, new RegExp(`${result.droppedTurns} older turn\\(s\\) were removed`));
    assert.equal(result.fits, estimateHistoryTokens(result.messages) <= 600);
  });

  test('a second pass replaces the notice (no stacking) and counts every removed turn', () => {
    const first = fitToContext(conversation(8), { maxTokens: 600, targetTokens: 500 });
    const grown = [...first.messages, ...conversation(3).slice(1).map((m) => structuredClone(m))];
    // Call ids must stay unique: rename the appended turns.
    for (const message of grown.slice(first.messages.length)) {
      for (const part of message.content) if (part.type === 'tool_call' || part.type === 'tool_result') part.callId = `late-${part.callId}`;
    }
    const second = fitToContext(grown, { maxTokens: 600, targetTokens: 500 });
    const notices = second.messages[0]!.content.filter((p) => p.type === 'text' && p.text.startsWith(CONTEXT_NOTICE_PREFIX));
    assert.equal(notices.length, 1);
    assert.match(second.notice!, new RegExp(`${first.droppedTurns + second.droppedTurns} older turn\\(s\\) were removed`));
    assert.deepEqual(historyProblems(second.messages), []);
  });

  test('long string arguments of old calls (a whole file to write) are shortened too', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'Write the files.' }] },
      { role: 'assistant', content: [{ type: 'tool_call', callId: 'w1', name: 'write_file', args: { path: 'a.ts', content: bigOutput('a', 300) } }] },
      { role: 'user', content: [{ type: 'tool_result', callId: 'w1', content: 'Wrote a.ts' }] },
      ...conversation(2).slice(1),
    ];
    const total = estimateHistoryTokens(messages);
    const result = fitToContext(messages, { maxTokens: total - 1, targetTokens: total - 2 });
    const call = result.messages[1]!.content[0];
    assert.deepEqual(call?.type === 'tool_call' && call.args, { path: 'a.ts', content: '[shortened to save context: 300 lines]' });
    assert.equal(result.shortenedArguments, 1);
    assert.deepEqual(historyProblems(result.messages), []);
  });
});

describe('the session keeps within the context window', () => {
  test('when condensing fails, a long conversation is shortened before the request, with notices in the chat', async () => {
    const read = testTool('read_file', 'readonly', async (params, ctx) => ctx.setToolResult(ctx.callId, bigOutput(String(params.path), 1800)));
    const turns = Array.from({ length: 6 }, (_, i) => turn(undefined, { id: `c${i}`, name: 'read_file', args: { path: `f${i}` } }));
    const scripted = new ScriptedProvider([...turns, complete('done', 'ok')], { contextWindow: 40_000, maxOutputTokens: 4_000 });
    const provider = new SummarizingProvider(scripted, new Error('overloaded'));
    const h = sessionFor(provider, registryOf(read));

    assert.equal((await h.session.send('Read them all.')).status, 'completed');

    assert.ok(provider.summaryRequests.length > 0, 'condensing was tried first');
    assert.ok(h.session.transcript.some((item) => item.kind === 'notice' && /could not condense the conversation: overloaded/.test(item.text)));
    assert.ok(!h.session.transcript.some((item) => item.kind === 'condensed'));
    const last = scripted.requests.at(-1)!;
    assert.ok(
      last.messages.some((m) => m.content.some((p) => p.type === 'tool_result' && p.content.startsWith('[output of read_file shortened'))),
      'old outputs reached the model shortened',
    );
    assert.deepEqual(historyProblems(last.messages), []);
    assert.ok(estimateHistoryTokens(last.messages) < 40_000 * 0.9 - 4_000);
    assert.ok(h.session.transcript.some((item) => item.kind === 'notice' && /context window/.test(item.text)));
  });
});
