// The "@" list in a workspace of 50,000 files (issue 15; target: keystroke to list update ≤ 16 ms).
//  (a) Node: the query the host runs for each keystroke (`suggestMentions` over the `PathIndex` it builds from
//      find_files' listing: typed per-path features, a score bound that skips most paths, best bound first, the
//      typed prefixes kept for extending queries and Backspace), against a naive baseline in the same run
//      (score every path with the same scorer, sort them all, take the top 50), whose top 50 it must equal.
//  (b) Chromium: the real webview bundle; a real key press in the message box to the answer drawn into the list
//      and the next frame started, with the same host query answering from a Web Worker (another thread, as the
//      extension host is another process), and the split of that time between the webview, the query and the
//      drawing. Not in (b): VS Code's IPC between the webview and the extension host (two messages).
// Exits 1 when the target is missed.
// Run: npm run bench mentions   (or node --import tsx bench/mentions.bench.ts)
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { scorePath } from '../src/shared/mentions/fuzzy';
import { PathIndex } from '../src/shared/mentions/path-index';
import { suggestMentions } from '../src/core/mentions/suggest';
import { MAX_SUGGESTIONS, withFolders } from '../src/shared/mentions/rank';
import type { ChatSnapshot } from '../src/shared/chat-model';
import { PROTOCOL_VERSION, type InitialState } from '../src/shared/protocol';
import { keystrokeQueries, TYPING, workspaceFiles } from './mentions-fixture';

const FILES = 50_000;
const TARGET_MS = 16;
const ROUNDS = 5;

/** The baseline: the same scorer over every path, every match sorted, the top 50 kept. */
function naiveSuggest(query: string, paths: readonly string[]): string[] {
  const q = query.toLowerCase();
  const scored: { path: string; score: number }[] = [];
  for (const path of paths) {
    const { score } = scorePath(q, path);
    if (score > -Infinity) scored.push({ path, score });
  }
  scored.sort((a, b) => b.score - a.score || a.path.length - b.path.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return scored.slice(0, MAX_SUGGESTIONS).map((s) => s.path);
}

const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
};
const ms = (x: number) => `${x.toFixed(2)} ms`;

function nodeQueries(paths: string[]): { hostP95: number } {
  const buildStart = performance.now();
  const index = new PathIndex(withFolders(paths));
  const buildMs = performance.now() - buildStart;
  // A second index, asked without open editors, whose whole top 50 must equal the baseline's.
  const check = new PathIndex(withFolders(paths));
  const queries = keystrokeQueries();
  const host: number[] = [];
  const typing: number[] = [];
  const backspace: number[] = [];
  const naive: number[] = [];
  let agree = 0;
  const openEditors = [paths[123]!, paths[4567]!];
  for (let round = 0; round <= ROUNDS; round++) {
    let previous = '';
    for (const query of queries) {
      const t0 = performance.now();
      suggestMentions(query, { index, openEditors });
      const t1 = performance.now();
      const baseline = naiveSuggest(query, index.paths);
      const t2 = performance.now();
      const extended = query.length > previous.length;
      previous = query;
      if (round === 0) continue; // warm-up
      host.push(t1 - t0);
      (extended ? typing : backspace).push(t1 - t0);
      naive.push(t2 - t1);
      const ranked = check.search(query, { limit: MAX_SUGGESTIONS }).map((r) => r.path);
      if (JSON.stringify(ranked) === JSON.stringify(baseline)) agree++;
    }
  }
  const h = stats(host);
  const n = stats(naive);
  const row = (name: string, xs: number[]) => {
    const s = stats(xs);
    console.log(`| ${name} | ${xs.length} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} |`);
  };
  console.log(`workspace: ${paths.length.toLocaleString('en-US')} files, ${index.size.toLocaleString('en-US')} entries with folders; index built in ${ms(buildMs)} (once per "@" after files change)`);
  console.log(`keystrokes: ${queries.length} per round (typing, Backspace, extending and non-extending queries, no match), ${ROUNDS} rounds; load average ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores`);
  console.log('| query path (Node) | keys | p50 | p95 | max |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  row('host: suggestMentions over PathIndex, every key', host);
  row('host, keys that extend the query (typing)', typing);
  row('host, Backspace (a shorter query)', backspace);
  row('naive: score all, sort all (baseline), every key', naive);
  console.log(`the index's top ${MAX_SUGGESTIONS} (without open editors) equal the baseline's: ${agree}/${host.length} keys`);
  console.log(`speed-up over the baseline: p50 ×${(n.p50 / h.p50).toFixed(1)}, p95 ×${(n.p95 / h.p95).toFixed(1)}`);
  return { hostP95: h.p95 };
}

const STATE: InitialState = { protocolVersion: PROTOCOL_VERSION, extensionVersion: 'bench', vscodeVersion: '1.139.1', workspaceName: 'bench', trusted: true };
const SNAPSHOT: ChatSnapshot = { task: undefined, items: [], settings: { mode: 'default', model: 'bench-model', imagesSupported: true } };
const THEME = `:root{--vscode-font-family:system-ui,sans-serif;--vscode-font-size:13px;--vscode-editor-font-family:monospace;--vscode-editor-font-size:12px}`;

/**
 * The host's query on another thread, as the extension host is another process: a Web Worker with the same
 * modules builds the index once and answers each mentionQuery, while the page goes on (it renders the typed
 * character meanwhile). Its start and end are sent as absolute times (worker and page clocks differ in origin).
 */
const HOST_ENTRY = `import { PathIndex } from './src/shared/mentions/path-index';
import { suggestMentions } from './src/core/mentions/suggest';
import { withFolders } from './src/shared/mentions/rank';
let index;
self.onmessage = (event) => {
  const m = event.data;
  if (m.paths) {
    index = new PathIndex(withFolders(m.paths));
    self.postMessage({ ready: true });
    return;
  }
  const start = performance.now();
  const items = suggestMentions(m.query, { index, openEditors: [] });
  const end = performance.now();
  self.postMessage({ type: 'mentionSuggestions', requestId: m.requestId, items, start: performance.timeOrigin + start, end: performance.timeOrigin + end });
};`;

/** The webview's side of the host: its postMessage goes to the worker, whose answers arrive as messages. */
const BRIDGE = `(() => {
  const worker = new Worker('/host.js');
  window.__hostReady = new Promise((resolve) => {
    worker.onmessage = (event) => {
      const d = event.data;
      if (d.ready) return resolve();
      window.__arrived = performance.now();
      window.__query = { start: d.start - performance.timeOrigin, end: d.end - performance.timeOrigin };
      window.postMessage({ type: d.type, requestId: d.requestId, items: d.items }, '*');
    };
  });
  worker.postMessage({ paths: window.__paths });
  // Added before the app's listener: the time the app's handler starts.
  window.addEventListener('message', () => { window.__handlerStart = performance.now(); });
  window.acquireVsCodeApi = () => ({
    postMessage: (m) => {
      if (m.type !== 'mentionQuery') return;
      window.__posted = performance.now();
      worker.postMessage({ requestId: m.requestId, query: m.query });
    },
    getState: () => undefined,
    setState: () => undefined,
  });
})();`;

/**
 * keydown (captured before the app sees it) to the answer drawn into the list (the app's message handler, which
 * redraws the rows synchronously, has returned: this listener is added after the app's), and to the start of
 * the next frame; with the split: before the host query starts, the query, from its end to the list drawn.
 * (An answer equal to the list shown changes no row, so a MutationObserver would not see every answer.)
 */
const PROBE = `(() => {
  let t0 = 0, input = 0, pending, listening = false;
  document.addEventListener('keydown', () => { t0 = performance.now(); input = 0; window.__query = undefined; }, true);
  document.addEventListener('input', () => { input = performance.now(); }, true);
  window.__waitList = () => {
    if (!listening) {
      listening = true;
      window.addEventListener('message', (event) => {
        if (event.data?.type !== 'mentionSuggestions' || !pending) return;
        const resolve = pending; pending = undefined;
        const updated = performance.now() - t0;
        const q = window.__query;
        const rows = document.querySelectorAll('.mention-list [role=option]').length;
        requestAnimationFrame(() => resolve({ updated, frame: performance.now() - t0, rows, toInput: input - t0, handler: window.__posted - input, hop: q.start - window.__posted, before: q.start - t0, query: q.end - q.start, after: updated - (q.end - t0), arrived: window.__arrived - q.end, repost: window.__handlerStart - window.__arrived, draw: updated - (window.__handlerStart - t0) }));
      });
    }
    window.__listDone = new Promise((resolve) => { pending = resolve; });
  };
})();`;

interface KeyTimes {
  updated: number;
  frame: number;
  /** keydown to the input event, the input handler until it posts the query, the post to the query's start. */
  toInput: number;
  handler: number;
  hop: number;
  before: number;
  query: number;
  after: number;
  /** The query's end to the answer's arrival in the page, its re-post as a window message, the app's handler (the list drawn). */
  arrived: number;
  repost: number;
  draw: number;
}

async function browserKeystrokes(paths: string[]): Promise<{ frameP95: number } | undefined> {
  const outdir = mkdtempSync(join(tmpdir(), 'relay-bench-mentions-'));
  const browser = await chromium.launch({ executablePath: process.env.RELAY_CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await build({ entryPoints: { webview: 'webview/main.ts' }, outdir, bundle: true, minify: true, platform: 'browser', format: 'iife', target: 'es2022', loader: { '.css': 'css' }, logLevel: 'warning' });
    await build({ stdin: { contents: HOST_ENTRY, resolveDir: process.cwd(), loader: 'ts' }, outfile: join(outdir, 'host.js'), bundle: true, minify: true, platform: 'browser', format: 'iife', target: 'es2022', logLevel: 'warning' });
    const page: Page = await browser.newPage({ viewport: { width: 420, height: 900 } });
    page.on('pageerror', (error) => console.error('[page error]', error));
    const files: Record<string, [string, string]> = {
      '/': ['text/html', `<!DOCTYPE html><html><head><style>${THEME}</style><link rel="stylesheet" href="/webview.css"></head><body><main id="app"></main>` +
        '<script src="/paths.js"></script><script src="/bridge.js"></script><script src="/probe.js"></script><script src="/webview.js"></script></body></html>'],
      '/bridge.js': ['text/javascript', BRIDGE],
      '/paths.js': ['text/javascript', `window.__paths = ${JSON.stringify(paths)};`],
      '/host.js': ['text/javascript', readFileSync(join(outdir, 'host.js'), 'utf8')],
      '/probe.js': ['text/javascript', PROBE],
      '/webview.js': ['text/javascript', readFileSync(join(outdir, 'webview.js'), 'utf8')],
      '/webview.css': ['text/css', readFileSync(join(outdir, 'webview.css'), 'utf8')],
    };
    const headers = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
    await page.route('**/*', (route) => {
      const file = files[new URL(route.request().url()).pathname];
      return file ? route.fulfill({ status: 200, contentType: file[0], body: file[1], headers }) : route.abort();
    });
    await page.goto('http://localhost:9/');
    await page.evaluate(() => (window as unknown as { __hostReady: Promise<void> }).__hostReady);
    await page.evaluate(([state, snapshot]) => window.postMessage({ type: 'init', state, snapshot }, '*'), [STATE, SNAPSHOT] as const);
    const input = page.locator('textarea[aria-label="Message Relay"]');
    await input.waitFor();
    await input.click();
    const updated: number[] = [];
    const frames: number[] = [];
    const before: number[] = [];
    const toInput: number[] = [];
    const handler: number[] = [];
    const hop: number[] = [];
    const queryTimes: number[] = [];
    const after: number[] = [];
    const arrived: number[] = [];
    const repost: number[] = [];
    const draw: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      await input.fill('');
      await page.keyboard.type('Explain ');
      for (const key of ['@', ...TYPING.join('')]) {
        // Armed before the key is sent: key events and evaluations reach the page by different routes, so an
        // answer could otherwise come before the wait for it and be missed.
        await page.evaluate(() => (window as unknown as { __waitList(): void }).__waitList());
        await page.keyboard.press(key === '⌫' ? 'Backspace' : key);
        const waiting = page.evaluate(() => (window as unknown as { __listDone: Promise<KeyTimes> }).__listDone);
        // A key that posts no query would wait for ever: fail naming it instead.
        const r = await Promise.race([waiting, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer to the key "${key}" in 30 s`)), 30_000))]);
        if (round === 0) continue;
        updated.push(r.updated);
        frames.push(r.frame);
        before.push(r.before);
        toInput.push(r.toInput);
        handler.push(r.handler);
        hop.push(r.hop);
        queryTimes.push(r.query);
        after.push(r.after);
        arrived.push(r.arrived);
        repost.push(r.repost);
        draw.push(r.draw);
      }
    }
    const u = stats(updated);
    const f = stats(frames);
    console.log(`\nChromium (${process.env.RELAY_CHROMIUM ?? '/usr/bin/chromium'}), real webview bundle, ${updated.length} key presses:`);
    console.log('| keystroke to | p50 | p95 | max |');
    console.log('| --- | ---: | ---: | ---: |');
    console.log(`| answer drawn into the list | ${ms(u.p50)} | ${ms(u.p95)} | ${ms(u.max)} |`);
    console.log(`| next frame start (drawn) | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.max)} |`);
    const split = ([name, xs]: [string, number[]]) => `${name} ${ms(stats(xs).p50)} / ${ms(stats(xs).p95)}`;
    console.log(`before the query (p50 / p95): keydown to input event ${ms(stats(toInput).p50)} / ${ms(stats(toInput).p95)}; input handler until the query is posted ${ms(stats(handler).p50)} / ${ms(stats(handler).p95)}; posted to the query's start in the worker (the thread hop) ${ms(stats(hop).p50)} / ${ms(stats(hop).p95)}`);
    console.log(`split (p50 / p95 of each part): ${[['key to host query start (webview input, message, thread hop)', before], ['host query', queryTimes], ['query end to list drawn (message to the page, rows)', after]].map((x) => split(x as [string, number[]])).join('; ')}`);
    console.log(`after the query (p50 / p95): ${[['its end to the answer in the page (thread hop, waiting for the main thread)', arrived], ["the page's re-post as a window message", repost], ["the app's handler (list drawn)", draw]].map((x) => split(x as [string, number[]])).join('; ')}`);
    return { frameP95: f.p95 };
  } finally {
    await browser.close();
    rmSync(outdir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const paths = workspaceFiles(FILES);
  // RELAY_BENCH_ONLY=node or =chromium runs one half (while working on it); the target needs both.
  const only = process.env.RELAY_BENCH_ONLY;
  const node = only === 'chromium' ? { hostP95: NaN } : nodeQueries(paths);
  const browser = only === 'node' ? undefined : await browserKeystrokes(paths);
  const met = !only && node.hostP95 <= TARGET_MS && (browser?.frameP95 ?? 0) <= TARGET_MS;
  console.log(`\ntarget keystroke to list update ≤ ${TARGET_MS} ms (p95): ${met ? 'met' : 'MISSED'} (host query p95 ${ms(node.hostP95)}${browser ? `, in Chromium to the next frame p95 ${ms(browser.frameP95)}` : ''})`);
  if (!met) process.exitCode = 1;
}

void main();
