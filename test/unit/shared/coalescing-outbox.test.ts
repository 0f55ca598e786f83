import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ChatState } from '../../../src/shared/chat-reducer';
import type { ChatDelta, ToolCardStatus } from '../../../src/shared/chat-model';
import { CoalescingOutbox, type OutboxClock } from '../../../src/shared/coalescing-outbox';

/** A manual clock: timers fire only when the test advances time. */
class FakeClock implements OutboxClock {
  time = 1_000;
  private timers: { at: number; callback: () => void; id: number }[] = [];
  private nextId = 1;
  now = () => this.time;
  setTimeout = (callback: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, callback, id });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };
  get pendingTimers(): number {
    return this.timers.length;
  }
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > until) break;
      this.timers.shift();
      this.time = next.at;
      next.callback();
    }
    this.time = until;
  }
}

const status = (callId: string, state: ToolCardStatus['state'], showTip?: string): ToolCardStatus => ({
  callId, toolName: 't', displayName: 'T', state, partial: false, blocks: [], startTime: 0, ...(showTip ? { showTip } : {}),
});

function setup(intervalMs = 16) {
  const clock = new FakeClock();
  const sent: { at: number; deltas: ChatDelta[] }[] = [];
  const outbox = new CoalescingOutbox((deltas) => sent.push({ at: clock.time, deltas }), { intervalMs, clock });
  return { clock, sent, outbox };
}

describe('coalescing outbox', () => {
  it('sends the first delta after a quiet period on the next tick, with whatever joined it in the same tick', () => {
    const { clock, sent, outbox } = setup();
    outbox.enqueue({ type: 'itemAdded', item: { kind: 'user', id: 'u', text: 'hi', ts: 0 } });
    outbox.enqueue({ type: 'task', task: { id: 't', title: 'T', running: true } });
    assert.equal(sent.length, 0, 'never synchronously');
    clock.advance(0);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.deltas.length, 2);
  });

  it('flushes at most once per interval however fast deltas arrive', () => {
    const { clock, sent, outbox } = setup();
    for (let ms = 0; ms < 1_000; ms++) {
      outbox.enqueue({ type: 'textDelta', id: 'a', text: 'x' });
      clock.advance(1);
    }
    clock.advance(100);
    assert.ok(sent.length <= Math.ceil(1_000 / 16) + 1, `${sent.length} flushes for 1 s`);
    for (let i = 1; i < sent.length; i++) assert.ok(sent[i]!.at - sent[i - 1]!.at >= 16, `flushes ${i - 1} and ${i} are ${sent[i]!.at - sent[i - 1]!.at} ms apart`);
    const text = sent.flatMap((s) => s.deltas).map((d) => (d.type === 'textDelta' ? d.text : '')).join('');
    assert.equal(text.length, 1_000, 'no token lost');
    assert.equal(clock.pendingTimers, 0, 'no timer left once idle');
  });

  it('merges consecutive textDeltas for the same id only', () => {
    const { clock, sent, outbox } = setup();
    const original: ChatDelta = { type: 'textDelta', id: 'a', text: 'Hel' };
    outbox.enqueue(original);
    outbox.enqueue({ type: 'textDelta', id: 'a', text: 'lo' });
    outbox.enqueue({ type: 'textDelta', id: 'b', text: 'B' });
    outbox.enqueue({ type: 'textDelta', id: 'a', text: '!' });
    outbox.enqueue({ type: 'itemDone', id: 'a' });
    outbox.enqueue({ type: 'textDelta', id: 'a', text: '?' });
    clock.advance(0);
    assert.deepEqual(sent[0]!.deltas, [
      { type: 'textDelta', id: 'a', text: 'Hello' },
      { type: 'textDelta', id: 'b', text: 'B' },
      { type: 'textDelta', id: 'a', text: '!' },
      { type: 'itemDone', id: 'a' },
      { type: 'textDelta', id: 'a', text: '?' },
    ]);
    assert.equal((original as { text: string }).text, 'Hel', "the publisher's delta is not modified");
  });

  it('keeps only the last status of a call, at the place of its first', () => {
    const { clock, sent, outbox } = setup();
    outbox.enqueue({ type: 'toolStatus', status: status('c1', 'waiting') });
    outbox.enqueue({ type: 'toolStatus', status: status('c2', 'waiting') });
    outbox.enqueue({ type: 'toolStatus', status: status('c1', 'running', 'reading') });
    outbox.enqueue({ type: 'textDelta', id: 'a', text: 'x' });
    outbox.enqueue({ type: 'toolStatus', status: status('c1', 'success') });
    clock.advance(0);
    assert.deepEqual(sent[0]!.deltas, [
      { type: 'toolStatus', status: status('c1', 'success') },
      { type: 'toolStatus', status: status('c2', 'waiting') },
      { type: 'textDelta', id: 'a', text: 'x' },
    ]);
  });

  it('does not merge a status across a reset or across the itemAdded that shows that call', () => {
    const { clock, sent, outbox } = setup();
    outbox.enqueue({ type: 'toolStatus', status: status('c1', 'waiting') });
    outbox.enqueue({ type: 'reset', task: undefined, items: [] });
    outbox.enqueue({ type: 'toolStatus', status: status('c1', 'running') });
    outbox.enqueue({ type: 'itemAdded', item: { kind: 'tool', id: 'tool-1', status: status('c1', 'running') } });
    outbox.enqueue({ type: 'toolStatus', status: status('c1', 'success') });
    clock.advance(0);
    assert.deepEqual(sent[0]!.deltas.map((d) => (d.type === 'toolStatus' ? `status:${d.status.state}` : d.type)), [
      'status:waiting',
      'reset',
      'status:running',
      'itemAdded',
      'status:success',
    ]);
  });

  it('an itemAdded is a barrier for queued statuses: the item may take the place of that call’s card', () => {
    // Found by the property below: t1 first shows c1, then is replaced by an item for c2, so c1's next status
    // must create a new card after it, not update the queued one before it.
    const { clock, sent, outbox } = setup();
    outbox.enqueue({ type: 'itemAdded', item: { kind: 'tool', id: 't1', status: status('c1', 'waiting') } });
    outbox.enqueue({ type: 'toolStatus', status: status('c1', 'running') });
    outbox.enqueue({ type: 'itemAdded', item: { kind: 'tool', id: 't1', status: status('c2', 'waiting') } });
    outbox.enqueue({ type: 'toolStatus', status: status('c1', 'success') });
    clock.advance(0);
    assert.equal(sent[0]!.deltas.length, 4);
  });

  it('whole-value deltas (task, settings, history) keep only the newest', () => {
    const { clock, sent, outbox } = setup();
    outbox.enqueue({ type: 'task', task: { id: 't', title: 'A', running: true } });
    outbox.enqueue({ type: 'settings', settings: { mode: 'default', model: undefined } });
    outbox.enqueue({ type: 'task', task: { id: 't', title: 'B', running: false } });
    outbox.enqueue({ type: 'settings', settings: { mode: 'plan', model: undefined } });
    clock.advance(0);
    assert.deepEqual(sent[0]!.deltas, [
      { type: 'task', task: { id: 't', title: 'B', running: false } },
      { type: 'settings', settings: { mode: 'plan', model: undefined } },
    ]);
  });

  it('flush sends now; discard drops the queue and its timer', () => {
    const { clock, sent, outbox } = setup();
    outbox.enqueue({ type: 'textDelta', id: 'a', text: 'x' });
    outbox.flush();
    assert.equal(sent.length, 1);
    outbox.enqueue({ type: 'textDelta', id: 'a', text: 'y' });
    assert.equal(outbox.pending, 1);
    outbox.discard();
    assert.equal(outbox.pending, 0);
    clock.advance(100);
    assert.equal(sent.length, 1);
    outbox.flush();
    assert.equal(sent.length, 1, 'an empty flush sends nothing');
  });
});

describe('coalescing outbox + reducer: coalescing never changes the outcome', () => {
  it('a receiver applying the batches ends with the snapshot of one applying every delta (property)', () => {
    // Overlapping names on purpose: an answer may take a tool item's id and the other way round.
    const ids = ['a', 'b', 'c1'];
    const calls = ['c1', 'c2'];
    const states: ToolCardStatus['state'][] = ['waiting', 'running', 'success'];
    const delta: fc.Arbitrary<ChatDelta> = fc.oneof(
      fc.record({ type: fc.constant('itemAdded' as const), item: fc.constantFrom(...ids).map((id) => ({ kind: 'assistant' as const, id, text: '', ts: 0, streaming: true })) }),
      fc.record({ type: fc.constant('itemAdded' as const), item: fc.tuple(fc.constantFrom('t1', 't2', 'a'), fc.constantFrom(...calls)).map(([id, c]) => ({ kind: 'tool' as const, id, status: status(c, 'waiting') })) }),
      fc.record({ type: fc.constant('textDelta' as const), id: fc.constantFrom(...ids), text: fc.string({ minLength: 1, maxLength: 3 }) }),
      fc.record({ type: fc.constant('itemDone' as const), id: fc.constantFrom(...ids) }),
      fc.tuple(fc.constantFrom(...calls), fc.constantFrom(...states), fc.string({ maxLength: 2 })).map(([c, s, tip]) => ({ type: 'toolStatus' as const, status: status(c, s, tip || undefined) })),
      fc.constant<ChatDelta>({ type: 'reset', task: undefined, items: [] }),
      fc.string({ maxLength: 2 }).map((title): ChatDelta => ({ type: 'task', task: { id: 't', title, running: true } })),
    );
    // Each step: enqueue a delta, sometimes let time pass (so batches split at random points).
    const step = fc.tuple(delta, fc.constantFrom(0, 0, 0, 5, 20));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const direct = new ChatState();
        const received = new ChatState();
        const { clock, outbox } = (() => {
          const clock = new FakeClock();
          const outbox = new CoalescingOutbox((deltas) => deltas.forEach((d) => received.apply(d)), { clock });
          return { clock, outbox };
        })();
        for (const [d, wait] of steps) {
          direct.apply(d);
          outbox.enqueue(d);
          clock.advance(wait);
        }
        clock.advance(100);
        assert.deepEqual(received.snapshot, direct.snapshot);
      }),
      { numRuns: Number(process.env.RELAY_PROPERTY_RUNS ?? 3_000) },
    );
  });
});
