// At most N tasks at once (the rest wait in order); in a folder without git, writers one at a time per folder.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TaskScheduler } from '../../../src/core/tasks/task-scheduler';

const tick = () => new Promise((r) => setImmediate(r));

function track(s: TaskScheduler, id: string, writes = true, sharedFolder?: string) {
  const state = { granted: undefined as boolean | undefined };
  void s.acquire({ taskId: id, writes, sharedFolder }).then((g) => (state.granted = g));
  return state;
}

describe('task scheduler', () => {
  test('four tasks run by default; the fifth waits and starts when one ends', async () => {
    const s = new TaskScheduler();
    const t = ['a', 'b', 'c', 'd', 'e'].map((id) => track(s, id));
    await tick();
    assert.deepEqual(t.map((x) => x.granted), [true, true, true, true, undefined]);
    assert.deepEqual(s.queued(), ['e']);
    s.release('b');
    await tick();
    assert.equal(t[4]!.granted, true);
    assert.deepEqual(s.active().sort(), ['a', 'c', 'd', 'e']);
  });

  test('raising the limit starts waiting tasks at once; a cancelled one never starts', async () => {
    const s = new TaskScheduler(1);
    const a = track(s, 'a');
    const b = track(s, 'b');
    const c = track(s, 'c');
    await tick();
    assert.deepEqual([a.granted, b.granted, c.granted], [true, undefined, undefined]);
    s.cancel('b');
    s.setLimit(3);
    await tick();
    assert.deepEqual([a.granted, b.granted, c.granted], [true, false, true]);
  });

  test('in a shared folder writers run one after the other in order; read-only tasks pass them', async () => {
    const s = new TaskScheduler(4);
    const w1 = track(s, 'w1', true, '/f');
    const w2 = track(s, 'w2', true, '/f');
    const r1 = track(s, 'r1', false, '/f');
    const w3 = track(s, 'w3', true, '/f');
    const other = track(s, 'o', true, '/g');
    await tick();
    assert.deepEqual([w1.granted, w2.granted, r1.granted, w3.granted, other.granted], [true, undefined, true, undefined, true]);
    s.release('w1');
    await tick();
    assert.deepEqual([w2.granted, w3.granted], [true, undefined], 'the second writer, not the third');
    s.release('w2');
    await tick();
    assert.equal(w3.granted, true);
  });

  test('asking again for a running task does not take a second slot', async () => {
    const s = new TaskScheduler(1);
    assert.equal(await s.acquire({ taskId: 'a', writes: true }), true);
    assert.equal(await s.acquire({ taskId: 'a', writes: true }), true);
    assert.deepEqual(s.active(), ['a']);
  });
});
