// The OpenAI Responses API through the official SDK over real HTTP against the scripted server speaking the
// Responses wire format: which models use it, streaming text and calls, usage, stop reasons, reasoning
// summaries shown and reasoning items carried to the next turn (store: false, encrypted content), errors.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { ModelStreamEvent } from '../../../src/core/model/events';
import type { ChatMessage, ReasoningPart } from '../../../src/core/model/provider';
import { toResponsesInput } from '../../../src/core/model/openai-responses-request';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { API_KEY, collect, errorOf, lastEvent, providerFor, reassembleCalls, request, textOf, userText, type Wire } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- reading recorded wire JSON

const signal = () => new AbortController().signal;

const RESPONSES: Wire = {
  name: 'openai',
  model: 'gpt-5.4',
  config: (server, extra = {}) => ({ provider: 'openai', model: 'gpt-5.4', baseUrl: server.openaiBaseUrl, apiKey: API_KEY, ...extra }),
};

function thinkingOf(events: readonly ModelStreamEvent[]): string {
  return events.flatMap((e) => (e.type === 'thinking_delta' ? [e.text] : [])).join('');
}

function reasoningOf(events: readonly ModelStreamEvent[]): ReasoningPart[] {
  return events.flatMap((e) => (e.type === 'reasoning' ? [e.part] : []));
}

describe('OpenAI Responses API over HTTP', () => {
  let server: ScriptedModelServer;
  before(async () => (server = await startScriptedModelServer()));
  after(() => server.close());
  beforeEach(() => server.reset());

  const lastBody = (): Json => server.requests[server.requests.length - 1]!.body as Json;

  test('reasoning models go to /v1/responses, others to Chat Completions, and the setting overrides either way', async () => {
    server.setScript([{ text: 'a' }, { text: 'b' }, { text: 'c' }, { text: 'd' }]);
    await collect(providerFor(RESPONSES, server).stream(request(), signal()));
    await collect(providerFor(RESPONSES, server, { model: 'gpt-4.1' }).stream(request(), signal()));
    await collect(providerFor(RESPONSES, server, { model: 'gpt-4.1', openaiApi: 'responses' }).stream(request(), signal()));
    await collect(providerFor(RESPONSES, server, { openaiApi: 'chat-completions' }).stream(request(), signal()));
    assert.deepEqual(server.requests.map((r) => r.path), ['/v1/responses', '/v1/chat/completions', '/v1/responses', '/v1/chat/completions']);
    // An unknown model of a reasoning line (served only by the Responses API) goes there too; a local server's never.
    server.setScript([{ text: 'e' }, { text: 'f' }]);
    await collect(providerFor(RESPONSES, server, { model: 'gpt-5.4-pro' }).stream(request(), signal()));
    await collect(providerFor(RESPONSES, server, { provider: 'openai-compatible', model: 'gpt-5.4' }).stream(request(), signal()));
    assert.deepEqual(server.requests.slice(-2).map((r) => r.path), ['/v1/responses', '/v1/chat/completions']);
  });

  test('a one-token ask (Test connection) is raised to the 16 tokens the API accepts; the server refuses fewer', async () => {
    server.setScript([{ text: 'O' }]);
    const events = await collect(providerFor(RESPONSES, server).stream(request(undefined, { maxOutputTokens: 1 }), signal()));
    assert.equal(lastBody().max_output_tokens, 16);
    assert.equal(lastEvent(events).type, 'stop');
  });

  test('sends a stateless request: instructions, input, function tools, store false, reasoning summary and encrypted content', async () => {
    server.setScript([{ text: 'ok' }]);
    await collect(providerFor(RESPONSES, server, { reasoningEffort: 'high' }).stream(request(), signal()));
    const body = lastBody();
    assert.equal(body.instructions, 'You are a careful coding agent.');
    assert.deepEqual(body.input, [{ role: 'user', content: 'Hello' }]);
    assert.equal(body.store, false);
    assert.equal(body.stream, true);
    assert.deepEqual(body.reasoning, { summary: 'auto', effort: 'high' });
    assert.deepEqual(body.include, ['reasoning.encrypted_content']);
    assert.equal(body.max_output_tokens, 128_000);
    assert.deepEqual(body.tools[0], {
      type: 'function',
      name: 'read_file',
      description: 'Read a file in the workspace.',
      parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      strict: false,
    });
    // A model that does not reason gets neither reasoning fields nor include (the API refuses them).
    server.setScript([{ text: 'ok' }]);
    await collect(providerFor(RESPONSES, server, { model: 'gpt-4.1', openaiApi: 'responses', reasoningEffort: 'high' }).stream(request(), signal()));
    assert.equal(lastBody().reasoning, undefined);
    assert.equal(lastBody().include, undefined);
  });

  test('streams text, then usage (cached and written input apart) and end_turn', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    server.setScript([{ text, chunkSize: 4, usage: { inputTokens: 1000, outputTokens: 50, cacheReadTokens: 400, cacheWriteTokens: 100 } }]);
    const events = await collect(providerFor(RESPONSES, server).stream(request(), signal()));
    assert.equal(textOf(events), text);
    assert.ok(events.filter((e) => e.type === 'text_delta').length >= 10);
    assert.deepEqual(events.slice(-2), [
      { type: 'usage', usage: { inputTokens: 1000, outputTokens: 50, cacheReadTokens: 400, cacheWriteTokens: 100 } },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  test('streams several function calls with their arguments split over many deltas', async () => {
    const tricky = { path: 'src/ünï "q".ts', content: 'a\nb\t\\c </x> {}', n: 42 };
    server.setScript([{ text: 'Reading.', toolCalls: [{ name: 'read_file', args: { path: 'a.ts' } }, { name: 'write_file', args: tricky }, { name: 'list_files', args: {} }], chunkSize: 3 }]);
    const events = await collect(providerFor(RESPONSES, server).stream(request(), signal()));
    const calls = reassembleCalls(events);
    assert.deepEqual(calls.map((c) => [c.name, c.args, c.ended]), [['read_file', { path: 'a.ts' }, true], ['write_file', tricky, true], ['list_files', {}, true]]);
    assert.ok(calls[1]!.deltas >= 10);
    assert.ok(calls.every((c) => c.callId.startsWith('call_scripted_')));
    assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'tool_use' });
  });

  test('a call cut off by max_output_tokens is never ended; a refusal is a refusal', async () => {
    server.setScript([
      { toolCalls: [{ name: 'read_file', args: { path: 'done.ts' } }, { name: 'write_file', args: '{"path": "big.ts", "content": "expo' }], stopReason: 'max_tokens' },
      { text: 'I cannot help with that.', stopReason: 'refusal' },
    ]);
    const cut = await collect(providerFor(RESPONSES, server).stream(request(), signal()));
    const [complete, partial] = reassembleCalls(cut);
    assert.equal(complete!.ended, true);
    assert.equal(partial!.ended, false);
    assert.deepEqual(lastEvent(cut), { type: 'stop', reason: 'max_tokens' });
    const refused = await collect(providerFor(RESPONSES, server).stream(request(), signal()));
    assert.equal(textOf(refused), 'I cannot help with that.');
    assert.deepEqual(lastEvent(refused), { type: 'stop', reason: 'refusal' });
  });

  test('shows the reasoning summary as thinking and hands back the reasoning item with its encrypted content', async () => {
    server.setScript([{ thinking: 'First I look at the file.\n\nThen I answer.', toolCalls: [{ name: 'read_file', args: { path: 'a.ts' } }], chunkSize: 5 }]);
    const events = await collect(providerFor(RESPONSES, server).stream(request(), signal()));
    assert.equal(thinkingOf(events), 'First I look at the file.\n\nThen I answer.');
    assert.equal(textOf(events), '', 'reasoning never arrives as text');
    const [part, ...rest] = reasoningOf(events);
    assert.equal(rest.length, 0);
    assert.equal(part!.source, 'openai-responses');
    assert.match(part!.itemId!, /^rs_/);
    assert.match(part!.encryptedContent!, /^gAAAA-scripted-/);
    assert.equal(part!.text, 'First I look at the file.\n\nThen I answer.');
  });

  test('carries the reasoning item, the call and its output into the next turn, which the API accepts', async () => {
    server.setScript([{ thinking: 'Need the file.', toolCalls: [{ name: 'read_file', args: { path: 'a.ts' } }] }, { text: 'Done.' }]);
    const provider = providerFor(RESPONSES, server);
    const first = await collect(provider.stream(request(), signal()));
    const [reasoning] = reasoningOf(first);
    const [call] = reassembleCalls(first);
    const history: ChatMessage[] = [
      userText('Hello'),
      { role: 'assistant', content: [reasoning!, { type: 'tool_call', callId: call!.callId, name: call!.name, args: call!.args as Record<string, unknown> }] },
      { role: 'user', content: [{ type: 'tool_result', callId: call!.callId, content: 'export const a = 1;' }] },
    ];
    const second = await collect(provider.stream(request(history), signal()));
    assert.deepEqual(lastEvent(second), { type: 'stop', reason: 'end_turn' }, JSON.stringify(second));
    assert.deepEqual(lastBody().input, [
      { role: 'user', content: 'Hello' },
      { type: 'reasoning', id: reasoning!.itemId, summary: [{ type: 'summary_text', text: 'Need the file.' }], encrypted_content: reasoning!.encryptedContent },
      { type: 'function_call', call_id: call!.callId, name: 'read_file', arguments: '{"path":"a.ts"}' },
      { type: 'function_call_output', call_id: call!.callId, output: 'export const a = 1;' },
    ]);
  });

  test("another provider's reasoning is never sent, nor any reasoning as text; errors are marked in outputs", () => {
    const input = toResponsesInput([
      userText('Hi'),
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', source: 'anthropic', text: 'Claude thought this.', signature: 'sig' },
          { type: 'reasoning', source: 'openai-responses', text: 'No encrypted content.', itemId: 'rs_1' },
          { type: 'text', text: 'Looking.' },
          { type: 'tool_call', callId: 'c1', name: 'read_file', args: { path: 'x' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', callId: 'c1', content: 'no such file', isError: true }, { type: 'text', text: 'Go on.' }] },
    ]);
    assert.deepEqual(input, [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Looking.' },
      { type: 'function_call', call_id: 'c1', name: 'read_file', arguments: '{"path":"x"}' },
      { type: 'function_call_output', call_id: 'c1', output: 'Error: no such file' },
      { role: 'user', content: 'Go on.' },
    ]);
    assert.ok(!JSON.stringify(input).includes('thought'));
  });

  test('errors: a bad key is auth, a failed response is retried as a server error', async () => {
    server.setScript([{ fault: { status: 401 } }]);
    const auth = errorOf(await collect(providerFor(RESPONSES, server).stream(request(), signal())));
    assert.equal(auth.kind, 'auth');
    assert.ok(!auth.message.includes(API_KEY));
    server.setScript([{ fault: { overloadedEvent: true } }, { text: 'recovered' }]);
    const events = await collect(providerFor(RESPONSES, server).stream(request(), signal()));
    assert.equal(textOf(events), 'recovered');
    assert.equal(server.requests.filter((r) => r.path === '/v1/responses').length, 3);
  });
});
