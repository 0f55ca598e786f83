// Notices whose news changes share one slot (issue 38): "testing…" goes with the test, "connected" replaces it and
// goes by itself, "key is stored" and "key was removed" replace each other instead of stacking.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NoticeSlot, type NoticeTimers } from '../../../src/host/dialogs/notice-slot';

function harness() {
  const up = new Map<string, boolean>();
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const fake: NoticeTimers = {
    setTimeout: (fn, ms) => timers.push({ fn, ms, cleared: false }) - 1,
    clearTimeout: (h) => void (timers[h as number]!.cleared = true),
  };
  const slot = new NoticeSlot((text, gone) => {
    up.set(text, true);
    void gone.then(() => up.set(text, false));
  }, 10_000, fake);
  const settle = () => new Promise((r) => setImmediate(r));
  const showing = async () => {
    await settle();
    return [...up].filter(([, on]) => on).map(([text]) => text);
  };
  return { slot, timers, showing };
}

describe('notice slot', () => {
  it('a result replaces the work notice and the one before it; one notice at a time', async () => {
    const { slot, showing } = harness();
    slot.post('key is stored');
    let during: string[] = [];
    await slot.during('testing…', async () => {
      during = await showing();
    });
    assert.deepEqual(during, ['testing…'], '"key is stored" went when the test began');
    assert.deepEqual(await showing(), [], '"testing…" goes with the test');
    slot.post('connected');
    slot.post('key was removed');
    assert.deepEqual(await showing(), ['key was removed'], 'no stacking');
    assert.deepEqual(slot.posted, ['key is stored', 'testing…', 'connected', 'key was removed']);
  });

  it('a result goes by itself after the slot time; withdraw takes it down at once', async () => {
    const { slot, timers, showing } = harness();
    slot.post('connected');
    assert.equal(timers[0]!.ms, 10_000);
    timers[0]!.fn();
    assert.deepEqual(await showing(), []);
    assert.equal(slot.showing, false);
    slot.post('key is stored');
    slot.withdraw();
    assert.deepEqual(await showing(), []);
    assert.equal(timers[1]!.cleared, true, 'its timer goes with it');
  });

  it('the work notice goes when the work fails too', async () => {
    const { slot, showing } = harness();
    await assert.rejects(slot.during('testing…', async () => Promise.reject(new Error('boom'))));
    assert.deepEqual(await showing(), []);
  });
});
