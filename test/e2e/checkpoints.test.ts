// Checkpoints through the real UI (issue 14): a scripted task runs a command that creates one file and changes
// another. The chat's review button opens the task's changes in the multi-file diff editor; then the card's
// "Restore files to here" opens the restore preview (vscode.changes), the real native modal is answered, and the
// files are back as they were before the command.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { startScriptedModelServer, type ScriptedModelServer } from '../support/scripted-model-server';
import { openWorkbench, type Workbench } from '../support/vscode/workbench';

const COMMAND = 'printf "made by the command\\n" > notes.txt && printf "# Rewritten by the command\\n" > README.md';

describe('e2e: checkpoints — review the task changes, restore from the chat with its modal', () => {
  let wb: Workbench;
  let model: ScriptedModelServer;
  let chat: FrameLocator;
  let readme: string;

  before(async () => {
    model = await startScriptedModelServer({
      script: [
        { toolCalls: [{ id: 'call_cmd', name: 'run_command', args: { command: COMMAND } }] },
        { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Wrote notes.txt and README.md.' } }] },
      ],
    });
    wb = await openWorkbench({
      settings: { 'relay.provider': 'openai-compatible', 'relay.baseUrl': model.openaiBaseUrl, 'relay.model': 'scripted-coder' },
    });
    readme = readFileSync(join(wb.workspace, 'README.md'), 'utf8');
    chat = await wb.openRelay();
    await chat.locator('[data-testid="relay-status"][data-phase="ready"]').waitFor({ timeout: 30_000 });
    await chat.locator('.composer').filter({ hasText: /scripted-coder/ }).waitFor({ timeout: 30_000 });
    const input = chat.locator('textarea[aria-label="Message Relay"]');
    await input.fill('Write the notes');
    await input.press('Enter');
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.filter({ hasText: 'notes.txt' }).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Allow', exact: true }).click();
    await chat.locator('.message-list').filter({ hasText: 'Wrote notes.txt and README.md.' }).waitFor({ timeout: 30_000 });
    assert.equal(readFileSync(join(wb.workspace, 'notes.txt'), 'utf8'), 'made by the command\n');
  });
  after(async () => {
    await wb?.close();
    await model?.close();
  });

  it('Review Task Changes: the chat button opens the multi-file diff editor with the files the task changed', async () => {
    await chat.locator('button[aria-label="Review task changes"]').click();
    const tab = wb.page.locator('.tabs-container .tab').filter({ hasText: 'Relay: Task Changes' });
    await tab.waitFor({ timeout: 30_000 });
    const editor = wb.page.locator('.multiDiffEditor');
    await editor.filter({ hasText: 'notes.txt' }).filter({ hasText: 'README.md' }).waitFor({ timeout: 30_000 });
    // Keep / Undo per file: the quick pick lists both files.
    const pick = wb.page.locator('.quick-input-widget');
    await pick.filter({ hasText: 'notes.txt' }).filter({ hasText: 'README.md' }).waitFor({ timeout: 30_000 });
    await wb.screenshot('checkpoints-review-task-changes');
    await wb.page.keyboard.press('Escape');
    await pick.waitFor({ state: 'hidden', timeout: 10_000 });
  });

  it('Restore files to here: the preview opens, the native modal asks, Restore brings the files back', async () => {
    const card = chat.locator('.tool-card[data-call-id="call_cmd"]');
    await card.hover();
    // Each arrow says what it does, in words beside it.
    const labels = await card.locator('.restore-bar button').allTextContents();
    assert.deepEqual(labels, ['Restore files to here', 'Restore files and conversation to here']);
    const userLabels = await chat.locator('.user-turn .restore-bar button').first().textContent();
    assert.match(userLabels ?? '', /^Restore (files to here|conversation to here)$/);
    await card.getByRole('button', { name: 'Restore files to here', exact: true }).click();
    await wb.page.locator('.tabs-container .tab').filter({ hasText: 'Relay: Restore Preview' }).waitFor({ timeout: 30_000 });
    const dialog = wb.page.locator('.monaco-dialog-box');
    // The question names the point: before the command's step.
    await dialog.filter({ hasText: /Restore 2 files to how they were before ".+"\?/ }).waitFor({ timeout: 30_000 });
    const text = (await dialog.textContent()) ?? '';
    assert.match(text, /delete notes\.txt/, text);
    assert.match(text, /restore README\.md/, text);
    await wb.screenshot('checkpoints-restore-modal');
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await chat.locator('.message-list').filter({ hasText: 'Restored 2 files to an earlier point' }).waitFor({ timeout: 30_000 });
    assert.equal(existsSync(join(wb.workspace, 'notes.txt')), false, 'the file the command created is gone');
    assert.equal(readFileSync(join(wb.workspace, 'README.md'), 'utf8'), readme, 'the file it changed is back byte for byte');
    // The restore's notice can undo it.
    await chat.locator('button', { hasText: 'Undo restore' }).waitFor({ timeout: 10_000 });
    // The preview answered its question and is closed; the card whose changes went back says so.
    await wb.page.locator('.tabs-container .tab').filter({ hasText: 'Relay: Restore Preview' }).waitFor({ state: 'detached', timeout: 15_000 });
    assert.equal(await card.locator('.reverted-note').textContent(), 'Its file changes were taken back by a restore.');
    await wb.screenshot('checkpoints-restored');
  });
});
