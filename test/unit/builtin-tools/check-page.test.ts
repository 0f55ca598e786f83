// check_page against a fake browser: what the model and the card get, the address rules it passes to the browser,
// and what it says without a browser. The real browser is exercised by the integration suite.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PageCheckError, type PageChecker, type PageCheckOptions, type PageCheckResult } from '../../../src/core/ports/page-check';
import { ToolErrorType } from '../../../src/core/tools';
import { BrowserPageChecker } from '../../../src/host/browser/page-checker';
import type { LaunchedBrowser, PageSessionOptions } from '../../../src/host/browser/page-session';
import type { Resolver } from '../../../src/host/web/pinned-request';
import { FakeProcesses } from '../../support/fake-processes';
import { expectFailure, expectSuccess, ToolHarness } from './harness';

const result = (over: Partial<PageCheckResult> = {}): PageCheckResult => ({
  finalUrl: 'http://localhost:5173/',
  status: 200,
  title: 'Relay fixture app',
  text: 'Hello from the Relay fixture',
  textTruncated: false,
  screenshot: { mediaType: 'image/jpeg', data: Buffer.from('jpeg bytes').toString('base64'), width: 1280, height: 800 },
  consoleErrors: ['relay-fixture-error: the fixture logs this on purpose (http://localhost:5173/src/main.js:5)'],
  failedRequests: [{ url: 'http://localhost:5173/missing-on-purpose.json', method: 'GET', reason: 'HTTP 404 Not Found' }],
  settled: true,
  browser: '/usr/bin/chromium',
  ...over,
});

class FakeChecker implements PageChecker {
  readonly calls: PageCheckOptions[] = [];
  constructor(private readonly answer: (options: PageCheckOptions) => Promise<PageCheckResult>) {}
  check(options: PageCheckOptions): Promise<PageCheckResult> {
    this.calls.push(options);
    return this.answer(options);
  }
  async dispose(): Promise<void> {}
}

describe('check_page', () => {
  it('reports title, console errors, failed requests and text, and attaches the screenshot as an image', async () => {
    const checker = new FakeChecker(async () => result());
    const harness = new ToolHarness({ pageChecker: checker });
    const outcome = await harness.call('check_page', { url: 'http://localhost:5173/#top' });
    assert.deepEqual(outcome.preparation?.targets, { url: 'http://localhost:5173/' });
    const text = expectSuccess(outcome);
    assert.match(text, /^# Relay fixture app\nURL: http:\/\/localhost:5173\/ \(HTTP 200\)/);
    assert.match(text, /## Console errors \(1\)\n- relay-fixture-error/);
    assert.match(text, /## Failed requests \(1\)\n- GET http:\/\/localhost:5173\/missing-on-purpose\.json: HTTP 404/);
    assert.match(text, /## Visible text\nHello from the Relay fixture/);
    assert.deepEqual(outcome.options?.images, [{ mediaType: 'image/jpeg', data: result().screenshot.data }]);
    // The card shows the page too: the small copy when the browser made one, else the screenshot (issue 38).
    const blocks = outcome.statuses.at(-1)?.options.blocks;
    assert.deepEqual(blocks, [{ type: 'image', mediaType: 'image/jpeg', data: result().screenshot.data, width: 1280, height: 800, alt: 'Screenshot of Relay fixture app' }]);
    const thumbnail = { mediaType: 'image/jpeg' as const, data: Buffer.from('small').toString('base64'), width: 320, height: 200 };
    const small = await new ToolHarness({ pageChecker: new FakeChecker(async () => result({ thumbnail })) }).call('check_page', { url: 'http://localhost:5173/' });
    assert.deepEqual(small.statuses.at(-1)?.options.blocks, [{ type: 'image', ...thumbnail, alt: 'Screenshot of Relay fixture app' }]);
    assert.equal(checker.calls[0]!.url, 'http://localhost:5173/');
  });

  it("passes the browser web_fetch's address rules with the task's own server", async () => {
    const processes = new FakeProcesses();
    processes.add('task-1', [5173]);
    const checker = new FakeChecker(async () => result());
    await new ToolHarness({ pageChecker: checker, taskProcesses: processes }).call('check_page', { url: 'http://localhost:5173/' });
    const allow = checker.calls[0]!.allowPrivateAddress;
    assert.equal(allow('localhost', '127.0.0.1', 5173), true);
    assert.equal(allow('localhost', '127.0.0.1', 5174), false);
    assert.equal(allow('nas', '192.168.1.5', 5173), false);
  });

  it('says when a local URL is refused because no process of this task serves it', async () => {
    const processes = new FakeProcesses();
    const checker = new FakeChecker(async (options) => {
      options.allowPrivateAddress('localhost', '127.0.0.1', 3000);
      throw new PageCheckError('blocked', 'localhost:3000 resolves to 127.0.0.1, a private, loopback or link-local address.');
    });
    const text = expectFailure(await new ToolHarness({ pageChecker: checker, taskProcesses: processes }).call('check_page', { url: 'http://localhost:3000/' }), ToolErrorType.PERMISSION_DENIED);
    assert.match(text, /No process this task started is listening on port 3000/);
  });

  it('without a browser, says so and points to web_fetch', async () => {
    const checker = new BrowserPageChecker({ configuredPath: () => '/nowhere/chrome', launch: () => Promise.reject(new Error('not called')) });
    const text = expectFailure(await new ToolHarness({ pageChecker: checker }).call('check_page', { url: 'http://localhost:3000/' }), ToolErrorType.EXECUTION_FAILED);
    assert.match(text, /relay\.checkPage\.browserPath names \/nowhere\/chrome, which does not exist/);
    assert.match(text, /use web_fetch/);
  });

  it('is not offered without a browser service', () => {
    const harness = new ToolHarness();
    delete harness.host.services.pages;
    assert.throws(() => harness.tool('check_page'), /no built-in tool named check_page/);
  });
});

describe('BrowserPageChecker', () => {
  const resolver: Resolver = async () => [{ address: '93.184.216.34', family: 4 }];

  function fakeLaunch() {
    const launched: { closed: boolean; checks: PageSessionOptions[] }[] = [];
    const launch = async (executablePath: string): Promise<LaunchedBrowser> => {
      const state = { closed: false, checks: [] as PageSessionOptions[] };
      launched.push(state);
      return {
        pid: undefined,
        executablePath,
        isRunning: () => !state.closed,
        check: async (options) => {
          state.checks.push(options);
          return result({ finalUrl: options.url });
        },
        close: async () => void (state.closed = true),
      };
    };
    return { launched, launch };
  }

  it('refuses a private page before starting any browser', async () => {
    const { launched, launch } = fakeLaunch();
    const checker = new BrowserPageChecker({ configuredPath: () => process.execPath, launch, resolve: resolver });
    await assert.rejects(
      checker.check({ url: 'http://127.0.0.1:9/', signal: new AbortController().signal, allowPrivateAddress: () => false }),
      (error: PageCheckError) => error.kind === 'blocked' && /127\.0\.0\.1:9/.test(error.message),
    );
    assert.equal(launched.length, 0);
  });

  it('starts one browser, reuses it, routes requests through the check, and stops it on dispose', async () => {
    const { launched, launch } = fakeLaunch();
    const checker = new BrowserPageChecker({ configuredPath: () => process.execPath, launch, resolve: resolver });
    const signal = new AbortController().signal;
    await checker.check({ url: 'https://example.com/', signal, allowPrivateAddress: () => false });
    await checker.check({ url: 'https://example.com/b', signal, allowPrivateAddress: () => false });
    assert.equal(launched.length, 1);
    const route = launched[0]!.checks[0]!.checkRequest;
    assert.equal(await route('https://example.com/app.js'), undefined);
    assert.match((await route('http://10.0.0.1/'))!, /10\.0\.0\.1/);
    await checker.dispose();
    assert.equal(launched[0]!.closed, true);
  });
});
