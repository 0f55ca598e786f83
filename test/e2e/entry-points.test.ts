// Relay where developers already are (issue 40), through the real UI in light, dark and Simplified Chinese, against
// the scripted model server, in a workspace that is a real git repository with a staged change and a broken JSON
// file: the light bulb's menu on a diagnostic with a selection lists Fix, Explain and Improve with Relay; Source
// Control's title button writes a commit message that streams into the input box (held mid-stream by the server, so
// the partial message is seen, then the whole one); Review My Changes (the same title bar) leaves a comment thread on
// the changed line with the finding's severity, title and reason and its Fix action, once its question (Enter on
// Show Diff) is answered Review. Each screenshot's subject is
// asserted before it is taken. zh-cn: VS Code started with `--locale zh-cn` and a minimal language pack
// (locale-zh-cn.test.ts explains why), so Relay's own strings are Chinese and VS Code's stay English.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { ScriptedModelServer } from '../support/scripted-model-server';
import { buildLanguagePack, type LanguagePack } from '../support/vscode/language-pack';
import { REPO_ROOT } from '../support/vscode/server';
import { openScriptedWorkbench, type Workbench } from '../support/vscode/workbench';

const bundle = JSON.parse(readFileSync(join(REPO_ROOT, 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;
const nlsZh = JSON.parse(readFileSync(join(REPO_ROOT, 'package.nls.zh-cn.json'), 'utf8')) as Record<string, string>;
const nlsEn = JSON.parse(readFileSync(join(REPO_ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;

type Lang = 'en' | 'zh-cn';
/** Relay's message in the variant's language (l10n/bundle.l10n.zh-cn.json), `{0}`… filled. */
function t(lang: Lang, english: string, ...args: string[]): string {
  const text = lang === 'en' ? english : bundle[english];
  assert.ok(text, `l10n/bundle.l10n.zh-cn.json translates "${english}"`);
  return text.replace(/\{(\d+)\}/g, (_, i: string) => args[Number(i)] ?? '');
}
/** A command's title in the variant's language (package.nls*.json). */
function title(lang: Lang, key: string): string {
  const text = (lang === 'en' ? nlsEn : nlsZh)[key];
  assert.ok(text, `package.nls has ${key}`);
  return text;
}

const BROKEN_JSON = '{\n  "name": "demo",\n  "port": 8080 8081,\n  "debug": true\n}\n';
const GREET_CHANGED = 'export function greet(name: string): string {\n  return `Hello, ${name.trim()}!`;\n}\n\nexport const GREETING_LIMIT = -1;\n';
const FINDING = {
  path: 'src/greet.ts',
  line: 2,
  severity: 'error',
  title: 'Crash on a missing name',
  // As long as a real finding's reason: it must wrap inside the thread, not run past its edge.
  reason:
    'name.trim() throws a TypeError when a caller passes undefined or null from plain JavaScript, which the type annotation does not prevent at run time; check the name first and greet a default such as "there" instead of crashing the caller.',
};
const MESSAGES: Record<Lang, string> = { en: 'fix(greet): trim the name before greeting', 'zh-cn': 'fix(greet): 问候前去掉名字两端的空格' };
const MODEL = 'claude-sonnet-5-5'; // a family whose plain answer ends a task: the review's JSON answer is its result

/** The fixture workspace as a git repository: one commit, then greet.ts changed and staged. */
function gitWorkspace(workspace: string): void {
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=E2E', '-c', 'user.email=e2e@relay.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: workspace, stdio: 'pipe' });
  writeFileSync(join(workspace, 'config.json'), BROKEN_JSON);
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'feat: greet people');
  writeFileSync(join(workspace, 'src', 'greet.ts'), GREET_CHANGED);
  git('add', 'src/greet.ts');
}

/** Opens a file of the workspace through Quick Open, as a person does. */
async function openFile(page: Page, name: string): Promise<void> {
  // From the editor area: a focused panel (the Comments panel a review focuses) may keep Ctrl+P for itself.
  const editor = page.locator('.part.editor .monaco-editor .view-lines').first();
  if (await editor.isVisible()) await editor.click();
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  await input.fill(name);
  // The row of this file, not the list of recent files drawn before the query narrows it (Enter would open one of those).
  const base = name.split('/').pop()!;
  await page.locator('.quick-input-list .monaco-list-row').first().filter({ hasText: base }).waitFor({ timeout: 15_000 });
  await input.press('Enter');
  await page.locator(`.tabs-container .tab.active[aria-label^="${base}"]`).first().waitFor({ timeout: 15_000 });
}

/**
 * The Source Control input box's text: its Monaco editor's view lines joined (a one-line message wraps onto several
 * at the side bar's width), non-breaking spaces as spaces.
 */
async function scmInput(page: Page): Promise<string> {
  const lines = await page.locator('.scm-editor .view-lines').first().locator('.view-line').allTextContents();
  return lines.join('').replace(/\u00a0/g, ' ').trim();
}

/** An action button of the side bar's title bars, by its title. */
const sideBarAction = (page: Page, name: string) => page.locator(`.part.sidebar a.action-label[aria-label^="${name}"]`).first();

const VARIANTS: { name: string; lang: Lang; colorTheme: string }[] = [
  { name: 'light', lang: 'en', colorTheme: 'Default Light Modern' },
  { name: 'dark', lang: 'en', colorTheme: 'Default Dark Modern' },
  { name: 'zh-cn', lang: 'zh-cn', colorTheme: 'Default Light Modern' },
];

let pack: LanguagePack | undefined;
after(() => pack?.dispose());

// One workbench per language; the English one switches its theme in place between the light and dark blocks.
const open: Partial<Record<Lang, { wb: Workbench; model: ScriptedModelServer; close(): Promise<void> }>> = {};
after(async () => {
  for (const w of Object.values(open)) await w?.close();
});

async function workbenchFor(lang: Lang): Promise<{ wb: Workbench; model: ScriptedModelServer }> {
  const known = open[lang];
  if (known) return known;
  for (const [other, w] of Object.entries(open)) {
    await w?.close();
    delete open[other as Lang];
  }
  if (lang === 'zh-cn') pack ??= buildLanguagePack('zh-cn', '中文(简体)');
  const opened = await openScriptedWorkbench({
    settings: { 'relay.model': MODEL },
    prepareWorkspace: gitWorkspace,
    ...(lang === 'zh-cn' ? { locale: 'zh-cn', installAtStart: [pack!.vsix] } : {}),
  });
  open[lang] = opened;
  return opened;
}

for (const variant of VARIANTS) {
  describe(`e2e: Relay's entry points in the editor and Source Control (${variant.name})`, () => {
    let wb: Workbench;
    let model: ScriptedModelServer;
    const shot = async (what: string) => wb.screenshot(`entry-points-${what}-${variant.name}`);
    /** A step whose failure leaves a screenshot of what was on screen. */
    const step = (what: string, work: () => Promise<void>) => async () => {
      try {
        await work();
      } catch (error) {
        await shot(`${what}-failed`).catch(() => undefined);
        throw error;
      }
    };

    before(async () => {
      ({ wb, model } = await workbenchFor(variant.lang));
      await wb.setColorTheme(variant.colorTheme);
    });

    it('the light bulb on a diagnostic with a selection lists Fix, Explain and Improve with Relay', step('light-bulb', async () => {
      const page = wb.page;
      await openFile(page, 'config.json');
      await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 60_000 });
      // The broken line selected: a diagnostic under the cursor and a selection.
      await page.keyboard.press('Control+G');
      await page.locator('.quick-input-widget input').fill(':3');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Home');
      await page.keyboard.press('Shift+End');
      // Drawn over the line's indentation when it has room, else in the glyph margin (VS Code's gutter light bulb).
      const bulb = page.locator('.monaco-editor .lightBulbWidget').or(page.locator('.monaco-editor .glyph-margin-widgets .cgmr[class*="codicon-gutter-lightbulb"]')).first();
      await bulb.waitFor({ state: 'visible', timeout: 30_000 });
      await bulb.click();
      const menu = page.locator('.action-widget:not(.action-list-submenu-panel)');
      await menu.waitFor({ timeout: 15_000 });
      const rows = (await menu.locator('.monaco-list-row.action').allInnerTexts()).map((r) => r.trim());
      for (const action of ['Fix with Relay', 'Explain with Relay', 'Improve with Relay']) {
        assert.ok(
          rows.some((r) => r.startsWith(t(variant.lang, action))),
          `the light bulb lists "${t(variant.lang, action)}": ${JSON.stringify(rows)}`,
        );
      }
      await shot('light-bulb');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }));

    it("Source Control's button writes a commit message that streams into the input box", step('commit-message', async () => {
      const page = wb.page;
      await page.keyboard.press('Control+Shift+G');
      await page.locator('.scm-editor').first().waitFor({ timeout: 60_000 });
      // The box emptied, as a person leaves it before asking (the previous block wrote in it).
      await page.locator('.scm-editor .monaco-editor').first().click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      const button = sideBarAction(page, title(variant.lang, 'command.scm.generateCommitMessage.title'));
      await button.waitFor({ state: 'visible', timeout: 30_000 });
      const message = MESSAGES[variant.lang];
      model.setScript([{ text: message, chunkSize: 4, fault: { holdAfterChunks: 4 } }]);
      await button.click();
      // Held by the server: part of the message is in the box, and the button became Stop.
      const stop = sideBarAction(page, title(variant.lang, 'command.scm.stopCommitMessage.title'));
      await stop.waitFor({ state: 'visible', timeout: 30_000 });
      const deadline = Date.now() + 30_000;
      let partial = '';
      while (!(partial = await scmInput(page)) && Date.now() < deadline) await page.waitForTimeout(100);
      assert.ok(partial.length > 0 && partial.length < message.length && message.startsWith(partial), `a partial message in the box: "${partial}"`);
      await shot('commit-message-streaming');
      model.release();
      await button.waitFor({ state: 'visible', timeout: 30_000 });
      for (let end = Date.now() + 10_000; (await scmInput(page)) !== message && Date.now() < end; ) await page.waitForTimeout(100);
      assert.equal(await scmInput(page), message);
      await shot('commit-message');
    }));

    it('Review My Changes leaves a comment thread on the changed line, with its Fix action', step('review-comment', async () => {
      const page = wb.page;
      model.setScript([{ text: JSON.stringify({ findings: [FINDING] }) }]);
      await sideBarAction(page, title(variant.lang, 'command.reviewMyChanges.title')).click();
      // Any extension can run the command, so it asks first (issue 37): the modal names what would be sent and to
      // which model, and Enter's button (the focused one) only shows the diff; the person clicks Review.
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ state: 'visible', timeout: 30_000 });
      const asked = (await dialog.textContent()) ?? '';
      const [lead, rest] = t(variant.lang, 'Review 1 changed file with {0}?', '{0}').split('{0}');
      assert.ok(asked.includes(`${lead}${MODEL}`) && asked.includes(rest!), `the question names 1 file and the model: "${asked}"`);
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      assert.equal(focused, t(variant.lang, 'Show Diff'), 'Enter would review nothing');
      await dialog.getByRole('button', { name: t(variant.lang, 'Review'), exact: true }).click();
      // The review ends by focusing the Comments panel, which lists the finding: a click on it opens the file at the
      // thread, as a person goes there. (Quick Open meanwhile would be closed by that focus.)
      const listed = page.locator('.part.panel .monaco-list-row').filter({ hasText: FINDING.title }).first();
      await listed.waitFor({ state: 'visible', timeout: 60_000 });
      await page.locator('.notifications-toasts .notification-toast').filter({ hasText: t(variant.lang, 'Relay: the review left 1 comment.') }).first().waitFor({ timeout: 60_000 });
      await listed.click();
      await page.locator('.tabs-container .tab.active[aria-label^="greet.ts"]').first().waitFor({ timeout: 15_000 });
      const thread = page.locator('.monaco-editor .review-widget').first();
      await thread.waitFor({ state: 'visible', timeout: 60_000 });
      const severity = t(variant.lang, 'Error');
      const head = (await thread.locator('.head').innerText()).trim();
      assert.ok(head.includes(`${severity}: ${FINDING.title}`), `the thread's title names the severity and the finding: "${head}"`);
      const bodyText = thread.locator('.comment-body').first();
      // The body is compared with ordinary spaces (a non-breaking one would also stop it from wrapping, checked below).
      const body = (await bodyText.innerText()).replace(/\u00a0/g, ' ').trim();
      assert.ok(body.includes(FINDING.reason), `the comment holds the reason: "${body}"`);
      assert.ok(body.includes(FINDING.title), `and the finding's title: "${body}"`);
      const overflow = await bodyText.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      assert.ok(overflow.scroll <= overflow.client + 1, `the reason wraps inside the thread: ${JSON.stringify(overflow)}`);
      const fix = thread.locator(`.head a.action-label[aria-label^="${title(variant.lang, 'command.reviewFinding.fix.title')}"]`).first();
      assert.ok(await fix.isVisible(), 'the thread has its Fix action');
      // The thread sits on the finding's line (2): the zone widget is drawn below it, above line 3.
      // Line 2 of the editor that shows the thread (the Source Control box and hidden editors have line numbers too).
      const editor = page.locator('.part.editor .monaco-editor').filter({ has: page.locator('.review-widget') }).first();
      const line2 = await editor.locator('.margin-view-overlays .line-numbers').filter({ hasText: /^2$/ }).first().boundingBox();
      const box = await thread.boundingBox();
      assert.ok(line2 && box && box.y >= line2.y + line2.height - 1 && box.y < line2.y + 3 * line2.height, `the thread is under line 2: ${JSON.stringify({ line2, box })}`);
      await shot('review-comment');
    }));
  });
}
