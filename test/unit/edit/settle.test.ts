import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { waitForQuiet, type SettleClock, type WaitForQuietOptions } from '../../../src/core/edit/settle';

/** A change source the test fires by hand, recording whether the waiter unsubscribed. */
function changeSource() {
  const listeners = new Set<(keys: readonly string[]) => void>();
  let disposed = 0;
  return {
    subscribe: ((listener) => {
      listeners.add(listener);
      return {
        dispose: () => {
          disposed++;
          listeners.delete(listener);
        },
      };
    }) as WaitForQuietOptions['subscribe'],
    fire: (...keys: string[]) => listeners.forEach((l) => l(keys)),
    get listening() {
      return listeners.size;
    },
    get disposed() {
      return disposed;
    },
  };
}

beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 }));
afterEach(() => mock.timers.reset());

/** Lets the promise's resolution run after timers fired. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

async function pending(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await flush();
  return !done;
}

test('nothing arrives: settles after quietMs', async () => {
  const source = changeSource();
  const result = waitForQuiet({ subscribe: source.subscribe, keys: ['file:///a.ts'], quietMs: 300, deadlineMs: 5000 });
  mock.timers.tick(299);
  assert.equal(await pending(result), true);
  mock.timers.tick(1);
  assert.deepEqual(await result, { outcome: 'settled', elapsedMs: 300, changes: 0 });
  assert.equal(source.disposed, 1);
});

test('each change to a watched key restarts the quiet period', async () => {
  const source = changeSource();
  const result = waitForQuiet({ subscribe: source.subscribe, keys: ['a'], quietMs: 300, deadlineMs: 5000 });
  mock.timers.tick(200);
  source.fire('a');
  mock.timers.tick(200);
  source.fire('b', 'a');
  mock.timers.tick(299);
  assert.equal(await pending(result), true);
  mock.timers.tick(1);
  assert.deepEqual(await result, { outcome: 'settled', elapsedMs: 700, changes: 2 });
});

test('changes to other keys do not delay settling', async () => {
  const source = changeSource();
  const result = waitForQuiet({ subscribe: source.subscribe, keys: ['a'], quietMs: 300, deadlineMs: 5000 });
  mock.timers.tick(250);
  source.fire('b');
  mock.timers.tick(50);
  assert.deepEqual(await result, { outcome: 'settled', elapsedMs: 300, changes: 0 });
});

test('a key that keeps changing runs into the deadline', async () => {
  const source = changeSource();
  const result = waitForQuiet({ subscribe: source.subscribe, keys: ['a'], quietMs: 300, deadlineMs: 1000 });
  for (let t = 0; t < 10; t++) {
    mock.timers.tick(100);
    source.fire('a');
  }
  assert.deepEqual(await result, { outcome: 'deadline', elapsedMs: 1000, changes: 9 });
  assert.equal(source.listening, 0);
});

test('aborting cancels and unsubscribes', async () => {
  const source = changeSource();
  const controller = new AbortController();
  const result = waitForQuiet({ subscribe: source.subscribe, keys: ['a'], quietMs: 300, deadlineMs: 1000, signal: controller.signal });
  mock.timers.tick(120);
  controller.abort();
  assert.deepEqual(await result, { outcome: 'cancelled', elapsedMs: 120, changes: 0 });
  assert.equal(source.disposed, 1);
  mock.timers.tick(1000);
  assert.equal(source.disposed, 1);
});

test('an already aborted signal resolves at once without subscribing', async () => {
  const source = changeSource();
  const controller = new AbortController();
  controller.abort();
  const result = await waitForQuiet({ subscribe: source.subscribe, keys: ['a'], quietMs: 300, deadlineMs: 1000, signal: controller.signal });
  assert.deepEqual(result, { outcome: 'cancelled', elapsedMs: 0, changes: 0 });
  assert.equal(source.disposed, 0);
  assert.equal(source.listening, 0);
});

test('notifications after the outcome are ignored', async () => {
  const source = changeSource();
  let late: ((keys: readonly string[]) => void) | undefined;
  const result = waitForQuiet({
    subscribe: (listener) => {
      late = listener;
      return source.subscribe(listener);
    },
    keys: ['a'],
    quietMs: 100,
    deadlineMs: 1000,
  });
  mock.timers.tick(100);
  const settled = await result;
  late!(['a']);
  assert.equal(settled.changes, 0);
});

test('an injected clock replaces the global timers', async () => {
  let now = 1_000;
  const timers: Array<{ at: number; fn: () => void; live: boolean }> = [];
  const clock: SettleClock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const t = { at: now + ms, fn, live: true };
      timers.push(t);
      return t;
    },
    clearTimeout: (handle) => {
      if (handle) (handle as { live: boolean }).live = false;
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers.filter((t) => t.live && t.at <= now).sort((a, b) => a.at - b.at)) {
      t.live = false;
      t.fn();
    }
  };
  const source = changeSource();
  const result = waitForQuiet({ subscribe: source.subscribe, keys: ['a'], quietMs: 50, deadlineMs: 500, clock });
  advance(40);
  source.fire('a');
  advance(40);
  assert.equal(await pending(result), true);
  advance(10);
  assert.deepEqual(await result, { outcome: 'settled', elapsedMs: 90, changes: 1 });
  assert.equal(timers.filter((t) => t.live).length, 0);
});
