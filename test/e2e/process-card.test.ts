// Issue 27 through the real UI: the scripted model starts a small HTTP server with run_command (background: true);
// the status bar says "Relay: 1 running", the call's card shows the URL the server printed, its output and a Stop
// button, and Stop ends it (the card says Stopped, the status bar item goes).
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { openScriptedWorkbench, type Workbench } from '../support/vscode/workbench';

const SERVER = [
  "const http = require('node:http');",
  "const server = http.createServer((req, res) => res.end('hello from the card test'));",
  "server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port + '/'));",
].join('\n');

describe('e2e: a background process in its card', () => {
  let wb: Workbench;
  let chat: FrameLocator;
  let close: () => Promise<void>;

  before(async () => {
    ({ wb, chat, close } = await openScriptedWorkbench({
      script: [
        { text: 'Starting the server.', toolCalls: [{ id: 'call_server', name: 'run_command', args: { command: 'node server.js', background: true } }] },
        { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'The server runs.' } }] },
      ],
      prepare: (workspace) => writeFileSync(join(workspace, 'server.js'), SERVER),
    }));
  });
  after(async () => {
    await close?.();
  });

  it('shows the URL, the output and Stop; Stop stops it', async () => {
    const input = chat.locator('textarea[aria-label="Message Relay"]');
    await input.fill('Start the server');
    await input.press('Enter');
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.filter({ hasText: 'node server.js' }).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Allow', exact: true }).click();

    const card = chat.locator('.tool-card[data-call-id="call_server"]');
    const panel = card.locator('.process-panel');
    const link = panel.locator('a.process-url');
    await link.waitFor({ timeout: 30_000 });
    const url = (await link.textContent()) ?? '';
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    assert.match((await panel.locator('.process-tail').textContent()) ?? '', /listening on http:\/\/127\.0\.0\.1:\d+\//);
    await panel.filter({ has: chat.locator('.process-state', { hasText: 'Running' }) }).waitFor({ timeout: 30_000 });
    const response = await fetch(url);
    assert.equal(await response.text(), 'hello from the card test', 'the server the card names answers');
    const statusItem = wb.page.locator('.statusbar-item', { hasText: 'Relay: 1 running' });
    await statusItem.waitFor({ timeout: 30_000 });
    await chat.locator('.message-list').filter({ hasText: 'The server runs.' }).waitFor({ timeout: 30_000 });

    const stop = panel.getByRole('button', { name: 'Stop node server.js' });
    assert.equal(await stop.isVisible(), true);
    await wb.setColorTheme('Default Dark Modern');
    await wb.screenshot('process-card-dark');
    await wb.setColorTheme('Default Light Modern');
    await wb.screenshot('process-card-light');

    // Keyboard reachable: focus it and press Enter.
    await stop.focus();
    await stop.press('Enter');
    await panel.locator('.process-state', { hasText: 'Stopped' }).waitFor({ timeout: 30_000 });
    assert.equal(await stop.isVisible(), false, 'no Stop once stopped');
    await statusItem.waitFor({ state: 'detached', timeout: 30_000 });
    await assert.rejects(fetch(url), 'the server no longer answers');
    await wb.screenshot('process-card-stopped-light');
  });
});
