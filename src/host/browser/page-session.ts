// The playwright-core side of check_page (bundled into dist/browser.js, loaded on first use): launch an installed
// browser as a server whose process id we know, and check one page per fresh context: every request routed
// through the caller's check, console errors, failed requests, settle, text and a screenshot.
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page, type Request } from 'playwright-core';
import { PageCheckError, type PageCheckOptions, type PageCheckResult, type PageRequestFailure } from '../../core/ports/page-check';

/** A page check as the browser runs it: each request is put to `checkRequest` (request-guard.ts). */
export interface PageSessionOptions extends Omit<PageCheckOptions, 'allowPrivateAddress'> {
  /** Resolves to undefined when the request may go out, or to the reason (English) it is refused. */
  checkRequest(url: string): Promise<string | undefined>;
}

export interface LaunchedBrowser {
  readonly pid: number | undefined;
  readonly executablePath: string;
  /** Whether the browser's main process still runs (its id is not yet free for reuse). */
  isRunning(): boolean;
  check(options: PageSessionOptions): Promise<PageCheckResult>;
  close(): Promise<void>;
}

const VIEWPORT = { width: 1280, height: 800 };
/** 320 × 200: about the width of a card in a 300 px side bar, so the card shows it near its own size. */
const THUMBNAIL_SCALE = 0.25;
const NAVIGATION_TIMEOUT_MS = 20_000;
const DEFAULT_SETTLE_MS = 3_000;
const DEFAULT_MAX_TEXT = 8_000;
const MAX_CONSOLE_ERRORS = 30;
const MAX_FAILED_REQUESTS = 30;

export async function launchBrowser(executablePath: string): Promise<LaunchedBrowser> {
  let server: BrowserServer;
  try {
    server = await chromium.launchServer({
      executablePath,
      headless: true,
      // No WebRTC to addresses the route cannot see; no background traffic of the browser's own.
      args: ['--force-webrtc-ip-handling-policy=disable_non_proxied_udp', '--disable-background-networking', '--no-first-run', '--no-default-browser-check'],
    });
  } catch (error) {
    throw new PageCheckError('launch', `The browser at ${executablePath} did not start: ${firstLine((error as Error).message)}`);
  }
  const browser = await chromium.connect(server.wsEndpoint());
  const child = server.process();
  return {
    pid: child.pid,
    executablePath,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    check: (options) => checkPage(browser, executablePath, options),
    close: async () => {
      await browser.close().catch(() => undefined);
      await server.close().catch(() => undefined);
    },
  };
}

async function checkPage(browser: Browser, executablePath: string, options: PageSessionOptions): Promise<PageCheckResult> {
  if (options.signal.aborted) throw new PageCheckError('cancelled', 'The page check was cancelled.');
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block', acceptDownloads: false });
  const onAbort = () => void context.close().catch(() => undefined);
  options.signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await inContext(context, executablePath, options);
  } catch (error) {
    if (options.signal.aborted) throw new PageCheckError('cancelled', 'The page check was cancelled.');
    throw error;
  } finally {
    options.signal.removeEventListener('abort', onAbort);
    await context.close().catch(() => undefined);
  }
}

async function inContext(context: BrowserContext, executablePath: string, options: PageSessionOptions): Promise<PageCheckResult> {
  const failed: PageRequestFailure[] = [];
  const refused = new Map<Request, string>();
  const consoleErrors: string[] = [];
  const addFailure = (failure: PageRequestFailure) => {
    if (failed.length < MAX_FAILED_REQUESTS) failed.push(failure);
  };
  await context.route('**/*', async (route) => {
    const request = route.request();
    const reason = await options.checkRequest(request.url());
    if (reason === undefined) return route.continue();
    refused.set(request, reason);
    addFailure({ url: request.url(), method: request.method(), reason: `refused: ${reason}`, refused: true });
    return route.abort('blockedbyclient');
  });
  await context.routeWebSocket(/.*/, async (socket) => {
    const reason = await options.checkRequest(socket.url());
    if (reason === undefined) return socket.connectToServer();
    addFailure({ url: socket.url(), method: 'WEBSOCKET', reason: `refused: ${reason}`, refused: true });
    return socket.close({ code: 1008, reason: 'refused by Relay' });
  });
  const page: Page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() !== 'error' || consoleErrors.length >= MAX_CONSOLE_ERRORS) return;
    // The browser's own line for a request Relay refused: listed under failed requests already.
    if (message.text().includes('net::ERR_BLOCKED_BY_CLIENT')) return;
    const where = message.location();
    consoleErrors.push(`${message.text()}${where.url ? ` (${where.url}${where.lineNumber ? `:${where.lineNumber + 1}` : ''})` : ''}`);
  });
  page.on('pageerror', (error) => {
    if (consoleErrors.length < MAX_CONSOLE_ERRORS) consoleErrors.push(`Uncaught ${error.name}: ${error.message}`);
  });
  page.on('requestfailed', (request) => {
    if (refused.has(request)) return;
    addFailure({ url: request.url(), method: request.method(), reason: request.failure()?.errorText ?? 'failed' });
  });
  page.on('response', (response) => {
    if (response.status() >= 400) addFailure({ url: response.url(), method: response.request().method(), reason: `HTTP ${response.status()}${response.statusText() ? ` ${response.statusText()}` : ''}` });
  });

  let response;
  try {
    response = await page.goto(options.url, { waitUntil: 'load', timeout: NAVIGATION_TIMEOUT_MS });
  } catch (error) {
    const reason = [...refused.entries()].find(([request]) => request.isNavigationRequest())?.[1];
    if (reason) throw new PageCheckError('blocked', reason);
    if (options.signal.aborted) throw new PageCheckError('cancelled', 'The page check was cancelled.');
    const message = firstLine((error as Error).message);
    if (/Timeout/i.test((error as Error).name) || /timeout/i.test(message)) throw new PageCheckError('timeout', `${options.url} did not finish loading within ${NAVIGATION_TIMEOUT_MS / 1000} s.`);
    throw new PageCheckError('navigation', `Could not open ${options.url}: ${message}`);
  }
  const settled = await page.waitForLoadState('networkidle', { timeout: options.settleMs ?? DEFAULT_SETTLE_MS }).then(
    () => true,
    () => false,
  );
  const title = await page.title();
  const fullText = await page.evaluate(() => document.body?.innerText ?? '');
  const max = options.maxTextChars ?? DEFAULT_MAX_TEXT;
  const screenshot = await page.screenshot({ type: 'jpeg', quality: 70 });
  const thumbnail = await thumbnailOf(context, page);
  return {
    finalUrl: page.url(),
    ...(response ? { status: response.status() } : {}),
    title,
    text: fullText.length > max ? fullText.slice(0, max) : fullText,
    textTruncated: fullText.length > max,
    screenshot: { mediaType: 'image/jpeg', data: screenshot.toString('base64'), ...VIEWPORT },
    ...(thumbnail ? { thumbnail } : {}),
    consoleErrors,
    failedRequests: failed,
    settled,
    browser: executablePath,
  };
}

/** The card's copy of the screenshot: the same frame drawn at a quarter of its size by the browser (about 15 KB, not 100). */
async function thumbnailOf(context: BrowserContext, page: Page): Promise<PageCheckResult['thumbnail']> {
  try {
    const cdp = await context.newCDPSession(page);
    const shot = (await cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: 70, clip: { x: 0, y: 0, ...VIEWPORT, scale: THUMBNAIL_SCALE } })) as { data: string };
    await cdp.detach().catch(() => undefined);
    return { mediaType: 'image/jpeg', data: shot.data, width: VIEWPORT.width * THUMBNAIL_SCALE, height: VIEWPORT.height * THUMBNAIL_SCALE };
  } catch {
    // A browser without the DevTools protocol: the card shows the screenshot itself.
    return undefined;
  }
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}
