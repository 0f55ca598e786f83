// Chat panel benchmark, in real Chromium with the real webview bundle (built minified, as packaged):
//  (a) time to draw an `init` snapshot of 1,000 messages + 300 tool cards;
//  (b) the cost of one streamed update (a textDelta, a toolStatus) at the end of that conversation against the same
//      update at the end of a 10-message one: it must not grow with the conversation (target: within 1.5x);
//  (c) host → webview messages per second while a model streams 200 tokens/s through the coalescing outbox (Node,
//      real timers), against the raw delta count that posting every delta would send (target: at most 60/s).
// Exits 1 when a target is missed.
// Run: npm run bench chat-render   (or node --import tsx bench/chat-render.bench.ts)
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type { ChatDelta, ChatSnapshot } from '../src/shared/chat-model';
import { CoalescingOutbox, FRAME_INTERVAL_MS } from '../src/shared/coalescing-outbox';
import { PROTOCOL_VERSION, type HostToWebview, type InitialState } from '../src/shared/protocol';
import { liveWrite, makeConversation, withLiveEnd } from './chat-fixture';

const INIT_RUNS = 9;
const UPDATES = 300;
const STREAM_SECONDS = 3;
const TOKENS_PER_SECOND = 200;
const RATIO_TARGET = 1.5;
const MESSAGES_PER_SECOND_TARGET = 60;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

const STATE: InitialState = { protocolVersion: PROTOCOL_VERSION, extensionVersion: 'bench', vscodeVersion: '1.139.1', workspaceName: 'bench', trusted: true };

/** A few theme variables so fonts and sizes resemble the sidebar; colours do not matter for timing. */
const THEME = `:root{--vscode-font-family:system-ui,sans-serif;--vscode-font-size:13px;--vscode-editor-font-family:monospace;--vscode-editor-font-size:12px}`;

async function buildWebview(): Promise<{ js: string; css: string }> {
  const outdir = mkdtempSync(join(tmpdir(), 'relay-bench-webview-'));
  try {
    // The options of the webview target in esbuild.mjs, minified like the packaged build, into a temp folder.
    await build({ entryPoints: { webview: 'webview/main.ts' }, outdir, bundle: true, minify: true, platform: 'browser', format: 'iife', target: 'es2022', loader: { '.css': 'css' }, logLevel: 'warning', legalComments: 'none' });
    return { js: readFileSync(join(outdir, 'webview.js'), 'utf8'), css: readFileSync(join(outdir, 'webview.css'), 'utf8') };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const STUB_API = `window.__posted = 0;
window.acquireVsCodeApi = () => ({ postMessage: () => window.__posted++, getState: () => undefined, setState: () => undefined });`;

// The probes bracket the app's work: a listener added before the bundle runs before the app's message handler,
// one added after runs after it; animation frame callbacks run in the order they were requested, so A (requested
// before the app's draw) and C (after it) bracket the frame's work. __send resolves with the handler's time and
// the frame's (or, for init, the time until the following frame has painted).
const PROBE_BEFORE = `(() => {
  window.__probe = { t0: 0, frameStart: 0 };
  window.addEventListener('message', () => {
    window.__probe.t0 = performance.now();
    requestAnimationFrame(() => { window.__probe.frameStart = performance.now(); });
  });
})();`;

const PROBE_AFTER = `(() => {
  let pending, mode = 'frame';
  const probe = window.__probe;
  window.__send = (message, m) => new Promise((resolve) => { pending = resolve; mode = m; window.postMessage(message, '*'); });
  window.addEventListener('message', () => {
    void document.body.offsetHeight;
    const handled = performance.now() - probe.t0;
    const resolve = pending;
    if (mode === 'sync') {
      requestAnimationFrame(() => setTimeout(() => resolve({ handled, painted: performance.now() - probe.t0 })));
    } else {
      requestAnimationFrame(() => { void document.body.offsetHeight; resolve({ handled, frame: performance.now() - probe.frameStart }); });
    }
  });
})();`;

// localhost is a secure context (cross-origin isolation needs one); the route below answers every request, so
// nothing listens or connects.
const ORIGIN = 'http://localhost:9';

/**
 * Serves the page from a fake origin with COOP/COEP headers: a cross-origin-isolated page gets 5 µs timers
 * instead of 100 µs ones, which single updates need. Nothing leaves the browser (every request is fulfilled here).
 */
async function openPage(page: Page, bundle: { js: string; css: string }): Promise<void> {
  page.on('pageerror', (error) => console.error('[page error]', error));
  const headers = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
  const files: Record<string, [string, string]> = {
    '/': ['text/html', `<!DOCTYPE html><html><head><style>${THEME}</style><link rel="stylesheet" href="/webview.css"></head><body><main id="app"></main>` +
      '<script src="/stub.js"></script><script src="/before.js"></script><script src="/webview.js"></script><script src="/after.js"></script></body></html>'],
    '/webview.css': ['text/css', bundle.css],
    '/webview.js': ['text/javascript', bundle.js],
    '/stub.js': ['text/javascript', STUB_API],
    '/before.js': ['text/javascript', PROBE_BEFORE],
    '/after.js': ['text/javascript', PROBE_AFTER],
  };
  await page.route('**/*', (route) => {
    const file = files[new URL(route.request().url()).pathname];
    return file ? route.fulfill({ status: 200, contentType: file[0], body: file[1], headers }) : route.abort();
  });
  await page.goto(`${ORIGIN}/`);
  if (!(await page.evaluate(() => crossOriginIsolated))) console.warn('warning: the page is not cross-origin isolated; timers are coarse (100 µs)');
}

async function send(page: Page, message: HostToWebview, mode: 'sync' | 'frame'): Promise<{ handled: number; painted?: number; frame?: number }> {
  return page.evaluate(([m, mo]) => (window as unknown as { __send: (m: unknown, mode: string) => Promise<never> }).__send(m, mo), [message, mode] as const);
}

async function measureInit(page: Page, snapshot: ChatSnapshot) {
  const handled: number[] = [];
  const painted: number[] = [];
  for (let run = 0; run < INIT_RUNS + 1; run++) {
    const r = await send(page, { type: 'init', state: STATE, snapshot }, 'sync');
    if (run === 0) continue; // warm-up (code compiled, fonts loaded)
    handled.push(r.handled);
    painted.push(r.painted!);
  }
  const nodes = await page.evaluate(() => document.querySelectorAll('.chat-item').length);
  return { handled, painted, nodes };
}

/**
 * Per update: the handler (reducer + bookkeeping) plus the frame that draws it (render + style + layout). The two
 * conversations are measured alternately, update by update, so load from other processes hits both alike.
 */
async function measureUpdates(pages: Page[], snapshots: ChatSnapshot[]) {
  const results = pages.map(() => ({ text: [] as number[], tool: [] as number[], textHandler: [] as number[], toolHandler: [] as number[] }));
  for (let p = 0; p < pages.length; p++) await send(pages[p]!, { type: 'init', state: STATE, snapshot: withLiveEnd(snapshots[p]!) }, 'sync');
  for (let i = 0; i < UPDATES; i++) {
    for (let p = 0; p < pages.length; p++) {
      const t = await send(pages[p]!, { type: 'batch', deltas: [{ type: 'textDelta', id: 'live-reply', text: `token${i} ` }] }, 'frame');
      const s = await send(pages[p]!, { type: 'batch', deltas: [{ type: 'toolStatus', status: liveWrite(i + 1) }] }, 'frame');
      results[p]!.text.push(t.handled + t.frame!);
      results[p]!.textHandler.push(t.handled);
      results[p]!.tool.push(s.handled + s.frame!);
      results[p]!.toolHandler.push(s.handled);
    }
  }
  for (const page of pages) {
    const check = await page.evaluate(() => ({
      text: document.querySelector('[data-item-id="live-reply"]')?.textContent?.length ?? 0,
      lines: document.querySelector('[data-call-id="live-call"] .param-preview pre')?.textContent?.split('\n').length ?? 0,
    }));
    if (check.text < UPDATES * 6 || check.lines !== 20) throw new Error(`updates did not render: ${JSON.stringify(check)}`);
  }
  // The first updates warm the code paths up.
  return results.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.slice(20)])) as typeof r);
}

/** After an init, scrolling to the top shows every chunk on the way: the deferred answers get their markdown. */
async function measureScrollToTop(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const scroller = document.querySelector('.conversation')!;
        const t0 = performance.now();
        scroller.scrollTop = 0;
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0))));
      }),
  );
}

/** A model streaming `TOKENS_PER_SECOND` for `STREAM_SECONDS` through the outbox with real timers. */
async function measureOutbox(withToolStatus: boolean) {
  let messages = 0;
  let deltasSent = 0;
  let raw = 0;
  const outbox = new CoalescingOutbox((deltas) => {
    messages++;
    deltasSent += deltas.length;
  });
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = performance.now() - started;
      // Tokens due by now (timers drift; this keeps the rate at 200/s whatever the timer does).
      const due = Math.floor((elapsed / 1000) * TOKENS_PER_SECOND);
      while (raw < due) {
        const d: ChatDelta = withToolStatus && raw % 2 ? { type: 'toolStatus', status: liveWrite(raw) } : { type: 'textDelta', id: 'a', text: 'tok ' };
        outbox.enqueue(d);
        raw++;
      }
      if (elapsed >= STREAM_SECONDS * 1000) {
        clearInterval(tick);
        resolve();
      }
    }, 1);
  });
  outbox.flush();
  const seconds = (performance.now() - started) / 1000;
  return { raw, rawPerSecond: raw / seconds, messages, perSecond: messages / seconds, deltasSent };
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const format = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(format(r));
  console.log('');
}

async function main(): Promise<number> {
  const missed: string[] = [];
  const bundle = await buildWebview();
  const big = makeConversation(1_000, 300);
  const small = makeConversation(10, 0);
  const browser = await chromium.launch({
    executablePath: process.env.RELAY_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const version = browser.version();
    const page = await browser.newPage({ viewport: { width: 420, height: 900 } });
    await openPage(page, bundle);
    const init = await measureInit(page, big);
    const deferred = await page.evaluate(() => document.querySelectorAll('.message-assistant.deferred').length);
    const scrollTimes: number[] = [];
    for (let run = 0; run < 3; run++) {
      await send(page, { type: 'init', state: STATE, snapshot: big }, 'sync');
      scrollTimes.push(await measureScrollToTop(page));
    }
    const stillDeferred = await page.evaluate(() => document.querySelectorAll('.message-assistant.deferred').length);
    const initBytes = Buffer.byteLength(JSON.stringify({ type: 'init', state: STATE, snapshot: big }));

    const bigPage = await browser.newPage({ viewport: { width: 420, height: 900 } });
    await openPage(bigPage, bundle);
    const smallPage = await browser.newPage({ viewport: { width: 420, height: 900 } });
    await openPage(smallPage, bundle);
    const [atBig, atSmall] = (await measureUpdates([bigPage, smallPage], [big, small])) as [Awaited<ReturnType<typeof measureUpdates>>[number], Awaited<ReturnType<typeof measureUpdates>>[number]];

    console.log(`Chat panel rendering: real webview bundle (${(bundle.js.length / 1024).toFixed(0)} KiB js, minified) in Chromium ${version}, headless, 420x900 viewport.`);
    console.log(`Conversation: ${big.items.length} items = 1,000 messages (200 prompts, 800 markdown answers) + 300 tool cards (diff / terminal / file list); init message ${(initBytes / 1024).toFixed(0)} KiB.`);
    console.log('');
    console.log(`(a) init snapshot → drawn: handler (reducer + DOM build + style/layout) and until the next frame has painted; median and p95 of ${INIT_RUNS} runs after a warm-up.`);
    console.log(`    Off-screen chunks skip layout and paint; their ${deferred} answers show raw text until first shown; folded tool cards build their body when opened.`);
    table(['init', 'items drawn', 'median ms', 'p95 ms'], [
      ['handler + layout', String(init.nodes), median(init.handled).toFixed(1), p95(init.handled).toFixed(1)],
      ['to next painted frame', String(init.nodes), median(init.painted).toFixed(1), p95(init.painted).toFixed(1)],
      [`then scroll to the top (${deferred - stillDeferred} answers drawn)`, String(init.nodes), median(scrollTimes).toFixed(1), Math.max(...scrollTimes).toFixed(1)],
    ]);

    console.log(`(b) one streamed update at the end of the conversation: message handler + the frame that draws it (render + style + layout), median and p95 of ${atBig.text.length} updates each.`);
    const rows: string[][] = [];
    for (const [name, key] of [['textDelta (markdown re-render of the streaming answer)', 'text'], ['toolStatus (write_file card, content tail)', 'tool']] as const) {
      const b = median(atBig[key]);
      const s = median(atSmall[key]);
      if (b / s > RATIO_TARGET) missed.push(`${name}: ${(b / s).toFixed(2)}x the small conversation's cost`);
      rows.push([name, s.toFixed(3), b.toFixed(3), p95(atSmall[key]).toFixed(3), p95(atBig[key]).toFixed(3), `${(b / s).toFixed(2)}x`, b / s <= RATIO_TARGET ? `<= ${RATIO_TARGET}x ok` : `> ${RATIO_TARGET}x MISSED`]);
    }
    table(['update', `${small.items.length + 2} items ms`, `${big.items.length + 2} items ms`, 'p95 small', 'p95 large', 'ratio', 'target'], rows);

    console.log(`(c) host → webview messages while a model streams ${TOKENS_PER_SECOND} deltas/s for ${STREAM_SECONDS} s through the coalescing outbox (Node, real timers, ${FRAME_INTERVAL_MS} ms interval).`);
    const outRows: string[][] = [];
    for (const [name, withTool] of [['text tokens only', false], ['text + tool status (alternating)', true]] as const) {
      const r = await measureOutbox(withTool);
      if (r.perSecond > MESSAGES_PER_SECOND_TARGET) missed.push(`${name}: ${r.perSecond.toFixed(1)} messages/s`);
      outRows.push([name, String(r.raw), r.rawPerSecond.toFixed(0), String(r.messages), r.perSecond.toFixed(1), (r.deltasSent / r.messages).toFixed(1), r.perSecond <= MESSAGES_PER_SECOND_TARGET ? `<= ${MESSAGES_PER_SECOND_TARGET}/s ok` : `> ${MESSAGES_PER_SECOND_TARGET}/s MISSED`]);
    }
    table(['stream', 'raw deltas (baseline msgs)', 'raw/s', 'messages', 'messages/s', 'deltas/message', 'target'], outRows);
    console.log(missed.length === 0 ? 'All targets met.' : `FAILED: ${missed.join('; ')}`);
    return missed.length === 0 ? 0 : 1;
  } finally {
    await browser.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
