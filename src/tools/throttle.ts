// Keeps card updates to a rate the chat can draw (e.g. 10 per second) however fast output or arguments arrive.

export class Throttle {
  private last = -Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: (() => void) | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Leading edge only: true when an update may go out now. For partial runs, which must not fire later. */
  tryNow(): boolean {
    const t = this.now();
    if (t - this.last < this.intervalMs) return false;
    this.last = t;
    return true;
  }

  /** Runs `update` now, or once the interval has passed (only the latest scheduled update runs). */
  schedule(update: () => void): void {
    this.pending = update;
    if (this.timer !== undefined) return;
    const wait = this.intervalMs - (this.now() - this.last);
    if (wait <= 0) {
      this.flush();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, wait);
  }

  /** Runs the scheduled update now, if any. */
  flush(): void {
    const update = this.pending;
    this.cancel();
    if (!update) return;
    this.last = this.now();
    update();
  }

  /** Drops the scheduled update. */
  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }
}
