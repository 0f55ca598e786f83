// Issue 38, "the conversation gets the room": in the default side bar (300 × 833 px at this window size) the
// chat's message list has most of the height, on a fresh window and after a parallel task was created (the Tasks
// view starts collapsed: its header, one click from its rows, instead of half the side bar); and the end of a turn,
// finished or stopped, is scrolled into view even when the person had scrolled up while it ran.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { openScriptedWorkbench, type ScriptedWorkbench } from '../support/vscode/workbench';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=Relay Test', '-c', 'user.email=test@relay.invalid', ...args], { cwd, encoding: 'utf8' });

const LONG_ANSWER = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of the explanation.`).join('\n\n');

describe('e2e: the chat has the side bar', () => {
  let s: ScriptedWorkbench;

  before(async () => {
    s = await openScriptedWorkbench({
      script: [
        // The answer streams slowly after a hold, so the person can scroll up while it runs.
        {
          text: LONG_ANSWER,
          toolCalls: [{ id: 'call_explained', name: 'attempt_completion', args: { result: 'The last word of the answer.' } }],
          chunkSize: 200,
          chunkDelayMs: 50,
          fault: { holdAfterChunks: 4 },
        },
        // Held until stopped.
        { fault: { holdAfterChunks: 0 }, text: 'Never shown.' },
        // The parallel task's turn.
        { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Done.' } }] },
      ],
      settings: { 'relay.sandbox.enabled': false },
      prepare: (workspace) => {
        git(workspace, 'init', '-q', '-b', 'main');
        writeFileSync(join(workspace, 'readme.txt'), 'the repository\n');
        git(workspace, 'add', '.');
        git(workspace, 'commit', '-q', '-m', 'base');
      },
    });
  });
  after(async () => {
    await s?.close();
  });

  /** The message list's height as a share of the side bar's, with both sizes for the message. */
  async function share(): Promise<{ share: number; sidebar: { width: number; height: number }; list: number }> {
    const sidebar = await s.wb.page.locator('.part.sidebar').boundingBox();
    const list = await s.chat.locator('section.conversation').boundingBox();
    if (!sidebar || !list) throw new Error('the side bar or the message list is not laid out');
    return { share: list.height / sidebar.height, sidebar: { width: Math.round(sidebar.width), height: Math.round(sidebar.height) }, list: Math.round(list.height) };
  }

  /** Whether an element of the chat is inside the message list's visible box. */
  async function inView(element: Locator): Promise<boolean> {
    const list = await s.chat.locator('section.conversation').boundingBox();
    const box = await element.boundingBox();
    if (!list || !box) return false;
    return box.y >= list.y - 1 && box.y + box.height <= list.y + list.height + 1;
  }

  const scrollUp = () => s.chat.locator('section.conversation').evaluate((el) => (el.scrollTop = 0));

  it('gives the message list at least 60 % of the side bar on a fresh window', async () => {
    const m = await share();
    assert.deepEqual(m.sidebar, { width: 300, height: 833 }, 'the side bar this assertion is about');
    assert.ok(m.share >= 0.6, `the message list is ${m.list} px of the side bar's ${m.sidebar.height} px (${Math.round(m.share * 100)} %)`);
    const tasks = s.wb.page.locator('.pane-header', { hasText: 'Tasks' });
    assert.equal(await tasks.getAttribute('aria-expanded'), 'false', 'the Tasks view starts collapsed');
    await s.chat.getByRole('button', { name: 'Set Up Provider' }).or(s.chat.locator('.relay-empty')).first().waitFor();
    await s.wb.screenshot('side-bar-fresh-light');
  });

  it('has each control once: New Task and History in the chat, not again in its title bar; the layers icon only counts tasks', async () => {
    const page = s.wb.page;
    // The title bar's actions show while the pointer is over the view.
    await page.locator('.part.sidebar .pane-header', { hasText: 'Chat' }).hover();
    const titleActions = page.locator('.part.sidebar .pane-header .actions .action-label');
    await titleActions.first().waitFor();
    const labels = await titleActions.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
    assert.ok(labels.some((l) => l.startsWith('New Parallel Task')), `New Parallel Task is in the title bar: ${labels.join(', ')}`);
    assert.ok(!labels.some((l) => /^(New Task|Task History|Open Task History)\b/.test(l)), `the title bar repeats none of the chat's buttons: ${labels.join(', ')}`);
    assert.equal(await s.chat.getByRole('button', { name: 'New task' }).count(), 1);
    assert.equal(await s.chat.getByRole('button', { name: 'Task history' }).count(), 1);
    // The status bar's layers icon counts the tasks that need you; New Parallel Task has an icon of its own.
    assert.equal(await page.locator('.part.sidebar .pane-header .actions .codicon-layers').count(), 0);
    await page.mouse.move(900, 450);
  });

  it('scrolls to the end of a turn that finished while the person had scrolled up', async () => {
    const input = s.chat.locator('textarea[aria-label="Message Relay"]');
    await input.fill('Explain the repository');
    await input.press('Enter');
    for (const deadline = Date.now() + 60_000; s.model.requests.length < 1; await new Promise((r) => setTimeout(r, 100))) {
      if (Date.now() > deadline) throw new Error('timed out waiting for the request');
    }
    await s.chat.locator('.message-assistant').filter({ hasText: 'Line 1 of' }).waitFor({ timeout: 30_000 });
    await scrollUp();
    s.model.release();
    const last = s.chat.locator('.message-list .chat-item').filter({ hasText: 'The last word of the answer.' }).last();
    await last.waitFor({ timeout: 60_000 });
    await s.chat.locator('.stop-button').waitFor({ state: 'hidden', timeout: 30_000 });
    await s.wb.page.waitForTimeout(300);
    assert.ok(await inView(last), "the answer's last line is scrolled into view when the turn ends");
  });

  it('scrolls to "Task cancelled." after Stop', async () => {
    const input = s.chat.locator('textarea[aria-label="Message Relay"]');
    await input.fill('Now think about it for a long time');
    await input.press('Enter');
    const stop = s.chat.locator('.stop-button');
    await stop.waitFor({ state: 'visible', timeout: 15_000 });
    await scrollUp();
    await stop.click();
    const cancelled = s.chat.locator('.message-list .chat-item').filter({ hasText: 'Task cancelled.' }).last();
    await cancelled.waitFor({ timeout: 15_000 });
    await stop.waitFor({ state: 'hidden', timeout: 15_000 });
    await s.wb.page.waitForTimeout(300);
    assert.ok(await inView(cancelled), '"Task cancelled." is scrolled into view');
    await s.wb.screenshot('side-bar-stopped-light');
  });

  it('keeps at least 60 % for the message list after a parallel task was created', async () => {
    await s.wb.runCommand('Relay: New Parallel Task');
    const quick = s.wb.page.locator('.quick-input-widget input');
    await quick.waitFor();
    await quick.fill('Say done');
    await quick.press('Enter');
    await s.wb.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    // The status bar counts the task once it exists.
    await s.wb.page.locator('.statusbar-item').filter({ has: s.wb.page.locator('.codicon-layers') }).first().waitFor({ timeout: 60_000 });
    await s.wb.page.waitForTimeout(500);
    const m = await share();
    assert.ok(m.share >= 0.6, `after a parallel task the message list is ${m.list} px of ${m.sidebar.height} px (${Math.round(m.share * 100)} %)`);
    await s.wb.setColorTheme('Default Dark Modern');
    await s.wb.screenshot('side-bar-parallel-dark');
  });
});
