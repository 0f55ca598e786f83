// The OS sandbox through the real UI (issue 30): a command asked about only because it runs code runs without a modal
// and its card says so; a command whose request the sandbox's proxy refused names the refusal on its card; running it
// outside the sandbox is its own modal naming what it needed; a repository a command made is removed after it and
// its card says so (issue 36). Screenshots in the light and the dark theme. Nothing here touches the home folder:
// the refused request is to a domain not allowed (refused before any DNS lookup).
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import type { ScriptedModelServer } from '../support/scripted-model-server';
import { buildLanguagePack, type LanguagePack } from '../support/vscode/language-pack';
import { openScriptedWorkbench, type Workbench } from '../support/vscode/workbench';
import { zh } from '../support/vscode/zh-cn-strings';

const RUNS = 'node -e "require(\'fs\').writeFileSync(\'made-in-sandbox.txt\', \'ok\')"';
const REFUSED = 'curl -fsS -m 20 https://blocked.example/';
// A repository of the command's making whose configuration would run a program on the next `git status` outside
// (issue 36): the audit after the command removes it, and the card says so.
const PLANTS = `node -e "require('child_process').execSync('mkdir -p pkg && cd pkg && git init -q && git config core.fsmonitor true')"`;

describe('e2e: commands in the OS sandbox', () => {
  let wb: Workbench;
  let model: ScriptedModelServer;
  let chat: FrameLocator;
  let close: () => Promise<void>;

  before(async () => {
    ({ wb, model, chat, close } = await openScriptedWorkbench({
      script: [
        { toolCalls: [{ id: 'call_sandboxed', name: 'run_command', args: { command: RUNS } }] },
        { toolCalls: [{ id: 'call_refused', name: 'run_command', args: { command: REFUSED } }] },
        { toolCalls: [{ id: 'call_outside', name: 'run_command', args: { command: REFUSED, outside_sandbox: true } }] },
        { toolCalls: [{ id: 'call_restored', name: 'run_command', args: { command: PLANTS } }] },
        { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Done in the sandbox.' } }] },
      ],
      settings: { 'relay.sandbox.enabled': true, 'workbench.colorTheme': 'Default Light Modern' },
    }));
  });
  after(async () => {
    await close?.();
  });

  it('a command that only runs code runs without a modal; its card says it ran in the sandbox', async () => {
    const input = chat.locator('textarea[aria-label="Message Relay"]');
    await input.fill('Run the commands');
    await input.press('Enter');
    const card = chat.locator('.tool-card[data-call-id="call_sandboxed"][data-state="success"]');
    await card.waitFor({ timeout: 60_000 });
    // Its card's text is checked once the modal below is answered (the next calls follow at once).
    assert.equal(existsSync(join(wb.workspace, 'made-in-sandbox.txt')), true, 'the command wrote in the workspace');
  });

  it('a refused request is named on the card; running outside the sandbox is its own modal naming it', async () => {
    // The refused request ends the command; the next call (outside the sandbox) opens its modal.
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 60_000 });
    const text = (await dialog.textContent()) ?? '';
    assert.match(text, /Run "curl -fsS -m 20 https:\/\/blocked\.example\/" outside the sandbox\?/, text);
    assert.match(text, /connecting to blocked\.example:443/, text);
    assert.equal(await dialog.getByRole('button', { name: /^Always Allow…$/ }).count(), 0, 'no rule settles running outside the sandbox');
    // What it needed can go into the sandbox instead.
    assert.equal(await dialog.getByRole('button', { name: 'Always Allow in the Sandbox: blocked.example:443' }).count(), 1, text);
    // The theme cannot change under a modal (the command palette does not open): the modal is shot in light only.
    await wb.screenshot('sandbox-outside-modal-light');
    await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
    await chat.locator('.tool-card[data-call-id="call_outside"][data-state="error"]').waitFor({ timeout: 30_000 });
    const first = chat.locator('.tool-card[data-call-id="call_sandboxed"]');
    if (!(await first.locator('.block-text').isVisible())) await first.locator('.tool-toggle').click();
    await first.locator('.block-text').filter({ hasText: 'Ran in the sandbox.' }).waitFor({ timeout: 10_000 });
    const card = chat.locator('.tool-card[data-call-id="call_refused"]');
    if (!(await card.locator('.block-text').isVisible())) await card.locator('.tool-toggle').click();
    await card.locator('.block-text').filter({ hasText: 'connecting to blocked.example:443' }).waitFor({ timeout: 10_000 });
    await card.scrollIntoViewIfNeeded();
    await wb.screenshot('sandbox-violation-card-light');
    await wb.setColorTheme('Default Dark Modern');
    await wb.screenshot('sandbox-violation-card-dark');
    await chat.locator('.message-list').filter({ hasText: 'Done in the sandbox.' }).waitFor({ timeout: 30_000 });
    assert.ok(model.requests.length >= 4);
  });

  it('a repository the command made is removed after it, and its card names what was put back', async () => {
    const card = chat.locator('.tool-card[data-call-id="call_restored"]');
    await card.waitFor({ timeout: 30_000 });
    if (!(await card.locator('.block-text').isVisible())) await card.locator('.tool-toggle').click();
    const made = join(wb.workspace, 'pkg', '.git');
    // The card names it from the workspace, as every card does; the model gets the whole path.
    await card.locator('.block-text').filter({ hasText: 'creating pkg/.git, which would run code outside the sandbox; Relay removed it' }).waitFor({ timeout: 10_000 });
    assert.equal(existsSync(made), false, 'the new repository is gone');
    // What the model was told names it too.
    assert.ok(model.requests.some((r) => JSON.stringify(r).includes(`creating ${made}`)), 'the model is told what was removed');
    await card.scrollIntoViewIfNeeded();
    await wb.screenshot('sandbox-restored-card-dark');
    await wb.setColorTheme('Default Light Modern');
    await wb.screenshot('sandbox-restored-card-light');
  });
});

// The same cards in Simplified Chinese (issue 38: one zh-cn screenshot of each new surface): the line that says it ran
// in the sandbox and the one naming what the audit removed are the bundle's, not English.
describe('e2e: commands in the OS sandbox, in Simplified Chinese', () => {
  let pack: LanguagePack;
  let wb: Workbench;
  let chat: FrameLocator;
  let close: () => Promise<void>;

  before(async () => {
    pack = buildLanguagePack('zh-cn', '中文(简体)');
    ({ wb, chat, close } = await openScriptedWorkbench({
      locale: 'zh-cn',
      installAtStart: [pack.vsix],
      script: [
        { toolCalls: [{ id: 'call_sandboxed', name: 'run_command', args: { command: RUNS } }] },
        { toolCalls: [{ id: 'call_restored', name: 'run_command', args: { command: PLANTS } }] },
        { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: '完成。' } }] },
      ],
      settings: { 'relay.sandbox.enabled': true, 'workbench.colorTheme': 'Default Light Modern' },
    }));
  });
  after(async () => {
    await close?.();
    pack?.dispose();
  });

  it('the cards say in Chinese that the command ran in the sandbox and what the audit removed', async () => {
    const input = chat.locator(`textarea[aria-label="${zh('Message Relay')}"]`);
    await input.fill('运行这些命令');
    await input.press('Enter');
    await chat.locator('.message-list').filter({ hasText: '完成。' }).waitFor({ timeout: 60_000 });
    const ran = chat.locator('.tool-card[data-call-id="call_sandboxed"]');
    if (!(await ran.locator('.block-text').isVisible())) await ran.locator('.tool-toggle').click();
    await ran.locator('.block-text').filter({ hasText: zh('Ran in the sandbox.') }).waitFor({ timeout: 10_000 });
    const restored = chat.locator('.tool-card[data-call-id="call_restored"]');
    if (!(await restored.locator('.block-text').isVisible())) await restored.locator('.tool-toggle').click();
    const made = join(wb.workspace, 'pkg', '.git');
    await restored.locator('.block-text').filter({ hasText: zh('creating {0}, which would run code outside the sandbox; Relay removed it', 'pkg/.git') }).waitFor({ timeout: 10_000 });
    assert.equal(existsSync(made), false, 'the new repository is gone');
    await restored.scrollIntoViewIfNeeded();
    await wb.screenshot('sandbox-restored-card-zh-cn');
  });
});
