// Reconnecting to a server that went away: exponential delays with jitter, capped, and a limit after which
// the server stays in error until the user restarts it or its configuration changes.
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  factor: number;
  /** Share of the delay randomised (0..1), so servers restarted together do not reconnect in lockstep. */
  jitter: number;
  maxAttempts: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, maxMs: 30_000, factor: 2, jitter: 0.2, maxAttempts: 6 };

/** Delay before reconnect attempt `attempt` (1-based), or undefined when attempts are used up. */
export function reconnectDelay(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number | undefined {
  if (attempt < 1 || attempt > policy.maxAttempts) return undefined;
  const plain = Math.min(policy.maxMs, policy.baseMs * policy.factor ** (attempt - 1));
  const spread = plain * policy.jitter;
  return Math.max(0, Math.round(plain - spread + random() * 2 * spread));
}
