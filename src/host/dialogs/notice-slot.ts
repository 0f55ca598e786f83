// Notices whose news changes (a connection test: "testing…", then "connected"; a key "stored", then "removed") go
// through one slot: a new notice withdraws the one before it, and a notice goes by itself after a while. VS Code
// cannot withdraw an information message, so the slot shows progress notifications (notice.ts); before, "testing…"
// and "connected" stayed up beside the modal saying the key was rejected, and "stored" and "removed" stacked.
// Pure (the way a notice is shown is injected), so the rule is unit-tested.

/** Shows `text` until `gone` resolves; `finished`: the news is a result (no work is under way). */
export type ShowNotice = (text: string, gone: Promise<void>, finished: boolean) => void;

export interface NoticeTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const REAL_TIMERS: NoticeTimers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };

export class NoticeSlot {
  private current: (() => void) | undefined;
  /** Every notice shown, in order (tests read them). */
  readonly posted: string[] = [];

  constructor(
    private readonly show: ShowNotice,
    /** How long a result stays up when nothing replaces it. */
    private readonly ttlMs: number,
    private readonly timers: NoticeTimers = REAL_TIMERS,
  ) {}

  /** Whether a notice of this slot is up. */
  get showing(): boolean {
    return this.current !== undefined;
  }

  /** Shows a result, withdrawing the notice before it; it goes by itself after the slot's time. */
  post(text: string): void {
    this.open(text, true);
  }

  /** Runs `work` under a notice (withdrawing the one before it); the notice goes when the work ends. */
  async during<T>(text: string, work: () => Promise<T>): Promise<T> {
    const withdraw = this.open(text, false);
    try {
      return await work();
    } finally {
      withdraw();
    }
  }

  /** Withdraws the notice up now, if any. */
  withdraw(): void {
    this.current?.();
  }

  /** Shows `text` in place of the notice up now; returns its withdrawal (a result's also runs after the slot's time). */
  private open(text: string, finished: boolean): () => void {
    this.withdraw();
    let resolve!: () => void;
    const gone = new Promise<void>((r) => (resolve = r));
    let timer: unknown;
    const withdraw = (): void => {
      if (this.current === withdraw) this.current = undefined;
      if (timer !== undefined) this.timers.clearTimeout(timer);
      resolve();
    };
    this.current = withdraw;
    this.posted.push(text);
    this.show(text, gone, finished);
    if (finished) timer = this.timers.setTimeout(withdraw, this.ttlMs);
    return withdraw;
  }
}
