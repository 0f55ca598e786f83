import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { untilAborted } from '../../../src/core/model/until-aborted';

/** A stream that yields its items, then hangs until it is returned (a held response that ignores the abort). */
function stuckAfter<T>(items: readonly T[]): { source: AsyncIterable<T>; returned: () => boolean } {
  let returned = false;
  const source: AsyncIterable<T> = {
    [Symbol.asyncIterator]() {
      let i = 0;
      return {
        next: () => (i < items.length ? Promise.resolve({ done: false, value: items[i++]! }) : new Promise<IteratorResult<T>>(() => undefined)),
        return: () => {
          returned = true;
          return Promise.resolve({ done: true, value: undefined });
        },
      };
    },
  };
  return { source, returned: () => returned };
}

describe('untilAborted', () => {
  test('a stream that ignores the abort ends for its reader at the abort, and is told to clean up', async () => {
    const controller = new AbortController();
    const stuck = stuckAfter(['a', 'b']);
    const seen: string[] = [];
    const reading = (async () => {
      for await (const item of untilAborted(stuck.source, controller.signal)) {
        seen.push(item);
        if (seen.length === 2) setTimeout(() => controller.abort(), 5);
      }
    })();
    await reading;
    assert.deepEqual(seen, ['a', 'b']);
    assert.equal(stuck.returned(), true);
  });

  test('a stream that ends is read whole and not returned early', async () => {
    async function* three() {
      yield 1;
      yield 2;
      yield 3;
    }
    const seen: number[] = [];
    for await (const n of untilAborted(three(), new AbortController().signal)) seen.push(n);
    assert.deepEqual(seen, [1, 2, 3]);
  });

  test('already aborted: nothing is read', async () => {
    const controller = new AbortController();
    controller.abort();
    let started = false;
    const source: AsyncIterable<number> = {
      [Symbol.asyncIterator]() {
        started = true;
        return { next: () => Promise.resolve({ done: true, value: undefined }) };
      },
    };
    const seen: number[] = [];
    for await (const n of untilAborted(source, controller.signal)) seen.push(n);
    assert.deepEqual(seen, []);
    assert.equal(started, false);
  });
});
