// check_page's browser: found on disk (browser-finder.ts), started on the first check (the extension launches it
// through playwright-core from dist/browser.js, see index.ts), kept for the next checks and stopped when idle for
// a while, on dispose, or when a check is cut off. The process is stopped by its id (its process group on POSIX).
import { PageCheckError, type PageChecker, type PageCheckOptions, type PageCheckResult } from '../../core/ports/page-check';
import { findBrowser } from './browser-finder';
import type { LaunchedBrowser } from './page-session';
import { createRequestGuard } from './request-guard';
import type { Resolver } from '../web/pinned-request';

export interface BrowserPageCheckerOptions {
  /** `relay.checkPage.browserPath`, read at call time. */
  configuredPath: () => string | undefined;
  /** Launches the browser (index.ts: playwright-core from dist/browser.js). */
  launch: (executablePath: string) => Promise<LaunchedBrowser>;
  /** Resolves host names for the request check (tests point names at local servers). */
  resolve?: Resolver;
  /** Stop the browser after this long without a check. */
  idleMs?: number;
  log?: { info(message: string): void; warn(message: string): void };
}

export const DEFAULT_BROWSER_IDLE_MS = 120_000;

export class BrowserPageChecker implements PageChecker {
  private running: Promise<LaunchedBrowser> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private active = 0;

  constructor(private readonly options: BrowserPageCheckerOptions) {}

  /** The browser that would be used, or why there is none (for the tool's message). */
  locate(): ReturnType<typeof findBrowser> {
    const configured = this.options.configuredPath();
    return findBrowser(configured ? { configured } : {});
  }

  async check(options: PageCheckOptions): Promise<PageCheckResult> {
    const { allowPrivateAddress, ...rest } = options;
    if (!this.running) this.executable();
    const checkRequest = createRequestGuard(allowPrivateAddress, this.options.resolve);
    // The page itself first: a refused address needs no browser.
    const refusal = await checkRequest(options.url);
    if (refusal) throw new PageCheckError('blocked', refusal);
    this.active++;
    this.clearIdle();
    try {
      const browser = await this.browser();
      try {
        return await browser.check({ ...rest, checkRequest });
      } catch (error) {
        // A check cut off mid-way may leave the browser busy with the page: start afresh next time.
        if (options.signal.aborted) await this.stop();
        throw error;
      }
    } finally {
      this.active--;
      this.armIdle();
    }
  }

  /** The process id of the running browser, if one runs. */
  async runningPid(): Promise<number | undefined> {
    return this.running ? (await this.running.catch(() => undefined))?.pid : undefined;
  }

  async dispose(): Promise<void> {
    this.clearIdle();
    await this.stop();
  }

  private browser(): Promise<LaunchedBrowser> {
    if (!this.running) {
      let executable: string;
      try {
        executable = this.executable();
      } catch (error) {
        return Promise.reject(error as Error);
      }
      this.running = this.options.launch(executable);
      this.running.then(
        (browser) => this.options.log?.info(`check_page: started ${browser.executablePath} (pid ${browser.pid ?? '?'})`),
        () => (this.running = undefined),
      );
    }
    return this.running;
  }

  /** The browser to start; throws `no-browser` when there is none. */
  private executable(): string {
    const found = this.locate();
    if (found.path !== undefined) return found.path;
    const message = found.configuredMissing
      ? `relay.checkPage.browserPath names ${found.configuredMissing}, which does not exist.`
      : 'No Chrome, Edge or Chromium is installed in the usual places.';
    throw new PageCheckError('no-browser', message);
  }

  private async stop(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    const browser = await running?.catch(() => undefined);
    if (!browser) return;
    await Promise.race([browser.close(), new Promise((resolve) => setTimeout(resolve, 2000))]);
    if (browser.isRunning()) killTree(browser.pid);
    this.options.log?.info(`check_page: stopped the browser (pid ${browser.pid ?? '?'})`);
  }

  private armIdle(): void {
    if (this.active > 0 || !this.running) return;
    this.clearIdle();
    this.idleTimer = setTimeout(() => void this.stop(), this.options.idleMs ?? DEFAULT_BROWSER_IDLE_MS);
    this.idleTimer.unref?.();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}

/** Kills the browser we started and that did not close: its process group on POSIX (playwright starts it detached), itself elsewhere. */
function killTree(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL');
  } catch {
    // Gone between the check and the signal.
  }
}
