// A check_page result on its card, in English (light and dark; the zh-cn one is in zh-cn-surfaces.test.ts): the
// scripted model starts a page server in the background and checks the page. The first fetch from a host is its own
// question, naming the tool as people know it; the finished card shows the page as the model saw it (a small copy
// of the screenshot), the page's title and its error counts, and no raw parameter (issue 38).
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertPageCard, freePort, pageServerScript, stopPageServer } from '../support/vscode/page-server';
import { openScriptedWorkbench, type ScriptedWorkbench } from '../support/vscode/workbench';

describe('e2e: a check_page result on its card', () => {
  let s: ScriptedWorkbench;
  let url: string;

  before(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}/`;
    s = await openScriptedWorkbench({
      script: [
        { toolCalls: [{ id: 'call_server', name: 'run_command', args: { command: 'node server.js', background: true } }] },
        { toolCalls: [{ id: 'call_page', name: 'check_page', args: { url, settle_ms: 500 } }] },
        { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'The page is up.' } }] },
      ],
      // The OS sandbox off: a sandboxed background server would run without the approval this file answers.
      settings: { 'relay.sandbox.enabled': false },
      prepare: (workspace) => writeFileSync(join(workspace, 'server.js'), pageServerScript(port, 'Hello page', 'Hello, Relay')),
    });
  });
  after(async () => {
    await stopPageServer(url);
    await s?.close();
  });

  it('the first fetch asks by the tool\'s name for people; the card shows the page, its title and no raw parameter (light and dark)', async () => {
    const { wb, chat } = s;
    const input = chat.locator('textarea').first();
    await input.fill('Start the server and check the page');
    await input.press('Enter');
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.filter({ hasText: 'node server.js' }).waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Allow', exact: true }).click();

    const fetchQuestion = dialog.filter({ hasText: '127.0.0.1' });
    await fetchQuestion.waitFor({ timeout: 60_000 });
    const asked = (await fetchQuestion.textContent()) ?? '';
    assert.ok(asked.includes('Tool: Check Page'), asked);
    assert.doesNotMatch(asked, /check_page|settle_ms/, `no internal name in the modal: ${asked}`);
    await wb.screenshot('check-page-fetch-question');
    await fetchQuestion.getByRole('button', { name: 'Allow', exact: true }).click();

    const page = chat.locator('.tool-card[data-call-id="call_page"]');
    await page.locator('.tool-state-label', { hasText: /^Done$/ }).waitFor({ timeout: 90_000 });
    assert.match((await page.locator('.tool-tip').textContent()) ?? '', /Hello page/);
    await chat.locator('.message-list').filter({ hasText: 'The page is up.' }).waitFor({ timeout: 60_000 });
    await assertPageCard(page, 'Hello page');
    await wb.setColorTheme('Default Dark Modern');
    await wb.screenshot('check-page-card-dark');
    await wb.setColorTheme('Default Light Modern');
    await wb.screenshot('check-page-card-light');
  });
});
