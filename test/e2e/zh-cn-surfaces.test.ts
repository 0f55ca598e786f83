// The surfaces first seen in issue 38, in Simplified Chinese (VS Code started with `--locale zh-cn` and the
// stand-in language pack, as in locale-zh-cn.test.ts): Show Customizations, the question a repository's settings
// raise, a running background process's card, and a check_page result's card (light and dark). Each with what a
// person must be able to read, in Chinese.
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildLanguagePack, type LanguagePack } from '../support/vscode/language-pack';
import { assertPageCard, freePort, pageServerScript, stopPageServer } from '../support/vscode/page-server';
import { openScriptedWorkbench, type ScriptedWorkbench } from '../support/vscode/workbench';
import { ZH_NLS, zh } from '../support/vscode/zh-cn-strings';

const nls = ZH_NLS;
const command = (key: string) => `Relay: ${nls[`command.${key}.title`]}`;

describe('e2e: the new surfaces in Simplified Chinese', () => {
  let pack: LanguagePack;
  let s: ScriptedWorkbench;
  let url: string;

  before(async () => {
    pack = buildLanguagePack('zh-cn', '中文(简体)');
    const port = await freePort();
    url = `http://127.0.0.1:${port}/`;
    const server = pageServerScript(port, '你好', '你好，Relay');
    s = await openScriptedWorkbench({
      locale: 'zh-cn',
      installAtStart: [pack.vsix],
      script: [
        { toolCalls: [{ id: 'call_server', name: 'run_command', args: { command: 'node server.js', background: true } }] },
        { toolCalls: [{ id: 'call_page', name: 'check_page', args: { url, settle_ms: 500 } }] },
        { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: '页面已检查。' } }] },
      ],
      // The OS sandbox off: a sandboxed background server would run without the approval this file answers.
      settings: { 'relay.sandbox.enabled': false },
      prepare: (workspace) => {
        writeFileSync(join(workspace, 'server.js'), server);
        writeFileSync(join(workspace, 'AGENTS.md'), '# Agents\n\nRun `npm test` before you finish.\n');
        mkdirSync(join(workspace, '.claude', 'commands'), { recursive: true });
        writeFileSync(join(workspace, '.claude', 'commands', 'review.md'), '---\ndescription: 审查拉取请求\nargument-hint: <pr-number>\n---\nReview PR $1.');
      },
    });
  });
  after(async () => {
    await stopPageServer(url);
    await s?.close();
    pack?.dispose();
  });

  it('Show Customizations: the report in Chinese, paths from the workspace, read-only', async () => {
    const { wb } = s;
    await wb.runCommand(command('showCustomizations'));
    const editor = wb.page.locator('.part.editor .monaco-editor').first();
    await editor.locator('.view-line', { hasText: zh('Relay: customisation files') }).first().waitFor({ timeout: 30_000 });
    const text = (await editor.locator('.view-lines').textContent()) ?? '';
    assert.ok(text.includes('.claude/commands/review.md'), `workspace-relative paths: ${text.slice(0, 400)}`);
    assert.doesNotMatch(text, /\/tmp\//, `no absolute path: ${text.slice(0, 400)}`);
    // Monaco draws spaces as no-break spaces.
    const plain = text.replace(/\u00a0/g, ' ');
    assert.ok(plain.includes(`### ${zh('Claude Code command')}`) && !plain.includes('Claude Code command'), `the format's name in Chinese: ${plain}`);
    assert.match((await wb.page.locator('.tabs-container .tab.active').textContent()) ?? '', new RegExp(zh('Relay customisation files')));
    await wb.screenshot('show-customizations-zh-cn');
    await wb.runCommand('View: Close Editor');
    assert.equal(await wb.page.locator('.monaco-dialog-box').count(), 0, 'closing the report asks nothing');
  });

  it("a repository's looser approval mode: the question in Chinese, the setting in words, no Cancel", async () => {
    const { wb } = s;
    mkdirSync(join(wb.workspace, '.vscode'), { recursive: true });
    writeFileSync(join(wb.workspace, '.vscode', 'settings.json'), JSON.stringify({ 'relay.approvalMode': 'yolo' }, null, 2));
    const dialog = wb.page.locator('.monaco-dialog-box');
    for (const deadline = Date.now() + 30_000; ; ) {
      await wb.runCommand(command('reviewWorkspaceSettings'));
      if (await dialog.waitFor({ timeout: 5_000 }).then(() => true, () => false)) break;
      if (Date.now() > deadline) throw new Error('the workspace setting was never asked about');
    }
    assert.equal(await dialog.locator('.dialog-message-text').textContent(), zh('This workspace sets the approval mode to {0}. Allow it?', '"yolo"'));
    assert.match((await dialog.textContent()) ?? '', /relay\.approvalMode/, 'the key is in the detail');
    assert.equal((await dialog.locator('.monaco-button:focus').textContent())?.trim(), zh('Show Setting'));
    const buttons = (await dialog.locator('.dialog-buttons .monaco-button').allTextContents()).map((b) => b.trim());
    assert.deepEqual([...buttons].sort(), [zh('Allow'), zh('Keep Ignoring'), zh('Show Setting')].sort(), buttons.join(' | '));
    await wb.screenshot('workspace-setting-confirmation-zh-cn');
    await wb.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('a running background process and a check_page result, on their cards in Chinese (light and dark)', async () => {
    const { wb, chat } = s;
    const input = chat.locator('textarea').first();
    await input.fill('启动服务器并检查页面');
    await input.press('Enter');
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.filter({ hasText: 'node server.js' }).waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: zh('Allow'), exact: true }).click();

    const card = chat.locator('.tool-card[data-call-id="call_server"]');
    await card.locator('.process-panel a.process-url').waitFor({ timeout: 60_000 });
    // The process's state is the card's, in Chinese; the command is its line.
    await card.locator('.tool-state-label', { hasText: new RegExp(`^${zh('Running')}$`) }).waitFor({ timeout: 30_000 });
    assert.equal((await card.locator('.tool-tip').textContent())?.trim(), 'node server.js');
    assert.equal((await card.locator('.process-id').textContent())?.trim(), zh('Process {0}', 'p1'));

    // The first fetch from a host is its own question (here 127.0.0.1, the server just started): allowed once.
    const fetchQuestion = dialog.filter({ hasText: '127.0.0.1' });
    await fetchQuestion.waitFor({ timeout: 60_000 });
    // The body names the tool as people know it, never its internal name ("工具：检查页面 · check_page" before).
    const asked = (await fetchQuestion.textContent()) ?? '';
    assert.ok(asked.includes(zh('Tool: {0}', '')), asked);
    assert.doesNotMatch(asked, /check_page|settle_ms/, `no internal name in the modal: ${asked}`);
    await wb.screenshot('check-page-fetch-question-zh-cn');
    await fetchQuestion.getByRole('button', { name: zh('Allow'), exact: true }).click();
    const page = chat.locator('.tool-card[data-call-id="call_page"]');
    await page
      .locator('.tool-state-label', { hasText: new RegExp(`^${zh('Done')}$`) })
      .waitFor({ timeout: 90_000 })
      .catch(async (e: unknown) => {
        await wb.screenshot('check-page-card-zh-cn-failed');
        throw e;
      });
    // The page's title and its (zero) errors, in Chinese.
    assert.match((await page.locator('.tool-tip').textContent()) ?? '', /你好/);
    await chat.locator('.message-list').filter({ hasText: '页面已检查。' }).waitFor({ timeout: 60_000 });
    await wb.screenshot('process-card-zh-cn');
    await assertPageCard(page, '你好');
    await wb.setColorTheme('Default Dark Modern');
    await wb.screenshot('check-page-card-zh-cn-dark');
    await wb.setColorTheme('Default Light Modern');
    await wb.screenshot('check-page-card-zh-cn-light');
  });
});
