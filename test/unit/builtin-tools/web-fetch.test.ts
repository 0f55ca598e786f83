import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { PermissionRule } from '../../../src/core/permissions';
import { privateAddressAllowed } from '../../../src/core/permissions/domain-checks';
import { fromSettings } from '../../../src/core/permissions/rules';
import { ToolErrorType } from '../../../src/core/tools';
import { htmlToMarkdown } from '../../../src/host/web/html-to-markdown';
import type { Resolver } from '../../../src/host/web/pinned-request';
import { NodeWebFetcher } from '../../../src/host/web/web-fetcher';
import { pageSlice } from '../../../src/tools/web-fetch';
import { FakeProcesses } from '../../support/fake-processes';
import { expectFailure, expectSuccess, ToolHarness } from './harness';

let server: Server;
let port: number;
const names: Record<string, string> = { 'docs.test': '127.0.0.1', 'sneaky.test': '127.0.0.2', 'lan.test': '192.168.1.20' };
const resolver: Resolver = async (host) => {
  if (!names[host]) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return [{ address: names[host], family: 4 }];
};

/** The real fetcher, with rules as settings would hold them. */
function harnessWithRules(rules: PermissionRule[], processes?: FakeProcesses) {
  const policyRules = fromSettings(rules);
  return new ToolHarness({
    ...(processes ? { taskProcesses: processes } : {}),
    web: {
      fetcher: new NodeWebFetcher({ resolve: resolver, convertHtml: htmlToMarkdown }),
      allowsPrivateAddress: (tool, host, address) => privateAddressAllowed(policyRules, tool, host, address),
    },
  });
}
const serverRule: PermissionRule = { tool: 'web_fetch', pattern: '127.0.0.1', action: 'allow', subject: 'domain' };

before(async () => {
  const article = readFileSync(join(__dirname, '../../fixtures/web/article.html'));
  server = createServer((req, res) => {
    if (req.url === '/article') res.writeHead(200, { 'content-type': 'text/html' }).end(article);
    else if (req.url === '/moved') res.writeHead(302, { location: '/article' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('web_fetch', () => {
  it('names its URL as the approval target and returns the page as Markdown', async () => {
    const outcome = await harnessWithRules([serverRule]).call('web_fetch', { url: `http://docs.test:${port}/moved#section` });
    assert.deepEqual(outcome.preparation?.targets, { url: `http://docs.test:${port}/moved` });
    const text = expectSuccess(outcome);
    assert.match(text, /^# json — JSON encoder and decoder/);
    assert.match(text, new RegExp(`URL: http://docs\\.test:${port}/article \\(redirected from http://docs\\.test:${port}/moved\\)`));
    assert.match(text, /```python\nimport json/);
    assert.doesNotMatch(text, /Found a bug/);
    assert.equal(outcome.options?.alreadyTruncated, true);
  });

  it('refuses a private address no rule names, while the rule lets the test server through', async () => {
    const harness = harnessWithRules([serverRule]);
    const refused = expectFailure(await harness.call('web_fetch', { url: `http://sneaky.test:${port}/article` }), ToolErrorType.PERMISSION_DENIED);
    assert.match(refused, /sneaky\.test resolves to 127\.0\.0\.2/);
    // A rule for the name alone does not open a private address.
    const byName = harnessWithRules([{ tool: 'web_fetch', pattern: 'docs.test', action: 'allow', subject: 'domain' }]);
    expectFailure(await byName.call('web_fetch', { url: `http://docs.test:${port}/article` }), ToolErrorType.PERMISSION_DENIED);
  });

  it("reaches the task's own server without a rule, only while its process runs", async () => {
    const processes = new FakeProcesses();
    const id = processes.add('task-1', [port]);
    const harness = harnessWithRules([], processes);
    const text = expectSuccess(await harness.call('web_fetch', { url: `http://127.0.0.1:${port}/article` }));
    assert.match(text, /^# json — JSON encoder and decoder/);
    // A name that resolves to loopback reaches the same server.
    expectSuccess(await harness.call('web_fetch', { url: `http://docs.test:${port}/article` }));
    processes.exit(id);
    const refused = expectFailure(await harness.call('web_fetch', { url: `http://127.0.0.1:${port}/article` }), ToolErrorType.PERMISSION_DENIED);
    assert.match(refused, new RegExp(`No process this task started is listening on port ${port}`));
  });

  it("refuses another task's server, another port and every non-loopback private address", async () => {
    const processes = new FakeProcesses();
    processes.add('task-2', [port]);
    processes.add('task-1', [port + 1]);
    const harness = harnessWithRules([], processes);
    const other = expectFailure(await harness.call('web_fetch', { url: `http://127.0.0.1:${port}/article` }), ToolErrorType.PERMISSION_DENIED);
    assert.match(other, new RegExp(`No process this task started is listening on port ${port}`));
    // The task's own port on a private network address is still the network, not its server.
    processes.add('task-1', [80]);
    const lan = expectFailure(await harness.call('web_fetch', { url: 'http://lan.test/' }), ToolErrorType.PERMISSION_DENIED);
    assert.match(lan, /lan\.test resolves to 192\.168\.1\.20/);
    assert.doesNotMatch(lan, /No process this task started/);
    // Without a process manager the refusal reads as before.
    const plain = expectFailure(await harnessWithRules([]).call('web_fetch', { url: `http://127.0.0.1:${port}/article` }), ToolErrorType.PERMISSION_DENIED);
    assert.match(plain, /a private, loopback or link-local address/);
  });

  it('pages through a long page with the exact call that reads on', async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `Line ${i + 1}: ${'lorem ipsum '.repeat(5)}`);
    const markdown = lines.join('\n');
    const url = 'https://docs.example/long';
    const harness = new ToolHarness({ pages: { [url]: { markdown, title: 'Long page' } } });
    const first = expectSuccess(await harness.call('web_fetch', { url, max_length: 5000 }));
    const next = /start_index=(\d+)/.exec(first);
    assert.ok(next, first.slice(-200));
    const bodyOf = (text: string) => text.slice(text.indexOf('\n\n', text.indexOf('Content: ')) + 2, text.lastIndexOf('\n\n['));
    const pieces = [bodyOf(first)];
    let start = Number(next[1]);
    for (let guard = 0; guard < 50; guard++) {
      const text = expectSuccess(await harness.call('web_fetch', { url, start_index: start, max_length: 5000 }));
      const more = /start_index=(\d+)/.exec(text);
      pieces.push(bodyOf(text));
      if (!more) {
        assert.match(text, /the end of the page/);
        break;
      }
      start = Number(more[1]);
    }
    assert.equal(pieces.join(''), markdown, 'the pages put together are the whole page');
    assert.ok(pieces.slice(0, -1).every((piece) => piece.endsWith('\n')), 'each page ends at a line break');
    expectFailure(await harness.call('web_fetch', { url, start_index: markdown.length + 10 }), ToolErrorType.INVALID_PARAMS);
  });

  it('refuses bad URLs before anyone is asked, and reports HTTP errors as results', async () => {
    const harness = new ToolHarness();
    const bad = await harness.call('web_fetch', { url: 'file:///etc/passwd' });
    assert.equal(bad.prepareError?.type, ToolErrorType.INVALID_PARAMS);
    assert.match(bad.text, /only http and https/);
    const missing = expectFailure(await harness.call('web_fetch', { url: 'https://docs.example/nothing' }), ToolErrorType.EXECUTION_FAILED);
    assert.match(missing, /HTTP 404/);
  });

  it('cuts pages at a line break near the end of the window', () => {
    assert.deepEqual(pageSlice('aaaa\nbbbb\ncccc', 0, 11), { text: 'aaaa\nbbbb\n', end: 10 });
    assert.deepEqual(pageSlice('abcdefghij', 0, 4), { text: 'abcd', end: 4 });
    assert.deepEqual(pageSlice('abc', 1, 10), { text: 'bc', end: 3 });
  });
});
