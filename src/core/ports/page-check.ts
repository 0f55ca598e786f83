// Opening a page in a headless browser: the port check_page uses. The host (src/host/browser) drives an installed
// Chromium-family browser through playwright-core, loaded on first use, and asks `checkRequest` about the page and
// every request it makes, so the address rules of web_fetch hold for all of them.

export interface PageCheckOptions {
  url: string;
  signal: AbortSignal;
  /**
   * Whether a private address may be reached (web_fetch's rules and the task's own server). The host asks it
   * about the page and about every request the page makes, after resolving each host: public addresses pass,
   * other schemes than http(s)/ws(s) and data:/blob: are refused.
   */
  allowPrivateAddress(host: string, address: string, port: number): boolean;
  /** How long to wait for the network to go quiet after the page loaded. */
  settleMs?: number;
  /** Cap of the visible text returned. */
  maxTextChars?: number;
}

export interface PageRequestFailure {
  url: string;
  method: string;
  /** `HTTP 404`, `net::ERR_CONNECTION_REFUSED`, or why Relay refused it. */
  reason: string;
  /** True when Relay's address rules refused it (it never left the browser). */
  refused?: boolean;
}

export interface PageCheckResult {
  /** Where the page ended up after redirects. */
  finalUrl: string;
  /** HTTP status of the page itself, when there was a response. */
  status?: number;
  title: string;
  /** The page's visible text (`innerText` of the body), cut at `maxTextChars`. */
  text: string;
  textTruncated: boolean;
  screenshot: { mediaType: 'image/jpeg'; data: string; width: number; height: number };
  /** The same frame, small, for the card (the model gets `screenshot`). */
  thumbnail?: { mediaType: 'image/jpeg'; data: string; width: number; height: number };
  /** Console errors and uncaught exceptions, in order. */
  consoleErrors: string[];
  /** Requests that failed, answered 4xx/5xx, or were refused. */
  failedRequests: PageRequestFailure[];
  /** False when the network never went quiet within the wait (the page keeps polling, say). */
  settled: boolean;
  /** Which browser ran it (path). */
  browser: string;
}

export type PageCheckErrorKind = 'no-browser' | 'launch' | 'blocked' | 'navigation' | 'timeout' | 'cancelled';

export class PageCheckError extends Error {
  constructor(
    readonly kind: PageCheckErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'PageCheckError';
  }
}

export interface PageChecker {
  check(options: PageCheckOptions): Promise<PageCheckResult>;
  /** Stops a browser it started. */
  dispose(): Promise<void>;
}
