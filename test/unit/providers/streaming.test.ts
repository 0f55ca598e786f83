// The real providers (official SDKs, real HTTP) against the scripted model server, in both wire formats:
// text, tool calls split across many chunks, several calls in a turn, usage, stop reasons, thinking.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ModelStreamEvent } from '../../../src/core/model/events';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { collect, lastEvent, providerFor, reassembleCalls, request, textOf, WIRES } from './helpers';

const signal = () => new AbortController().signal;

/** Arguments that exercise the JSON escapes a naive splitter would break. */
const TRICKY_ARGS = {
  path: 'src/ünïcode/file "quoted".ts',
  content: 'line 1\nline 2\ttabbed\n\\backslash\\ and </tool_call> and {braces}',
  edits: [{ old: 'a', new: 'b' }, { old: '€', new: '😀' }],
  dryRun: false,
  count: 42,
};

for (const wire of WIRES) {
  describe(`${wire.name} streaming over HTTP`, () => {
    let server: ScriptedModelServer;
    before(async () => (server = await startScriptedModelServer()));
    after(() => server.close());

    test('streams text in many deltas, then usage and end_turn', async () => {
      const text = 'The quick brown fox jumps over the lazy dog, twice over.';
      server.setScript([{ text, chunkSize: 4 }]);
      const events = await collect(providerFor(wire, server).stream(request(), signal()));
      assert.equal(textOf(events), text);
      assert.ok(events.filter((e) => e.type === 'text_delta').length >= 10);
      assert.deepEqual(events.slice(-2).map((e) => e.type), ['usage', 'stop']);
      assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'end_turn' });
    });

    test('reassembles tool-call arguments split across many chunks', async () => {
      server.setScript([{ toolCalls: [{ name: 'write_file', args: TRICKY_ARGS }], chunkSize: 3 }]);
      const events = await collect(providerFor(wire, server).stream(request(), signal()));
      const [call, ...rest] = reassembleCalls(events);
      assert.equal(rest.length, 0);
      assert.equal(call!.name, 'write_file');
      assert.ok(call!.deltas >= 30, `only ${call!.deltas} deltas`);
      assert.equal(call!.ended, true);
      assert.deepEqual(call!.args, TRICKY_ARGS);
      assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'tool_use' });
    });

    test('streams several tool calls in one turn, each started, filled and ended in order', async () => {
      server.setScript([
        {
          text: 'Reading both files.',
          toolCalls: [
            { name: 'read_file', args: { path: 'a.ts' } },
            { name: 'read_file', args: { path: 'b.ts' } },
            { name: 'list_files', args: {} },
          ],
          chunkSize: 5,
        },
      ]);
      const events = await collect(providerFor(wire, server).stream(request(), signal()));
      assert.equal(textOf(events), 'Reading both files.');
      const calls = reassembleCalls(events);
      assert.deepEqual(
        calls.map((c) => [c.name, c.args, c.ended]),
        [
          ['read_file', { path: 'a.ts' }, true],
          ['read_file', { path: 'b.ts' }, true],
          ['list_files', {}, true],
        ],
      );
      assert.equal(new Set(calls.map((c) => c.callId)).size, 3);
      const firstCall = events.findIndex((e) => e.type === 'tool_call_start');
      assert.ok(events.slice(firstCall).every((e) => e.type !== 'text_delta'), 'text after the calls started');
    });

    test('reports usage with cache tokens as uncached input plus cache reads', async () => {
      const usage = { inputTokens: 1200, outputTokens: 345, cacheReadTokens: 800, cacheWriteTokens: 100 };
      server.setScript([{ text: 'ok', usage }]);
      const events = await collect(providerFor(wire, server).stream(request(), signal()));
      const reported = events.find((e) => e.type === 'usage');
      // Chat Completions reports no cache writes (OpenAI caches without a write charge).
      const expected = wire.name === 'anthropic' ? usage : { inputTokens: 1200, outputTokens: 345, cacheReadTokens: 800 };
      assert.deepEqual(reported, { type: 'usage', usage: expected });
    });

    test('maps the stop reasons', async () => {
      const expectations: [script: 'max_tokens' | 'stop_sequence' | 'refusal' | 'tool_use', neutral: string][] = [
        ['max_tokens', 'max_tokens'],
        // Chat Completions says "stop" for both a natural end and a stop sequence.
        ['stop_sequence', wire.name === 'anthropic' ? 'stop_sequence' : 'end_turn'],
        ['refusal', 'refusal'],
      ];
      for (const [stopReason, neutral] of expectations) {
        server.setScript([{ text: 'partial', stopReason }]);
        const events = await collect(providerFor(wire, server).stream(request(), signal()));
        assert.deepEqual(lastEvent(events), { type: 'stop', reason: neutral }, stopReason);
      }
    });

    test('a call cut off by the token limit is never ended', async () => {
      server.setScript([
        {
          toolCalls: [
            { name: 'read_file', args: { path: 'done.ts' } },
            { name: 'write_file', args: '{"path": "src/big.ts", "content": "export const' },
          ],
          stopReason: 'max_tokens',
          chunkSize: 7,
        },
      ]);
      const events = await collect(providerFor(wire, server).stream(request(), signal()));
      const [complete, cut] = reassembleCalls(events);
      assert.equal(complete!.ended, true);
      assert.equal(cut!.name, 'write_file');
      assert.equal(cut!.ended, false);
      assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'max_tokens' });
    });

    test('malformed arguments on a normal stop still end, so the runtime can answer with a parse error', async () => {
      server.setScript([{ toolCalls: [{ name: 'read_file', args: '{"path": oops}' }] }]);
      const events = await collect(providerFor(wire, server).stream(request(), signal()));
      const ends = events.filter((e) => e.type === 'tool_call_end');
      assert.equal(ends.length, 1);
      const args = events.flatMap((e) => (e.type === 'tool_call_delta' ? [e.argsDelta] : [])).join('');
      assert.equal(args, '{"path": oops}');
    });

    test('passes thinking on as thinking_delta, apart from the text', async () => {
      server.setScript([{ thinking: 'The user greets me; answer briefly.', text: 'Hi!', chunkSize: 6 }]);
      const events = await collect(providerFor(wire, server).stream(request(), signal()));
      const thinking = events.flatMap((e: ModelStreamEvent) => (e.type === 'thinking_delta' ? [e.text] : [])).join('');
      assert.equal(thinking, 'The user greets me; answer briefly.');
      assert.equal(textOf(events), 'Hi!');
    });
  });
}
