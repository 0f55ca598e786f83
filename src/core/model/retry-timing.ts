// When to try a failed model request again: the server's Retry-After when it sent one (capped), otherwise
// exponential backoff with full jitter so many clients that failed together do not retry together.

/** What the SDKs' error objects expose: the response headers, read by name. */
export interface HeaderReader {
  get(name: string): string | null;
}

export interface BackoffOptions {
  /** The first retry waits up to this long; each later one up to twice the previous bound. */
  baseDelayMs: number;
  /** No backoff bound grows past this. */
  maxDelayMs: number;
  /** A server's Retry-After longer than this is cut to it. */
  maxRetryAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseDelayMs: 1_000, maxDelayMs: 30_000, maxRetryAfterMs: 60_000 };

/**
 * The wait a server asked for, in milliseconds: `retry-after-ms` (Anthropic and OpenAI send it) wins over
 * `retry-after`, which is either seconds or an HTTP date. Undefined when neither header is usable.
 */
export function retryAfterMs(headers: HeaderReader | undefined, nowMs: number): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const header = headers.get('retry-after')?.trim();
  if (!header) return undefined;
  if (/^\d+(\.\d+)?$/.test(header)) return Number(header) * 1000;
  // An HTTP date names its day and month; Date.parse would also take "-3" as a year.
  if (!/[a-z]{3}/i.test(header)) return undefined;
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** Full jitter: uniformly between 0 and min(max, base * 2^retry); `retry` counts from 0. */
export function backoffDelayMs(retry: number, random: () => number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const bound = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  return Math.floor(random() * bound);
}

/** The delay before retry number `retry` (0-based): the server's wish, capped, or the jittered backoff. */
export function retryDelayMs(
  retry: number,
  serverRetryAfterMs: number | undefined,
  random: () => number,
  options: BackoffOptions = DEFAULT_BACKOFF,
): number {
  if (serverRetryAfterMs !== undefined) return Math.min(serverRetryAfterMs, options.maxRetryAfterMs);
  return backoffDelayMs(retry, random, options);
}

/** Waits `ms`, or less when `signal` aborts (the caller checks the signal afterwards). */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
