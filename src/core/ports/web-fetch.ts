// Fetching a web page as Markdown: the port web_fetch and `@https://…` mentions use. The Node implementation
// (src/host/web) refuses private addresses after DNS resolution and on every redirect, pins the connection to
// the address it checked, caps time, size and redirects, and turns HTML into Markdown.

export interface WebFetchOptions {
  signal?: AbortSignal;
  /**
   * Whether a private, loopback or link-local address may be reached for this host (a rule the user wrote).
   * Called with the URL's host name, the resolved address and the port the request goes to (the URL's, or 80
   * / 443); without it every such address is refused.
   */
  allowPrivateAddress?: (host: string, address: string, port: number) => boolean;
}

export interface WebPage {
  /** The URL asked for. */
  url: string;
  /** Where the last redirect led. */
  finalUrl: string;
  /** The page's title (from the article or `<title>`), or the URL when it has none. */
  title: string;
  /** The page as Markdown (HTML), or as is (plain text, Markdown, JSON, XML). */
  markdown: string;
  contentType: string;
  status: number;
  /** Bytes of the body read (after decompression). */
  bytes: number;
  /** True when the body was cut at the size cap. */
  truncated: boolean;
}

export type WebFetchErrorKind =
  | 'invalid-url'
  | 'blocked-address'
  | 'dns'
  | 'timeout'
  | 'too-many-redirects'
  | 'http-status'
  | 'unsupported-content'
  | 'network'
  | 'cancelled';

export class WebFetchError extends Error {
  constructor(
    readonly kind: WebFetchErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'WebFetchError';
  }
}

export interface WebFetcher {
  fetch(url: string, options?: WebFetchOptions): Promise<WebPage>;
}
