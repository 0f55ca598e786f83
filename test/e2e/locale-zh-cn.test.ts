// Relay in Simplified Chinese through the real UI, light and dark. VS Code is started with `--locale zh-cn` and a
// zh-cn language pack installed by the server as it starts, as a user installs MS-CEINTL's Chinese pack from the
// marketplace (Extensions view) and picks it (Configure Display Language, or code-server's `--locale`). The
// marketplace pack cannot be downloaded offline: a minimal one built here stands in for it
// (test/support/vscode/language-pack.ts), with the same `localizations` contribution and no core translations, so
// VS Code's own UI stays English while its display language is zh-cn. Without a pack VS Code stays in English
// whatever `--locale` says, and so does every extension. Relay's own strings are then checked in Chinese: the
// view's name and command titles (package.nls.zh-cn.json), the chat (the table the host sends the webview), a task
// error and its fix, a tool's failure on its card, and the native modals (l10n/bundle.l10n.zh-cn.json).
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { startScriptedModelServer, type ScriptedModelServer } from '../support/scripted-model-server';
import { buildLanguagePack, type LanguagePack } from '../support/vscode/language-pack';
import { isOneLine, rowCount, textLayout } from '../support/vscode/layout';
import { exactLabel, openWorkbench, type Workbench } from '../support/vscode/workbench';
import { clearNotifications, removeApiKey } from './remove-api-key';
import { zh, zhTitle } from '../support/vscode/zh-cn-strings';

const nlsTitle = zhTitle;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const KEY = 'sk-ant-e2e-locale-0001';
const MODEL = 'claude-sonnet-5-5';

let pack: LanguagePack;
before(() => {
  pack = buildLanguagePack('zh-cn', '中文(简体)');
});
after(() => pack?.dispose());

// One workbench for the file, its theme switched in place. The welcome of a first run needs an empty history, so it
// is checked in both themes first; then each theme's block runs the flows, which need no key stored: the second
// block starts as a person who removes the first block's key (Set API Key, the box cleared) and starts a new task.
const THEMES = [
  { name: 'light', colorTheme: 'Default Light Modern' },
  { name: 'dark', colorTheme: 'Default Dark Modern' },
];

let wb: Workbench;
let model: ScriptedModelServer;
let chat: FrameLocator;
const status = () => chat.locator('[data-testid="relay-status"]');

before(async () => {
  model = await startScriptedModelServer();
  wb = await openWorkbench({
    locale: 'zh-cn',
    installAtStart: [pack.vsix],
    settings: { 'workbench.colorTheme': THEMES[0]!.colorTheme, 'relay.provider': 'anthropic', 'relay.baseUrl': model.url, 'relay.model': MODEL },
  });
  chat = await wb.openRelay();
});
after(async () => {
  await wb?.close();
  await model?.close();
});

describe('e2e: Relay in Simplified Chinese, the first run', () => {
  for (const theme of THEMES) {
    it(`VS Code runs in zh-cn, and the view, its welcome, header and composer speak Chinese (${theme.name})`, async () => {
      await wb.setColorTheme(theme.colorTheme);
      // The language VS Code resolved from the pack; the workbench starts the extension host with it, so it is
      // Relay's vscode.env.language.
      assert.equal(await wb.page.evaluate(() => (globalThis as { _VSCODE_NLS_LANGUAGE?: string })._VSCODE_NLS_LANGUAGE), 'zh-cn');
      await chat.locator('[data-testid="relay-status"][data-phase="ready"]').filter({ hasText: `${MODEL} · ` }).waitFor({ timeout: 30_000 });
      const welcome = chat.locator('[data-testid="welcome"]');
      await welcome.locator('.example-task').first().waitFor({ timeout: 30_000 });
      assert.equal(await welcome.locator('.welcome-title').textContent(), zh('Welcome to Relay'));
      assert.equal(await welcome.locator('[data-testid="welcome-key"]').textContent(), zh('no API key'));
      assert.equal(await welcome.locator('[data-testid="welcome-setup"]').textContent(), zh('Set Up Provider'));
      const examples = await welcome.locator('.example-task').allTextContents();
      assert.equal(examples.length, 3);
      for (const example of examples) assert.match(example, /[\u4e00-\u9fff]/, `an example task in Chinese: ${example}`);
      assert.match((await welcome.locator('.welcome-shortcuts').textContent()) ?? '', new RegExp(escape(nlsTitle('command.focusChat.title'))));
      // No key yet: the composer says so too, as the welcome and the header do.
      assert.equal(await chat.locator('.composer-input').getAttribute('placeholder'), zh('No API key for {0} yet: set it up before you send a task', 'Anthropic'));
      assert.equal(await chat.locator('.composer-input').getAttribute('aria-label'), zh('Message Relay'));
      assert.equal(await status().textContent(), `${MODEL} · Anthropic · ${zh('no API key')}`);
      // At the side bar's default width the short phrase stays whole (it broke as "无 API" / "密钥").
      const keyPart = status().locator('.status-part').filter({ hasText: new RegExp(`^${escape(zh('no API key'))}$`) });
      assert.ok(await isOneLine(keyPart), `"${zh('no API key')}" in the header is on one line`);
      // The view's name, from package.nls.zh-cn.json, in the side bar's header.
      await wb.page.locator('.part.sidebar .composite.title, .part.sidebar .pane-header').filter({ hasText: nlsTitle('views.chat.name') }).first().waitFor({ timeout: 10_000 });
      await wb.screenshot(`locale-zh-cn-welcome-${theme.name}`);
    });
  }
});

// The flows in the theme the first run ended in, then in the other: two theme switches in all.
for (const [index, theme] of [THEMES[1]!, THEMES[0]!].entries()) {
  describe(`e2e: Relay in Simplified Chinese (${theme.name})`, () => {
    before(async () => {
      await wb.setColorTheme(theme.colorTheme);
      if (index === 0) return;
      await removeApiKey(wb, 'Anthropic', { command: `Relay: ${nlsTitle('command.setApiKey.title')}`, removed: zh('Relay: the {0} key was removed.', 'Anthropic') });
      await clearNotifications(wb);
      await wb.runCommand('View: Close All Editors');
      await wb.page.locator('.tab').first().waitFor({ state: 'detached', timeout: 15_000 });
      await wb.runCommand(`Relay: ${nlsTitle('command.newTask.title')}`);
      await chat.locator('.message-user').first().waitFor({ state: 'detached', timeout: 15_000 });
      await status().filter({ hasText: `${MODEL} · Anthropic · ${zh('no API key')}` }).waitFor({ timeout: 15_000 });
    });

    it('the Command Palette lists Relay by its Chinese titles; Test Connection without a key answers in a Chinese modal', async () => {
      await wb.page.keyboard.press('F1');
      const input = wb.page.locator('.quick-input-widget input');
      await input.waitFor();
      const title = `Relay: ${nlsTitle('command.testConnection.title')}`;
      await input.fill(`>${title}`);
      const rows = wb.page.locator('.quick-input-list .monaco-list-row');
      const row = rows.filter({ has: exactLabel(wb.page, title) });
      await row.first().waitFor({ timeout: 10_000 });
      await input.fill(`>Relay: ${nlsTitle('command.newTask.title')}`);
      await rows.filter({ has: exactLabel(wb.page, `Relay: ${nlsTitle('command.newTask.title')}`) }).first().waitFor({ timeout: 10_000 });
      await input.fill(`>${title}`);
      await row.first().waitFor({ timeout: 10_000 });
      await wb.screenshot(`locale-zh-cn-palette-${theme.name}`);
      await row.first().click();

      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30_000 });
      const text = (await dialog.textContent()) ?? '';
      assert.match(text, new RegExp(escape(zh('No API key is set for {0}.', 'Anthropic'))));
      await dialog.getByRole('button', { name: zh('Enter API Key') }).waitFor();
      // No English button left: Relay's own Cancel, in Chinese.
      const buttons = await dialog.locator('.monaco-button').allTextContents();
      assert.ok(buttons.includes(zh('Cancel')), JSON.stringify(buttons));
      assert.ok(!buttons.some((b) => /Cancel/.test(b)), `no English Cancel: ${JSON.stringify(buttons)}`);
      await wb.screenshot(`locale-zh-cn-test-connection-${theme.name}`);
      await wb.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    });

    it('a task: the missing key is said in Chinese with its fix; then the approval modal, the card and the header', async () => {
      model.reset();
      model.setScript([
        // Set Up Provider tests the connection once the key is entered: one token.
        { text: 'OK' },
        {
          thinking: 'The user wants a notes file.',
          text: '先看看工作区。',
          toolCalls: [
            // A tool failure: its card says it in Chinese, the model reads English (test/unit/l10n/tool-failures).
            { id: 'call_read', name: 'read_file', args: { path: 'zz-no-such-file.md' } },
            { id: 'call_write', name: 'write_file', args: { path: 'notes.txt', content: 'hi\n' } },
          ],
        },
        { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Left it alone.' } }] },
      ]);
      const input = chat.locator('.composer-input');
      // Before anything is sent, the composer already says that the key is missing.
      assert.equal(await input.getAttribute('placeholder'), zh('No API key for {0} yet: set it up before you send a task', 'Anthropic'));
      await input.fill('写一个 notes 文件');
      await input.press('Enter');
      // No key yet: the error, its fix and Retry, all in Chinese.
      const error = chat.locator('.message-error');
      await error.waitFor({ timeout: 30_000 });
      assert.equal(
        await error.locator('.error-text').textContent(),
        zh('No API key is set for {0}. Press Enter API Key (or run "{1}"), then Retry.', 'Anthropic', `Relay: ${nlsTitle('command.setApiKey.title')}`),
      );
      assert.equal(await error.locator('.retry-button').textContent(), zh('Retry'));
      // In the side bar's default width the buttons sit under the text; beside it, they squeezed it into a column.
      const layout = await textLayout(error, error.locator('.error-text'), error.locator('button'));
      assert.ok(layout.share > 0.7 && layout.buttonsBelow, `the error's text keeps the banner's width: ${JSON.stringify(layout)}`);
      assert.equal(model.requests.length, 0, 'no request without a key');
      await wb.screenshot(`locale-zh-cn-no-key-${theme.name}`);

      // The fix: the key step of Set Up Provider, in Chinese, then its connection test.
      await error.locator('.fix-button').filter({ hasText: zh('Enter API Key') }).click();
      const quick = wb.page.locator('.quick-input-widget');
      await quick.locator('.quick-input-title').filter({ hasText: zh('Relay: Set Up Provider') }).waitFor({ timeout: 15_000 });
      const box = quick.locator('input.input');
      assert.equal(await box.getAttribute('type'), 'password');
      await box.fill(KEY);
      await wb.page.keyboard.press('Enter');
      const connected = new RegExp(escape(zh('Relay: connected to {0} · {1} in {2} ms.', 'Anthropic', MODEL, '@@')).replace('@@', '\\d+'));
      await wb.page.locator('.notifications-toasts .notification-toast').filter({ hasText: connected }).waitFor({ timeout: 30_000 });

      await error.locator('.retry-button').click();
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30_000 });
      // One state: the retried attempt's banner is a muted line that offers nothing more.
      assert.equal(await error.locator('button').count(), 0, 'the resolved banner has no Enter API Key or Retry');
      assert.ok(await error.evaluate((el) => el.classList.contains('resolved')));
      const text = (await dialog.textContent()) ?? '';
      assert.match(text, new RegExp(escape(zh('{0} ({1})?', zh('Create {0}', 'notes.txt'), zh('+1 line')))));
      assert.doesNotMatch(text, new RegExp(escape(zh('Changes: +{0} \u2212{1} lines', '1', '0'))), 'the size is in the question, once');
      await dialog.getByRole('button', { name: zh('Allow'), exact: true }).waitFor();
      // Why it asks, in Chinese; the model would read the English (unit-tested in test/unit/l10n/channels).
      assert.match(text, new RegExp(escape(zh('Why: {0}', zh('No allow rule covers changes to this file.')))));
      assert.doesNotMatch(text, /Default mode asks/);
      await status().filter({ hasText: new RegExp(`^${escape(zh('Waiting for your approval'))}`) }).waitFor({ timeout: 15_000 });
      await chat.locator('.message-thinking .thinking-label').filter({ hasText: new RegExp(`^${escape(zh('Thinking'))}$`) }).waitFor({ timeout: 15_000 });
      // The card: the tool's name, its state and what the call would do.
      const write = chat.locator('.tool-card[data-call-id="call_write"]');
      await write.locator('.tool-state-label').filter({ hasText: zh('Awaiting approval') }).waitFor({ timeout: 15_000 });
      assert.equal(await write.locator('.tool-name').textContent(), zh('Write File'));
      assert.equal(await write.locator('.tool-tip').textContent(), zh('Create {0}', 'notes.txt'));
      // Only the card being asked about awaits approval; the allowed read waits for its turn.
      const read = chat.locator('.tool-card[data-call-id="call_read"]');
      assert.equal(await read.locator('.tool-state-label').textContent(), zh('Queued'));
      // The proposal's diff editor, titled in Chinese.
      await wb.page.locator('.tabs-container .tab').filter({ hasText: zh('{0} (Relay: new file)', 'notes.txt') }).first().waitFor({ timeout: 15_000 });
      await wb.screenshot(`locale-zh-cn-approval-${theme.name}`);
      await dialog.getByRole('button', { name: zh('Deny'), exact: true }).click();
      await chat.locator('.message-list').filter({ hasText: 'Left it alone.' }).waitFor({ timeout: 30_000 });
      await status().filter({ hasText: new RegExp(`^${escape(zh('Ready'))} · `) }).waitFor({ timeout: 15_000 });
      // The denied card says so in Chinese (the model was told in English), neutrally; the finished one says Done.
      await write.locator('.tool-state-label').filter({ hasText: zh('Denied by you') }).waitFor({ timeout: 15_000 });
      assert.equal(await write.getAttribute('data-phase'), 'denied');
      assert.equal(await write.locator('.block-denied').textContent(), zh('The user denied this call.'));
      assert.equal(await write.locator('.block-error').count(), 0, 'a denial is no error');
      // ...and its proposal's diff tab is closed.
      await wb.page.locator('.tabs-container .tab').filter({ hasText: zh('{0} (Relay: new file)', 'notes.txt') }).first().waitFor({ state: 'detached', timeout: 15_000 });
      // The failed read: its own error, in Chinese, on its card; the model read the English.
      await read.locator('.tool-state-label').filter({ hasText: zh('Failed') }).waitFor({ timeout: 15_000 });
      assert.equal(await read.locator('.tool-name').textContent(), zh('Read File'));
      assert.match((await read.locator('.block-error').textContent()) ?? '', new RegExp(`^${escape(zh('File not found: {0}.', 'zz-no-such-file.md'))}`));
      const toolResult = JSON.stringify(model.requests[model.requests.length - 1]!.body);
      assert.match(toolResult, /File not found: zz-no-such-file\.md\./, 'the model read the failure in English');
      const done = chat.locator('.tool-card[data-call-id="call_done"]');
      assert.equal(await done.locator('.tool-name').textContent(), zh('Complete Task'));
      assert.equal(await done.locator('.tool-state-label').textContent(), zh('Done'));
      assert.match((await done.locator('.tool-duration').textContent()) ?? '', /^\d+(\.\d)?(毫秒|秒)$/, 'the duration in Chinese units');
      // Numbers in the display language, not en-US: the 1M-token window is 100万, the cost is in US$.
      assert.match((await chat.locator('[data-testid="context-meter"] .context-meter-text').textContent()) ?? '', / \/ 100万$/);
      assert.match((await chat.locator('[data-testid="task-usage"]').textContent()) ?? '', /US\$0\.\d{4}$/);
      // At 300 px the Chinese usage and the meter share the row under the title (the meter wrapped onto a third).
      assert.equal(await rowCount(chat.locator('.task-figures')), 1, 'the usage and the meter on one row');
      await wb.screenshot(`locale-zh-cn-done-${theme.name}`);
    });
  });
}
