// The terminal's Relay actions through the real UI, in light, dark and Simplified Chinese: a command typed in a
// terminal fails, the status bar offers Fix with Relay, the terminal's context menu offers Explain and Fix with
// Relay, a click sends the failed command to the chat, and killing the terminal withdraws the offer.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator, Locator } from 'playwright-core';
import { buildLanguagePack, type LanguagePack } from '../support/vscode/language-pack';
import { REPO_ROOT } from '../support/vscode/server';
import { openScriptedWorkbench, type ScriptedWorkbench, type Workbench } from '../support/vscode/workbench';

const THEMES = [
  { name: 'light', colorTheme: 'Default Light Modern' },
  { name: 'dark', colorTheme: 'Default Dark Modern' },
] as const;
/** A script whose name is misspelt: node fails with exit code 1 and says which module it could not find. */
const FAILING = 'node scripts/buld.js';
const REPLY = 'The script is `scripts/build.js`: the command misspells it. Run `node scripts/build.js`.';
const SETTINGS = {
  // The terminal's DOM renderer, so its text can be read and is in the screenshots.
  'terminal.integrated.gpuAcceleration': 'off',
  // Each click starts its own task: the second theme is not asked "new or current task".
  'relay.actions.taskTarget': 'newTask',
};

interface Labels {
  explain: string;
  fix: string;
  failed: RegExp;
}

/** Opens a terminal, runs the failing command in it as a person types it, and waits for the status bar's offer. */
async function failInTerminal(wb: Workbench, labels: Labels): Promise<{ terminal: Locator; offer: Locator }> {
  await wb.runCommand('Terminal: Create New Terminal');
  // The new terminal is the focused one (the active wrapper can hold another xterm element beside it).
  const focused = wb.page.locator('.part.panel .terminal-wrapper.active .xterm.focus').first();
  await focused.waitFor({ timeout: 30_000 });
  // Named by its renderer's class, which stays when the focus moves away.
  const owner = /xterm-dom-renderer-owner-\d+/.exec((await focused.getAttribute('class')) ?? '')?.[0];
  assert.ok(owner, 'the terminal has its renderer class');
  const terminal = wb.page.locator(`.part.panel .xterm.${owner}`);
  // The prompt ($ or, as root, #) is drawn once the shell has started, and its shell integration with it.
  await terminal.locator('.xterm-rows').filter({ hasText: /[$#]/ }).first().waitFor({ timeout: 30_000 });
  await terminal.click();
  await wb.page.keyboard.type(FAILING);
  await wb.page.keyboard.press('Enter');
  await terminal.locator('.xterm-rows').filter({ hasText: 'Cannot find module' }).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
  const offer = wb.page.locator('.part.statusbar .statusbar-item', { hasText: labels.fix });
  await offer.waitFor({ timeout: 15_000 });
  const aria = (await offer.locator('[aria-label]').first().getAttribute('aria-label')) ?? (await offer.getAttribute('aria-label')) ?? '';
  assert.match(aria, labels.failed, `the item names the command and its code: ${aria}`);
  return { terminal, offer };
}

/** Right-clicks the terminal and returns its context menu, once Relay's two items are in it. */
async function contextMenu(wb: Workbench, terminal: Locator, labels: Labels): Promise<Locator> {
  await terminal.click({ button: 'right' });
  const menu = wb.page.locator('.context-view .monaco-menu').first();
  await menu.waitFor({ timeout: 10_000 });
  for (const label of [labels.explain, labels.fix]) await menu.locator('.action-label', { hasText: label }).first().waitFor({ timeout: 10_000 });
  return menu;
}

/** Clicks Fix in the menu and waits for the chat to show the sent command and the scripted reply. */
async function fixFromMenu(chat: FrameLocator, menu: Locator, labels: Labels): Promise<void> {
  await menu.locator('.action-label', { hasText: labels.fix }).first().click();
  await chat.getByText(/This command failed in my terminal/).first().waitFor({ timeout: 30_000 });
  // The reply ends the task (attempt_completion): its text is in the conversation, folded or not.
  await chat.locator('.message-list').filter({ hasText: /misspells it/ }).waitFor({ timeout: 30_000 });
  const shown = (await chat.locator('body').textContent()) ?? '';
  assert.ok(shown.includes(FAILING), 'the chat shows the failed command');
}

async function killTerminal(wb: Workbench, offer: Locator): Promise<void> {
  await wb.runCommand('Terminal: Kill the Active Terminal Instance');
  await offer.waitFor({ state: 'hidden', timeout: 15_000 });
}

describe('e2e: Explain and Fix with Relay on a failed terminal command', () => {
  let s: ScriptedWorkbench;
  const english: Labels = { explain: 'Explain with Relay', fix: 'Fix with Relay', failed: /"node scripts\/buld\.js" failed with exit code 1\./ };
  before(async () => {
    s = await openScriptedWorkbench({ settings: SETTINGS });
  });
  after(async () => {
    await s?.close();
  });

  for (const theme of THEMES) {
    it(`offers Fix in the status bar and both actions in the terminal's menu; Fix sends the command (${theme.name})`, async () => {
      const { wb, chat, model } = s;
      await wb.setColorTheme(theme.colorTheme);
      model.setScript([{ toolCalls: [{ id: `call_done_${theme.name}`, name: 'attempt_completion', args: { result: REPLY } }] }]);
      const { terminal, offer } = await failInTerminal(wb, english);
      await wb.screenshot(`terminal-failed-status-bar-${theme.name}`);
      const menu = await contextMenu(wb, terminal, english);
      await wb.screenshot(`terminal-context-menu-${theme.name}`);
      await fixFromMenu(chat, menu, english);
      await wb.screenshot(`terminal-fix-chat-${theme.name}`);
      const request = model.requests.at(-1)!;
      const sent = JSON.stringify(request.body);
      assert.ok(sent.includes('untrusted=\\"true\\"') && sent.includes('Cannot find module'), sent.slice(0, 1500));
      await killTerminal(wb, offer);
    });
  }
});

describe('e2e: the terminal actions in Simplified Chinese', () => {
  let pack: LanguagePack;
  let s: ScriptedWorkbench;
  const bundle = JSON.parse(readFileSync(join(REPO_ROOT, 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;
  const nls = JSON.parse(readFileSync(join(REPO_ROOT, 'package.nls.zh-cn.json'), 'utf8')) as Record<string, string>;
  const failedZh = bundle['"{0}" failed with exit code {1}.']!.replace('{0}', FAILING).replace('{1}', '1');
  const chinese: Labels = { explain: nls['command.terminal.explain.title']!, fix: nls['command.terminal.fix.title']!, failed: new RegExp(failedZh.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) };
  before(async () => {
    pack = buildLanguagePack('zh-cn', '中文(简体)');
    s = await openScriptedWorkbench({ locale: 'zh-cn', installAtStart: [pack.vsix], settings: SETTINGS });
  });
  after(async () => {
    await s?.close();
    pack?.dispose();
  });

  it('the status bar item and the menu items speak Chinese (light)', async () => {
    const { wb, chat, model } = s;
    assert.equal(chinese.fix, '使用 Relay 修复');
    model.setScript([{ toolCalls: [{ id: 'call_done_zh', name: 'attempt_completion', args: { result: REPLY } }] }]);
    const { terminal, offer } = await failInTerminal(wb, chinese);
    await wb.screenshot('terminal-failed-status-bar-zh-cn');
    const menu = await contextMenu(wb, terminal, chinese);
    await wb.screenshot('terminal-context-menu-zh-cn');
    await fixFromMenu(chat, menu, chinese);
    await killTerminal(wb, offer);
  });
});
