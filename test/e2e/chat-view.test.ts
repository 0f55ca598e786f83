import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openWorkbench, type Workbench } from '../support/vscode/workbench';

describe('e2e: the Relay chat view in the real workbench', () => {
  let wb: Workbench;
  before(async () => {
    wb = await openWorkbench();
  });
  after(async () => {
    await wb?.close();
  });

  it('shows the Relay icon in the activity bar and opens the chat webview', async () => {
    const chat = await wb.openRelay();
    assert.equal(await chat.locator('.relay-title').textContent(), 'Relay');
    // The status line only appears after the host answered the webview's ready message.
    const status = chat.locator('[data-testid="relay-status"]');
    await status.filter({ hasText: 'Ready' }).waitFor({ timeout: 30_000 });
    assert.match((await status.textContent()) ?? '', /Ready · .+ · VS Code 1\.\d+/);
    await wb.screenshot('chat-view');
  });

  it('runs "Relay: New Task" from the command palette', async () => {
    await wb.page.locator('.activitybar [aria-label^="Explorer"]').first().click();
    await wb.runCommand('Relay: New Task');
    await wb.chat().locator('[data-testid="relay-status"]').filter({ hasText: 'Ready' }).waitFor({ timeout: 30_000 });
  });
});
