// The shared failure handling on its own, with scripted attempts instead of HTTP: what is retried, what is
// emitted once output began, cleanup when the caller stops reading, and the idle watchdog.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ModelStreamEvent } from '../../../src/core/model/events';
import { IdleWatchdog } from '../../../src/core/model/idle-watchdog';
import { resilientStream, type OpenAttempt, type WireAttempt } from '../../../src/core/model/resilient-stream';
import { collect, errorOf, manualTimers, recordingSleep } from './helpers';

const context = { service: 'Test API', model: 'm-1', baseUrl: 'http://127.0.0.1:9' };
const overloaded = Object.assign(new Error('529 overloaded'), { status: 529, error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } });

/** Attempts that play the given behaviours in turn, recording the wire each one got. */
function attempts(...plays: ((wire: WireAttempt) => AsyncGenerator<ModelStreamEvent>)[]): { open: OpenAttempt; wires: WireAttempt[] } {
  const wires: WireAttempt[] = [];
  return {
    wires,
    open: (wire) => {
      wires.push(wire);
      const play = plays[wires.length - 1];
      assert.ok(play, `unexpected attempt ${wires.length}`);
      return play(wire);
    },
  };
}

describe('resilientStream', () => {
  test('retries a failure before output, then passes the good attempt through', async () => {
    const sleep = recordingSleep();
    const { open, wires } = attempts(
      async function* () {
        throw overloaded;
      },
      async function* () {
        yield { type: 'text_delta', text: 'hi' };
        yield { type: 'stop', reason: 'end_turn' };
      },
    );
    const events = await collect(resilientStream(open, new AbortController().signal, { context, secrets: [], sleep: sleep.sleep, random: () => 0 }));
    assert.deepEqual(events, [
      { type: 'text_delta', text: 'hi' },
      { type: 'stop', reason: 'end_turn' },
    ]);
    assert.deepEqual(sleep.delays, [0]);
    assert.equal(wires.length, 2);
  });

  test('after output, an API error keeps its kind and is not retried', async () => {
    const { open } = attempts(async function* () {
      yield { type: 'text_delta', text: 'partial' };
      throw overloaded;
    });
    const events = await collect(resilientStream(open, new AbortController().signal, { context, secrets: [], sleep: recordingSleep().sleep }));
    assert.equal(events[0]!.type, 'text_delta');
    const error = errorOf(events);
    assert.equal(error.kind, 'overloaded');
    assert.doesNotMatch(error.message, /still after/);
  });

  test('an attempt that ends without a stop is a broken stream', async () => {
    const { open } = attempts(async function* () {
      yield { type: 'text_delta', text: 'cut' };
    });
    const error = errorOf(await collect(resilientStream(open, new AbortController().signal, { context, secrets: [] })));
    assert.equal(error.kind, 'stream_broken');
    assert.match(error.message, /ended before the model finished/);
  });

  test('an attempt that ends before any output is retried, like a lost connection', async () => {
    const sleep = recordingSleep();
    const { open, wires } = attempts(
      async function* () {},
      async function* () {
        yield { type: 'stop', reason: 'end_turn' };
      },
    );
    const events = await collect(resilientStream(open, new AbortController().signal, { context, secrets: [], sleep: sleep.sleep }));
    assert.deepEqual(events, [{ type: 'stop', reason: 'end_turn' }]);
    assert.equal(wires.length, 2);
    assert.equal(sleep.delays.length, 1);
  });

  test('an abort while the caller holds an event wins over events already waiting', async () => {
    const buffered: ModelStreamEvent[] = [
      { type: 'text_delta', text: 'one' },
      { type: 'text_delta', text: 'two' },
      { type: 'stop', reason: 'end_turn' },
    ];
    const wires: WireAttempt[] = [];
    // An iterator whose reads are already settled, like a stream with data buffered.
    const open: OpenAttempt = (wire) => {
      wires.push(wire);
      return { [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve(buffered.length ? { done: false, value: buffered.shift()! } : { done: true, value: undefined }) }) };
    };
    const controller = new AbortController();
    const events: ModelStreamEvent[] = [];
    for await (const event of resilientStream(open, controller.signal, { context, secrets: [] })) {
      events.push(event);
      controller.abort();
    }
    assert.deepEqual(events.map((e) => e.type), ['text_delta', 'error']);
    assert.equal(errorOf(events).kind, 'cancelled');
    assert.equal(wires[0]!.signal.aborted, true);
  });

  test('a caller that stops reading aborts the attempt', async () => {
    const { open, wires } = attempts(async function* () {
      yield { type: 'text_delta', text: 'one' };
      yield { type: 'text_delta', text: 'two' };
      yield { type: 'stop', reason: 'end_turn' };
    });
    for await (const event of resilientStream(open, new AbortController().signal, { context, secrets: [] })) {
      assert.equal(event.type, 'text_delta');
      break;
    }
    assert.equal(wires[0]!.signal.aborted, true);
  });

  test('time the caller spends holding an event does not count as silence', async () => {
    const clock = manualTimers();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { open } = attempts(async function* () {
      yield { type: 'text_delta', text: 'a' };
      await released;
      yield { type: 'stop', reason: 'end_turn' };
    });
    const events: ModelStreamEvent[] = [];
    for await (const event of resilientStream(open, new AbortController().signal, { context, secrets: [], timers: clock.timers, idleTimeoutMs: 1000 })) {
      events.push(event);
      if (event.type === 'text_delta') {
        clock.elapse(); // a slow reader: the idle time passes while it holds the event
        release();
      }
    }
    assert.deepEqual(events.map((e) => e.type), ['text_delta', 'stop']);
  });

  test('silence while waiting on the wire fires the watchdog', async () => {
    const clock = manualTimers();
    const { open } = attempts(async function* (wire) {
      yield { type: 'text_delta', text: 'a' };
      await new Promise<void>((resolve) => wire.signal.addEventListener('abort', () => resolve())); // silent until aborted
    });
    const events: ModelStreamEvent[] = [];
    for await (const event of resilientStream(open, new AbortController().signal, { context, secrets: [], timers: clock.timers, idleTimeoutMs: 1000 })) {
      events.push(event);
      // Runs once the stream is back to waiting on the wire (after this turn's microtasks).
      if (event.type === 'text_delta') setTimeout(() => clock.elapse(), 0);
    }
    assert.deepEqual(events.map((e) => e.type), ['text_delta', 'error']);
    assert.equal(errorOf(events).kind, 'idle_timeout');
  });

  test('secrets are scrubbed from every error', async () => {
    const secret = 'sk-very-secret-value';
    const { open } = attempts(async function* () {
      throw Object.assign(new Error('bad'), { status: 400, error: { type: 'error', error: { type: 'invalid_request_error', message: `got ${secret}` } } });
    });
    const error = errorOf(await collect(resilientStream(open, new AbortController().signal, { context, secrets: [secret] })));
    assert.ok(!error.message.includes(secret));
  });
});

describe('IdleWatchdog', () => {
  test('touch re-arms, stop disarms, and it fires once', () => {
    const clock = manualTimers();
    let fired = 0;
    const watchdog = new IdleWatchdog(100, () => fired++, clock.timers);
    watchdog.touch();
    watchdog.touch();
    clock.elapse();
    assert.equal(fired, 1);
    watchdog.touch(); // after firing it stays quiet
    clock.elapse();
    assert.equal(fired, 1);

    const stopped = new IdleWatchdog(100, () => fired++, clock.timers);
    stopped.touch();
    stopped.stop();
    clock.elapse();
    assert.equal(fired, 1);

    const paused = new IdleWatchdog(100, () => fired++, clock.timers);
    paused.touch();
    paused.pause();
    clock.elapse();
    assert.equal(fired, 1);
    paused.touch();
    clock.elapse();
    assert.equal(fired, 2);
  });

  test('0 or Infinity disables it', () => {
    const clock = manualTimers();
    let fired = 0;
    new IdleWatchdog(0, () => fired++, clock.timers).touch();
    new IdleWatchdog(Infinity, () => fired++, clock.timers).touch();
    clock.elapse();
    assert.equal(fired, 0);
  });

  test('with real timers it fires after silence', async () => {
    await new Promise<void>((resolve) => new IdleWatchdog(1, resolve).touch());
  });
});
