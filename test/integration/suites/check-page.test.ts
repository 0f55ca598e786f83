// check_page and web_fetch against a real Vite dev server inside VS Code: the fixture app (test/fixtures/vite-app)
// is copied into the test workspace and started by run_command with `background: true` on the real process
// manager, which finds its URL and port. The page opens in the machine's Chromium through dist/browser.js, as the
// extension loads it: screenshot, the console error and the failed request the fixture makes on purpose, a private
// address outside the task refused for the page and for a request it makes, the own server refused once its
// process is stopped, and the browser stopped by its id afterwards.
import * as assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ToolContext, ToolResultContent, ToolResultOptions } from '../../../src/core/tools';
import type * as BrowserModule from '../../../src/host/browser/browser-bundle';
import { findBrowser } from '../../../src/host/browser/browser-finder';
import { BrowserPageChecker } from '../../../src/host/browser/page-checker';
import { ProcessManager } from '../../../src/host/processes/process-manager';
import { VsCodeWorkspaceFiles } from '../../../src/host/editing/workspace-files';
import { htmlToMarkdown } from '../../../src/host/web/html-to-markdown';
import { NodeWebFetcher } from '../../../src/host/web/web-fetcher';
import { CheckPageTool } from '../../../src/tools/check-page';
import { RunCommandTool } from '../../../src/tools/run-command';
import type { ToolServices } from '../../../src/tools/services';
import { WebFetchTool } from '../../../src/tools/web-fetch';
import { EXTENSION_ID, waitFor } from '../helpers';
import { alive } from '../../support/pids';

describe('check_page and web_fetch of the task’s own Vite server, inside VS Code', function () {
  this.timeout(120_000);
  const browserPath = findBrowser().path;
  let base: string;
  let port: number;
  let outside: Server;
  let outsideBase: string;
  const outsideRequests: string[] = [];
  const processes = new ProcessManager({ logDir: mkdtempSync(join(tmpdir(), 'relay-check-page-logs-')) });
  let processId: string;
  // dist/browser.js, as the extension requires it (the test bundle does not carry playwright-core).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const browserModule = (): typeof BrowserModule => require(join(repo(), 'dist', 'browser.js')) as typeof BrowserModule;
  const repo = () => vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
  const launched: number[] = [];
  const pages = new BrowserPageChecker({
    configuredPath: () => browserPath,
    launch: async (path) => {
      const browser = await browserModule().launchBrowser(path);
      if (browser.pid) launched.push(browser.pid);
      return browser;
    },
  });
  const services = {
    files: new VsCodeWorkspaceFiles(),
    web: { fetcher: new NodeWebFetcher({ convertHtml: htmlToMarkdown }), allowsPrivateAddress: () => false },
    pages,
    processes,
    workspaceRoots: () => vscode.workspace.workspaceFolders!.map((f) => f.uri.fsPath),
  } as unknown as ToolServices; // run_command, check_page and web_fetch use only these.

  before(async function () {
    if (!browserPath) throw new Error('no Chromium-family browser on this machine (the CI image installs /usr/bin/chromium)');
    const app = join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, 'check-page-app');
    cpSync(join(repo(), 'test', 'fixtures', 'vite-app'), app, { recursive: true });
    outside = createServer((req, res) => {
      outsideRequests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' }).end('<title>not yours</title>secret');
    });
    await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
    outsideBase = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`;
    // A page of the app that also asks the outside server: that request must be refused inside the browser.
    writeFileSync(join(app, 'probe.html'), `<!doctype html><title>Probe</title><p>probe</p><script>fetch('${outsideBase}/secret').catch(() => undefined)</script>`);
    // The fixture asks for 5173 and takes the next free port: the process manager reads the URL Vite prints.
    const vite = `"${process.execPath}" "${join(repo(), 'node_modules', 'vite', 'bin', 'vite.js')}"`;
    const started = await call(new RunCommandTool(services), { command: vite, cwd: 'check-page-app', background: true });
    assert.equal(started.options.error, undefined, started.text);
    processId = await waitFor(() => processes.list('task').find((p) => p.urls.length > 0)?.id, 30_000, `Vite's URL (${started.text})`);
    base = processes.get(processId)!.urls[0]!;
    port = Number(new URL(base).port);
  });

  after(async () => {
    await pages.dispose();
    await processes.stopAll();
    if (outside) await new Promise<void>((resolve) => outside.close(() => resolve()));
  });

  function context() {
    const results: { content: ToolResultContent; options: ToolResultOptions }[] = [];
    const ctx: ToolContext = {
      callId: 'call',
      taskId: 'task',
      signal: new AbortController().signal,
      setToolResult: (_id, content, options = {}) => void results.push({ content, options }),
      sendToolStatus: () => undefined,
      completeTask: () => undefined,
      log: { warn: () => undefined },
    };
    return { ctx, results };
  }

  async function call(tool: CheckPageTool | WebFetchTool | RunCommandTool, params: Record<string, unknown>) {
    const c = context();
    const validated = await tool.validate(params);
    assert.ok(validated.ok);
    await tool.execute(validated.params as never, c.ctx, false);
    assert.equal(c.results.length, 1);
    return { text: String(c.results[0]!.content), options: c.results[0]!.options };
  }

  it('check_page: screenshot, title, text, the console error and the failed request of the fixture', async () => {
    const { text, options } = await call(new CheckPageTool(services), { url: base });
    assert.equal(options.error, undefined, text);
    assert.match(text, /^# Relay fixture app/);
    assert.match(text, /## Console errors \(\d+\)\n(- .*\n)*- relay-fixture-error: the fixture logs this on purpose/);
    assert.match(text, /- GET http:\/\/127\.0\.0\.1:\d+\/missing-on-purpose\.json: HTTP 404/);
    assert.match(text, /## Visible text\nHello from the Relay fixture/);
    const image = options.images?.[0];
    assert.equal(image?.mediaType, 'image/jpeg');
    assert.ok(Buffer.from(image.data, 'base64').subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])), 'a JPEG');
    assert.ok(image.data.length > 2000, 'a screenshot with something on it');
  });

  it('check_page refuses a private address outside the task, as a page and as a request of the page', async () => {
    const refused = await call(new CheckPageTool(services), { url: `${outsideBase}/` });
    assert.equal(refused.options.error, 'permission_denied', refused.text);
    assert.match(refused.text, new RegExp(`No process this task started is listening on port ${new URL(outsideBase).port}`));
    const probe = await call(new CheckPageTool(services), { url: `${base}probe.html` });
    assert.equal(probe.options.error, undefined, probe.text);
    assert.match(probe.text, new RegExp(`- GET ${outsideBase.replace(/\./g, '\\.')}/secret: refused: `));
    assert.deepEqual(outsideRequests, [], 'nothing reached the server the task does not own');
  });

  it('a source edit is in the next check_page, and in the module web_fetch reads', async () => {
    const app = join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, 'check-page-app');
    const source = join(app, 'src', 'message.js');
    const original = readFileSync(source, 'utf8');
    try {
      writeFileSync(source, original.replace('Hello from the Relay fixture', 'Edited by the task'));
      const module = await call(new WebFetchTool(services), { url: `${base}src/message.js` });
      assert.equal(module.options.error, undefined, module.text);
      assert.match(module.text, /Edited by the task/, 'Vite serves the edited module');
      const page = await call(new CheckPageTool(services), { url: base });
      assert.equal(page.options.error, undefined, page.text);
      assert.match(page.text, /## Visible text\nEdited by the task/, 'the page the browser built shows the edit');
    } finally {
      writeFileSync(source, original);
    }
  });

  it('web_fetch reads the own server while its process runs; once stopped, web_fetch and check_page are refused', async () => {
    const { text, options } = await call(new WebFetchTool(services), { url: base });
    assert.equal(options.error, undefined, text);
    assert.match(text, /^# Relay fixture app/);
    const stopped = await processes.stop(processId);
    assert.ok(stopped && (stopped.state === 'stopped' || stopped.state === 'exited'), JSON.stringify(stopped));
    for (const tool of [new WebFetchTool(services), new CheckPageTool(services)]) {
      const after = await call(tool, { url: base });
      assert.equal(after.options.error, 'permission_denied', after.text);
      assert.match(after.text, new RegExp(`No process this task started is listening on port ${port}`));
    }
  });

  it('stops the browser it started, by its id', async () => {
    assert.ok(launched.length >= 1, 'a browser was started');
    const pid = launched.at(-1)!;
    assert.equal(alive(pid), true);
    await pages.dispose();
    await waitFor(() => !alive(pid), 10_000, `browser ${pid} to end`);
  });
});
