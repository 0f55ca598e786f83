// The model's reasoning through the loop: shown as folded "Thinking" items while it streams, kept in the
// history in the form its API wants back (Anthropic thinking blocks with their signatures, unchanged, ahead of
// the tool use they led to), never sent to another provider and never as text.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createProvider } from '../../../src/core/model/factory';
import { toAnthropicMessages, toAnthropicRequest } from '../../../src/core/model/anthropic-request';
import { toOpenAIMessages } from '../../../src/core/model/openai-request';
import type { AssistantPart, ChatMessage, ModelRequest } from '../../../src/core/model/provider';
import { emptyUsage, parseTaskSummary, summarizeTask, TASK_RECORD_VERSION, type TaskRecord } from '../../../src/core/ports/task-store';
import { SCRIPTED_THINKING_SIGNATURE } from '../../support/scripted-model-server/anthropic-wire';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { callEvents, complete, historyProblems, registryOf, ScriptedProvider, sessionFor, testTool } from './fakes';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- reading recorded wire JSON

describe('reasoning in the loop', () => {
  test('streams as a thinking item closed before the text, and is kept ahead of the text and calls in the history', async () => {
    const read = testTool('read_file');
    const provider = new ScriptedProvider([
      [
        { type: 'thinking_delta', text: 'The file ' },
        { type: 'thinking_delta', text: 'matters.' },
        { type: 'reasoning', part: { type: 'reasoning', source: 'anthropic', text: 'The file matters.', signature: 'sig-1' } },
        { type: 'text_delta', text: 'Reading.' },
        ...callEvents({ id: 'c1', name: 'read_file', args: { path: 'a' } }),
        { type: 'stop', reason: 'tool_use' },
      ],
      complete('c2', 'ok'),
    ]);
    const { session, events } = sessionFor(provider, registryOf(read));
    await session.send('go');
    const kinds = events.flatMap((e) => (e.type.startsWith('thinking_') || e.type.startsWith('assistant_') ? [e.type] : []));
    assert.deepEqual(kinds.slice(0, 7), ['thinking_start', 'thinking_delta', 'thinking_delta', 'thinking_done', 'assistant_start', 'assistant_delta', 'assistant_done']);
    const items = session.transcript.map((item) => (item.kind === 'thinking' || item.kind === 'assistant' ? `${item.kind}:${item.text}:${item.streaming}` : item.kind));
    assert.deepEqual(items.slice(0, 4), ['user', 'thinking:The file matters.:false', 'assistant:Reading.:false', 'tool']);
    assert.deepEqual(historyProblems(session.messages), []);
    assert.deepEqual(provider.requests[1]!.messages[1], {
      role: 'assistant',
      content: [
        { type: 'reasoning', source: 'anthropic', text: 'The file matters.', signature: 'sig-1' },
        { type: 'text', text: 'Reading.' },
        { type: 'tool_call', callId: 'c1', name: 'read_file', args: { path: 'a' } },
      ],
    });
    // The answer's text never contains the reasoning.
    assert.ok(session.transcript.every((item) => item.kind !== 'assistant' || !item.text.includes('matters')));
  });

  test('a turn of reasoning only adds nothing to the history (the APIs refuse an assistant message without content)', async () => {
    const provider = new ScriptedProvider([
      [{ type: 'thinking_delta', text: 'Hmm.' }, { type: 'reasoning', part: { type: 'reasoning', source: 'openai-responses', text: 'Hmm.', itemId: 'rs_1', encryptedContent: 'e' } }, { type: 'stop', reason: 'end_turn' }],
      complete('c1', 'done'),
    ]);
    const { session } = sessionFor(provider, registryOf());
    await session.send('go');
    assert.deepEqual(historyProblems(session.messages), []);
    assert.ok(provider.requests[1]!.messages.every((m) => m.role === 'user' || m.content.some((p) => p.type !== 'reasoning')));
  });
});

describe('reasoning goes back only where it belongs', () => {
  const history: ChatMessage[] = [
    { role: 'user', content: [{ type: 'text', text: 'go' }] },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', source: 'anthropic', text: 'Claude thinking.', signature: 'sig-a' },
        { type: 'reasoning', source: 'anthropic', text: '', signature: 'encrypted-data', redacted: true },
        { type: 'reasoning', source: 'openai-responses', text: 'An OpenAI summary.', itemId: 'rs_9', encryptedContent: 'enc' },
        { type: 'reasoning', source: 'gemini', text: 'A Gemini thought.' },
        { type: 'text', text: 'Answer.' },
        { type: 'tool_call', callId: 'c1', name: 'read_file', args: { path: 'a' } },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', callId: 'c1', content: 'A' }] },
  ];

  test('Anthropic gets its own thinking and redacted thinking, unchanged and first; nothing else', () => {
    const [, assistant] = toAnthropicMessages(history) as Json[];
    assert.deepEqual(assistant!.content, [
      { type: 'thinking', thinking: 'Claude thinking.', signature: 'sig-a' },
      { type: 'redacted_thinking', data: 'encrypted-data' },
      { type: 'text', text: 'Answer.' },
      { type: 'tool_use', id: 'c1', name: 'read_file', input: { path: 'a' } },
    ]);
  });

  test('Chat Completions gets no reasoning at all, and never as text', () => {
    const messages = toOpenAIMessages(history) as Json[];
    assert.equal(messages[1]!.content, 'Answer.');
    assert.ok(!JSON.stringify(messages).includes('thinking') && !JSON.stringify(messages).includes('summary') && !JSON.stringify(messages).includes('thought'));
  });

  test('thinking is left off for a request whose open tool turn has no thinking block of its own', () => {
    const assistant = history[1]!.content as AssistantPart[];
    const withoutClaude = assistant.filter((p) => p.type !== 'reasoning' || p.source !== 'anthropic');
    const foreign: ChatMessage[] = [history[0]!, { role: 'assistant', content: withoutClaude }, history[2]!];
    const request: ModelRequest = { system: 's', messages: foreign, tools: [] };
    assert.equal(toAnthropicRequest(request, 'claude-sonnet-5-5', 32_000, 4_096).thinking, undefined);
    assert.deepEqual(toAnthropicRequest({ ...request, messages: history }, 'claude-sonnet-5-5', 32_000, 4_096).thinking, {
      type: 'enabled',
      budget_tokens: 4_096,
      display: 'summarized',
    });
    // The budget is kept within the API's bounds: at least 1,024, below max_tokens.
    assert.equal((toAnthropicRequest({ ...request, messages: [history[0]!] }, 'm', 32_000, 100).thinking as Json).budget_tokens, 1_024);
    assert.equal((toAnthropicRequest({ ...request, messages: [history[0]!] }, 'm', 8_000, 50_000).thinking as Json).budget_tokens, 7_999);
  });
});

describe('Anthropic extended thinking over HTTP, through the loop', () => {
  let server: ScriptedModelServer;
  before(async () => (server = await startScriptedModelServer()));
  after(() => server.close());
  beforeEach(() => server.reset());

  test('thinking blocks and their signatures go back unchanged in the tool-use turn, which the API accepts', async () => {
    server.setScript([
      { thinking: 'I should read a.ts first.', text: 'Reading.', toolCalls: [{ name: 'read_file', args: { path: 'a.ts' } }], chunkSize: 5 },
      { thinking: 'Now I can finish.', toolCalls: [{ name: 'attempt_completion', args: { result: 'Read it.' } }] },
    ]);
    const provider = createProvider({ provider: 'anthropic', model: 'claude-sonnet-5-5', baseUrl: server.url, apiKey: 'sk-test', thinkingBudgetTokens: 2_048 });
    const { session } = sessionFor(provider, registryOf(testTool('read_file')));
    const end = await session.send('Read a.ts');
    assert.deepEqual(end, { status: 'completed', result: 'Read it.' }, JSON.stringify(server.requests.map((r) => r.outcome)));
    const [first, second] = server.requests.map((r) => r.body as Json);
    assert.deepEqual(first!.thinking, { type: 'enabled', budget_tokens: 2_048, display: 'summarized' });
    assert.deepEqual(second!.messages[1].content.slice(0, 2), [
      { type: 'thinking', thinking: 'I should read a.ts first.', signature: SCRIPTED_THINKING_SIGNATURE },
      { type: 'text', text: 'Reading.' },
    ]);
    const thinking = session.transcript.filter((item) => item.kind === 'thinking').map((item) => item.text);
    assert.deepEqual(thinking, ['I should read a.ts first.', 'Now I can finish.']);
  });

  test('a changed signature is refused, as the API does', async () => {
    server.setScript([{ text: 'never' }]);
    const provider = createProvider({ provider: 'anthropic', model: 'claude-sonnet-5-5', baseUrl: server.url, apiKey: 'sk-test', thinkingBudgetTokens: 2_048 });
    const messages: ChatMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', content: [{ type: 'reasoning', source: 'anthropic', text: 'x', signature: 'tampered' }, { type: 'text', text: 'y' }] },
      { role: 'user', content: [{ type: 'text', text: 'again' }] },
    ];
    const events = [];
    for await (const event of provider.stream({ system: 's', messages, tools: [] }, new AbortController().signal)) events.push(event);
    const last = events.at(-1)!;
    assert.ok(last.type === 'error' && last.error.kind === 'bad_request' && /signature/.test(last.error.message));
  });
});

describe('the history lists what each task cost', () => {
  test('the summary carries tokens and cost from the record, and a stored summary is read back with them', async () => {
    const record: TaskRecord = {
      version: TASK_RECORD_VERSION,
      id: 't1',
      title: 'Fix it',
      createdAt: 1,
      updatedAt: 2,
      status: 'completed' as const,
      history: [],
      transcript: [],
      approvals: [],
      usage: { ...emptyUsage(), inputTokens: 1_000, outputTokens: 200, costUsd: 0.005 },
    };
    const summary = summarizeTask(record);
    assert.deepEqual(summary.usage, { inputTokens: 1_000, outputTokens: 200, costUsd: 0.005 });
    assert.deepEqual(parseTaskSummary(JSON.parse(JSON.stringify(summary))), summary);
    // Without a price there is no cost, and a task that never reached the model shows no usage at all.
    assert.deepEqual(summarizeTask({ ...record, usage: { ...emptyUsage(), inputTokens: 5, outputTokens: 1 } }).usage, { inputTokens: 5, outputTokens: 1 });
    assert.equal(summarizeTask({ ...record, usage: emptyUsage() }).usage, undefined);
    // A malformed usage in a stored summary is dropped, the summary kept.
    assert.equal(parseTaskSummary({ ...summary, usage: { inputTokens: 'many' } }).usage, undefined);
  });
});
