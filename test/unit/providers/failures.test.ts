// Failure handling of the real providers over real HTTP, in both wire formats: retries (with the injected
// sleep recording the delays instead of waiting), exhausted retries, actionable errors without the key,
// streams that break, go quiet or are cancelled.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createProvider } from '../../../src/core/model/factory';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { API_KEY, collect, errorOf, eventually, lastEvent, manualTimers, providerFor, reassembleCalls, recordingSleep, request, textOf, WIRES } from './helpers';

const signal = () => new AbortController().signal;

/** An error body that echoes the key, as misconfigured proxies do: it must never reach the message. */
function leakyBody(wire: 'anthropic' | 'openai', type: string, message: string): unknown {
  const text = `${message} (key ${API_KEY})`;
  return wire === 'anthropic' ? { type: 'error', error: { type, message: text } } : { error: { message: text, type, code: null, param: null } };
}

for (const wire of WIRES) {
  describe(`${wire.name} failure handling`, () => {
    let server: ScriptedModelServer;
    before(async () => (server = await startScriptedModelServer()));
    after(() => server.close());

    test('429 with Retry-After waits the seconds asked for, then succeeds', async () => {
      server.reset();
      server.setScript([{ fault: { status: 429, retryAfter: 2 } }, { text: 'after the wait' }]);
      const sleep = recordingSleep();
      const events = await collect(providerFor(wire, server, {}, { sleep }).stream(request(), signal()));
      assert.deepEqual(sleep.delays, [2000]);
      assert.equal(textOf(events), 'after the wait');
      assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'end_turn' });
      assert.equal(server.requests.length, 2);
    });

    test('Retry-After as an HTTP date waits until that moment (by the injected clock)', async () => {
      const inFiveSeconds = new Date(Date.UTC(2025, 0, 1) + 5_000).toUTCString();
      server.setScript([{ fault: { status: 503, retryAfter: inFiveSeconds } }, { text: 'ok' }]);
      const sleep = recordingSleep();
      const events = await collect(providerFor(wire, server, {}, { sleep }).stream(request(), signal()));
      assert.deepEqual(sleep.delays, [5000]);
      assert.equal(textOf(events), 'ok');
    });

    test('retry-after-ms wins over retry-after, and a huge wait is capped', async () => {
      server.setScript([{ fault: { status: 429, retryAfter: 7, retryAfterMs: 1500 } }, { fault: { status: 429, retryAfter: 3600 } }, { text: 'ok' }]);
      const sleep = recordingSleep();
      const events = await collect(providerFor(wire, server, {}, { sleep }).stream(request(), signal()));
      assert.deepEqual(sleep.delays, [1500, 60_000]);
      assert.equal(textOf(events), 'ok');
    });

    test('500, 529 and an in-stream overloaded error are retried with jittered exponential backoff', async () => {
      server.reset();
      server.setScript([{ fault: { status: 500 } }, { fault: { status: 529 } }, { fault: { overloadedEvent: true } }, { text: 'finally' }]);
      const sleep = recordingSleep();
      const events = await collect(providerFor(wire, server, {}, { sleep }).stream(request(), signal()));
      // random() is 0.5: half of 1 s, 2 s, 4 s.
      assert.deepEqual(sleep.delays, [500, 1000, 2000]);
      assert.equal(textOf(events), 'finally');
      assert.equal(server.requests.length, 4);
    });

    for (const [status, kind] of [
      [429, 'rate_limited'],
      [500, 'server'],
      [529, 'overloaded'],
    ] as const) {
      test(`retries exhausted on ${status} end with ${kind}`, async () => {
        server.reset();
        server.setScript([{ fault: { status } }, { fault: { status } }, { fault: { status } }]);
        const sleep = recordingSleep();
        const events = await collect(providerFor(wire, server, { maxRetries: 2 }, { sleep }).stream(request(), signal()));
        assert.equal(events.length, 1);
        const error = errorOf(events);
        assert.equal(error.kind, kind);
        assert.equal(error.status, status);
        assert.equal(error.retryable, true);
        assert.match(error.message, /still after 2 retries/);
        assert.equal(sleep.delays.length, 2);
        assert.equal(server.requests.length, 3);
      });
    }

    test('401 names the fix and never the key; it is not retried', async () => {
      server.reset();
      server.setScript([{ fault: { status: 401, body: leakyBody(wire.name, 'authentication_error', 'invalid x-api-key') } }]);
      const error = errorOf(await collect(providerFor(wire, server).stream(request(), signal())));
      assert.equal(error.kind, 'auth');
      assert.equal(error.status, 401);
      assert.equal(error.retryable, false);
      assert.match(error.message, /Run 'Relay: Set API Key'/);
      assert.match(error.message, /invalid x-api-key/);
      assert.ok(!error.message.includes(API_KEY), error.message);
      assert.match(error.message, /\[redacted\]/);
      assert.equal(server.requests.length, 1);
    });

    test('403 says the key has no access to the model', async () => {
      server.setScript([{ fault: { status: 403, body: leakyBody(wire.name, 'permission_error', 'no access') } }]);
      const error = errorOf(await collect(providerFor(wire, server).stream(request(), signal())));
      assert.equal(error.kind, 'forbidden');
      assert.match(error.message, new RegExp(`no access to model "${wire.model}"`));
      assert.ok(!error.message.includes(API_KEY), error.message);
    });

    test('404 names the model and the base URL', async () => {
      server.setScript([{ fault: { status: 404 } }]);
      const error = errorOf(await collect(providerFor(wire, server).stream(request(), signal())));
      assert.equal(error.kind, 'not_found');
      assert.ok(error.message.includes(`Model "${wire.model}" was not found at ${wire.name === 'anthropic' ? server.url : server.openaiBaseUrl}`), error.message);
      assert.match(error.message, /Check the model id and the base URL/);
    });

    test("400 shows the API's own message", async () => {
      server.setScript([{ fault: { status: 400, body: leakyBody(wire.name, 'invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum') } }]);
      const error = errorOf(await collect(providerFor(wire, server).stream(request(), signal())));
      assert.equal(error.kind, 'bad_request');
      assert.match(error.message, /prompt is too long: 210000 tokens > 200000 maximum/);
      assert.ok(!error.message.includes(API_KEY), error.message);
    });

    test('a connection dropped while tool arguments stream never ends the call: stream_broken', async () => {
      server.reset();
      server.setScript([
        { text: 'Writing.', toolCalls: [{ name: 'write_file', args: { path: 'a.ts', content: 'x'.repeat(200) } }], chunkSize: 5, fault: { dropAfterChunks: 12 } },
      ]);
      const events = await collect(providerFor(wire, server).stream(request(), signal()));
      const [call] = reassembleCalls(events);
      assert.equal(call!.name, 'write_file');
      assert.ok(call!.deltas > 0, 'the drop came before the arguments started');
      assert.equal(call!.ended, false);
      assert.equal(events.filter((e) => e.type === 'tool_call_end').length, 0);
      const error = errorOf(events);
      assert.equal(error.kind, 'stream_broken');
      assert.match(error.message, /write_file/);
      assert.equal(server.requests.length, 1, 'a stream that emitted output must not be retried');
    });

    test('a connection dropped before any output is retried', async () => {
      server.reset();
      server.setScript([{ text: 'lost', fault: { dropAfterChunks: 1 } }, { text: 'second try' }]);
      const sleep = recordingSleep();
      const events = await collect(providerFor(wire, server, {}, { sleep }).stream(request(), signal()));
      assert.equal(textOf(events), 'second try');
      assert.equal(sleep.delays.length, 1);
      assert.equal(server.requests[0]!.outcome, 'dropped');
    });

    test('a stream that goes quiet ends with idle_timeout and the request is aborted', async () => {
      server.reset();
      server.setScript([{ text: 'never sent', fault: { stallMs: 30_000 } }]);
      const clock = manualTimers();
      const provider = providerFor(wire, server, { idleTimeoutMs: 5_000 }, { timers: clock.timers });
      const collecting = collect(provider.stream(request(), signal()));
      await eventually(() => server.requests.length === 1, 'the request reached the server');
      clock.elapse(); // the server is stalling: let the idle time pass
      const events = await collecting;
      const error = errorOf(events);
      assert.equal(error.kind, 'idle_timeout');
      assert.match(error.message, /sent no data for 5 s/);
      assert.equal(events.length, 1);
      assert.equal(server.requests.length, 1, 'an idle timeout is not retried');
      await eventuallyOutcome(server, 0, 'client_closed');
    });

    test('going quiet in the middle of a tool call is a broken stream', async () => {
      server.reset();
      server.setScript([{ toolCalls: [{ name: 'read_file', args: { path: 'some/long/path/to/a/file.ts' } }], chunkSize: 4, fault: { stallMs: 30_000, afterChunks: 9 } }]);
      const clock = manualTimers();
      const events = [];
      let ticker: ReturnType<typeof setInterval> | undefined;
      for await (const event of providerFor(wire, server, { idleTimeoutMs: 5_000 }, { timers: clock.timers }).stream(request(), signal())) {
        events.push(event);
        // Once the call is under way, let idle time pass whenever the stream waits on the (stalled) server.
        if (event.type === 'tool_call_delta') ticker ??= setInterval(() => clock.elapse(), 1);
      }
      clearInterval(ticker);
      assert.equal(reassembleCalls(events)[0]!.ended, false);
      const error = errorOf(events);
      assert.equal(error.kind, 'stream_broken');
      assert.match(error.message, /no data for 5 s/);
    });

    test('abort mid-stream ends at once with cancelled and closes the request', async () => {
      server.reset();
      server.setScript([{ text: 'word '.repeat(400), chunkSize: 5, chunkDelayMs: 5 }]);
      const controller = new AbortController();
      const events = [];
      for await (const event of providerFor(wire, server).stream(request(), controller.signal)) {
        events.push(event);
        if (event.type === 'text_delta') controller.abort();
      }
      assert.deepEqual(events.map((e) => e.type), ['text_delta', 'error']);
      assert.equal(errorOf(events).kind, 'cancelled');
      await eventuallyOutcome(server, 0, 'client_closed');
    });

    test('abort during the backoff wait ends with cancelled, without another request', async () => {
      server.reset();
      server.setScript([{ fault: { status: 503 } }, { text: 'not reached' }]);
      const controller = new AbortController();
      const provider = createProvider(wire.config(server), { sleep: async () => controller.abort(), random: () => 0.5 });
      const events = await collect(provider.stream(request(), controller.signal));
      assert.equal(errorOf(events).kind, 'cancelled');
      assert.equal(server.requests.length, 1);
    });

    test('an already aborted signal makes no request', async () => {
      server.reset();
      const controller = new AbortController();
      controller.abort();
      const events = await collect(providerFor(wire, server).stream(request(), controller.signal));
      assert.equal(errorOf(events).kind, 'cancelled');
      assert.equal(server.requests.length, 0);
    });
  });
}

describe('connection failures', () => {
  test('connection refused is retried, then named with the base URL', async () => {
    const closed = await startScriptedModelServer();
    await closed.close();
    for (const wire of WIRES) {
      const sleep = recordingSleep();
      const events = await collect(providerFor(wire, closed, { maxRetries: 3 }, { sleep }).stream(request(), signal()));
      const error = errorOf(events);
      assert.equal(error.kind, 'network', error.message);
      assert.match(error.message, /ECONNREFUSED/);
      assert.ok(error.message.includes('127.0.0.1'), error.message);
      assert.match(error.message, /still after 3 retries/);
      assert.deepEqual(sleep.delays, [500, 1000, 2000]);
    }
  });

  test('Anthropic without a key fails at once with the fix', async () => {
    const provider = createProvider({ provider: 'anthropic', model: 'claude-haiku-4-5' });
    const error = errorOf(await collect(provider.stream(request(), signal())));
    assert.equal(error.kind, 'auth');
    assert.match(error.message, /Relay: Set API Key/);
  });
});

async function eventuallyOutcome(server: ScriptedModelServer, index: number, outcome: string): Promise<void> {
  for (let i = 0; i < 400 && server.requests[index]?.outcome !== outcome; i++) await new Promise((r) => setTimeout(r, 5));
  assert.equal(server.requests[index]?.outcome, outcome);
}
