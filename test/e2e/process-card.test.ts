// Issue 27 through the real UI: the scripted model starts a small HTTP server with run_command (background: true);
// the status bar says "Relay: 1 running", the call's card shows the URL the server printed, its output and a Stop
// button, and Stop ends it (the card says Stopped, the status bar item goes). Then three more servers, and the
// status bar item's list (one row per process) clicked through: a process's Show Output (its own terminal), Keep
// Running After Reload (it then offers Stop at Reload), Open URL (VS Code's Simple Browser), the row's Stop button
// (one less running) and Stop All.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { openScriptedWorkbench, type Workbench } from '../support/vscode/workbench';

const server = (hello: string) =>
  [
    "const http = require('node:http');",
    // GET /exit ends it: the test's cleanup when it failed before its Stop (a workbench closed hard stops nothing).
    `const server = http.createServer((req, res) => (req.url === '/exit' ? (res.end(), process.exit(0)) : res.end('${hello}')));`,
    "server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port + '/'));",
  ].join('\n');
const SERVER = server('hello from the card test');
/** The three servers of the status bar list's test, by call id and script. */
const LISTED = [
  { call: 'call_b', file: 'b.js' },
  { call: 'call_c', file: 'c.js' },
  { call: 'call_d', file: 'd.js' },
] as const;

describe('e2e: a background process in its card', () => {
  let wb: Workbench;
  let chat: FrameLocator;
  let close: () => Promise<void>;

  before(async () => {
    ({ wb, chat, close } = await openScriptedWorkbench({
      script: [
        { text: 'Starting the server.', toolCalls: [{ id: 'call_server', name: 'run_command', args: { command: 'node server.js', background: true } }] },
        { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'The server runs.' } }] },
        { text: 'Starting three servers.', toolCalls: LISTED.map((l) => ({ id: l.call, name: 'run_command', args: { command: `node ${l.file}`, background: true } })) },
        { toolCalls: [{ id: 'call_done_3', name: 'attempt_completion', args: { result: 'The three servers run.' } }] },
      ],
      // The terminal's DOM renderer, so its text can be read (the GPU one draws to a canvas).
      // The OS sandbox off: a sandboxed background server would run without the approval modal this file clicks
      // through (the sandbox E2E covers that case).
      settings: { 'terminal.integrated.gpuAcceleration': 'off', 'relay.sandbox.enabled': false },
      prepare: (workspace) => {
        writeFileSync(join(workspace, 'server.js'), SERVER);
        for (const l of LISTED) writeFileSync(join(workspace, l.file), server(`hello from ${l.file}`));
      },
    }));
  });
  /** Every server URL a test saw, for the cleanup. */
  const seen: string[] = [];
  after(async () => {
    for (const url of seen) await fetch(`${url}exit`).catch(() => undefined); // already stopped: refused
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
    seen.push(url);
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    assert.match((await panel.locator('.process-tail').textContent()) ?? '', /listening on http:\/\/127\.0\.0\.1:\d+\//);
    await panel.filter({ has: chat.locator('.process-state', { hasText: 'Running' }) }).waitFor({ timeout: 30_000 });
    // The card reads as a person would: the process's state is the card's ("Running", not "Done 4.4 s"), the command
    // its line (not "p1: node server.js (ready)"), the process id secondary on the process's row.
    await card.locator('.tool-state-label', { hasText: /^Running$/ }).waitFor({ timeout: 30_000 });
    assert.equal((await card.locator('.tool-tip').textContent())?.trim(), 'node server.js');
    assert.equal(await card.locator('.tool-duration').count(), 0, "no call duration beside the process's state");
    assert.equal((await panel.locator('.process-id').textContent())?.trim(), 'Process p1');
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
    await panel.locator('.process-state', { hasText: 'Stopped' }).waitFor({ state: 'attached', timeout: 30_000 });
    await card.locator('.tool-state-label', { hasText: /^Stopped$/ }).waitFor({ timeout: 30_000 });
    assert.equal(await stop.isVisible(), false, 'no Stop once stopped');
    await statusItem.waitFor({ state: 'detached', timeout: 30_000 });
    await assert.rejects(fetch(url), 'the server no longer answers');
    await wb.screenshot('process-card-stopped-light');
  });

  it('the status bar item lists them one row each: Show Output, Keep Running After Reload, Open URL, Stop and Stop All', async () => {
    const input = chat.locator('textarea[aria-label="Message Relay"]');
    await input.fill('Start three servers');
    await input.press('Enter');
    const dialog = wb.page.locator('.monaco-dialog-box');
    for (const l of LISTED) {
      const asking = dialog.filter({ hasText: `node ${l.file}` });
      await asking.waitFor({ timeout: 30_000 });
      await asking.getByRole('button', { name: 'Allow', exact: true }).click();
    }
    const urls: string[] = [];
    for (const l of LISTED) {
      const link = chat.locator(`.tool-card[data-call-id="${l.call}"] .process-panel a.process-url`);
      await link.waitFor({ timeout: 30_000 });
      urls.push((await link.textContent()) ?? '');
      seen.push(urls.at(-1)!);
    }
    await chat.locator('.message-list').filter({ hasText: 'The three servers run.' }).waitFor({ timeout: 30_000 });
    const statusItem = wb.page.locator('.statusbar-item', { hasText: /Relay: \d running/ });
    await wb.page.locator('.statusbar-item', { hasText: 'Relay: 3 running' }).waitFor({ timeout: 30_000 });

    const quick = wb.page.locator('.quick-input-widget');
    const rows = wb.page.locator('.quick-input-list .monaco-list-row');
    const row = (text: string | RegExp) => rows.filter({ hasText: text }).first();
    const openList = async () => {
      await statusItem.click();
      await quick.locator('.quick-input-title', { hasText: 'Relay: Background Processes' }).waitFor({ timeout: 15_000 });
    };

    // The list: one row per process, its command first and its state after it (no "Show Output /tmp/…" row
    // repeated per process), and Stop All.
    await openList();
    await row('Stop All (3)').waitFor({ timeout: 10_000 });
    for (const [i, l] of LISTED.entries()) {
      assert.equal(await rows.filter({ hasText: `node ${l.file}` }).count(), 1, `one row for ${l.file}`);
      assert.equal(await row(`node ${l.file}`).filter({ hasText: `running · ${urls[i]}` }).count(), 1, `${l.file}'s row says its state and URL`);
    }
    assert.equal(await rows.filter({ hasText: 'Show Output' }).count(), 0, 'Show Output is a row button, not a row');
    assert.equal(await rows.filter({ hasText: '/tmp/' }).count(), 0, 'no working folder repeated on every row');
    await wb.setColorTheme('Default Dark Modern');
    await openList();
    await row('Stop All (3)').waitFor({ timeout: 10_000 });
    await wb.screenshot('process-list-dark');
    await wb.page.keyboard.press('Escape');
    await wb.setColorTheme('Default Light Modern');
    await openList();
    await row('Stop All (3)').waitFor({ timeout: 10_000 });
    await wb.screenshot('process-list-light');

    /** Picks a process's row: its own actions, titled with its command and state. */
    const openProcess = async (file: string, state = 'running') => {
      await openList();
      await row(`node ${file}`).click();
      await quick.locator('.quick-input-title', { hasText: `node ${file} (${state})` }).waitFor({ timeout: 10_000 });
    };

    // Show Output: b.js's own terminal, named after it, shows what it printed.
    await openProcess('b.js');
    await row('Show Output').click();
    await quick.waitFor({ state: 'hidden', timeout: 10_000 });
    const panel = wb.page.locator('.part.panel');
    await panel.getByText('Relay: node b.js').first().waitFor({ timeout: 15_000 });
    await panel.locator('.xterm-rows').filter({ hasText: 'listening on' }).first().waitFor({ timeout: 15_000 });
    await wb.screenshot('process-list-show-output');

    // Keep Running After Reload on b.js: the list then says so, and offers Stop at Reload instead.
    await openProcess('b.js');
    await row('Keep Running After Reload').filter({ hasText: 'otherwise a window reload will stop it' }).waitFor({ timeout: 10_000 });
    await wb.screenshot('process-list-actions-light');
    await row('Keep Running After Reload').click();
    await quick.waitFor({ state: 'hidden', timeout: 10_000 });
    await openList();
    await row('node b.js').filter({ hasText: 'running, kept after reload' }).waitFor({ timeout: 10_000 });
    await wb.page.keyboard.press('Escape');
    await openProcess('b.js', 'running, kept after reload');
    await row('Stop at Reload').waitFor({ timeout: 10_000 });
    await wb.screenshot('process-list-kept-light');
    await wb.page.keyboard.press('Escape');

    // Open URL: c.js's page in VS Code's Simple Browser.
    await openProcess('c.js');
    await row(`Open ${urls[1]}`).click();
    const browserTab = wb.page.locator('.tabs-container .tab', { hasText: 'Simple Browser' });
    await browserTab.waitFor({ timeout: 20_000 });
    await wb.screenshot('process-list-open-url');
    // Closed again: its webview would be a second one beside the chat's.
    await wb.runCommand('View: Close All Editors');
    await browserTab.waitFor({ state: 'detached', timeout: 10_000 });

    // Stop on b.js, with its row's button: one less running, and its server no longer answers.
    await openList();
    const bRow = row('node b.js');
    await bRow.hover();
    await bRow.getByRole('button', { name: 'Stop' }).click();
    await wb.page.locator('.statusbar-item', { hasText: 'Relay: 2 running' }).waitFor({ timeout: 30_000 });
    await assert.rejects(fetch(urls[0]!), 'b.js no longer answers');
    assert.equal(await (await fetch(urls[2]!)).text(), 'hello from d.js', 'd.js still does');

    // Stop All: the rest, and the item goes.
    await openList();
    await row('Stop All (2)').click();
    await statusItem.waitFor({ state: 'detached', timeout: 30_000 });
    for (const url of urls) await assert.rejects(fetch(url), `${url} no longer answers`);
    for (const l of LISTED) await chat.locator(`.tool-card[data-call-id="${l.call}"] .process-state`, { hasText: 'Stopped' }).waitFor({ state: 'attached', timeout: 30_000 });
  });
});
