// Google Gemini through the official @google/genai SDK over real HTTP against the scripted server speaking
// streamGenerateContent SSE: request mapping (contents, function declarations in Gemini's schema dialect,
// thinking), streamed text, thought summaries, whole function calls with their thought signatures carried to
// the next turn, usage, stop reasons and errors.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { z } from 'zod';
import { toGeminiParameters, toGeminiSchema } from '../../../src/core/model/gemini-schema';
import { toGeminiContents } from '../../../src/core/model/gemini-request';
import type { ModelStreamEvent } from '../../../src/core/model/events';
import type { ChatMessage } from '../../../src/core/model/provider';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { API_KEY, collect, errorOf, lastEvent, providerFor, reassembleCalls, request, textOf, userText, type Wire } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- reading recorded wire JSON

const signal = () => new AbortController().signal;

const GEMINI: Wire = {
  name: 'anthropic', // unused by these tests; the config is what matters
  model: 'gemini-2.5-flash',
  config: (server, extra = {}) => ({ provider: 'gemini', model: 'gemini-2.5-flash', baseUrl: server.url, apiKey: API_KEY, ...extra }),
};

const thinkingOf = (events: readonly ModelStreamEvent[]) => events.flatMap((e) => (e.type === 'thinking_delta' ? [e.text] : [])).join('');

describe('Gemini schema dialect', () => {
  test("turns zod's JSON Schema into Gemini's: no $schema or additionalProperties, nullable instead of type lists, const as enum", () => {
    const schema = z.toJSONSchema(
      z.object({
        path: z.string().describe('Relative path'),
        mode: z.literal('overwrite'),
        encoding: z.enum(['utf8', 'base64']).optional(),
        limit: z.number().int().min(1).nullable(),
        edits: z.array(z.object({ old: z.string(), new: z.string() })),
      }),
    );
    const converted = toGeminiSchema(schema);
    assert.ok(!JSON.stringify(converted).includes('$schema') && !JSON.stringify(converted).includes('additionalProperties'));
    const props = converted.properties as Json;
    assert.deepEqual(props.path, { description: 'Relative path', type: 'string' });
    assert.deepEqual(props.mode, { type: 'string', enum: ['overwrite'] });
    assert.deepEqual(props.encoding, { type: 'string', enum: ['utf8', 'base64'] });
    assert.equal(props.limit.nullable, true);
    assert.equal(props.limit.type, 'integer');
    assert.equal(props.edits.type, 'array');
    assert.deepEqual(props.edits.items.required, ['old', 'new']);
    assert.deepEqual(converted.required, ['path', 'mode', 'limit', 'edits']);
  });

  test('inlines $ref, turns oneOf into anyOf and number enums into words; a tool without parameters has none', () => {
    const converted = toGeminiSchema({
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } } } },
      type: 'object',
      properties: {
        at: { $ref: '#/$defs/point' },
        shape: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        level: { type: 'integer', enum: [1, 2, 3], description: 'How deep.' },
        maybe: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        when: { type: 'string', format: 'uri' },
      },
    });
    const props = converted.properties as Json;
    assert.deepEqual(props.at, { type: 'object', properties: { x: { type: 'number' } } });
    assert.deepEqual(props.shape, { anyOf: [{ type: 'string' }, { type: 'number' }] });
    assert.deepEqual(props.level, { description: 'How deep. One of: 1, 2, 3.', type: 'integer' });
    assert.deepEqual(props.maybe, { type: 'string', nullable: true });
    assert.deepEqual(props.when, { type: 'string' }, 'formats Gemini does not know are dropped');
    assert.equal(toGeminiParameters({ type: 'object', properties: {}, additionalProperties: false }), undefined);
  });
});

describe('Gemini over HTTP', () => {
  let server: ScriptedModelServer;
  before(async () => (server = await startScriptedModelServer()));
  after(() => server.close());
  beforeEach(() => server.reset());

  const last = () => server.requests[server.requests.length - 1]!;

  test('sends contents, the system instruction, function declarations, thinking summaries, to the model path with the key header', async () => {
    server.setScript([{ text: 'ok' }]);
    await collect(providerFor(GEMINI, server, { thinkingBudgetTokens: 4096 }).stream(request(), signal()));
    const sent = last();
    assert.equal(sent.route, 'gemini');
    assert.equal(sent.pathModel, 'gemini-2.5-flash');
    assert.equal(sent.query.alt, 'sse');
    assert.equal(sent.authHeader, true);
    const body = sent.body as Json;
    assert.deepEqual(body.contents, [{ role: 'user', parts: [{ text: 'Hello' }] }]);
    assert.deepEqual(body.systemInstruction.parts, [{ text: 'You are a careful coding agent.' }]);
    // The SDK writes the types in the API's enum form.
    assert.deepEqual(body.tools[0].functionDeclarations, [
      { name: 'read_file', description: 'Read a file in the workspace.', parameters: { type: 'OBJECT', properties: { path: { type: 'STRING' } }, required: ['path'] } },
      { name: 'list_files', description: 'List files.' },
    ]);
    assert.deepEqual(body.generationConfig.thinkingConfig, { includeThoughts: true, thinkingBudget: 4096 });
    assert.equal(body.generationConfig.maxOutputTokens, 65_536);
    assert.ok(!JSON.stringify(sent).includes(API_KEY), 'the key is never recorded');
  });

  test('streams thought summaries as thinking and text as text, then usage (thoughts billed as output) and end_turn', async () => {
    server.setScript([{ thinking: 'Consider the greeting.', text: 'Hello there, friend!', chunkSize: 5, usage: { inputTokens: 300, outputTokens: 40, cacheReadTokens: 100 } }]);
    const events = await collect(providerFor(GEMINI, server).stream(request(), signal()));
    assert.equal(thinkingOf(events), 'Consider the greeting.');
    assert.equal(textOf(events), 'Hello there, friend!');
    assert.deepEqual(events.slice(-2), [
      { type: 'usage', usage: { inputTokens: 300, outputTokens: 40, cacheReadTokens: 100 } },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  test('function calls arrive whole, each started, filled and ended, with ids and the thought signature', async () => {
    server.setScript([{ text: 'Looking.', toolCalls: [{ name: 'read_file', args: { path: 'a.ts' } }, { name: 'list_files', args: {} }] }]);
    const events = await collect(providerFor(GEMINI, server).stream(request(), signal()));
    const calls = reassembleCalls(events);
    assert.deepEqual(calls.map((c) => [c.name, c.args, c.ended]), [['read_file', { path: 'a.ts' }, true], ['list_files', {}, true]]);
    assert.equal(new Set(calls.map((c) => c.callId)).size, 2);
    const starts = events.filter((e) => e.type === 'tool_call_start');
    assert.ok(starts[0]!.type === 'tool_call_start' && starts[0]!.signature, 'the first call carries its thought signature');
    assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'tool_use' });
  });

  test('the next turn sends the call back with its signature and the result as a functionResponse, which the API accepts', async () => {
    server.setScript([{ thinking: 'Read it.', toolCalls: [{ name: 'read_file', args: { path: 'a.ts' } }] }, { text: 'It exports a.' }]);
    const provider = providerFor(GEMINI, server);
    const first = await collect(provider.stream(request(), signal()));
    const start = first.find((e) => e.type === 'tool_call_start')!;
    assert.ok(start.type === 'tool_call_start');
    const history: ChatMessage[] = [
      userText('Hello'),
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', source: 'anthropic', text: 'not for Gemini', signature: 'x' },
          { type: 'tool_call', callId: start.callId, name: 'read_file', args: { path: 'a.ts' }, signature: start.signature! },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', callId: start.callId, content: 'export const a = 1;' }, { type: 'text', text: 'Be brief.' }] },
    ];
    const second = await collect(provider.stream(request(history), signal()));
    assert.deepEqual(lastEvent(second), { type: 'stop', reason: 'end_turn' }, JSON.stringify(second));
    const contents = (last().body as Json).contents;
    assert.deepEqual(contents[1], { role: 'model', parts: [{ functionCall: { name: 'read_file', args: { path: 'a.ts' } }, thoughtSignature: start.signature }] });
    assert.deepEqual(contents[2], { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { output: 'export const a = 1;' } } }, { text: 'Be brief.' }] });
  });

  test('a call sent back without its signature is refused, as Gemini 3 does', async () => {
    server.setScript([{ toolCalls: [{ name: 'read_file', args: { path: 'b.ts' } }] }, { text: 'never' }]);
    const provider = providerFor(GEMINI, server);
    const first = await collect(provider.stream(request(), signal()));
    const [call] = reassembleCalls(first);
    const history: ChatMessage[] = [
      userText('Hello'),
      { role: 'assistant', content: [{ type: 'tool_call', callId: call!.callId, name: 'read_file', args: { path: 'b.ts' } }] },
      { role: 'user', content: [{ type: 'tool_result', callId: call!.callId, content: 'B', isError: true }] },
    ];
    const error = errorOf(await collect(provider.stream(request(history), signal())));
    assert.equal(error.kind, 'bad_request');
    assert.match(error.message, /thought_signature/);
  });

  test('errors are marked in the response; the API-given ids go back, Relay-made ones do not', () => {
    const contents = toGeminiContents([
      userText('go'),
      { role: 'assistant', content: [{ type: 'tool_call', callId: 'api-id-7', name: 'read_file', args: {} }, { type: 'tool_call', callId: 'gemini_call_x_1', name: 'list_files', args: {} }] },
      { role: 'user', content: [{ type: 'tool_result', callId: 'api-id-7', content: 'missing', isError: true }, { type: 'tool_result', callId: 'gemini_call_x_1', content: 'a.ts' }] },
    ]);
    assert.deepEqual(contents[1]!.parts, [{ functionCall: { name: 'read_file', args: {}, id: 'api-id-7' } }, { functionCall: { name: 'list_files', args: {} } }]);
    assert.deepEqual(contents[2]!.parts, [
      { functionResponse: { name: 'read_file', response: { error: 'missing' }, id: 'api-id-7' } },
      { functionResponse: { name: 'list_files', response: { output: 'a.ts' } } },
    ]);
  });

  test('stop reasons: MAX_TOKENS and SAFETY', async () => {
    server.setScript([{ text: 'cut', stopReason: 'max_tokens' }, { text: 'no', stopReason: 'refusal' }]);
    assert.deepEqual(lastEvent(await collect(providerFor(GEMINI, server).stream(request(), signal()))), { type: 'stop', reason: 'max_tokens' });
    assert.deepEqual(lastEvent(await collect(providerFor(GEMINI, server).stream(request(), signal()))), { type: 'stop', reason: 'refusal' });
  });

  test("errors: a bad key is auth with Google's message, the key never shown; overloaded is retried; an unknown model is not_found", async () => {
    server.setScript([{ fault: { status: 401 } }]);
    const auth = errorOf(await collect(providerFor(GEMINI, server).stream(request(), signal())));
    assert.equal(auth.kind, 'auth');
    assert.match(auth.message, /API key not valid/);
    assert.ok(!auth.message.includes(API_KEY));
    server.setScript([{ fault: { status: 503 } }, { fault: { overloadedEvent: true } }, { text: 'recovered' }]);
    const events = await collect(providerFor(GEMINI, server).stream(request(), signal()));
    assert.equal(textOf(events), 'recovered');
    server.setScript([{ fault: { status: 404 } }]);
    const missing = errorOf(await collect(providerFor(GEMINI, server).stream(request(), signal())));
    assert.equal(missing.kind, 'not_found');
  });
});
