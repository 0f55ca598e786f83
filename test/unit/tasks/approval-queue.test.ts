// Approvals from many tasks are shown one at a time, first in first out; the asking task waits, others go on.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApprovalQueue, type QueuedApproval } from '../../../src/core/tasks/approval-queue';

/** A presenter the test answers by hand, recording what was shown. */
function manualPresenter() {
  const shown: QueuedApproval<string>[] = [];
  const open: { resolve(a: string): void; reject(e: Error): void }[] = [];
  const present = (item: QueuedApproval<string>) =>
    new Promise<string>((resolve, reject) => {
      shown.push(item);
      open.push({ resolve, reject });
    });
  return { shown, present, answer: (a: string) => open.shift()!.resolve(a), fail: (e: Error) => open.shift()!.reject(e) };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('approval queue', () => {
  test('requests from several tasks are shown one at a time in order of arrival', async () => {
    const p = manualPresenter();
    const q = new ApprovalQueue<string, string>(p.present);
    const a = q.ask('t1', 'rm a');
    const b = q.ask('t2', 'npm i');
    const c = q.ask('t1', 'write b');
    await tick();
    assert.deepEqual(p.shown.map((s) => s.request), ['rm a'], 'only the first is on screen');
    assert.deepEqual(q.pending().map((s) => [s.taskId, s.request]), [['t1', 'rm a'], ['t2', 'npm i'], ['t1', 'write b']]);
    p.answer('allow');
    assert.equal(await a, 'allow');
    await tick();
    assert.deepEqual(p.shown.map((s) => s.request), ['rm a', 'npm i']);
    p.answer('deny');
    assert.equal(await b, 'deny');
    await tick();
    p.answer('allow');
    assert.equal(await c, 'allow');
    assert.equal(q.pending().length, 0);
  });

  test('a task waiting for its answer does not hold up the others being asked later', async () => {
    const p = manualPresenter();
    const q = new ApprovalQueue<string, string>(p.present);
    void q.ask('t1', 'x');
    await tick();
    assert.equal(q.isWaiting('t1'), true);
    assert.equal(q.isWaiting('t2'), false, 'another task runs on');
  });

  test('discarding a task answers its queued requests and leaves the one on screen', async () => {
    const p = manualPresenter();
    const q = new ApprovalQueue<string, string>(p.present);
    const shown = q.ask('t1', 'first');
    const queued = q.ask('t1', 'second');
    const other = q.ask('t2', 'third');
    await tick();
    q.cancel('t1', 'deny');
    assert.equal(await queued, 'deny');
    p.answer('allow');
    assert.equal(await shown, 'allow');
    await tick();
    assert.deepEqual(p.shown.map((s) => s.request), ['first', 'third']);
    p.answer('allow');
    assert.equal(await other, 'allow');
  });

  test('a presenter that fails rejects that request and the queue goes on', async () => {
    const p = manualPresenter();
    const q = new ApprovalQueue<string, string>(p.present);
    const a = q.ask('t1', 'a');
    const b = q.ask('t2', 'b');
    await tick();
    p.fail(new Error('modal closed'));
    await assert.rejects(a, /modal closed/);
    await tick();
    p.answer('allow');
    assert.equal(await b, 'allow');
  });
});
