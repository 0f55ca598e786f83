// Gemini function calls whose arguments a gateway streams in pieces (`partialArgs`, `willContinue`; issue 25):
// assembled into the one call they form, over real HTTP through the official SDK and on the mapper alone; and
// a call without a name, from any provider, fails the turn instead of running a tool named "unknown".
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { GeminiEventMapper } from '../../../src/core/model/gemini-events';
import { parseJsonPath } from '../../../src/core/model/gemini-partial-args';
import type { ModelStreamEvent } from '../../../src/core/model/events';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { API_KEY, collect, errorOf, lastEvent, providerFor, reassembleCalls, request, WIRES, type Wire } from './helpers';

const signal = () => new AbortController().signal;

const GEMINI: Wire = {
  name: 'anthropic', // unused: the config is what matters
  model: 'gemini-2.5-flash',
  config: (server, extra = {}) => ({ provider: 'gemini', model: 'gemini-2.5-flash', baseUrl: server.url, apiKey: API_KEY, ...extra }),
};

const EDIT_ARGS = {
  path: 'src/app.ts',
  edits: [
    { old: 'const answer = 41;', new: 'const answer = 42; // the answer' },
    { old: 'x', new: 'y' },
  ],
  replaceAll: false,
  limit: 3,
  note: null,
  'odd key': 'é ü 中文',
};

const starts = (events: readonly ModelStreamEvent[]) => events.filter((e) => e.type === 'tool_call_start');

describe('Gemini partialArgs over the wire', () => {
  let server: ScriptedModelServer;
  before(async () => (server = await startScriptedModelServer()));
  after(() => server.close());

  for (const chunkSize of [1, 3, 16, 1000]) {
    test(`pieces of ${chunkSize} characters become one call with its arguments, name and signature`, async () => {
      server.setScript([{ toolCalls: [{ name: 'edit_file', args: EDIT_ARGS }, { name: 'read_file', args: { path: 'a.ts' } }], chunkSize, geminiPartialArgs: 'pieces' }]);
      const events = await collect(providerFor(GEMINI, server).stream(request(), signal()));
      const calls = reassembleCalls(events);
      assert.deepEqual(calls.map((c) => c.name), ['edit_file', 'read_file']);
      assert.deepEqual(calls[0]!.args, EDIT_ARGS);
      assert.deepEqual(calls[1]!.args, { path: 'a.ts' });
      assert.ok(!events.some((e) => e.type === 'tool_call_start' && e.name === 'unknown'));
      const first = starts(events)[0];
      assert.ok(first?.type === 'tool_call_start' && first.signature, 'the thought signature is kept');
      assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'tool_use' });
    });
  }

  test('pieces with no call naming them fail the turn clearly; nothing is scheduled', async () => {
    server.setScript([{ toolCalls: [{ name: 'edit_file', args: EDIT_ARGS }], geminiPartialArgs: 'without-start' }, { text: 'no retry' }]);
    const events = await collect(providerFor(GEMINI, server).stream(request(), signal()));
    assert.equal(starts(events).length, 0);
    const error = errorOf(events);
    assert.match(error.message, /tool call without a name/);
    assert.equal(error.retryable, false);
  });

  test('a response that ends while a call is still arriving fails the turn clearly', async () => {
    server.setScript([{ toolCalls: [{ name: 'edit_file', args: EDIT_ARGS }], geminiPartialArgs: 'unfinished' }, { text: 'no retry' }]);
    const events = await collect(providerFor(GEMINI, server).stream(request(), signal()));
    assert.equal(starts(events).length, 0);
    assert.match(errorOf(events).message, /ended while the arguments of function call edit_file were still arriving/);
  });

  test('a whole call without a name fails the turn', async () => {
    server.setScript([{ toolCalls: [{ name: '', args: { path: 'a.ts' } }] }, { text: 'no retry' }]);
    const events = await collect(providerFor(GEMINI, server).stream(request(), signal()));
    assert.equal(starts(events).length, 0);
    assert.match(errorOf(events).message, /tool call without a name/);
  });

  for (const wire of WIRES) {
    test(`${wire.name}: a call without a name fails the turn`, async () => {
      server.setScript([{ text: 'Let me look.', toolCalls: [{ name: '', args: { path: 'a.ts' } }] }, { text: 'no retry' }]);
      const events = await collect(providerFor(wire, server).stream(request(), signal()));
      assert.equal(starts(events).length, 0);
      assert.match(errorOf(events).message, /tool call without a name/);
    });
  }
});

describe('Gemini partialArgs on the mapper', () => {
  const mapper = () => new GeminiEventMapper({ newCallId: () => 'call_1' });
  const chunk = (functionCall: object) => ({ candidates: [{ content: { role: 'model', parts: [{ functionCall }] } }] }) as never;

  test('a string continued over pieces is appended; other values replace; nested paths are built', () => {
    const m = mapper();
    const out = [
      ...m.map(chunk({ name: 'write_file', willContinue: true })),
      ...m.map(chunk({ partialArgs: [{ jsonPath: '$.content', stringValue: 'hel', willContinue: true }], willContinue: true })),
      ...m.map(chunk({ partialArgs: [{ jsonPath: '$.content', stringValue: 'lo' }, { jsonPath: '$.opts.mode[1]', numberValue: 7 }], willContinue: true })),
      ...m.map(chunk({ partialArgs: [{ jsonPath: "$['a b'].c", boolValue: true }] })),
    ];
    const delta = out.find((e) => e.type === 'tool_call_delta');
    assert.deepEqual(JSON.parse(delta?.type === 'tool_call_delta' ? delta.argsDelta : '{}'), { content: 'hello', opts: { mode: [null, 7] }, 'a b': { c: true } });
    assert.deepEqual(out.map((e) => e.type), ['tool_call_start', 'tool_call_delta', 'tool_call_end']);
  });

  test('two strings at the same path that do not continue: the later replaces the earlier', () => {
    const m = mapper();
    m.map(chunk({ name: 'f', willContinue: true }));
    m.map(chunk({ partialArgs: [{ jsonPath: '$.x', stringValue: 'a' }], willContinue: true }));
    const out = m.map(chunk({ partialArgs: [{ jsonPath: '$.x', stringValue: 'b' }] }));
    const delta = out.find((e) => e.type === 'tool_call_delta');
    assert.equal(delta?.type === 'tool_call_delta' && delta.argsDelta, '{"x":"b"}');
  });

  test('another call starting before the first is complete fails', () => {
    const m = mapper();
    m.map(chunk({ name: 'f', willContinue: true }));
    assert.throws(() => m.map(chunk({ name: 'g', willContinue: true })), /started function call g before the arguments of f were complete/);
  });

  test('a path Relay cannot read fails instead of guessing', () => {
    for (const jsonPath of ['$..x', '$.x[*]', 'x', '$.__proto__.polluted', "$['constructor']", '$[?(@.x)]']) {
      const m = mapper();
      m.map(chunk({ name: 'f', willContinue: true }));
      assert.throws(() => m.map(chunk({ partialArgs: [{ jsonPath, stringValue: 'v' }], willContinue: true })), /path Relay cannot read/, jsonPath);
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('JSON paths', () => {
    assert.deepEqual(parseJsonPath('$.a.b[0]'), ['a', 'b', 0]);
    assert.deepEqual(parseJsonPath("$['a.b'][\"c\"]"), ['a.b', 'c']);
    assert.deepEqual(parseJsonPath('$'), []);
    assert.equal(parseJsonPath('$.a[-1]'), undefined);
  });

  test('a whole call is still reported at once, as before', () => {
    const out = mapper().map(chunk({ name: 'read_file', args: { path: 'a.ts' } }));
    assert.deepEqual(out, [
      { type: 'tool_call_start', callId: 'call_1', name: 'read_file' },
      { type: 'tool_call_delta', callId: 'call_1', argsDelta: '{"path":"a.ts"}' },
      { type: 'tool_call_end', callId: 'call_1' },
    ]);
  });
});
