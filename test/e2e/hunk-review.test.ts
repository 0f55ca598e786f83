// Per-hunk review through the real UI: the scripted model proposes an edit with two hunks; the native modal's
// "Review Changes…" opens the real diff editor with a CodeLens row over each hunk; Chromium clicks "Accept" on the
// first and "Reject" on the second; the file gets the first only, and the card says one change was rejected.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { startScriptedModelServer, type ScriptedModelServer } from '../support/scripted-model-server';
import { openWorkbench, type Workbench } from '../support/vscode/workbench';

const lines = (...ls: string[]) => ls.map((l) => `${l}\n`).join('');
const SOURCE = lines('export const first = 1;', 'export const a = 2;', 'export const b = 3;', 'export const c = 4;', 'export const second = 5;');

describe('e2e: accept one hunk and reject another in the real diff editor', () => {
  let wb: Workbench;
  let model: ScriptedModelServer;
  let chat: FrameLocator;

  before(async () => {
    model = await startScriptedModelServer({
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
    });
    wb = await openWorkbench({
      settings: { 'relay.provider': 'openai-compatible', 'relay.baseUrl': model.openaiBaseUrl, 'relay.model': 'scripted-coder', 'relay.previewEdits': false, 'diffEditor.codeLens': true },
    });
    writeFileSync(join(wb.workspace, 'src', 'constants.ts'), SOURCE);
    chat = await wb.openRelay();
    await chat.locator('[data-testid="relay-status"]').filter({ hasText: 'Ready' }).waitFor({ timeout: 30_000 });
  });
  after(async () => {
    await wb?.close();
    await model?.close();
  });

  it('Review Changes… in the modal, Accept on one CodeLens and Reject on the other: the file and the card show the outcome', async () => {
    const input = chat.locator('textarea[aria-label="Message Relay"]');
    await input.fill('Rename the constants');
    await input.press('Enter');

    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Review Changes…' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });

    // The real diff editor, with a lens row over each hunk.
    const diff = wb.page.locator('.monaco-diff-editor').first();
    await diff.waitFor({ timeout: 30_000 });
    const lens = (text: RegExp) => diff.locator('.codelens-decoration a').filter({ hasText: text });
    await lens(/Accept change 2\/2/).waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      await wb.screenshot('hunk-review-no-lenses');
      const html = await wb.page.locator('.codelens-decoration').allTextContents();
      throw new Error(`${String(error)}; lens decorations: ${JSON.stringify(html)}`);
    });
    await wb.screenshot('hunk-review-lenses');

    await lens(/Accept change 1\/2/).click();
    await lens(/Change 1\/2 accepted/).waitFor({ timeout: 15_000 });
    // "Reject" on the row of the second hunk: the lens decoration that also holds "Accept change 2/2".
    const secondRow = diff.locator('.codelens-decoration').filter({ hasText: /Accept change 2\/2/ });
    await secondRow.locator('a').filter({ hasText: /^\s*Reject\s*$/ }).click();

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
