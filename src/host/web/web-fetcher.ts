// The Node WebFetcher: http/https only, a time limit over the whole fetch, a cap on the (decompressed) body,
// a limited number of redirects, each hop checked against private addresses after DNS (pinned-request.ts),
// and the body as Markdown (HTML) or as text (text, Markdown, JSON, XML).
import type { IncomingMessage } from 'node:http';
import * as zlib from 'node:zlib';
import { WebFetchError, type WebFetcher, type WebFetchOptions, type WebPage } from '../../core/ports/web-fetch';
import { parseWebUrl } from '../../core/web/web-url';
import type { ConvertedHtml } from './html-to-markdown';
import { type Resolver, sendPinned, systemResolver } from './pinned-request';

export interface NodeWebFetcherOptions {
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  /** HTML to Markdown; the extension loads it from dist/web.js on first use. */
  convertHtml: (html: string, url: string) => ConvertedHtml;
}

export const DEFAULT_WEB_TIMEOUT_MS = 30_000;
export const DEFAULT_WEB_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_WEB_MAX_REDIRECTS = 5;

const TEXT_TYPES = /^(text\/|application\/(json|ld\+json|xml|xhtml\+xml|javascript|x-javascript|rss\+xml|atom\+xml|x-yaml|yaml|toml)\b)|\+json\b|\+xml\b/i;
const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

export class NodeWebFetcher implements WebFetcher {
  private readonly resolve: Resolver;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly maxRedirects: number;
  private readonly userAgent: string;

  constructor(private readonly options: NodeWebFetcherOptions) {
    this.resolve = options.resolve ?? systemResolver;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_WEB_TIMEOUT_MS;
    this.maxBytes = options.maxBytes ?? DEFAULT_WEB_MAX_BYTES;
    this.maxRedirects = options.maxRedirects ?? DEFAULT_WEB_MAX_REDIRECTS;
    this.userAgent = options.userAgent ?? 'Relay (VS Code coding agent; +web_fetch)';
  }

  async fetch(input: string, options: WebFetchOptions = {}): Promise<WebPage> {
    const { signal, cleanup, timedOut } = withTimeout(options.signal, this.timeoutMs);
    try {
      return await this.follow(input, options, signal);
    } catch (error) {
      if (timedOut()) throw new WebFetchError('timeout', `Fetching ${input} took longer than ${Math.round(this.timeoutMs / 1000)} s.`);
      if (options.signal?.aborted) throw new WebFetchError('cancelled', 'The fetch was cancelled.');
      throw error;
    } finally {
      cleanup();
    }
  }

  private async follow(input: string, options: WebFetchOptions, signal: AbortSignal): Promise<WebPage> {
    let url = parseWebUrl(input);
    for (let hop = 0; ; hop++) {
      const response = await sendPinned({
        url,
        headers: {
          'user-agent': this.userAgent,
          accept: 'text/html,application/xhtml+xml,text/markdown,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
        resolve: this.resolve,
        ...(options.allowPrivateAddress ? { allowPrivateAddress: options.allowPrivateAddress } : {}),
        signal,
      });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.destroy();
        if (hop >= this.maxRedirects) {
          throw new WebFetchError('too-many-redirects', `${input} redirected more than ${this.maxRedirects} times (last to ${location}).`);
        }
        url = parseWebUrl(new URL(location, url).toString(), `a redirect from ${url.toString()}`);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new WebFetchError('http-status', `${url.toString()} answered HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}.`, status);
      }
      const contentType = String(response.headers['content-type'] ?? 'text/html');
      if (!TEXT_TYPES.test(contentType)) {
        response.destroy();
        throw new WebFetchError('unsupported-content', `${url.toString()} is ${contentType.split(';')[0]}, not a web page or text; web_fetch reads only text.`);
      }
      const body = await readBody(response, this.maxBytes, signal);
      const text = decode(body.bytes, contentType);
      const finalUrl = url.toString();
      const converted = HTML_TYPES.test(contentType) ? this.options.convertHtml(text, finalUrl) : { title: '', markdown: text };
      return {
        url: input,
        finalUrl,
        title: converted.title || finalUrl,
        markdown: converted.markdown,
        contentType: contentType.split(';')[0]!.trim(),
        status,
        bytes: body.bytes.length,
        truncated: body.truncated,
      };
    }
  }
}

async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<{ bytes: Buffer; truncated: boolean }> {
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase().trim();
  const stream =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? response.pipe(zlib.createGunzip())
      : encoding === 'deflate'
        ? response.pipe(zlib.createInflate())
        : encoding === 'br'
          ? response.pipe(zlib.createBrotliDecompress())
          : response;
  const chunks: Buffer[] = [];
  let total = 0;
  let truncated = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (signal.aborted) break;
      const room = maxBytes - total;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        total += room;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      total += chunk.length;
    }
  } catch (error) {
    if (signal.aborted) throw new WebFetchError('cancelled', 'The fetch was cancelled.');
    throw new WebFetchError('network', `The response broke off: ${(error as Error).message}`);
  } finally {
    response.destroy();
  }
  if (signal.aborted) throw new WebFetchError('cancelled', 'The fetch was cancelled.');
  return { bytes: Buffer.concat(chunks, total), truncated };
}

function decode(bytes: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w.:-]+)/i.exec(contentType)?.[1] ?? sniffCharset(bytes) ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** `<meta charset>` in the first bytes of an HTML page. */
function sniffCharset(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, 2048).toString('latin1');
  return /<meta[^>]+charset=["']?([\w.:-]+)/i.exec(head)?.[1];
}

function withTimeout(outer: AbortSignal | undefined, ms: number): { signal: AbortSignal; cleanup(): void; timedOut(): boolean } {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new Error('timeout'));
  }, ms);
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    cleanup: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
    timedOut: () => expired,
  };
}
