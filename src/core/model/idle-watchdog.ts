// Notices a stream gone quiet: fires once when `touch` has not been called for `ms`, re-armed by every touch.
// The timers are injectable so tests decide when "too long" has passed instead of racing a real clock.

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class IdleWatchdog {
  private handle: unknown;
  private armed = false;
  private stopped = false;

  /** `ms` of 0, a negative number or Infinity disables the watchdog. */
  constructor(
    private readonly ms: number,
    private readonly onIdle: () => void,
    private readonly timers: Timers = realTimers,
  ) {}

  touch(): void {
    if (this.stopped || !(this.ms > 0) || !Number.isFinite(this.ms)) return;
    if (this.armed) this.timers.clear(this.handle);
    this.armed = true;
    this.handle = this.timers.set(() => {
      this.armed = false;
      this.stopped = true;
      this.onIdle();
    }, this.ms);
  }

  /** Not counting for now (the caller holds an event, so a slow reader is not a silent server); touch resumes. */
  pause(): void {
    if (this.armed) this.timers.clear(this.handle);
    this.armed = false;
  }

  stop(): void {
    this.stopped = true;
    if (this.armed) this.timers.clear(this.handle);
    this.armed = false;
  }
}
