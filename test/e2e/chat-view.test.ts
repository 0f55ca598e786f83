import * as assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import type { ChatDelta, ToolCardStatus } from '../../src/shared/chat-model';
import { openWorkbench, RESULTS_DIR, type Workbench } from '../support/vscode/workbench';

/** Model-style markdown with hostile HTML mixed in: each payload would set window.__pwned if it ever ran. */
const HOSTILE_MARKDOWN = [
  'I updated **`greet.ts`** and ran the tests. See the [docs](https://example.com/docs).',
  '```ts\nexport function greet(name: string): string {\n  return `Hello, ${name}!`; // friendly\n}\n```',
  '<img src=x onerror="window.__pwned=1"> <svg onload="window.__pwned=2"></svg> <iframe srcdoc="<script>parent.__pwned=3</script>"></iframe>',
  '[click](javascript:window.__pwned=4) <a href="data:text/html,<script>alert(5)</script>">data</a> <script>window.__pwned=6</script>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=7">',
].join('\n\n');

const card = (callId: string, overrides: Partial<ToolCardStatus>): ToolCardStatus => ({
  callId, toolName: 'tool', displayName: 'Tool', state: 'running', partial: false, blocks: [], startTime: Date.now() - 1200, ...overrides,
});

/** A conversation in every state a card can be in, sent into the real webview as the host would (a batch). */
const DEMO: ChatDelta[] = [
  { type: 'task', task: { id: 'demo', title: 'Make greet() friendlier', running: true, usage: { inputTokens: 18_240, outputTokens: 1_532, costUsd: 0.0781 } } },
  { type: 'itemAdded', item: { kind: 'user', id: 'u1', text: 'Make greet() friendlier and run the tests.', ts: 0 } },
  { type: 'itemAdded', item: { kind: 'assistant', id: 'a1', text: HOSTILE_MARKDOWN, ts: 0, streaming: false } },
  {
    type: 'toolStatus',
    status: card('edit', {
      toolName: 'edit_file', displayName: 'Edit File', state: 'success', showTip: 'src/greet.ts', endTime: Date.now(), durationMs: 840, params: { path: 'src/greet.ts' },
      blocks: [{ type: 'diff', path: 'src/greet.ts', added: 2, removed: 1, canOpen: true, unifiedDiff: '--- a/src/greet.ts\n+++ b/src/greet.ts\n@@ -1,3 +1,4 @@\n export function greet(name: string): string {\n-  return "Hi " + name;\n+  // friendlier\n+  return `Hello, ${name}!`;\n }\n' }],
    }),
  },
  { type: 'toolStatus', status: card('test', { toolName: 'run_command', displayName: 'Run Command', showTip: 'npm test', params: { command: 'npm test' }, blocks: [{ type: 'terminal', command: 'npm test', output: '> sample@1.0.0 test\n> node --test\n\n✔ greets by name (1.2 ms)\n✔ handles empty names (0.4 ms)\n' }] }) },
  { type: 'toolStatus', status: card('write', { toolName: 'write_file', displayName: 'Write File', state: 'waiting', partial: true, params: { path: 'src/farewell.ts', content: 'export function farewell(name: string) {\n  return `Bye, ${name}`;' } }) },
  { type: 'toolStatus', status: card('ask', { toolName: 'ask_followup_question', displayName: 'Question', blocks: [{ type: 'question', question: 'Keep the old greeting as an option?', options: ['Yes', 'No'] }] }) },
  { type: 'toolStatus', status: card('fail', { toolName: 'read_file', displayName: 'Read File', state: 'error', showTip: 'missing.ts', error: 'File not found: missing.ts', endTime: Date.now() }) },
  // An earlier attempt's error: the task runs again, so it is resolved.
  { type: 'itemAdded', item: { kind: 'error', id: 'e1', message: 'The provider is rate limited (429). Try again in a moment.', retryable: true } },
  // The task spends tokens, so its key works: the header must not say "no API key" beside it.
  {
    type: 'settings',
    settings: { mode: 'default', model: 'claude-sonnet-5-5 · anthropic', provider: { id: 'anthropic', label: 'Anthropic', model: 'claude-sonnet-5-5', key: 'verified' } },
  },
];

/** The chat webview's inner frame (not a locator): scripts can be evaluated in it. */
async function chatFrame(wb: Workbench): Promise<Frame> {
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const frame of wb.page.frames()) {
      if (frame.name() === 'active-frame' || /\/fake\.html/.test(frame.url())) {
        if (await frame.locator('.relay-title').count().catch(() => 0)) return frame;
      }
    }
    await wb.page.waitForTimeout(200);
  }
  throw new Error('the chat webview frame was not found');
}

async function sidebarShot(wb: Workbench, name: string): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.png`);
  await wb.page.locator('.part.sidebar').screenshot({ path: file });
  return file;
}

const THEMES = [
  { name: 'light', colorTheme: 'Default Light Modern' },
  { name: 'dark', colorTheme: 'Default Dark Modern' },
  { name: 'high-contrast', colorTheme: 'Default High Contrast' },
];

// One workbench for the file; each theme's block switches the theme in place and starts on an empty chat.
let wb: Workbench;
const dialogs: string[] = [];
before(async () => {
  wb = await openWorkbench({ settings: { 'workbench.colorTheme': THEMES[0]!.colorTheme } });
  wb.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
});
after(async () => {
  await wb?.close();
});

for (const [index, theme] of THEMES.entries()) {
  describe(`e2e: the Relay chat view in the real workbench (${theme.colorTheme})`, () => {
    before(async () => {
      if (index === 0) return; // its first test opens the chat as a person does
      await wb.setColorTheme(theme.colorTheme);
      // The previous block's conversation (sent into the webview) goes: the chat is empty and Ready again.
      await wb.runCommand('Relay: New Task');
      await wb.chat().locator('.tool-card').first().waitFor({ state: 'detached', timeout: 15_000 });
      await wb.chat().locator('[data-testid="relay-status"][data-phase="ready"]').filter({ hasText: / · / }).waitFor({ timeout: 30_000 });
    });

    it('opens the chat: title, status, composer, approval mode, model, strict CSP', async () => {
      const chat = await wb.openRelay();
      assert.equal(await chat.locator('.relay-title').textContent(), 'Relay');
      // The status line is ready only after the host answered the webview's ready message with init (without a
      // key it says so instead of "Ready": its data-phase is what says the chat loaded).
      const status = chat.locator('[data-testid="relay-status"]');
      await chat.locator('[data-testid="relay-status"][data-phase="ready"]').waitFor({ timeout: 30_000 });
      // The model and its provider, not VS Code's version. They arrive after init (the key is read from
      // SecretStorage when the runtime loads; until then the line names the workspace), so wait for them.
      await status
        // Ready beside a stored key; without one the key state stands in for Ready (an earlier block may have stored one).
        .filter({ hasText: /^(Ready · [^·]+ · [^·]+|[^·]+ · [^·]+ · no API key)$/ })
        .waitFor({ timeout: 30_000 })
        .catch(async (e: Error) => {
          throw new Error(`${e.message}\nThe status said: "${await status.textContent()}" (data-phase ${await status.getAttribute('data-phase')})`);
        });
      assert.doesNotMatch((await status.textContent()) ?? '', /VS Code 1\.\d+/);
      const input = chat.locator('textarea[aria-label="Message Relay"]');
      await input.waitFor();
      const modes = chat.locator('select[aria-label="Approval mode"] option');
      assert.deepEqual(await modes.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)), ['default', 'auto-edit', 'yolo', 'plan']);
      assert.equal(await chat.locator('.send-button').isDisabled(), true, 'send is disabled while the box is empty');
      await input.fill('Hello');
      assert.equal(await chat.locator('.send-button').isDisabled(), false);
      await input.fill('');
      const csp = (await chat.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
      assert.match(csp, /script-src 'nonce-[^']+'/);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
      await wb.screenshot(`chat-view-${theme.name}`);
    });

    it('draws a conversation in the real webview; hostile markdown renders inert', async () => {
      const frame = await chatFrame(wb);
      // Sent as the host sends it: one batch message to the webview window.
      await frame.evaluate((deltas) => window.postMessage({ type: 'batch', deltas }, '*'), DEMO);
      await frame.locator('.tool-card').nth(4).waitFor();
      await frame.locator('.tool-card[data-call-id="edit"] .tool-toggle').click();
      await frame.locator('.block-diff').waitFor();
      // A payload that got through would run when its image fails to load: every image has tried, then look.
      await frame.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.message-list img')).every((img) => img.complete));
      const findings = await frame.evaluate(() => ({
        pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
        scripts: document.querySelectorAll('.message-list script, .message-list iframe, .message-list svg:not(.relay-icon), .message-list math, .message-list style').length,
        handlers: Array.from(document.querySelectorAll('.message-list *')).flatMap((el) => Array.from(el.attributes).filter((a) => /^on/i.test(a.name)).map((a) => a.name)),
        badLinks: Array.from(document.querySelectorAll('.message-list a[href]')).map((a) => a.getAttribute('href')!).filter((href) => !/^https?:/.test(href)),
        codeTokens: document.querySelectorAll('.code-block .tok-keyword').length,
      }));
      assert.deepEqual(findings, { pwned: null, scripts: 0, handlers: [], badLinks: [], codeTokens: findings.codeTokens });
      assert.ok(findings.codeTokens > 0, 'the code block is highlighted');
      assert.deepEqual(dialogs, [], 'no alert() ran');
      assert.equal(await frame.locator('.tool-card[data-call-id="write"] .param-preview pre').textContent(), 'export function farewell(name: string) {\n  return `Bye, ${name}`;');
      assert.equal(await frame.locator('.stop-button').isVisible(), true, 'a running task shows Stop');
      // One state everywhere: the question waits for the person, so nothing claims Relay is working, and the
      // earlier attempt's error offers nothing more while the task runs again.
      const ask = frame.locator('.tool-card[data-call-id="ask"]');
      assert.equal(await ask.locator('.tool-state-label').textContent(), 'Needs your answer');
      assert.equal(await ask.getAttribute('data-phase'), 'needs_answer');
      assert.match((await frame.locator('[data-testid="relay-status"]').textContent()) ?? '', /^Needs your answer · claude-sonnet-5-5 · Anthropic$/);
      assert.doesNotMatch((await frame.locator('.composer-input').getAttribute('placeholder')) ?? '', /working/i);
      const stale = frame.locator('.message-error[data-item-id="e1"]');
      assert.equal(await stale.locator('button').count(), 0, 'a resolved error has no Retry');
      assert.ok(await stale.evaluate((el) => el.classList.contains('resolved')));
      await wb.screenshot(`chat-conversation-${theme.name}`);
      await sidebarShot(wb, `chat-sidebar-${theme.name}`);
      await frame.evaluate(() => {
        const scroller = document.querySelector('.conversation')!;
        scroller.scrollTop = scroller.scrollHeight;
      });
      await frame.waitForFunction(() => {
        const scroller = document.querySelector('.conversation')!;
        return scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
      });
      await sidebarShot(wb, `chat-sidebar-end-${theme.name}`);
    });

    if (theme.name === 'light') {
      it('runs "Relay: New Task" from the command palette', async () => {
        await wb.page.locator('.activitybar [aria-label^="Explorer"]').first().click();
        await wb.runCommand('Relay: New Task');
        await wb.chat().locator('[data-testid="relay-status"][data-phase="ready"]').waitFor({ timeout: 30_000 });
      });
    }
  });
}
