// What the providers send: the neutral history converted to each wire format, checked on the requests the
// scripted server recorded (which also applies the APIs' own pairing checks and would answer 400).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ChatMessage } from '../../../src/core/model/provider';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { assistantMessage, collect, lastEvent, providerFor, request, userText, WIRES } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- reading recorded wire JSON

const signal = () => new AbortController().signal;

for (const wire of WIRES) {
  describe(`${wire.name} request conversion`, () => {
    let server: ScriptedModelServer;
    before(async () => (server = await startScriptedModelServer()));
    after(() => server.close());

    test('tool results go back paired with the calls they answer (round trip through the server)', async () => {
      server.setScript([
        {
          text: 'Let me look.',
          toolCalls: [
            { name: 'read_file', args: { path: 'a.ts' } },
            { name: 'read_file', args: { path: 'missing.ts' } },
          ],
        },
        { text: 'a.ts exports one function; missing.ts does not exist.' },
      ]);
      const provider = providerFor(wire, server);
      const first = await collect(provider.stream(request(), signal()));
      const assistant = assistantMessage(first);
      const calls = assistant.content.filter((p) => p.type === 'tool_call');
      assert.equal(calls.length, 2);
      const history: ChatMessage[] = [
        userText('What is in a.ts and missing.ts?'),
        assistant,
        {
          role: 'user',
          content: [
            { type: 'tool_result', callId: calls[0]!.callId, content: 'export function a() {}' },
            { type: 'tool_result', callId: calls[1]!.callId, content: 'File not found: missing.ts', isError: true },
          ],
        },
      ];
      const second = await collect(provider.stream(request(history), signal()));
      assert.deepEqual(lastEvent(second), { type: 'stop', reason: 'end_turn' });

      const sent = server.requests[server.requests.length - 1]!.body as Json;
      const ids = calls.map((c) => c.callId);
      if (wire.name === 'anthropic') {
        assert.equal(sent.messages.length, 3);
        const [, toolUse, results] = sent.messages as Json[];
        assert.deepEqual(
          toolUse!.content.map((b: Json) => [b.type, b.id, b.name, b.input]),
          [
            ['text', undefined, undefined, undefined],
            ['tool_use', ids[0], 'read_file', { path: 'a.ts' }],
            ['tool_use', ids[1], 'read_file', { path: 'missing.ts' }],
          ],
        );
        assert.equal(results!.role, 'user');
        assert.deepEqual(
          results!.content.map((b: Json) => [b.type, b.tool_use_id, b.content, b.is_error]),
          [
            ['tool_result', ids[0], 'export function a() {}', undefined],
            ['tool_result', ids[1], 'File not found: missing.ts', true],
          ],
        );
      } else {
        const roles = (sent.messages as Json[]).map((m) => m.role);
        assert.deepEqual(roles, ['system', 'user', 'assistant', 'tool', 'tool']);
        const assistantSent = sent.messages[2] as Json;
        assert.equal(assistantSent.content, 'Let me look.');
        assert.deepEqual(
          assistantSent.tool_calls.map((c: Json) => [c.id, c.function.name, JSON.parse(c.function.arguments)]),
          [
            [ids[0], 'read_file', { path: 'a.ts' }],
            [ids[1], 'read_file', { path: 'missing.ts' }],
          ],
        );
        assert.deepEqual(
          (sent.messages as Json[]).slice(3).map((m) => [m.tool_call_id, m.content]),
          [
            [ids[0], 'export function a() {}'],
            [ids[1], 'Error: File not found: missing.ts'],
          ],
        );
      }
    });

    test('text next to tool results goes after them, as both APIs require', async () => {
      server.setScript([{ text: 'Noted.' }]);
      const history: ChatMessage[] = [
        userText('Run it.'),
        { role: 'assistant', content: [{ type: 'tool_call', callId: 'call_1', name: 'list_files', args: {} }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Also, stop after this.' },
            { type: 'tool_result', callId: 'call_1', content: 'a.ts\nb.ts' },
          ],
        },
      ];
      const events = await collect(providerFor(wire, server).stream(request(history), signal()));
      assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'end_turn' });
      const sent = server.requests[server.requests.length - 1]!.body as Json;
      if (wire.name === 'anthropic') {
        assert.deepEqual(sent.messages[2].content.map((b: Json) => b.type), ['tool_result', 'text']);
      } else {
        assert.deepEqual((sent.messages as Json[]).slice(2).map((m) => m.role), ['assistant', 'tool', 'user']);
        assert.equal(sent.messages[2].content, null);
      }
    });

    test('sends the system prompt, the tools, a token limit and the key, streaming', async () => {
      server.setScript([{ text: 'ok' }]);
      await collect(providerFor(wire, server).stream(request(undefined, { maxOutputTokens: 1234 }), signal()));
      const recorded = server.requests[server.requests.length - 1]!;
      assert.equal(recorded.authHeader, true);
      const sent = recorded.body as Json;
      assert.equal(sent.model, wire.model);
      assert.equal(sent.stream, true);
      if (wire.name === 'anthropic') {
        assert.deepEqual(sent.system, [{ type: 'text', text: 'You are a careful coding agent.', cache_control: { type: 'ephemeral' } }]);
        assert.equal(sent.max_tokens, 1234);
        assert.deepEqual(sent.tools.map((t: Json) => [t.name, t.input_schema.type]), [
          ['read_file', 'object'],
          ['list_files', 'object'],
        ]);
        assert.deepEqual(sent.messages.at(-1).content.at(-1).cache_control, { type: 'ephemeral' });
      } else {
        assert.deepEqual(sent.messages[0], { role: 'system', content: 'You are a careful coding agent.' });
        assert.equal(sent.max_completion_tokens, 1234);
        assert.deepEqual(sent.stream_options, { include_usage: true });
        assert.deepEqual(sent.tools.map((t: Json) => [t.type, t.function.name, t.function.parameters.required]), [
          ['function', 'read_file', ['path']],
          ['function', 'list_files', undefined],
        ]);
      }
    });

    test('leaves the tools field out when there are no tools', async () => {
      server.setScript([{ text: 'ok' }]);
      const events = await collect(providerFor(wire, server).stream(request(undefined, { tools: [] }), signal()));
      assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'end_turn' });
      assert.equal('tools' in (server.requests[server.requests.length - 1]!.body as Json), false);
    });
  });
}

describe('openai-compatible servers', () => {
  let server: ScriptedModelServer;
  before(async () => (server = await startScriptedModelServer()));
  after(() => server.close());

  test('work without an API key (no Authorization header) and get max_tokens', async () => {
    server.setScript([{ text: 'local model here' }]);
    const provider = providerFor(WIRES[1]!, server, { provider: 'openai-compatible', model: 'qwen2.5-coder:7b', apiKey: undefined });
    assert.equal(provider.id, 'openai-compatible');
    assert.equal(provider.model.contextWindow, 128_000);
    assert.equal(provider.model.pricing, undefined);
    const events = await collect(provider.stream(request(undefined, { maxOutputTokens: 500 }), signal()));
    assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'end_turn' });
    const recorded = server.requests[server.requests.length - 1]!;
    assert.equal(recorded.authHeader, false);
    assert.equal((recorded.body as Json).max_tokens, 500);
    assert.equal('max_completion_tokens' in (recorded.body as Json), false);
  });
});
