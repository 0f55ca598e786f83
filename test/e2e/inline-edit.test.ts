// Inline edit through the real UI: the file open in the editor, lines 2-4 selected from the keyboard, the inline edit key opens
// Relay's input titled with the file and the lines, the instruction goes to the scripted model, and its answer
// appears in place of the file's editor as Relay's diff review (the hunk labels, Accept All / Reject All, Refine and
// Discard in the editor title). Light and dark are screenshot; Accept All in the title writes the file. A second
// edit is left with Escape: the file keeps its bytes. In Chinese (zh-cn), the input's title and the diff's tab speak
// Chinese, and Escape leaves the file as it was.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { buildLanguagePack, type LanguagePack } from '../support/vscode/language-pack';
import { openScriptedWorkbench, type ScriptedWorkbench } from '../support/vscode/workbench';
import { ZH_NLS, zh } from '../support/vscode/zh-cn-strings';

const lines = (...ls: string[]) => ls.map((l) => `${l}\n`).join('');
const SOURCE = lines('export function total(items) {', '  let sum = 0;', '  for (const item of items) sum += item.price;', '  return sum;', '}', '', 'export const name = "cart";');
const block = (search: string, replace: string) => `<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n`;
const LOOP = lines('  let sum = 0;', '  for (const item of items) sum += item.price;', '  return sum;');
const REDUCE = lines('  return items.reduce((sum, item) => sum + item.price, 0);');
const ANSWER = block(LOOP, REDUCE) + block(lines('export const name = "cart";'), lines('export const name = "basket";'));
const EDITED = SOURCE.replace(LOOP, REDUCE).replace('"cart"', '"basket"');
const FILE = join('src', 'cart.js');

const nls = ZH_NLS;

/** Opens the file with Quick Open and selects lines 2-4 from the keyboard (Go to Line, then Shift+Down). */
async function selectLines(page: Page): Promise<void> {
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').fill('cart.js');
  await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'cart.js' }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.monaco-editor .view-line').filter({ hasText: 'export function total' }).first().waitFor();
  await page.keyboard.press('Control+G');
  await page.locator('.quick-input-widget input').fill(':2');
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowDown');
}

/**
 * The inline edit's key, the input's title, the instruction typed and Enter; resolves once the diff review is drawn in
 * place. This VS Code ships Copilot Chat built in, which keeps Ctrl+I: Relay's key here is its fallback, Ctrl+Alt+E.
 */
async function inlineEdit(sw: ScriptedWorkbench, title: string, instruction: string, discard: string, shot?: string): Promise<void> {
  const page = sw.wb.page;
  await page.keyboard.press('Control+Alt+E');
  const widget = page.locator('.quick-input-widget');
  await widget.locator('.quick-input-title').filter({ hasText: title }).waitFor({ timeout: 15_000 });
  await widget.locator('input').fill(instruction);
  if (shot) await sw.wb.screenshot(shot);
  await page.keyboard.press('Enter');
  await page.locator('.monaco-diff-editor .editor.modified .view-line').filter({ hasText: 'basket' }).first().waitFor({ timeout: 30_000 });
  // In place: the diff took the file's editor group; no second group opened beside it.
  assert.equal(await page.locator('.editor-group-container').count(), 1, 'the diff opened in place of the file, not beside it');
  // Its title's Discard shows once Relay knows the proposal is the active editor: Escape and Ctrl+I are Relay's there.
  await page.locator(`.editor-actions .action-label[aria-label^="${discard}"]`).first().waitFor({ timeout: 15_000 });
}

const onDisk = (sw: ScriptedWorkbench) => readFileSync(join(sw.wb.workspace, FILE), 'utf8');

async function until(what: string, check: () => boolean, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('e2e: inline edit (Ctrl+I) in the editor, light and dark', () => {
  let sw: ScriptedWorkbench;
  before(async () => {
    sw = await openScriptedWorkbench({
      script: [{ text: ANSWER }],
      settings: { 'workbench.colorTheme': 'Default Light Modern' },
      prepare: (workspace) => writeFileSync(join(workspace, FILE), SOURCE),
    });
  });
  after(async () => {
    await sw?.close();
  });

  it('Ctrl+I on a selection: the input names the lines, the diff appears in place with the review\'s labels and title actions; Accept All writes the file', async () => {
    const page = sw.wb.page;
    await selectLines(page);
    await inlineEdit(sw, 'Relay: edit src/cart.js, lines 2-4', 'use reduce, and call it basket', 'Discard Inline Edit', 'inline-edit-input-light');
    const titleActions = page.locator('.editor-actions');
    for (const label of ['Refine Inline Edit…', 'Discard Inline Edit', 'Accept All Changes', 'Reject All Changes…']) {
      await titleActions.locator(`.action-label[aria-label^="${label}"]`).first().waitFor({ timeout: 15_000 });
    }
    await page.locator('.monaco-diff-editor .editor.modified .view-lines span').filter({ hasText: 'basket' }).first().waitFor();
    assert.equal(onDisk(sw), SOURCE, 'nothing written while the review is open');
    const sent = JSON.stringify(sw.model.requests.at(-1)!.body);
    assert.ok(sent.includes('The selected lines (2-4)') && sent.includes('use reduce, and call it basket'), 'the selection and the instruction reached the model');
    await sw.wb.screenshot('inline-edit-diff-light');
    await sw.wb.setColorTheme('Default Dark Modern');
    await sw.wb.screenshot('inline-edit-diff-dark');

    await titleActions.locator('.action-label[aria-label^="Accept All Changes"]').first().click();
    await until('the accepted edit on disk', () => onDisk(sw) === EDITED);
    await page.locator('.monaco-diff-editor').waitFor({ state: 'detached', timeout: 15_000 });
    await page.locator('.monaco-editor .view-line').filter({ hasText: 'items.reduce' }).first().waitFor();
    await sw.wb.screenshot('inline-edit-accepted-dark');
  });

  it('Escape in the review closes it and the file keeps its bytes', async () => {
    const page = sw.wb.page;
    writeFileSync(join(sw.wb.workspace, FILE), SOURCE);
    await page.locator('.monaco-editor .view-line').filter({ hasText: 'let sum = 0;' }).first().waitFor({ timeout: 15_000 });
    sw.model.setScript([{ text: ANSWER }]);
    await page.keyboard.press('Control+G');
    await page.locator('.quick-input-widget input').fill(':2');
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await inlineEdit(sw, 'Relay: edit src/cart.js at line 2', 'use reduce, and call it basket', 'Discard Inline Edit');
    await page.keyboard.press('Escape');
    await page.locator('.monaco-diff-editor').waitFor({ state: 'detached', timeout: 15_000 });
    assert.equal(onDisk(sw), SOURCE);
    assert.equal(await page.locator('.tabs-container .tab.dirty').count(), 0, 'the file is not even dirty');
  });
});

describe('e2e: inline edit in Chinese (zh-cn)', () => {
  let pack: LanguagePack;
  let sw: ScriptedWorkbench;
  before(async () => {
    pack = buildLanguagePack('zh-cn', '中文(简体)');
    sw = await openScriptedWorkbench({
      locale: 'zh-cn',
      installAtStart: [pack.vsix],
      script: [{ text: ANSWER }],
      settings: { 'workbench.colorTheme': 'Default Light Modern' },
      prepare: (workspace) => writeFileSync(join(workspace, FILE), SOURCE),
    });
  });
  after(async () => {
    await sw?.close();
    pack?.dispose();
  });

  it('the input and the diff\'s tab speak Chinese; Escape leaves the file as it was', async () => {
    const page = sw.wb.page;
    await selectLines(page);
    await inlineEdit(sw, zh('Relay: edit {0}, lines {1}-{2}', 'src/cart.js', '2', '4'), '改用 reduce，并改名为 basket', nls['command.inlineEdit.discard.title']!, 'inline-edit-input-zh-cn');
    await page.locator('.tabs-container .tab').filter({ hasText: zh('{0} (Relay: inline edit)', 'cart.js') }).first().waitFor({ timeout: 15_000 });
    await sw.wb.screenshot('inline-edit-diff-zh-cn');
    await page.keyboard.press('Escape');
    await page.locator('.monaco-diff-editor').waitFor({ state: 'detached', timeout: 15_000 });
    assert.equal(onDisk(sw), SOURCE);
  });
});
