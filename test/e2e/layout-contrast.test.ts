// Issue 26 through the real UI at the side bar's default width (300 px), in Light Modern, Dark Modern and High
// Contrast: the texts that matter are shown whole (not cut, not broken inside a short phrase, no control on a row of
// its own), and the colours that carry meaning are readable, measured from the theme's real computed colours
// (4.5:1 for text, 3:1 for graphics such as the context meter and the diff's change bars). The conversation is sent
// into the real webview as the host sends it (as chat-view.test.ts does), so every state is on screen at once.
import * as assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import type { ChatDelta, ToolCardStatus } from '../../src/shared/chat-model';
import { measuredContrast } from '../support/vscode/contrast';
import { isOneLine, isShownWhole, rowCount } from '../support/vscode/layout';
import { openWorkbench, RESULTS_DIR, type Workbench } from '../support/vscode/workbench';

const THEMES = [
  { name: 'light', colorTheme: 'Default Light Modern' },
  { name: 'dark', colorTheme: 'Default Dark Modern' },
  { name: 'high-contrast', colorTheme: 'Default High Contrast' },
];

const TEXT = 4.5;
const GRAPHIC = 3;
/** A model name with hyphens, which broke at one ("scripted-coder-2025-" / "instruct") under the pickers. */
const MODEL = 'scripted-coder-2025-instruct';
const MODEL_NAME = `${MODEL} · openai-compatible`;

/** Lines long enough to run past a 300 px card, with the change at the start of one and near the end of the other. */
const RENAME_DIFF = [
  '--- a/intel/src/math.ts',
  '+++ b/intel/src/math.ts',
  '@@ -1,6 +1,6 @@',
  ' /** Adds two amounts of money in cents, rounding each to a whole cent first. */',
  '-export function addCents(a: number, b: number): number {',
  '+export function plusCents(a: number, b: number): number {',
  '   return Math.round(a) + Math.round(b);',
  ' }',
  '-  for (const value of values) total = addCents(total, value);',
  '+  for (const value of values) total = plusCents(total, value);',
  '',
].join('\n');

const STREAMED_CODE = 'export function farewell(name: string): string {\n  return `Goodbye, ${name}!`;';

const card = (callId: string, overrides: Partial<ToolCardStatus>): ToolCardStatus => ({
  callId, toolName: 'tool', displayName: 'Tool', state: 'running', partial: false, blocks: [], startTime: Date.now() - 1200, ...overrides,
});

function conversation(theme: string, tokens: number): ChatDelta[] {
  return [
    {
      type: 'task',
      task: { id: `layout-${theme}`, title: `Rename addCents to plusCents (${theme})`, running: false, usage: { inputTokens: 25_000, outputTokens: 1_000, costUsd: 0.07 }, context: { tokens, window: 1_000_000 } },
    },
    { type: 'itemAdded', item: { kind: 'user', id: 'u1', text: 'Rename addCents to plusCents', ts: 0 } },
    {
      type: 'toolStatus',
      status: card('rename', {
        toolName: 'rename_symbol', displayName: 'Rename Symbol', state: 'success', endTime: Date.now(), durationMs: 120, params: { symbol: 'addCents' },
        blocks: [{ type: 'diff', path: 'intel/src/math.ts', added: 2, removed: 2, canOpen: true, unifiedDiff: RENAME_DIFF }],
      }),
    },
    { type: 'toolStatus', status: card('write', { toolName: 'write_file', displayName: 'Write File', state: 'waiting', partial: true, params: { path: 'src/farewell.ts', content: STREAMED_CODE } }) },
    { type: 'toolStatus', status: card('fail', { toolName: 'read_file', displayName: 'Read File', state: 'error', showTip: 'missing.ts', error: 'File not found: missing.ts', endTime: Date.now() }) },
    {
      type: 'settings',
      settings: {
        mode: 'default',
        model: MODEL_NAME,
        provider: { id: 'openai-compatible', label: 'OpenAI-compatible server', model: MODEL, key: 'missing' },
        agents: { selected: 'agent', choices: [{ id: 'agent', name: 'Agent' }, { id: 'plan', name: 'Plan' }] },
      },
    },
  ];
}

/** The chat webview's inner frame (not a locator): scripts can be evaluated in it. */
async function chatFrame(wb: Workbench): Promise<Frame> {
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const frame of wb.page.frames()) {
      if (frame.name() === 'active-frame' || /\/fake\.html/.test(frame.url())) {
        if (await frame.locator('.relay-title').count().catch(() => 0)) return frame;
      }
    }
    await wb.page.waitForTimeout(200);
  }
  throw new Error('the chat webview frame was not found');
}

async function sidebarShot(wb: Workbench, name: string): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await wb.page.locator('.part.sidebar').screenshot({ path: join(RESULTS_DIR, `${name}.png`) });
}

/** Every ratio measured, printed at the end (the figures of the report). */
const measured: string[] = [];

async function assertContrast(frame: Frame, selector: string, property: string, minimum: number, what: string, theme: string, under: 'self' | 'parent' = 'self') {
  const { ratio, paint } = await measuredContrast(frame.locator(selector).first(), property, under);
  measured.push(`${theme.padEnd(13)} ${ratio.toFixed(2).padStart(5)}:1  ${what}`);
  assert.ok(ratio >= minimum, `${what} (${theme}): ${ratio.toFixed(2)}:1, below ${minimum}:1 — ${paint.value} on ${paint.backgrounds.join(' | ')}`);
}

let wb: Workbench;
before(async () => {
  wb = await openWorkbench({ settings: { 'workbench.colorTheme': THEMES[0]!.colorTheme } });
});
after(async () => {
  console.log(`contrast measured (WCAG 2):\n${measured.join('\n')}`);
  await wb?.close();
});

for (const [index, theme] of THEMES.entries()) {
  describe(`e2e: nothing clipped at 300 px, readable contrast (${theme.colorTheme})`, () => {
    let frame: Frame;
    before(async () => {
      await wb.openRelay();
      if (index > 0) {
        await wb.setColorTheme(theme.colorTheme);
        await wb.runCommand('Relay: New Task');
        await wb.chat().locator('.tool-card').first().waitFor({ state: 'detached', timeout: 15_000 });
      }
      frame = await chatFrame(wb);
      // No key stored: the header and the welcome say so, in the theme's warning colour.
      await frame.locator('[data-testid="relay-status"].key-missing').waitFor({ timeout: 30_000 });
      await frame.locator('[data-testid="welcome"] .example-task').first().waitFor({ timeout: 30_000 });
    });

    it('the welcome: at the default width, its title below the header, "no API key" on one line and readable', async () => {
      const width = await frame.evaluate(() => document.body.clientWidth);
      assert.ok(width >= 280 && width <= 300, `the side bar has its default width (300 px, the webview ${width} px)`);
      const [title, scroller] = [await frame.locator('.welcome-title').boundingBox(), await frame.locator('.conversation').boundingBox()];
      assert.ok(title && scroller && title.y >= scroller.y, `"Welcome to Relay" starts inside the conversation, not under the header: ${JSON.stringify({ title, scroller })}`);
      const keyPart = frame.locator('[data-testid="relay-status"] .status-part').filter({ hasText: /^no API key$/ });
      assert.ok(await isOneLine(keyPart), '"no API key" in the header is not broken across two lines');
      await assertContrast(frame, '[data-testid="relay-status"].key-missing', 'color', TEXT, 'warning text: the header without a key', theme.name);
      await sidebarShot(wb, `layout-welcome-${theme.name}`);
    });

    it('a conversation: the header, the cards, the diff and the composer fit at 300 px and read at 4.5:1 / 3:1', async () => {
      await frame.evaluate((deltas) => window.postMessage({ type: 'batch', deltas }, '*'), conversation(theme.name, 18_000));
      await frame.locator('.tool-card[data-call-id="fail"]').waitFor();
      await frame.locator('.tool-card[data-call-id="rename"] .tool-toggle').click();
      await frame.locator('.block-diff').waitFor();

      // The header: the review button on the title's row, the figures whole on the row under it.
      const [title, review] = [await frame.locator('.task-title').boundingBox(), await frame.locator('.review-changes-button').boundingBox()];
      assert.ok(title && review && review.y < title.y + title.height && review.y + review.height > title.y, `the review button is on the title's row: ${JSON.stringify({ title, review })}`);
      const titleFits = await frame.locator('.task-title').evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1);
      assert.ok(titleFits, 'the task title is shown whole (on two lines)');
      assert.ok(await isShownWhole(frame.locator('[data-testid="task-usage"]')), 'the usage is shown whole');
      assert.ok(await isOneLine(frame.locator('.context-meter-text')), 'the meter figures are on one line');
      assert.equal(await rowCount(frame.locator('.task-figures')), 1, 'the usage and the meter share one row');

      // The composer: two rows (pickers and the button, then the model), the model's name whole.
      const controls = frame.locator('.composer-controls');
      assert.equal(await rowCount(controls), 2, 'the composer controls take two rows');
      const model = frame.locator('.model-button');
      // The model on one line (never broken at its hyphen) with a chevron: it opens a picker.
      assert.equal(await model.textContent(), MODEL);
      assert.equal(await model.getAttribute('title'), `Model: ${MODEL} · OpenAI-compatible server (click to change)`);
      assert.ok(await isShownWhole(model.locator('.model-name')), `the model name is not cut: ${await model.evaluate((el) => `${el.scrollWidth} > ${el.clientWidth}`)}`);
      assert.ok(await isOneLine(model.locator('.model-name')), 'the model name is on one line');
      assert.equal(await model.locator('.model-chevron').count(), 1, 'the button shows it opens a picker');

      // The cards' names whole; the diff wraps and marks the changed words on both lines.
      for (const name of await frame.locator('.tool-name').all()) assert.ok(await isShownWhole(name), `the tool name ${await name.textContent()} is shown whole`);
      const diff = frame.locator('.diff-body');
      assert.ok(await isShownWhole(diff), 'no diff line runs past the card');
      assert.deepEqual(await frame.locator('.diff-del .diff-change').allTextContents(), ['addCents', 'addCents']);
      assert.deepEqual(await frame.locator('.diff-add .diff-change').allTextContents(), ['plusCents', 'plusCents']);
      const diffBox = (await diff.boundingBox())!;
      for (const mark of await frame.locator('.diff-change').all()) {
        const box = (await mark.boundingBox())!;
        assert.ok(box.x >= diffBox.x && box.x + box.width <= diffBox.x + diffBox.width + 1, 'each marked change is inside the card');
      }

      // The streamed code in the editor's font, monospaced.
      const preview = frame.locator('.tool-card[data-call-id="write"] .param-preview-text');
      assert.equal(await preview.textContent(), STREAMED_CODE);
      // (No helper functions in the page: tsx would wrap them in __name, which the page lacks.)
      const font = await preview.evaluate((el) => {
        const widths: number[] = [];
        for (const text of ['iiiiiiiiii', 'MMMMMMMMMM']) {
          const span = document.createElement('span');
          span.textContent = text;
          el.append(span);
          widths.push(span.getBoundingClientRect().width);
          span.remove();
        }
        const editor = getComputedStyle(document.documentElement).getPropertyValue('--vscode-editor-font-family').trim();
        return { family: getComputedStyle(el).fontFamily, editor, narrow: widths[0]!, wide: widths[1]! };
      });
      assert.equal(font.family.replace(/[\s'"]/g, ''), font.editor.replace(/[\s'"]/g, ''), "the preview uses the editor's font");
      assert.ok(Math.abs(font.narrow - font.wide) < 1, `and it is monospaced: ${JSON.stringify(font)}`);
      assert.ok(await isShownWhole(preview), 'its lines wrap in the card, none runs past it');

      // Contrast, measured from the theme's computed colours over the backgrounds under them.
      await assertContrast(frame, '.tool-card[data-call-id="fail"] .block-error', 'color', TEXT, 'error text: a failed card', theme.name);
      await assertContrast(frame, '[data-testid="relay-status"].key-missing', 'color', TEXT, 'warning text: the header without a key', theme.name);
      await assertContrast(frame, '.diff-del', 'color', TEXT, 'a removed line', theme.name);
      await assertContrast(frame, '.diff-add', 'color', TEXT, 'an added line', theme.name);
      await assertContrast(frame, '.diff-del', 'box-shadow', GRAPHIC, "a removed line's bar", theme.name);
      await assertContrast(frame, '.diff-add', 'box-shadow', GRAPHIC, "an added line's bar", theme.name);
      await assertContrast(frame, '.diff-stat .diff-added', 'color', TEXT, 'the added count', theme.name);
      await assertContrast(frame, '.diff-stat .diff-removed', 'color', TEXT, 'the removed count', theme.name);
      await assertContrast(frame, '.context-meter-bar', 'border-top-color', GRAPHIC, "the context meter's track", theme.name);
      await assertContrast(frame, '.context-meter-fill', 'background-color', GRAPHIC, "the context meter's fill (low)", theme.name, 'parent');
      await wb.screenshot(`layout-conversation-${theme.name}`);
      await sidebarShot(wb, `layout-sidebar-${theme.name}`);
      await frame.locator('.tool-card[data-call-id="fail"]').scrollIntoViewIfNeeded();
      await sidebarShot(wb, `layout-sidebar-end-${theme.name}`);

      // The meter's warning and error levels stay readable too.
      for (const [tokens, level] of [[700_000, 'medium'], [900_000, 'high']] as const) {
        await frame.evaluate((deltas) => window.postMessage({ type: 'batch', deltas }, '*'), conversation(theme.name, tokens).slice(0, 1));
        await frame.locator(`[data-testid="context-meter"][data-level="${level}"]`).waitFor();
        await assertContrast(frame, '.context-meter-fill', 'background-color', GRAPHIC, `the context meter's fill (${level})`, theme.name, 'parent');
      }
    });
  });
}
