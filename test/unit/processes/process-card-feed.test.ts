import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProcessCard } from '../../../src/shared/chat-model';
import type { ProcessChange, ProcessInfo } from '../../../src/core/ports/processes';
import { CARD_TAIL_CHARS, isPrintedUrl, ProcessCardFeed, toProcessCard } from '../../../src/core/processes/process-card-feed';

/** A fake clock and timer queue: time moves only when the test says. */
class FakeTimers {
  time = 1_000;
  private queue: { at: number; run: () => void; id: number }[] = [];
  private ids = 0;
  now = () => this.time;
  setTimeout = (run: () => void, ms: number) => {
    const id = ++this.ids;
    this.queue.push({ at: this.time + ms, run, id });
    return id;
  };
  clearTimeout = (id: unknown) => {
    this.queue = this.queue.filter((t) => t.id !== id);
  };
  get scheduled() {
    return this.queue.length;
  }
  advance(ms: number) {
    this.time += ms;
    for (const t of this.queue.filter((q) => q.at <= this.time)) {
      this.queue = this.queue.filter((q) => q !== t);
      t.run();
    }
  }
}

const info = (overrides: Partial<ProcessInfo> = {}): ProcessInfo => ({
  id: 'p1', taskId: 't', command: 'node server.js', cwd: '/w', state: 'starting', urls: [], ports: [], startedAt: 0, background: true, ...overrides,
});

function source(initial: ProcessInfo[] = []) {
  const infos = new Map(initial.map((i) => [i.id, i]));
  const output = new Map<string, string>();
  const listeners = new Set<(c: ProcessChange) => void>();
  return {
    list: () => [...infos.values()],
    get: (id: string) => infos.get(id),
    tail: (id: string, max: number) => (output.get(id) ?? '').slice(-max),
    onDidChange: (l: (c: ProcessChange) => void) => (listeners.add(l), { dispose: () => listeners.delete(l) }),
    change(next: ProcessInfo, out = '') {
      infos.set(next.id, next);
      if (out) output.set(next.id, (output.get(next.id) ?? '') + out);
      for (const l of listeners) l({ info: next, ...(out ? { output: out } : {}) });
    },
    listeners,
  };
}

describe('background process cards feed', () => {
  it('sends the processes already running, then at most one card per interval per process, the last state always', () => {
    const timers = new FakeTimers();
    const src = source([info({ id: 'p0', state: 'ready' })]);
    const sent: ProcessCard[] = [];
    const feed = new ProcessCardFeed(src, (c) => sent.push(c), timers, 100);
    assert.deepEqual(sent.map((c) => c.id), ['p0']);

    src.change(info(), 'booting\n');
    assert.equal(sent.length, 2, 'the first change of a process goes at once');
    for (let i = 0; i < 500; i++) src.change(info(), `line ${i}\n`);
    src.change(info({ state: 'ready', urls: ['http://127.0.0.1:4000/'] }), 'listening on http://127.0.0.1:4000/\n');
    assert.equal(sent.length, 2, 'a burst within the interval waits');
    assert.equal(timers.scheduled, 1, 'one timer for the whole burst');
    timers.advance(99);
    assert.equal(sent.length, 2);
    timers.advance(1);
    assert.equal(sent.length, 3);
    const last = sent[2]!;
    assert.equal(last.state, 'ready', 'the state as it is when sent');
    assert.deepEqual(last.urls, ['http://127.0.0.1:4000/']);
    assert.match(last.tail, /listening on http:\/\/127\.0\.0\.1:4000\/\n$/);
    assert.ok(last.tail.length <= CARD_TAIL_CHARS);

    src.change(info({ id: 'p0', state: 'stopped' }));
    assert.equal(sent.length, 4, 'another process has its own interval');
    assert.equal(sent[3]!.state, 'stopped');

    src.change(info({ state: 'stopped' }));
    feed.dispose();
    assert.equal(timers.scheduled, 0, 'disposing clears the pending send');
    assert.equal(src.listeners.size, 0);
  });

  it('caps the tail and copies the URLs', () => {
    const urls = ['http://localhost:1/'];
    const card = toProcessCard(info({ urls, exitCode: 0, state: 'exited' }), 'x'.repeat(CARD_TAIL_CHARS + 10) + 'end');
    assert.equal(card.tail.length, CARD_TAIL_CHARS);
    assert.ok(card.tail.endsWith('end'));
    assert.notEqual(card.urls, urls);
    assert.equal(card.exitCode, 0);
  });

  it('a card opens only a URL its process printed', () => {
    const src = source([info({ urls: ['http://127.0.0.1:4000/'] })]);
    assert.equal(isPrintedUrl(src, 'p1', 'http://127.0.0.1:4000/'), true);
    assert.equal(isPrintedUrl(src, 'p1', 'http://127.0.0.1:4000/admin'), false);
    assert.equal(isPrintedUrl(src, 'p1', 'file:///etc/passwd'), false);
    assert.equal(isPrintedUrl(src, 'p2', 'http://127.0.0.1:4000/'), false, 'another process id');
  });
});
