// What the chat's background-process cards get of the process manager: `process` deltas with the state, the URLs
// and a capped tail, at most one per process per interval (output can arrive thousands of times a second), the
// last state always delivered. Pure (timers injected), so the throttling is unit-tested without a clock.
import type { ProcessCard } from '../../shared/chat-model';
import type { ProcessInfo, TaskProcesses } from '../ports/processes';

/** How much output a card shows. */
export const CARD_TAIL_CHARS = 4_096;
/** At most ten updates a second per process. */
export const CARD_INTERVAL_MS = 100;

export function toProcessCard(info: ProcessInfo, tail: string): ProcessCard {
  return {
    id: info.id,
    command: info.command,
    state: info.state,
    ...(info.exitCode !== undefined ? { exitCode: info.exitCode } : {}),
    urls: [...info.urls],
    tail: tail.length > CARD_TAIL_CHARS ? tail.slice(-CARD_TAIL_CHARS) : tail,
  };
}

/**
 * Whether a card may open this URL: only one this process printed (the webview shows model-influenced text and is
 * not trusted, so its message alone is no reason to open anything).
 */
export function isPrintedUrl(processes: Pick<TaskProcesses, 'get'>, processId: string, url: string): boolean {
  return processes.get(processId)?.urls.includes(url) ?? false;
}

export interface CardTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

type Source = Pick<TaskProcesses, 'list' | 'get' | 'tail' | 'onDidChange'>;

export class ProcessCardFeed {
  private readonly lastSent = new Map<string, number>();
  private readonly pending = new Map<string, unknown>();
  private readonly subscription: { dispose(): void };

  constructor(
    private readonly processes: Source,
    private readonly publish: (card: ProcessCard) => void,
    private readonly timers: CardTimers,
    private readonly intervalMs = CARD_INTERVAL_MS,
  ) {
    this.subscription = processes.onDidChange((change) => this.changed(change.info.id));
    for (const info of processes.list()) this.send(info.id);
  }

  private changed(id: string): void {
    if (this.pending.has(id)) return; // the scheduled send reads the state as it is then
    const wait = (this.lastSent.get(id) ?? -Infinity) + this.intervalMs - this.timers.now();
    if (wait <= 0) return this.send(id);
    this.pending.set(
      id,
      this.timers.setTimeout(() => {
        this.pending.delete(id);
        this.send(id);
      }, wait),
    );
  }

  private send(id: string): void {
    const info = this.processes.get(id);
    if (!info) return;
    this.lastSent.set(id, this.timers.now());
    this.publish(toProcessCard(info, this.processes.tail(id, CARD_TAIL_CHARS)));
  }

  dispose(): void {
    this.subscription.dispose();
    for (const handle of this.pending.values()) this.timers.clearTimeout(handle);
    this.pending.clear();
  }
}
