// Waiting for diagnostics to settle: resolve once the watched keys have been quiet for quietMs, or at the deadline.
// Timers come from an injectable clock so tests drive it with mock timers instead of sleeping.

export interface SettleClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The global timers, looked up at call time so mocked timers are honoured. */
export const systemClock: SettleClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface WaitForQuietOptions {
  /** Subscribes to change notifications (e.g. languages.onDidChangeDiagnostics, mapped to URI strings). */
  subscribe: (listener: (changedKeys: readonly string[]) => void) => { dispose(): void };
  /** The keys (e.g. file URIs) whose changes restart the quiet period. */
  keys: readonly string[];
  quietMs: number;
  /** Give up after this long, measured from the call. */
  deadlineMs: number;
  signal?: AbortSignal;
  clock?: SettleClock;
}

export type SettleOutcome = 'settled' | 'deadline' | 'cancelled';

export interface SettleResult {
  outcome: SettleOutcome;
  elapsedMs: number;
  /** How many notifications touched the watched keys. */
  changes: number;
}

export function waitForQuiet(options: WaitForQuietOptions): Promise<SettleResult> {
  const clock = options.clock ?? systemClock;
  const started = clock.now();
  const watched = new Set(options.keys);
  let changes = 0;

  return new Promise<SettleResult>((resolve) => {
    if (options.signal?.aborted) {
      resolve({ outcome: 'cancelled', elapsedMs: 0, changes });
      return;
    }
    // Filled in below; `finish` may run before all are set (an already-due timer, a synchronous notification).
    const live: { quietTimer?: unknown; deadlineTimer?: unknown; subscription?: { dispose(): void } } = {};
    let finished = false;
    const finish = (outcome: SettleOutcome) => {
      if (finished) return;
      finished = true;
      clock.clearTimeout(live.quietTimer);
      clock.clearTimeout(live.deadlineTimer);
      live.subscription?.dispose();
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ outcome, elapsedMs: clock.now() - started, changes });
    };
    const restartQuiet = () => {
      clock.clearTimeout(live.quietTimer);
      live.quietTimer = clock.setTimeout(() => finish('settled'), options.quietMs);
    };
    const onAbort = () => finish('cancelled');

    // The quiet timer starts first: with nothing arriving, it settles after quietMs.
    restartQuiet();
    live.deadlineTimer = clock.setTimeout(() => finish('deadline'), options.deadlineMs);
    live.subscription = options.subscribe((changedKeys) => {
      if (finished || !changedKeys.some((k) => watched.has(k))) return;
      changes++;
      restartQuiet();
    });
    if (finished) live.subscription.dispose();
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
