// An end-to-end fixture: the packaged .vsix installed into a fresh VS Code server, a fresh workspace,
// Debian Chromium on the workbench. Everything it starts is stopped in close(), on failure too.
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { startScriptedModelServer, type Script, type ScriptedModelServer } from '../scripted-model-server';
import { launchChromium } from './browser';
import { INSTALLED_EXTENSIONS_ENV, REPO_ROOT, SERVER_MAIN, startServer, tempDir, type RunningServer } from './server';

export const RESULTS_DIR = join(REPO_ROOT, 'test-results', 'e2e');

export interface Workbench {
  page: Page;
  server: RunningServer;
  workspace: string;
  /** The Relay chat webview's document (nested iframes). */
  chat(): FrameLocator;
  runCommand(title: string): Promise<void>;
  /** Shows the Relay view (a click on its activity-bar item unless it is already showing) once its chat is drawn. */
  openRelay(): Promise<FrameLocator>;
  /**
   * Switches VS Code's colour theme in place, as a person does (Preferences: Color Theme, the theme's row), and
   * resolves once the chat webview shows the theme: its theme id is the new one and its
   * computed `--vscode-*` colours differ from the old theme's. A no-op check when the theme is already in effect.
   */
  setColorTheme(colorTheme: string): Promise<void>;
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
  /** Prepares the copied workspace before the workbench opens it (a git repository its git extension finds at start). */
  prepareWorkspace?: (workspace: string) => void;
}

/** With RELAY_E2E_TIMINGS=<file>, each harness phase's duration is appended to it (one line per phase). */
function phase(): (name: string) => void {
  const file = process.env.RELAY_E2E_TIMINGS;
  let last = Date.now();
  return (name) => {
    const now = Date.now();
    if (file) appendFileSync(file, `${process.argv[1]?.split('/').pop() ?? '?'}\t${name}\t${now - last}\n`);
    last = now;
  };
}

/** The label VS Code's built-in theme with this setting id (or id) has in the Color Theme picker. */
function themeLabel(colorTheme: string): string {
  const dir = join(dirname(SERVER_MAIN), '..', 'extensions', 'theme-defaults');
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { contributes: { themes: { id: string; label: string }[] } };
  const nls = JSON.parse(readFileSync(join(dir, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const theme = manifest.contributes.themes.find((t) => t.id === colorTheme) ?? manifest.contributes.themes.find((t) => t.id === colorTheme.replace(/^Default /, ''));
  if (!theme) throw new Error(`${colorTheme} is not one of VS Code's built-in themes`);
  return theme.label.replace(/^%(.+)%$/, (_, key: string) => nls[key] ?? key);
}

/**
 * A quick-input row's own label. A row has two `.label-name`s: the label's, then its detail's on the second line;
 * a row reused for an item without detail hides the detail but keeps its old text (seen: a Color Theme row holding
 * a command's English alias from the zh-cn Command Palette, a provider row holding an API step's detail).
 */
export const QUICK_INPUT_LABEL = '.quick-input-list-rows > .quick-input-list-row:first-child .label-name';

/** A quick-input row's label that is exactly `text`, not merely containing it. */
export function exactLabel(page: Page, text: string): Locator {
  return page.locator(QUICK_INPUT_LABEL, { hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
}

/**
 * Refuses to press keys while a modal dialog is up: VS Code focuses a modal's default button as it opens (Relay's
 * approval modal: Allow), so a key pressed through `page.keyboard` for a palette or picker would answer the modal
 * instead (an approval given that no one clicked).
 */
async function assertNoModal(page: Page, pressing: string): Promise<void> {
  const dialogs = await page.locator('.monaco-dialog-box').allTextContents();
  if (dialogs.length > 0) throw new Error(`a modal dialog is open, so ${pressing} would go to it: ${dialogs.map((d) => `"${d.trim()}"`).join(', ')}`);
}

/** Colours every theme sets differently (foreground, side bar), as the webview computes them. */
const THEME_PROBES = ['--vscode-foreground', '--vscode-sideBar-background'];

async function webviewTheme(view: FrameLocator): Promise<{ id: string; colours: string[] }> {
  return view.locator('body').evaluate((body, names) => {
    const style = getComputedStyle(document.documentElement);
    return { id: body.getAttribute('data-vscode-theme-id') ?? '', colours: names.map((name) => style.getPropertyValue(name).trim()) };
  }, THEME_PROBES);
}

export async function openWorkbench(options: WorkbenchOptions = {}): Promise<Workbench> {
  const installed = process.env[INSTALLED_EXTENSIONS_ENV];
  if (!installed) throw new Error(`${INSTALLED_EXTENSIONS_ENV} is not set: run the E2E level through \`npm run test:e2e\`, which packages and installs the extension`);
  const extensionsDir = tempDir('e2e-extensions');
  const workspace = tempDir('e2e-workspace');
  cpSync(join(REPO_ROOT, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
  options.prepareWorkspace?.(workspace);
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const mark = phase();
  const cleanup = async () => {
    mark('tests');
    await browser?.close().catch(() => undefined);
    mark('close-browser');
    await server?.stop();
    mark('stop-server');
    rmSync(extensionsDir, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
    mark('rm');
  };
  try {
    // A copy of the level's one install (see INSTALLED_EXTENSIONS_ENV).
    cpSync(installed, extensionsDir, { recursive: true });
    mark('copy-extensions');
    server = await startServer({
      extensionsDir,
      env: options.env,
      locale: options.locale,
      installAtStart: options.installAtStart,
      // The workbench's own tooltips wait a minute: the pointer (or focus) a click leaves on an activity bar item
      // showed its tooltip ("Relay") over the side bar's top in the screenshots. Editor hovers keep their delay.
      settings: { 'workbench.startupEditor': 'none', 'workbench.tips.enabled': false, 'workbench.hover.delay': 60_000, ...options.settings },
    });
    mark('start-server');
    browser = await launchChromium();
    mark('launch-chromium');
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.baseUrl}/?folder=${encodeURIComponent(workspace)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    mark('workbench');
    const running = server;
    const chat = () => page.frameLocator('iframe.webview').frameLocator('iframe#active-frame');
    const wb: Workbench = {
      page,
      server: running,
      workspace,
      chat,
      async runCommand(title) {
        await assertNoModal(page, `F1 for "${title}"`);
        await page.keyboard.press('F1');
        const input = page.locator('.quick-input-widget input');
        await input.waitFor();
        await input.fill(`>${title}`);
        // The row whose title is exactly this one: the top row may be another command sharing the prefix
        // (">View: Move View" lists "Move Panel Views To Secondary Side Bar" first).
        const rows = page.locator('.quick-input-list .monaco-list-row');
        const row = rows.filter({ has: exactLabel(page, title) }).first();
        try {
          await row.waitFor();
        } catch {
          const labels = await rows.locator(QUICK_INPUT_LABEL).allTextContents();
          throw new Error(`no command titled exactly "${title}" in the Command Palette; its rows: ${labels.map((l) => `"${l.trim()}"`).join(', ') || 'none'}`);
        }
        await row.click();
      },
      async openRelay() {
        // A click on the item of the view that is showing would close the side bar.
        if (!(await chat().locator('.relay-title').isVisible())) {
          // The item appears once the server has scanned the extensions and the workbench has drawn their
          // contributions: part of start-up, which takes as long under load as the workbench itself (60 s above).
          const item = page.locator('.activitybar [aria-label^="Relay"]').first();
          await item.waitFor({ state: 'visible', timeout: 90_000 });
          await item.click();
          // The pointer leaves the item: resting there, its tooltip ("Relay") covers the side bar's top in the
          // screenshots that follow. The editor area's empty middle has no hover.
          const editor = await page.locator('.part.editor').boundingBox();
          await page.mouse.move(editor ? editor.x + editor.width / 2 : 900, editor ? editor.y + editor.height / 2 : 450);
          await chat().locator('.relay-title').waitFor({ timeout: 30_000 });
        }
        mark('open-relay');
        return chat();
      },
      async setColorTheme(colorTheme) {
        const view = await wb.openRelay();
        const ids = [colorTheme, colorTheme.replace(/^Default /, '')];
        const before = await webviewTheme(view);
        if (ids.includes(before.id)) return;
        // As a person does it: the Color Theme picker (typing there searches the marketplace), the theme's row.
        await wb.runCommand('Preferences: Color Theme');
        const label = themeLabel(colorTheme);
        const rows = page.locator('.quick-input-list .monaco-list-row');
        await rows.filter({ has: exactLabel(page, themeLabel(before.id)) }).first().waitFor();
        const target = rows.filter({ has: exactLabel(page, label) }).first();
        if (await target.isVisible()) {
          // Its row is drawn: a click, without previewing every theme on the way as the arrows do (each one
          // restyles the whole workbench and its webviews).
          await target.click();
        } else {
          // Further down the list than it shows: the arrows, pressed in the picker's own input (never into whatever
          // has focus, such as a modal that opened meanwhile), and Enter only once the focused row is this theme's.
          const input = page.locator('.quick-input-widget input');
          const focused = rows.and(page.locator('.focused')).locator(QUICK_INPUT_LABEL);
          for (let moves = 0; (await focused.textContent())?.trim() !== label; moves++) {
            if (moves > 60) throw new Error(`no theme labelled ${label} in the Color Theme picker`);
            await assertNoModal(page, 'ArrowDown in the Color Theme picker');
            await input.press('ArrowDown');
          }
          await assertNoModal(page, `Enter on the theme ${label}`);
          await input.press('Enter');
        }
        await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
        const deadline = Date.now() + 30_000;
        for (let now = before; !(ids.includes(now.id) && now.colours.every((c, i) => c !== before.colours[i])); now = await webviewTheme(view)) {
          if (Date.now() > deadline) throw new Error(`the chat webview did not take the theme ${colorTheme} within 30 s: ${JSON.stringify({ before, now })}`);
          await page.waitForTimeout(100);
        }
        mark(`theme ${colorTheme}`);
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

export interface ScriptedWorkbenchOptions extends Omit<WorkbenchOptions, 'settings'> {
  /** The scripted model server's first script (`model.setScript` replaces it later). */
  script?: Script;
  /**
   * Settings on top of Relay talking to the scripted server's OpenAI-compatible wire as `scripted-coder`; a function
   * gets the server (e.g. for `'relay.baseUrl': model.url`, its Anthropic address).
   */
  settings?: Record<string, unknown> | ((model: ScriptedModelServer) => Record<string, unknown>);
  /** Prepares the workspace before Relay's view opens: fixtures, `.vscode/mcp.json`, a script that needs its path. */
  prepare?: (workspace: string, model: ScriptedModelServer) => void;
}

/** A workbench whose Relay's model is a fresh scripted model server, with the chat open and loaded (its status in the ready phase). */
export interface ScriptedWorkbench {
  wb: Workbench;
  model: ScriptedModelServer;
  chat: FrameLocator;
  close(): Promise<void>;
}

export async function openScriptedWorkbench(options: ScriptedWorkbenchOptions = {}): Promise<ScriptedWorkbench> {
  const model = await startScriptedModelServer({ script: options.script ?? [] });
  let wb: Workbench | undefined;
  const close = async () => {
    await wb?.close();
    await model.close();
  };
  try {
    const extra = typeof options.settings === 'function' ? options.settings(model) : options.settings;
    wb = await openWorkbench({
      ...options,
      settings: { 'relay.provider': 'openai-compatible', 'relay.baseUrl': model.openaiBaseUrl, 'relay.model': 'scripted-coder', ...extra },
    });
    options.prepare?.(wb.workspace, model);
    const chat = await wb.openRelay();
    // Loaded is its phase: without a working key the header names the key's state instead of "Ready".
    await chat.locator('[data-testid="relay-status"][data-phase="ready"]').waitFor({ timeout: 30_000 });
    return { wb, model, chat, close };
  } catch (error) {
    await close();
    throw error;
  }
}
