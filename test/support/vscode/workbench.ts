// An end-to-end fixture: the packaged .vsix installed into a fresh VS Code server, a fresh workspace,
// Debian Chromium on the workbench. Everything it starts is stopped in close(), on failure too.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { installExtension, REPO_ROOT, startServer, tempDir, type RunningServer } from './server';

export const RESULTS_DIR = join(REPO_ROOT, 'test-results', 'e2e');

export interface Workbench {
  page: Page;
  server: RunningServer;
  workspace: string;
  /** The Relay chat webview's document (nested iframes). */
  chat(): FrameLocator;
  runCommand(title: string): Promise<void>;
  openRelay(): Promise<FrameLocator>;
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export interface WorkbenchOptions {
  settings?: Record<string, unknown>;
  env?: Record<string, string>;
  /** VS Code's display language (`--locale`); pass `installAtStart` a language pack for it to take effect. */
  locale?: string;
  /** Further .vsix files the server installs as it starts, as the Extensions view would (see startServer). */
  installAtStart?: string[];
}

export async function openWorkbench(options: WorkbenchOptions = {}): Promise<Workbench> {
  const vsix = process.env.RELAY_VSIX;
  if (!vsix) throw new Error('RELAY_VSIX is not set: run the E2E level through `npm run test:e2e`, which packages the extension');
  const extensionsDir = tempDir('e2e-extensions');
  const workspace = tempDir('e2e-workspace');
  cpSync(join(REPO_ROOT, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const cleanup = async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    rmSync(extensionsDir, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  };
  try {
    installExtension(vsix, extensionsDir);
    server = await startServer({
      extensionsDir,
      env: options.env,
      locale: options.locale,
      installAtStart: options.installAtStart,
      settings: { 'workbench.startupEditor': 'none', 'workbench.tips.enabled': false, ...options.settings },
    });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.baseUrl}/?folder=${encodeURIComponent(workspace)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const running = server;
    const chat = () => page.frameLocator('iframe.webview').frameLocator('iframe#active-frame');
    const wb: Workbench = {
      page,
      server: running,
      workspace,
      chat,
      async runCommand(title) {
        await page.keyboard.press('F1');
        const input = page.locator('.quick-input-widget input');
        await input.waitFor();
        await input.fill(`>${title}`);
        await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: title }).first().waitFor();
        await page.keyboard.press('Enter');
      },
      async openRelay() {
        await page.locator('.activitybar [aria-label^="Relay"]').first().click();
        await chat().locator('.relay-title').waitFor({ timeout: 30_000 });
        return chat();
      },
      async screenshot(name) {
        mkdirSync(RESULTS_DIR, { recursive: true });
        const file = join(RESULTS_DIR, `${name}.png`);
        await page.screenshot({ path: file });
        return file;
      },
      close: cleanup,
    };
    return wb;
  } catch (error) {
    await cleanup();
    throw error;
  }
}
