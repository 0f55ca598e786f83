// First run through the real UI, light and dark: the welcome in the empty chat (provider, model, missing key,
// examples from the workspace, shortcuts), "Set Up Provider" from the welcome's button through VS Code's own
// QuickPick and password box to a model from the provider's live list, the Test connection result (OK with the
// latency; a rejected key in a modal with its fix), the header's state while a task works and waits for an
// approval, and Azure OpenAI's own questions (endpoint, key, deployment list, api-version, API) to a working test.
// The model is the scripted server speaking OpenAI's wire (`relay.baseUrl` points OpenAI at it) and Azure's.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { startScriptedModelServer, type ScriptedModelServer } from '../support/scripted-model-server';
import { openWorkbench, type Workbench } from '../support/vscode/workbench';
import { clearNotifications, removeApiKey, restoreUserSettings, userSettingsFile } from './remove-api-key';

const KEY = 'sk-e2e-onboarding-key-0001';
const AZURE_KEY = 'e2e-azure-onboarding-key-0002';

// One workbench for the file, its theme switched in place. The first run's welcome needs an empty history, so it
// is checked in both themes first, before anything else happens; then each theme's block runs the flows, the second
// one starting as a person who puts back the user settings the first one changed and removes the keys it stored
// (Relay: Set API Key, the box cleared).
const THEMES = [
  { name: 'light', colorTheme: 'Default Light Modern' },
  { name: 'dark', colorTheme: 'Default Dark Modern' },
];

let wb: Workbench;
let model: ScriptedModelServer;
let chat: FrameLocator;
let startSettings: string;
const status = () => chat.locator('[data-testid="relay-status"]');

before(async () => {
  model = await startScriptedModelServer({ models: { models: [{ id: 'gpt-5.4' }, { id: 'gpt-6-preview' }] } });
  wb = await openWorkbench({
    settings: { 'workbench.colorTheme': THEMES[0]!.colorTheme, 'relay.provider': 'openai', 'relay.baseUrl': model.openaiBaseUrl, 'relay.model': 'gpt-5.4' },
  });
  startSettings = readFileSync(userSettingsFile(wb), 'utf8');
  chat = await wb.openRelay();
  // Loaded and idle (without a key the line says so instead of "Ready").
  await chat.locator('[data-testid="relay-status"][data-phase="ready"]').waitFor({ timeout: 30_000 });
});
after(async () => {
  await wb?.close();
  await model?.close();
});

describe('e2e: onboarding, the first run with an empty history', () => {
  for (const theme of THEMES) {
    it(`the empty chat welcomes: provider, whole model name, missing key, one set-up button, examples from this workspace, shortcuts (${theme.name})`, async () => {
      await wb.setColorTheme(theme.colorTheme);
      const welcome = chat.locator('[data-testid="welcome"]');
      await welcome.locator('.example-task').first().waitFor({ timeout: 30_000 });
      assert.equal(await welcome.locator('[data-testid="welcome-provider"]').textContent(), 'OpenAI');
      assert.equal(await welcome.locator('[data-testid="welcome-model"]').textContent(), 'gpt-5.4');
      assert.equal(await welcome.locator('[data-testid="welcome-key"]').textContent(), 'no API key');
      assert.equal(await welcome.locator('[data-testid="welcome-setup"]').count(), 1);
      const examples = await welcome.locator('.example-task').allTextContents();
      assert.equal(examples.length, 3);
      assert.ok(examples.some((e) => e.includes('src/greet.ts')), `an example names the workspace's own file: ${examples.join(' | ')}`);
      assert.match((await welcome.locator('.welcome-shortcuts').textContent()) ?? '', /Focus Chat/);
      // Not "Ready" beside "no API key": without a key nothing can start.
      assert.equal(await status().textContent(), 'gpt-5.4 · OpenAI · no API key');
      await wb.screenshot(`onboarding-welcome-${theme.name}`);
    });
  }
});

// The flows in the theme the first run ended in, then in the other: two theme switches in all.
for (const [index, theme] of [THEMES[1]!, THEMES[0]!].entries()) {
  describe(`e2e: onboarding and provider setup (${theme.name})`, () => {
    before(async () => {
      if (index > 0) {
        // The first block's Azure setup cleared the OpenAI base URL (it belongs to the provider it was set for):
        // back to the settings the workbench started with, then without the keys the first block stored.
        await restoreUserSettings(wb, startSettings);
        await status().filter({ hasText: /^Ready · gpt-5\.4 · OpenAI/ }).waitFor({ timeout: 15_000 });
      }
      await wb.setColorTheme(theme.colorTheme);
      if (index === 0) return;
      for (const provider of ['OpenAI', 'Azure OpenAI']) {
        await removeApiKey(wb, provider, { command: 'Relay: Set API Key', removed: `Relay: the ${provider} key was removed.` });
      }
      await clearNotifications(wb);
      await chat.locator('[data-testid="welcome-key"]').filter({ hasText: 'no API key' }).waitFor({ timeout: 15_000 });
    });

    it('Set Up Provider from the welcome: provider, key in a password box, a model from the live list, then Test connection says OK with the latency', async () => {
      model.reset();
      model.setScript([{ text: 'OK' }]);
      await chat.locator('[data-testid="welcome-setup"]').click();
      const quick = wb.page.locator('.quick-input-widget');
      const title = quick.locator('.quick-input-title');
      await title.filter({ hasText: 'Relay: Set Up Provider' }).waitFor({ timeout: 30_000 });
      await quick.locator('.monaco-list-row').filter({ hasText: 'current' }).first().waitFor();
      await wb.page.keyboard.press('Enter'); // the current provider, OpenAI, is first

      await title.filter({ hasText: '(2/3)' }).waitFor({ timeout: 15_000 });
      const input = quick.locator('input.input');
      assert.equal(await input.getAttribute('type'), 'password', 'the key is typed into a password box');
      await input.fill(KEY);
      await wb.screenshot(`onboarding-key-${theme.name}`);
      await wb.page.keyboard.press('Enter');

      await title.filter({ hasText: '(3/3)' }).waitFor({ timeout: 15_000 });
      const live = quick.locator('.monaco-list-row').filter({ hasText: 'gpt-6-preview' });
      await live.first().waitFor({ timeout: 30_000 }); // a model only the live list knows
      assert.equal(model.modelListings.authHeader, true, 'the live list was asked for with the new key');
      await wb.screenshot(`onboarding-models-${theme.name}`);
      await quick.locator('.monaco-list-row').filter({ hasText: 'gpt-5.4' }).first().click();

      const toast = wb.page.locator('.notifications-toasts .notification-toast').filter({ hasText: /connected to OpenAI · gpt-5\.4 in \d+ ms/ });
      await toast.waitFor({ timeout: 30_000 });
      const latency = /in (\d+) ms/.exec((await toast.textContent()) ?? '')?.[1];
      // The progress notification ends with its work (VS Code keeps one on screen for at most a moment more).
      await progressGone(wb, /testing OpenAI/);
      // One key state everywhere: the test went through, so the key works, in the welcome as in the composer.
      await chat.locator('[data-testid="welcome-key"]').filter({ hasText: 'key works' }).waitFor({ timeout: 15_000 });
      await wb.screenshot(`onboarding-test-ok-${theme.name}`);
      assert.equal(model.requests.length, 1);
      assert.equal(model.requests[0]!.authHeader, true);
      // gpt-5.4 is served by the Responses API, whose smallest output limit is 16 tokens (the server refuses less).
      assert.equal((model.requests[0]!.body as { max_output_tokens?: number }).max_output_tokens, 16, 'the smallest answer the API allows');
      await status().filter({ hasText: /^Ready · gpt-5\.4 · OpenAI$/ }).waitFor({ timeout: 15_000 });
      // This test's own result (the toast's latency), not an earlier one.
      await chat.locator('[data-testid="welcome-test"]').filter({ hasText: `OK in ${latency} ms` }).waitFor({ timeout: 15_000 });
    });

    it('Test Connection with a rejected key: a modal says so in plain words, with the fix as its button', async () => {
      model.reset();
      model.setScript([{ fault: { status: 401 } }]);
      await wb.runCommand('Relay: Test Connection');
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30_000 });
      const text = (await dialog.textContent()) ?? '';
      assert.match(text, /OpenAI rejected the API key/);
      assert.match(text, /Enter the key again/);
      assert.doesNotMatch(text, new RegExp(KEY), 'the key is never shown');
      await dialog.getByRole('button', { name: 'Enter API Key' }).waitFor();
      await wb.screenshot(`onboarding-test-401-${theme.name}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 15_000 });
      // The same verdict everywhere: never "key set" beside "rejected the API key".
      await chat.locator('[data-testid="welcome-key"]').filter({ hasText: 'key rejected' }).waitFor({ timeout: 15_000 });
      await status().filter({ hasText: /^gpt-5\.4 · OpenAI · key rejected$/ }).waitFor({ timeout: 15_000 });
      assert.match((await chat.locator('[data-testid="welcome-test"]').textContent()) ?? '', /rejected the API key/);
      assert.equal(await chat.locator('.composer-input').getAttribute('placeholder'), 'OpenAI rejected the API key: enter a valid one before you send a task');
    });

    it('the header shows the task working, then waiting for approval, then ready; the welcome is gone', async () => {
      model.reset();
      model.setScript([
        { text: 'Looking at the workspace first.', chunkSize: 4, chunkDelayMs: 150, toolCalls: [{ id: 'call_write', name: 'write_file', args: { path: 'notes.txt', content: 'hi\n' } }] },
        { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Left it alone.' } }] },
      ]);
      const input = chat.locator('textarea[aria-label="Message Relay"]');
      await input.fill('Write a notes file');
      await input.press('Enter');
      // Until its first answer the task cannot know better than the last test (the key was rejected then).
      await status().filter({ hasText: /^Working… · gpt-5\.4 · OpenAI( · key rejected)?$/ }).waitFor({ timeout: 30_000 });
      await wb.screenshot(`onboarding-header-working-${theme.name}`);
      assert.equal(await chat.locator('[data-testid="welcome"]').isVisible(), false, 'the welcome is gone once a task runs');
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30_000 });
      await status().filter({ hasText: /^Waiting for your approval/ }).waitFor({ timeout: 15_000 });
      await wb.screenshot(`onboarding-header-approval-${theme.name}`);
      await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
      await chat.locator('.message-list').filter({ hasText: 'Left it alone.' }).waitFor({ timeout: 30_000 });
      // The task's requests went through with this key: no part of the chat says it was rejected any more.
      await status().filter({ hasText: /^Ready · gpt-5\.4 · OpenAI$/ }).waitFor({ timeout: 15_000 });

      // A new task: the welcome again, in its compact form.
      await chat.getByRole('button', { name: 'New task' }).first().click();
      const compact = chat.locator('[data-testid="welcome"].compact');
      await compact.waitFor({ timeout: 15_000 });
      // The key worked for the task: the welcome says so, and no longer shows the test that rejected it.
      assert.equal(await compact.locator('[data-testid="welcome-key"]').textContent(), 'key works');
      assert.equal(await compact.locator('[data-testid="welcome-test"]').count(), 0);
      assert.equal(await compact.locator('.welcome-shortcuts').count(), 0);
      assert.equal(await compact.locator('.example-task').count(), 3);
      await wb.screenshot(`onboarding-compact-${theme.name}`);
    });

    it('Set Up Provider for Azure OpenAI: a pasted request URL cut to the endpoint, the key, a deployment from the resource, the default api-version, then Test connection OK; the header names the deployment', async () => {
      model.reset();
      model.setAzureDeployments({ deployments: [{ id: 'relay-4-1', model: 'gpt-4.1' }] });
      model.setScript([{ text: 'OK' }]);
      await wb.runCommand('Relay: Set Up Provider');
      const quick = wb.page.locator('.quick-input-widget');
      const title = quick.locator('.quick-input-title');
      const rows = quick.locator('.monaco-list-row');
      await title.filter({ hasText: 'Relay: Set Up Provider' }).waitFor({ timeout: 30_000 });
      await rows.filter({ hasText: 'Azure OpenAI' }).first().click();

      await title.filter({ hasText: '(2/6)' }).waitFor({ timeout: 15_000 });
      const input = quick.locator('input.input');
      await input.fill(`${model.url}/openai/deployments/relay-4-1/chat/completions?api-version=2024-10-21`);
      await quick.locator('.quick-input-message').filter({ hasText: `Relay will use ${model.url} and drop /openai/deployments/relay-4-1` }).waitFor({ timeout: 15_000 });
      await wb.screenshot(`onboarding-azure-endpoint-${theme.name}`);
      await wb.page.keyboard.press('Enter');

      await title.filter({ hasText: '(3/6)' }).waitFor({ timeout: 15_000 });
      assert.equal(await input.getAttribute('type'), 'password');
      await input.fill(AZURE_KEY);
      await wb.page.keyboard.press('Enter');

      await title.filter({ hasText: '(4/6)' }).waitFor({ timeout: 15_000 });
      const listed = rows.filter({ hasText: 'relay-4-1' }).filter({ hasText: 'serves gpt-4.1' });
      await listed.first().waitFor({ timeout: 30_000 });
      await wb.screenshot(`onboarding-azure-deployments-${theme.name}`);
      await listed.first().click();

      await title.filter({ hasText: '(5/6)' }).waitFor({ timeout: 15_000 });
      await rows.filter({ hasText: '2025-04-01-preview' }).filter({ hasText: 'default' }).first().click();
      await title.filter({ hasText: '(6/6)' }).waitFor({ timeout: 15_000 });
      await rows.filter({ hasText: 'Chat Completions API' }).first().click();

      const toast = wb.page.locator('.notifications-toasts .notification-toast').filter({ hasText: /connected to Azure OpenAI · relay-4-1 · gpt-4\.1 in \d+ ms/ });
      await toast.waitFor({ timeout: 30_000 });
      await progressGone(wb, /reading the deployments|testing Azure OpenAI/);
      assert.equal(model.requests.length, 1);
      assert.equal(model.requests[0]!.path, '/openai/deployments/relay-4-1/chat/completions');
      assert.equal(model.requests[0]!.query['api-version'], '2025-04-01-preview');
      await status().filter({ hasText: /^Ready · gpt-4\.1 · Azure OpenAI · deployment relay-4-1$/ }).waitFor({ timeout: 15_000 });
      assert.equal(await chat.locator('[data-testid="welcome-deployment"]').textContent(), 'relay-4-1');
      // Every value starts at the same edge, the Deployment row's too (its longer term pushed it out of line).
      const lefts = await chat.locator('.welcome-facts dd').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
      assert.equal(new Set(lefts).size, 1, `the values' left edges: ${lefts.join(', ')}`);
      await wb.screenshot(`onboarding-azure-ok-${theme.name}`);
    });
  });
}

/** A progress notification is gone once its work is done (VS Code may keep it up to about a second longer). */
async function progressGone(wb: Workbench, text: RegExp): Promise<void> {
  await wb.page.locator('.notifications-toasts .notification-toast').filter({ hasText: text }).waitFor({ state: 'detached', timeout: 5_000 });
}
