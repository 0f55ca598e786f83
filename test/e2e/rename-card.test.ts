// Issue 16 through the real UI: the scripted model asks rename_symbol to rename a function used in three files;
// VS Code's TypeScript language features compute the rename; the card shows each file's diff while the native
// modal asks; Allow applies all three, and the model reads what was renamed.
import * as assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import type { ScriptedModelServer } from '../support/scripted-model-server';
import { REPO_ROOT, typescriptSettings } from '../support/vscode/server';
import { isShownWhole } from '../support/vscode/layout';
import { openScriptedWorkbench, type Workbench } from '../support/vscode/workbench';

describe('e2e: a rename_symbol card with its multi-file preview and approval', () => {
  let wb: Workbench;
  let model: ScriptedModelServer;
  let chat: FrameLocator;
  let close: () => Promise<void>;

  before(async () => {
    ({ wb, model, chat, close } = await openScriptedWorkbench({
      script: [
        { text: 'I will rename it everywhere.', toolCalls: [{ id: 'call_rename', name: 'rename_symbol', args: { path: 'intel/src/math.ts', line: 4, symbol: 'addCents', new_name: 'plusCents' } }] },
        { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Renamed addCents to plusCents.' } }] },
      ],
      settings: typescriptSettings(),
      prepare: (workspace) => cpSync(join(REPO_ROOT, 'test', 'fixtures', 'code-intel'), join(workspace, 'intel'), { recursive: true }),
    }));
  });
  after(async () => {
    await close?.();
  });

  it('shows one diff per file on the card while the modal asks; Allow renames in all three files', async () => {
    const input = chat.locator('textarea[aria-label="Message Relay"]');
    await input.fill('Rename addCents to plusCents');
    await input.press('Enter');

    // The TypeScript server starts on this first call: the proposal can take a while on a loaded machine.
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 120_000 });
    const card = chat.locator('.tool-card[data-call-id="call_rename"]');
    assert.equal(await card.getAttribute('data-state'), 'awaiting_approval');
    const diffs = card.locator('.block-diff');
    await diffs.first().waitFor({ timeout: 15_000 });
    assert.deepEqual(await diffs.locator('.diff-path').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.path)), ['intel/src/invoice.ts', 'intel/src/main.ts', 'intel/src/math.ts']);
    // File name first, shown whole at 300 px; the folder after it gives way first.
    assert.deepEqual(await diffs.locator('.diff-path .path-name').allTextContents(), ['invoice.ts', 'main.ts', 'math.ts']);
    for (const name of await diffs.locator('.diff-path .path-name').all()) assert.ok(await isShownWhole(name), `${await name.textContent()} is cut`);
    assert.match((await card.locator('.tool-tip').textContent()) ?? '', /Rename addCents to plusCents in 3 files/);
    assert.match((await diffs.nth(1).locator('.diff-body').textContent()) ?? '', /\+const tip = plusCents\(150, 25\);/);
    const text = (await dialog.textContent()) ?? '';
    assert.match(text, /Rename addCents to plusCents in 3 files \(\+\d+ \u2212\d+ lines\)\?/, `the modal's question is the action and its size: ${text}`);
    for (const file of ['intel/src/invoice.ts', 'intel/src/main.ts', 'intel/src/math.ts']) assert.ok(text.includes(file), `the modal lists ${file}: ${text}`);
    await wb.screenshot('rename-card-awaiting-approval');
    await dialog.getByRole('button', { name: 'Allow', exact: true }).click();

    await chat.locator('.tool-card[data-call-id="call_rename"][data-state="success"]').waitFor({ timeout: 60_000 });
    for (const file of ['math.ts', 'invoice.ts', 'main.ts']) {
      const source = readFileSync(join(wb.workspace, 'intel', 'src', file), 'utf8');
      assert.match(source, /plusCents/, `${file} renamed`);
      assert.doesNotMatch(source.replace('// addCents is also mentioned here', ''), /addCents/, `${file} has no old name left but the comment`);
    }
    await chat.locator('.message-list').filter({ hasText: 'Renamed addCents to plusCents.' }).waitFor({ timeout: 30_000 });
    const toModel = JSON.stringify(model.requests[1]!.body);
    assert.match(toModel, /Renamed addCents to plusCents: 6 places in 3 files/);
    await wb.screenshot('rename-card-done');
  });
});
