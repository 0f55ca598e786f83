// A gateway that retries upstream and splices a second reply into the same response (a known proxy fault).
// Over real HTTP, both wire formats: the providers report a `restart`, and what follows it is the whole reply,
// so reassembling from the last restart gives every call once, with the arguments of the reply that won.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ModelStreamEvent } from '../../../src/core/model/events';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { collect, lastEvent, providerFor, reassembleCalls, textOf, request, WIRES } from './helpers';

const signal = () => new AbortController().signal;
const ARGS = { path: 'src/extension.ts', content: 'export function activate() {\n  return 42;\n}\n' };

/** The events after the last restart: what the turn's reply is. */
function lastReply(events: readonly ModelStreamEvent[]): ModelStreamEvent[] {
  const at = events.map((e) => e.type).lastIndexOf('restart');
  return events.slice(at + 1);
}

for (const wire of WIRES) {
  describe(`${wire.name}: a reply spliced into the stream`, () => {
    let server: ScriptedModelServer;
    before(async () => (server = await startScriptedModelServer()));
    after(() => server.close());

    for (const cut of [3, 6, 9, 14]) {
      for (const sameIds of [false, true]) {
        test(`restart after ${cut} frames${sameIds ? ', the same call ids' : ''}: one restart, then the whole reply`, async () => {
          server.setScript([{ text: 'Writing it.', toolCalls: [{ name: 'write_file', args: ARGS }], chunkSize: 6, fault: { spliceAfterChunks: cut, sameIds } }]);
          const events = await collect(providerFor(wire, server).stream(request(), signal()));
          assert.equal(events.filter((e) => e.type === 'restart').length, 1, 'exactly one restart');
          assert.ok(!events.some((e) => e.type === 'error'), JSON.stringify(events.filter((e) => e.type === 'error')));
          const reply = lastReply(events);
          assert.equal(textOf(reply), 'Writing it.');
          const calls = reassembleCalls(reply);
          assert.equal(calls.length, 1);
          assert.deepEqual(calls[0]!.args, ARGS);
          assert.equal(calls[0]!.ended, true);
          assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'tool_use' });
          // Before the restart nothing was ended with arguments that the reply then superseded.
          const before = events.slice(0, events.findIndex((e) => e.type === 'restart'));
          const endedEarly = reassembleCalls(before).filter((c) => c.ended);
          for (const call of endedEarly) assert.deepEqual(call.args, ARGS, 'only whole arguments can end before a restart');
        });
      }
    }

    test('a plain stream has no restart', async () => {
      server.setScript([{ text: 'Hi.', toolCalls: [{ name: 'read_file', args: { path: 'a' } }, { name: 'read_file', args: { path: 'b' } }], chunkSize: 2 }]);
      const events = await collect(providerFor(wire, server).stream(request(), signal()));
      assert.equal(events.filter((e) => e.type === 'restart').length, 0);
      assert.equal(reassembleCalls(events).length, 2);
    });

    test('usage is the restarted reply\'s own, not summed into it by the provider', async () => {
      const usage = { inputTokens: 700, outputTokens: 30 };
      server.setScript([{ text: 'Short answer.', usage, chunkSize: 3, fault: { spliceAfterChunks: 4 } }]);
      const events = await collect(providerFor(wire, server).stream(request(), signal()));
      const reported = lastReply(events).filter((e) => e.type === 'usage');
      assert.ok(reported.length > 0);
      assert.equal(reported.at(-1)!.type === 'usage' && reported.at(-1)!.usage.outputTokens, 30);
    });
  });
}
