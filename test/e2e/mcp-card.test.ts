// An MCP tool call through the real UI: the workspace's .vscode/mcp.json names server-filesystem; starting a task
// shows the one-time server confirmation (a native modal with the exact command line), then the tool's approval
// modal with server, tool and arguments; Allow runs it and the card ends in success with the server's answer.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { filesystemServerScript } from '../support/mcp/servers';
import { isShownWhole } from '../support/vscode/layout';
import { REPO_ROOT } from '../support/vscode/server';
import { openScriptedWorkbench, type Workbench } from '../support/vscode/workbench';

describe('e2e: an MCP tool call in the real UI', () => {
  let wb: Workbench;
  let chat: FrameLocator;
  let target: string;
  let close: () => Promise<void>;

  before(async () => {
    ({ wb, chat, close } = await openScriptedWorkbench({
      settings: { 'relay.toolDeferralShare': 1 },
      prepare: (workspace, server) => {
        target = join(workspace, 'notes', 'from-mcp.txt');
        mkdirSync(join(workspace, '.vscode'), { recursive: true });
        writeFileSync(
          join(workspace, '.vscode', 'mcp.json'),
          JSON.stringify({ servers: { files: { command: process.execPath, args: [filesystemServerScript(REPO_ROOT), '${workspaceFolder}'] } } }, null, 2),
        );
        mkdirSync(join(workspace, 'notes'), { recursive: true });
        server.setScript([
          { text: 'Writing the note through the filesystem server.', toolCalls: [{ id: 'call_mcp', name: 'mcp__files__write_file', args: { path: target, content: 'written by MCP\n' } }] },
          { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Wrote the note.' } }] },
        ]);
      },
    }));
  });
  after(async () => {
    await close?.();
  });

  it('confirms the workspace server with its command line, asks for the call with server, tool and arguments, and shows the result on the card', async () => {
    const input = chat.locator('textarea[aria-label="Message Relay"]');
    await input.fill('Write a note with the MCP server');
    await input.press('Enter');

    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.filter({ hasText: 'Start the MCP server "files"' }).waitFor({ timeout: 30_000 });
    const confirmation = (await dialog.textContent()) ?? '';
    assert.ok(confirmation.includes(`server-filesystem/dist/index.js ${wb.workspace}`), `the exact command line, \${workspaceFolder} resolved: ${confirmation}`);
    // Nobody asked for it (the repository did): Enter must not start it (README, "What Enter presses in a Relay modal").
    // Enter opens its configuration; Escape is Don't Start; no Cancel that means Don't Start again (issue 38).
    assert.equal((await dialog.locator('.monaco-button:focus').textContent())?.trim(), 'Show Configuration', 'the focused default button of the server question runs nothing');
    const startButtons = (await dialog.locator('.dialog-buttons .monaco-button').allTextContents()).map((t) => t.trim());
    assert.deepEqual([...startButtons].sort(), ["Don't Start", 'Show Configuration', 'Start Server'], `one button per answer, no Cancel: ${startButtons.join(' | ')}`);
    await wb.screenshot('mcp-server-confirmation');
    await dialog.getByRole('button', { name: 'Start Server', exact: true }).click();

    await dialog.filter({ hasText: 'Call Write File on the MCP server files?' }).waitFor({ timeout: 30_000 });
    const approval = (await dialog.textContent()) ?? '';
    // The question says the action by the tool's title; the arguments are lines, strings unescaped; no internal
    // name (mcp__files__write_file) and no annotation's protocol name (issue 38).
    assert.match(approval, /Call Write File on the MCP server files\?/);
    assert.match(approval, /Tool: Write File \(files\)/);
    assert.doesNotMatch(approval, /destructiveHint|readOnlyHint|openWorldHint/, `the tool's hints in words: ${approval}`);
    // write_file declares itself destructive: a dangerous call, so Enter denies; four buttons, no Cancel beside Deny.
    assert.equal((await dialog.locator('.monaco-button:focus').textContent())?.trim(), 'Deny', 'the focused default button of a destructive MCP tool is Deny');
    const buttons = (await dialog.locator('.dialog-buttons .monaco-button').allTextContents()).map((t) => t.trim());
    assert.ok(buttons.length <= 4 && !buttons.includes('Cancel'), `at most four buttons, no Cancel: ${buttons.join(' | ')}`);
    assert.match(approval, /content: written by MCP/);
    assert.doesNotMatch(approval, /\\n|"content"/, `no JSON escapes: ${approval}`);
    assert.doesNotMatch(approval, /mcp__|write_file/, `no internal name in the modal: ${approval}`);
    const card = chat.locator('.tool-card[data-call-id="call_mcp"]');
    assert.equal(await card.getAttribute('data-state'), 'awaiting_approval');
    await wb.screenshot('mcp-call-approval');
    await dialog.getByRole('button', { name: 'Allow', exact: true }).click();

    await chat.locator('.tool-card[data-call-id="call_mcp"][data-state="success"]').waitFor({ timeout: 30_000 });
    assert.equal(readFileSync(target, 'utf8'), 'written by MCP\n');
    assert.match((await card.textContent()) ?? '', /Write File \(files\)/, 'the card names the tool (its MCP title) and its server');
    if (!(await card.locator('.block-text').isVisible())) await card.locator('.tool-toggle').click();
    await card.filter({ hasText: 'Successfully wrote' }).waitFor({ timeout: 10_000 });
    // Finished: the card says what was done, not "Calling write_file…".
    // The card's line names the tool by its title, as its header does, not the server's write_file.
    assert.equal(await card.locator('.tool-tip').textContent(), 'Called Write File on files');
    await chat.locator('.message-assistant').filter({ hasText: 'Wrote the note.' }).waitFor({ timeout: 30_000 });
    // The path parameter: its file name first and whole at 300 px, the long folder after it cut instead.
    const name = card.locator('dd[data-param="path"] .path-name');
    assert.equal(await name.textContent(), 'from-mcp.txt');
    assert.ok(await isShownWhole(name), 'the file name is shown whole');
    await wb.screenshot('mcp-call-card');
  });

  it('Relay: MCP Servers lists the server with its state and tool count; Show Output opens its log channel', async () => {
    await wb.runCommand('Relay: MCP Servers');
    const row = wb.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'files' });
    await row.waitFor({ timeout: 15_000 });
    assert.match((await row.textContent()) ?? '', /files.*\d+ tools · workspace/);
    await wb.screenshot('mcp-servers-quick-pick');
    await row.click();
    const action = wb.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'Show Output' });
    await action.waitFor({ timeout: 10_000 });
    await action.click();
    // The Output panel opens on the server's own log channel.
    const boxes = wb.page.locator('.part.panel select.monaco-select-box');
    await boxes.first().waitFor({ timeout: 15_000 });
    const selected = async () => (await boxes.evaluateAll((els) => els.map((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? ''))).find((t) => t.startsWith('Relay MCP')) ?? '';
    for (let i = 0; i < 50 && (await selected()) !== 'Relay MCP: files'; i++) await wb.page.waitForTimeout(100);
    assert.equal(await selected(), 'Relay MCP: files');
    await wb.screenshot('mcp-server-output');
  });
});
