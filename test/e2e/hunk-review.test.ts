// Per-hunk review through the real UI, with VS Code's default settings (the diff editor's CodeLens are off): the
// scripted model proposes an edit with two hunks; the native modal's "Review Changes…" opens the real diff editor,
// where each hunk has a label at the end of its first line; Chromium puts the caret on the first hunk, opens its
// hover (Show or Focus Hover) and clicks "Accept" in it, then "Reject" in the second one's. The file gets the first hunk only, the card says one change was
// rejected, and the model's next request names the rejected lines.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import type { ScriptedModelServer } from '../support/scripted-model-server';
import { openScriptedWorkbench, type Workbench } from '../support/vscode/workbench';

const lines = (...ls: string[]) => ls.map((l) => `${l}\n`).join('');
const SOURCE = lines('export const first = 1;', 'export const a = 2;', 'export const b = 3;', 'export const c = 4;', 'export const second = 5;');

/**
 * The review label containing `text` (its box) and the right edge of the modified side's visible text area (left of
 * its vertical scrollbar and the diff's overview ruler): a label past that edge is cut.
 */
async function labelExtent(page: Page, text: string): Promise<{ label: Box; visibleRight: number }> {
  const found = await page.evaluate((t) => {
    const modified = document.querySelector('.monaco-diff-editor .editor.modified');
    if (!modified) return undefined;
    const edges = [modified.querySelector('.overflow-guard')?.getBoundingClientRect().right ?? Infinity];
    for (const el of [modified.querySelector('.scrollbar.vertical'), document.querySelector('.monaco-diff-editor .diffOverview')]) {
      const r = el?.getBoundingClientRect();
      if (r && r.width > 0) edges.push(r.left);
    }
    for (const el of modified.querySelectorAll<HTMLElement>('.view-lines span')) {
      if (!getComputedStyle(el, '::after').content.includes(t) && !(el.children.length === 0 && el.textContent?.includes(t))) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0) return { label: { x: r.x, y: r.y, width: r.width, height: r.height }, visibleRight: Math.min(...edges) };
    }
    return undefined;
  }, text);
  if (!found) throw new Error(`no review label '${text}' in the diff editor`);
  return found;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Where the review label containing `text` is drawn in the modified side of the diff editor. The label is an
 * `after` decoration: VS Code draws its text with CSS (`::after`), so it is found by its computed content.
 */
async function labelPoint(page: Page, text: string, timeout: number): Promise<{ x: number; y: number }> {
  const handle = await page.waitForFunction(
    (t) => {
      for (const el of document.querySelectorAll<HTMLElement>('.monaco-diff-editor .editor.modified .view-lines span')) {
        const content = getComputedStyle(el, '::after').content;
        if (!content.includes(t) && !(el.children.length === 0 && el.textContent?.includes(t))) continue;
        const r = el.getBoundingClientRect();
        if (r.width > 0) return { x: r.right - 12, y: r.top + r.height / 2 };
      }
      return false;
    },
    text,
    { timeout },
  );
  return (await handle.jsonValue()) as { x: number; y: number };
}

describe('e2e: accept one hunk and reject another in the real diff editor', () => {
  let wb: Workbench;
  let model: ScriptedModelServer;
  let chat: FrameLocator;
  let close: () => Promise<void>;

  before(async () => {
    ({ wb, model, chat, close } = await openScriptedWorkbench({
      script: [
        {
          text: 'I will rename both constants.',
          toolCalls: [
            {
              id: 'call_edit',
              name: 'edit_file',
              args: {
                path: 'src/constants.ts',
                edits: [
                  { old_text: 'export const first = 1;', new_text: 'export const firstValue = 1;' },
                  { old_text: 'export const second = 5;', new_text: 'export const secondValue = 5;' },
                ],
              },
            },
          ],
        },
        { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Renamed what you kept.' } }] },
      ],
      settings: { 'relay.previewEdits': false },
      prepare: (workspace) => writeFileSync(join(workspace, 'src', 'constants.ts'), SOURCE),
    }));
  });
  after(async () => {
    await close?.();
  });

  it('Review Changes… in the modal, Accept in the first hunk hover and Reject in the second: the file, the card and the model see the outcome', async () => {
    const page = wb.page;
    const input = chat.locator('textarea[aria-label="Message Relay"]');
    await input.fill('Rename the constants');
    await input.press('Enter');

    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Review Changes…' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });

    // The real diff editor, default settings: no CodeLens, a label at the end of each hunk's first line.
    await page.locator('.monaco-diff-editor').first().waitFor({ timeout: 30_000 });
    await labelPoint(page, 'Change 2/2 · hover to review', 30_000).catch(async (error: unknown) => {
      await wb.screenshot('hunk-review-no-labels');
      throw error;
    });
    // Each label whole, beside its line, in the editor beside a default-width side bar (was "…accept or rejec").
    for (const label of ['Change 1/2 · hover to review', 'Change 2/2 · hover to review']) {
      const { label: box, visibleRight } = await labelExtent(page, label);
      assert.ok(box.x + box.width <= visibleRight + 1, `'${label}' is shown whole: it ends at ${box.x + box.width}, the text area at ${visibleRight}`);
    }
    assert.equal(await page.locator('.monaco-diff-editor .codelens-decoration').count(), 0, 'the diff editor shows no CodeLens by default');
    await wb.screenshot('hunk-review-labels');

    // The hover over a hunk's lines holds its actions (a label far right on a long line may be scrolled out of view).
    // Only a line on screen: VS Code may keep another diff editor's lines in the DOM, hidden, and Monaco redraws
    // its lines as decorations arrive, so a line found a moment ago can be gone when it is measured (CI once
    // measured nothing). Wait for a line that is visible when measured.
    const lineBox = async (text: string) => {
      const line = page.locator('.monaco-diff-editor .editor.modified .view-line').filter({ hasText: text, visible: true }).first();
      const deadline = Date.now() + 15_000;
      for (;;) {
        await line.waitFor({ state: 'visible', timeout: Math.max(1, deadline - Date.now()) }).catch(() => undefined);
        const box = await line.boundingBox({ timeout: 1_000 }).catch(() => null);
        if (box) return box;
        if (Date.now() > deadline) {
          await wb.screenshot(`hunk-review-no-line-${text.slice(0, 20).replace(/\W+/g, '-')}`);
          throw new Error(`the line '${text}' is not on screen`);
        }
      }
    };
    const act = async (change: string, line: string, link: RegExp, check?: (hover: Box) => Promise<void>) => {
      const box = await lineBox(line);
      // The caret on the hunk's line, then VS Code's own Show Hover (the keyboard way to the same hover): one
      // synthetic mouse move raced the editor's layout under load and sometimes never opened a hover.
      await page.mouse.click(box.x + 30, box.y + box.height / 2);
      await wb.runCommand('Show or Focus Hover');
      const shown = page.locator('.monaco-hover').filter({ hasText: `Change ${change}` });
      const target = shown.locator('a').filter({ hasText: link }).first();
      await target.waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
        // Seen twice in 12 runs under load: no hover with the links. Keep what was on screen for the next look.
        await wb.screenshot(`hunk-review-no-hover-${change.replace('/', '-of-')}`);
        const hovers = await page.locator('.monaco-hover').allTextContents();
        throw new Error(`${String(error)}; hovers on screen: ${JSON.stringify(hovers)}`);
      });
      await wb.screenshot(`hunk-review-hover-${change.replace('/', '-of-')}`);
      const hoverBox = await shown.first().boundingBox();
      assert.ok(hoverBox, 'the hover is laid out');
      await check?.(hoverBox);
      await target.click();
    };
    await act('1/2', 'export const firstValue = 1;', /^\s*Accept\s*$/);
    await labelPoint(page, '✓ Change 1/2 accepted', 15_000);
    // Off the hover, so that the next one is the second hunk's.
    await page.keyboard.press('Escape');
    await page.mouse.move(5, 5);
    await page.locator('.monaco-hover').filter({ hasText: 'Change 1/2' }).waitFor({ state: 'hidden', timeout: 15_000 });
    // The second hunk's hover leaves the first one's outcome readable.
    await act('2/2', 'export const secondValue = 5;', /^\s*Reject\s*$/, async (hover) => {
      const { label } = await labelExtent(page, '✓ Change 1/2 accepted');
      assert.ok(!overlaps(hover, label), `the hover does not cover the accepted label: ${JSON.stringify({ hover, label })}`);
    });

    const card = chat.locator('.tool-card[data-call-id="call_edit"][data-state="success"]');
    await card.waitFor({ timeout: 30_000 });
    assert.equal(readFileSync(join(wb.workspace, 'src', 'constants.ts'), 'utf8'), SOURCE.replace('first = 1', 'firstValue = 1'));
    assert.match((await card.textContent()) ?? '', /1 of 2 changes applied, 1 rejected/);
    await chat.locator('.message-list').filter({ hasText: 'Renamed what you kept.' }).waitFor({ timeout: 30_000 });
    // The model was told which lines it lost.
    const followUp = JSON.stringify(model.requests[1]!.body);
    assert.match(followUp, /rejected 1 of 2 changes to src\/constants\.ts[^"]*line 5/);
    await wb.screenshot('hunk-review-done');
  });
});
