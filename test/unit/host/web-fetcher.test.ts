import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { WebFetchError } from '../../../src/core/ports/web-fetch';
import { htmlToMarkdown } from '../../../src/host/web/html-to-markdown';
import type { Resolver } from '../../../src/host/web/pinned-request';
import { NodeWebFetcher } from '../../../src/host/web/web-fetcher';

const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/web', name));

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
const seen: { url: string; host: string }[] = [];
let server: Server;
let port: number;

/** Names the tests use, all pointing at the local server (or at addresses nothing listens on). */
const names: Record<string, string> = { 'docs.test': '127.0.0.1', 'other.test': '127.0.0.1', 'lan.test': '192.168.1.20', 'loop2.test': '127.0.0.2' };
let lookups: string[] = [];
const resolver: Resolver = async (host) => {
  lookups.push(host);
  const address = names[host];
  if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};
/** A rule that lets web_fetch reach 127.0.0.1 (and nothing else private). */
const allowLoopbackServer = (_host: string, address: string) => address === '127.0.0.1';

function fetcher(options: Partial<ConstructorParameters<typeof NodeWebFetcher>[0]> = {}) {
  return new NodeWebFetcher({ resolve: resolver, convertHtml: htmlToMarkdown, ...options });
}
const at = (host: string, path: string) => `http://${host}:${port}${path}`;

async function rejectsWith(promise: Promise<unknown>, kind: string, pattern?: RegExp): Promise<WebFetchError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof WebFetchError, `expected a WebFetchError, got ${String(error)}`);
    assert.equal(error.kind, kind, error.message);
    if (pattern) assert.match(error.message, pattern);
    return error;
  }
  assert.fail(`expected a ${kind} error`);
}

before(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', host: req.headers.host ?? '' });
    const handler = routes.get(req.url ?? '');
    if (handler) handler(req, res);
    else res.writeHead(404, 'Not Found').end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const html = (body: Buffer | string, extra: Record<string, string> = {}): Handler => (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...extra }).end(body);
  routes.set('/article', html(fixture('article.html')));
  routes.set('/gzip', html(gzipSync(fixture('article.html')), { 'content-encoding': 'gzip' }));
  routes.set('/latin1', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(fixture('latin1.html')));
  routes.set('/plain', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('line one\nline two'));
  routes.set('/image', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10)));
  routes.set('/big', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(50_000)));
  routes.set('/hang', () => {});
  routes.set('/to-article', (_req, res) => res.writeHead(301, { location: '/article' }).end());
  routes.set('/to-other-name', (_req, res) => res.writeHead(302, { location: at('other.test', '/article') }).end());
  routes.set('/to-lan', (_req, res) => res.writeHead(302, { location: at('lan.test', '/article') }).end());
  routes.set('/to-file', (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
  routes.set('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
});

after(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('web fetcher', () => {
  it('fetches a page through the checked address and returns it as Markdown', async () => {
    lookups = [];
    const page = await fetcher().fetch(at('docs.test', '/article'), { allowPrivateAddress: allowLoopbackServer });
    assert.match(page.title, /^json — JSON encoder and decoder/);
    assert.match(page.markdown, /## Basic usage/);
    assert.equal(page.finalUrl, at('docs.test', '/article'));
    assert.equal(page.contentType, 'text/html');
    assert.equal(page.truncated, false);
    // One lookup of ours and no other: Node connected to the address we checked (pinned), with the name as Host.
    assert.deepEqual(lookups, ['docs.test']);
    assert.equal(seen.at(-1)!.host, `docs.test:${port}`);
  });

  it('refuses a name that resolves to a private address when no rule allows it, before connecting', async () => {
    const before = seen.length;
    await rejectsWith(fetcher().fetch(at('docs.test', '/article')), 'blocked-address', /docs\.test resolves to 127\.0\.0\.1/);
    await rejectsWith(fetcher().fetch(at('127.0.0.1', '/article')), 'blocked-address');
    await rejectsWith(fetcher().fetch(`http://[::1]:${port}/article`), 'blocked-address');
    await rejectsWith(fetcher().fetch(`http://[::ffff:127.0.0.1]:${port}/article`), 'blocked-address');
    await rejectsWith(fetcher().fetch('http://169.254.169.254/latest/meta-data/'), 'blocked-address');
    assert.equal(seen.length, before, 'no request reached the server');
  });

  it('refuses other private addresses while a rule allows the test server', async () => {
    const allowed = await fetcher().fetch(at('127.0.0.1', '/plain'), { allowPrivateAddress: allowLoopbackServer });
    assert.equal(allowed.markdown, 'line one\nline two');
    await rejectsWith(fetcher().fetch(at('loop2.test', '/plain'), { allowPrivateAddress: allowLoopbackServer }), 'blocked-address', /127\.0\.0\.2/);
    await rejectsWith(fetcher().fetch(at('lan.test', '/plain'), { allowPrivateAddress: allowLoopbackServer }), 'blocked-address', /192\.168\.1\.20/);
  });

  it('follows redirects and checks every hop after DNS', async () => {
    const page = await fetcher().fetch(at('docs.test', '/to-article'), { allowPrivateAddress: allowLoopbackServer });
    assert.equal(page.finalUrl, at('docs.test', '/article'));
    assert.equal(page.url, at('docs.test', '/to-article'));
    // The rule covers docs.test only: a redirect to another name on the same address is refused.
    const onlyDocs = (host: string) => host === 'docs.test';
    lookups = [];
    await rejectsWith(fetcher().fetch(at('docs.test', '/to-other-name'), { allowPrivateAddress: onlyDocs }), 'blocked-address', /other\.test/);
    assert.deepEqual(lookups, ['docs.test', 'other.test']);
    await rejectsWith(fetcher().fetch(at('docs.test', '/to-lan'), { allowPrivateAddress: allowLoopbackServer }), 'blocked-address', /lan\.test/);
    await rejectsWith(fetcher().fetch(at('docs.test', '/to-file'), { allowPrivateAddress: allowLoopbackServer }), 'invalid-url', /file: URLs are not fetched/);
  });

  it('stops after the redirect limit', async () => {
    await rejectsWith(fetcher({ maxRedirects: 3 }).fetch(at('docs.test', '/loop'), { allowPrivateAddress: allowLoopbackServer }), 'too-many-redirects', /more than 3 times/);
  });

  it('caps the body, decompresses gzip and decodes the page charset', async () => {
    const big = await fetcher({ maxBytes: 1000 }).fetch(at('docs.test', '/big'), { allowPrivateAddress: allowLoopbackServer });
    assert.equal(big.truncated, true);
    assert.equal(big.bytes, 1000);
    assert.equal(big.markdown.length, 1000);
    const gzip = await fetcher().fetch(at('docs.test', '/gzip'), { allowPrivateAddress: allowLoopbackServer });
    assert.match(gzip.markdown, /## Basic usage/);
    const latin1 = await fetcher().fetch(at('docs.test', '/latin1'), { allowPrivateAddress: allowLoopbackServer });
    assert.match(latin1.markdown, /Un café crème\./);
  });

  it('gives clear errors for bad URLs, HTTP errors, binary content, timeouts and cancellation', async () => {
    const allow = { allowPrivateAddress: allowLoopbackServer };
    await rejectsWith(fetcher().fetch('not a url'), 'invalid-url', /not an absolute URL/);
    await rejectsWith(fetcher().fetch('ftp://docs.test/x'), 'invalid-url', /only http and https/);
    await rejectsWith(fetcher().fetch('http://user:secret@docs.test/'), 'invalid-url');
    await rejectsWith(fetcher().fetch('http://nowhere.test/'), 'dns', /ENOTFOUND/);
    const status = await rejectsWith(fetcher().fetch(at('docs.test', '/missing'), allow), 'http-status', /HTTP 404/);
    assert.equal(status.status, 404);
    await rejectsWith(fetcher().fetch(at('docs.test', '/image'), allow), 'unsupported-content', /image\/png/);
    await rejectsWith(fetcher({ timeoutMs: 200 }).fetch(at('docs.test', '/hang'), allow), 'timeout');
    const controller = new AbortController();
    const pending = fetcher().fetch(at('docs.test', '/hang'), { ...allow, signal: controller.signal });
    controller.abort();
    await rejectsWith(pending, 'cancelled');
  });
});
