// Turns the agent's stream of small ChatDeltas into at most one webview message per frame interval.
// A model streams 50-200 tokens per second and a tool card's status changes as fast; posting each one would
// flood the webview's message queue, and posting the whole conversation per update (Roo's mistake) is O(n).
// Pure: no vscode, no DOM; the timer and clock are injectable for tests.
import type { ChatDelta } from './chat-model';

export interface OutboxClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** A 60 Hz frame is 16.7 ms; timers fire in whole milliseconds, so 17 keeps us at or under 60 messages a second. */
export const FRAME_INTERVAL_MS = 17;

const realClock: OutboxClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface CoalescingOutboxOptions {
  intervalMs?: number;
  clock?: OutboxClock;
}

export class CoalescingOutbox {
  private queue: ChatDelta[] = [];
  /**
   * Deltas that carry a whole value (a tool call's merged status, the task, settings, history) by key →
   * their position in the queue: a newer one overwrites the queued one in place, so a card keeps the place
   * where it first appeared and the webview never applies a state that is already stale.
   */
  private replaceable = new Map<string, number>();
  private timer: unknown;
  private lastFlush = Number.NEGATIVE_INFINITY;
  private readonly intervalMs: number;
  private readonly clock: OutboxClock;

  constructor(
    private readonly send: (deltas: ChatDelta[]) => void,
    options: CoalescingOutboxOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? FRAME_INTERVAL_MS;
    this.clock = options.clock ?? realClock;
  }

  get pending(): number {
    return this.queue.length;
  }

  enqueue(delta: ChatDelta): void {
    this.merge(delta);
    this.schedule();
  }

  /** Sends what is queued now (e.g. before the view goes away). */
  flush(): void {
    this.cancelTimer();
    if (this.queue.length === 0) return;
    const deltas = this.queue;
    this.queue = [];
    this.replaceable.clear();
    this.lastFlush = this.clock.now();
    this.send(deltas);
  }

  /** Drops what is queued: the receiver is about to get a snapshot that already includes it. */
  discard(): void {
    this.cancelTimer();
    this.queue = [];
    this.replaceable.clear();
  }

  dispose(): void {
    this.discard();
  }

  private merge(delta: ChatDelta): void {
    if (delta.type === 'reset') {
      // Nothing queued before a reset can be merged with anything after it.
      this.replaceable.clear();
    } else if (delta.type === 'itemAdded') {
      // An added item may take the place of a tool item (same id, or the same call): a status queued before it
      // must not be moved past it. Items are added once per message, so streaming still merges between them.
      for (const key of this.replaceable.keys()) if (key.startsWith('tool:')) this.replaceable.delete(key);
    } else if (delta.type === 'textDelta' || delta.type === 'thinkingDelta') {
      const last = this.queue[this.queue.length - 1];
      if (last?.type === delta.type && last.id === delta.id) {
        // A new object: the queued one may be the publisher's own.
        this.queue[this.queue.length - 1] = { type: delta.type, id: delta.id, text: last.text + delta.text };
        return;
      }
    }
    const key = replaceKey(delta);
    if (key !== undefined) {
      const at = this.replaceable.get(key);
      if (at !== undefined) {
        this.queue[at] = delta;
        return;
      }
      this.replaceable.set(key, this.queue.length);
    }
    this.queue.push(delta);
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    // Leading edge: the first delta after a quiet interval goes out on the next tick (same-tick deltas join it);
    // later ones wait until a full interval has passed since the previous flush.
    const wait = Math.max(0, Math.ceil(this.lastFlush + this.intervalMs - this.clock.now()));
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, wait);
  }

  private cancelTimer(): void {
    if (this.timer === undefined) return;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function replaceKey(delta: ChatDelta): string | undefined {
  switch (delta.type) {
    case 'toolStatus':
      return `tool:${delta.status.callId}`;
    case 'task':
    case 'settings':
    case 'history':
    case 'welcome':
    case 'trustChanged':
      return delta.type;
    default:
      return undefined;
  }
}
