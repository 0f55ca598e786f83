// A real task through the real UI: the packaged extension in the VS Code server talks over HTTP to our scripted
// model server (OpenAI-compatible wire); Chromium types the task, watches the text stream and the write_file card
// appear while its arguments still stream, answers the native modal, opens the diff, and stops a running task.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import type { ScriptedModelServer } from '../support/scripted-model-server';
import { openScriptedWorkbench, type Workbench } from '../support/vscode/workbench';

const FAREWELL = Array.from({ length: 30 }, (_, i) => `export const farewell${i} = (name: string): string => \`Goodbye ${i}, \${name}!\`;`).join('\n') + '\n';

function script() {
  return [
    {
      text: 'I will add a **farewell** helper in `src/farewell.ts`.',
      // Slow enough that the card is seen while the call's arguments are still arriving.
      toolCalls: [{ id: 'call_write', name: 'write_file', args: { path: 'src/farewell.ts', content: FAREWELL } }],
      chunkSize: 24,
      chunkDelayMs: 40,
    },
    { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Added src/farewell.ts with 30 helpers.' } }] },
    // The second message: a turn that stalls, to be stopped from the chat.
    { text: 'Thinking about it', fault: { stallMs: 60_000, afterChunks: 3 } },
  ];
}

const THEMES = [
  { name: 'light', colorTheme: 'Default Light Modern' },
  { name: 'dark', colorTheme: 'Default Dark Modern' },
];

// One workbench for the file; each theme's block switches the theme in place and starts from a new task, the
// workspace without the file the task writes, no editor open and a fresh script.
let wb: Workbench;
let model: ScriptedModelServer;
let chat: FrameLocator;
let close: () => Promise<void>;
before(async () => {
  ({ wb, model, chat, close } = await openScriptedWorkbench({ script: script(), settings: { 'workbench.colorTheme': THEMES[0]!.colorTheme } }));
});
after(async () => {
  await close?.();
});

for (const [index, theme] of THEMES.entries()) {
  describe(`e2e: a task end to end against the scripted model (${theme.name})`, () => {
    // Its own words, so that the history lists each theme's task once.
    const TASK = `Add a farewell helper (${theme.name})`;

    before(async () => {
      await wb.setColorTheme(theme.colorTheme);
      if (index === 0) return;
      await chat.getByRole('button', { name: 'New task' }).first().click();
      await chat.locator('.message-user').first().waitFor({ state: 'detached', timeout: 15_000 });
      await wb.runCommand('View: Close All Editors');
      await wb.page.locator('.tab').first().waitFor({ state: 'detached', timeout: 15_000 });
      rmSync(join(wb.workspace, 'src', 'farewell.ts'));
      model.reset();
      model.setScript(script());
    });

    it('streams the answer, shows the write_file card while its arguments stream, asks in a native modal, applies on Allow', async () => {
      // The model arrives with the settings answer, after the status says Ready (the key is read first): wait for it.
      await chat.locator('.composer').filter({ hasText: /scripted-coder/ }).waitFor({ timeout: 30_000 });
      const input = chat.locator('textarea[aria-label="Message Relay"]');
      await input.fill(TASK);
      await input.press('Enter');

      await chat.locator('.message-user').filter({ hasText: TASK }).waitFor({ timeout: 15_000 });
      await chat.locator('.message-assistant').filter({ hasText: 'farewell helper' }).waitFor({ timeout: 15_000 });
      // The card, with its path, before the model has finished the call.
      const card = chat.locator('.tool-card[data-call-id="call_write"]');
      await card.and(chat.locator('.partial')).filter({ hasText: 'src/farewell.ts' }).waitFor({ timeout: 15_000 });
      await wb.screenshot(`task-streaming-${theme.name}`);

      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30_000 });
      const text = (await dialog.textContent()) ?? '';
      assert.match(text, /farewell\.ts/, 'the modal names the file');
      assert.match(text, /\+30/, 'and the lines it adds');
      assert.equal(await card.getAttribute('data-state'), 'awaiting_approval');
      await wb.screenshot(`task-modal-${theme.name}`);
      await dialog.getByRole('button', { name: 'Allow', exact: true }).click();

      await chat.locator('.tool-card[data-call-id="call_write"][data-state="success"]').waitFor({ timeout: 30_000 });
      assert.equal(readFileSync(join(wb.workspace, 'src', 'farewell.ts'), 'utf8'), FAREWELL);
      await chat.locator('.message-assistant').filter({ hasText: 'Added src/farewell.ts with 30 helpers.' }).waitFor({ timeout: 30_000 });
    });

    it('shows the diff counts on the finished card, and "Open diff" opens VS Code\'s diff editor', async () => {
      const card = chat.locator('.tool-card[data-call-id="call_write"]');
      if (!(await card.locator('.block-diff').isVisible())) await card.locator('.tool-toggle').click();
      const diff = card.locator('.block-diff');
      await diff.waitFor();
      assert.equal(await diff.locator('.diff-added').textContent(), '+30');
      await diff.getByRole('button', { name: /Open diff/ }).click();
      await wb.page.locator('.tab').filter({ hasText: /farewell\.ts.*Relay/ }).first().waitFor({ timeout: 15_000 });
      await wb.page.locator('.monaco-diff-editor').first().waitFor({ timeout: 15_000 });
      await wb.screenshot(`task-open-diff-${theme.name}`);
    });

    it('stops a running task from the chat', async () => {
      const input = chat.locator('textarea[aria-label="Message Relay"]');
      await input.fill('Now think about it for a long time');
      await input.press('Enter');
      const stop = chat.locator('.stop-button');
      await stop.waitFor({ state: 'visible', timeout: 15_000 });
      await chat.locator('.message-assistant').filter({ hasText: 'Thinking' }).waitFor({ timeout: 15_000 });
      await stop.click();
      await chat.locator('.message-list').filter({ hasText: 'Task cancelled.' }).waitFor({ timeout: 15_000 });
      await stop.waitFor({ state: 'hidden', timeout: 15_000 });
      assert.ok(!existsSync(join(wb.workspace, 'src', 'unexpected.ts')));
      await wb.screenshot(`task-stopped-${theme.name}`);
    });

    it('lists the task in the history; New Task clears the chat and Open brings the whole task back', async () => {
      await chat.getByRole('button', { name: 'New task' }).first().click();
      await chat.locator('.message-user').first().waitFor({ state: 'detached', timeout: 15_000 });
      await chat.getByRole('button', { name: 'Task history' }).click();
      const row = chat.locator('.history-row').filter({ hasText: TASK });
      await row.waitFor({ timeout: 15_000 });
      // The task completed; only its follow-up message was stopped: the history says both, apart.
      assert.equal(await row.locator('.history-status').textContent(), 'Completed');
      assert.equal(await row.locator('.history-last-stop').textContent(), 'then a follow-up was stopped');
      await wb.screenshot(`task-history-${theme.name}`);
      await row.getByRole('button', { name: /^Open / }).click();
      await chat.locator('.message-user').filter({ hasText: TASK }).waitFor({ timeout: 15_000 });
      await chat.locator('.tool-card[data-call-id="call_write"][data-state="success"]').waitFor();
      await chat.locator('.message-list').filter({ hasText: 'Added src/farewell.ts with 30 helpers.' }).waitFor();
    });
  });
}
