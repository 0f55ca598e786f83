// Issue 6 through the real UI: the scripted model asks to run a command; the real native modal shows the command
// line in its detail; Deny leaves the workspace unchanged and the model reads the refusal; Allow runs it.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import type { ScriptedModelServer } from '../support/scripted-model-server';
import { isShownWhole } from '../support/vscode/layout';
import { openScriptedWorkbench, type Workbench } from '../support/vscode/workbench';

const DENIED = 'touch denied-by-user.txt';
const ALLOWED = 'touch allowed-by-user.txt';
/** Read-only but for its environment: the variable makes it ask, and the modal must say so. */
const PRELOADED = 'LD_PRELOAD=./evil.so ls';

describe('e2e: command approval in the native modal', () => {
  let wb: Workbench;
  let model: ScriptedModelServer;
  let chat: FrameLocator;
  let close: () => Promise<void>;

  before(async () => {
    ({ wb, model, chat, close } = await openScriptedWorkbench({
      script: [
        { text: 'I will create the marker file.', toolCalls: [{ id: 'call_denied', name: 'run_command', args: { command: DENIED } }] },
        { toolCalls: [{ id: 'call_allowed', name: 'run_command', args: { command: ALLOWED } }] },
        { toolCalls: [{ id: 'call_preloaded', name: 'run_command', args: { command: PRELOADED } }] },
        { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Created allowed-by-user.txt.' } }] },
      ],
      // The approval of a command that runs unsandboxed (in the sandbox, `touch` in the workspace would not ask).
      settings: { 'relay.sandbox.enabled': false },
    }));
  });
  after(async () => {
    await close?.();
  });

  it('Deny: the modal shows the command, nothing runs, and the model receives the refusal', async () => {
    const input = chat.locator('textarea[aria-label="Message Relay"]');
    await input.fill('Create the marker files');
    await input.press('Enter');
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 30_000 });
    const text = (await dialog.textContent()) ?? '';
    assert.ok(text.includes(DENIED), `the modal's detail holds the full command line: ${text}`);
    assert.match(text, /Working directory: the workspace folder/, 'and the working directory, relative to the workspace');
    assert.equal(text.split(DENIED).length - 1, 2, `the command line twice (question and detail), no more: ${text}`);
    await wb.screenshot('command-modal');
    await dialog.getByRole('button', { name: 'Deny', exact: true }).click();

    // The model's next request carries the refusal as the call's result.
    await waitUntil(() => model.requests.length >= 2, 'the request after the denial');
    // The call's own result, not the whole request: the tool list's descriptions hold refusal words of their own.
    const messages = (model.requests[1]!.body as { messages: { role: string; tool_call_id?: string; content?: unknown }[] }).messages;
    const result = messages.find((m) => m.role === 'tool' && m.tool_call_id === 'call_denied');
    assert.ok(result, `the request after the denial answers call_denied: ${JSON.stringify(messages)}`);
    assert.match(String(result.content), /^Error: The run_command call did not run\. The user denied this call\./, 'the result is the refusal');
    assert.equal(existsSync(join(wb.workspace, 'denied-by-user.txt')), false, 'the denied command did not run');
  });

  it('Allow: the next command runs', async () => {
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.filter({ hasText: ALLOWED }).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Allow', exact: true }).click();
    const card = chat.locator('.tool-card[data-call-id="call_allowed"][data-state="success"]');
    await card.waitFor({ timeout: 30_000 });
    // A side bar narrower than the default (the page's body at 220 px): the state, exit code and duration move
    // under the name rather than cut it.
    assert.equal(await card.locator('.tool-name').textContent(), 'Run Command');
    await card.evaluate((el) => (el.ownerDocument.body.style.width = '220px'));
    try {
      assert.ok(await isShownWhole(card.locator('.tool-name')), 'the tool name is shown whole');
      const [name, meta] = [await card.locator('.tool-name').boundingBox(), await card.locator('.tool-meta').boundingBox()];
      assert.ok(name && meta && meta.y >= name.y + name.height - 1, `the state and duration sit under the name: ${JSON.stringify({ name, meta })}`);
    } finally {
      await card.evaluate((el) => (el.ownerDocument.body.style.width = ''));
    }
    assert.equal(existsSync(join(wb.workspace, 'allowed-by-user.txt')), true, 'the allowed command ran in the workspace');
    assert.equal(await chat.locator('.tool-card[data-call-id="call_denied"]').getAttribute('data-state'), 'error');
    await wb.screenshot('command-allowed');
  });

  it('a read-only command with a code-loading variable asks, and the modal names the variable; then the task completes', async () => {
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.filter({ hasText: PRELOADED }).waitFor({ timeout: 30_000 });
    const text = (await dialog.textContent()) ?? '';
    assert.match(text, /Why: The environment variable LD_PRELOAD loads code/, `the modal names the trigger and what it does: ${text}`);
    assert.doesNotMatch(text, /Asks because of|Needs approval/, `each fact once: the reason already names it, the question already asks: ${text}`);
    // No rule can allow it, so the default button (focused, primary) is Deny: Enter must not run it.
    const focused = dialog.locator('.monaco-button:focus');
    assert.equal((await focused.textContent())?.trim(), 'Deny', 'the focused default button of a dangerous call is Deny');
    assert.ok(await dialog.getByRole('button', { name: 'Allow', exact: true }).isVisible(), 'Allow is still offered');
    const buttons = (await dialog.locator('.dialog-buttons .monaco-button').allTextContents()).map((t) => t.trim());
    assert.ok(buttons.length <= 4 && !buttons.includes('Cancel'), `at most four buttons, no Cancel beside Deny: ${buttons.join(' | ')}`);
    await wb.screenshot('command-modal-trigger');
    await wb.page.keyboard.press('Enter');
    await chat.locator('.tool-card[data-call-id="call_preloaded"][data-state="error"]').waitFor({ timeout: 30_000 });
    await chat.locator('.message-list').filter({ hasText: 'Created allowed-by-user.txt.' }).waitFor({ timeout: 30_000 });
  });
});

async function waitUntil(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
