// The Tasks view's rows a person meets when things do not go to plan (issue 38), in light and dark: a task queued
// behind the one-at-a-time limit says Queued, a task whose model refused the request says Failed, a task that
// changed nothing says "no changes" (never "0 files"); every row shown whole at the side bar's 300 px, the state
// on a line of its own under the title (after a title such as "Check the readme" it was cut off). Then the same rows
// in Simplified Chinese (a workbench of its own, started with `--locale zh-cn` and the stand-in language pack).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildLanguagePack, type LanguagePack } from '../support/vscode/language-pack';
import { isShownWhole } from '../support/vscode/layout';
import { openScriptedWorkbench, type ScriptedWorkbench } from '../support/vscode/workbench';
import { zh, zhTitle } from '../support/vscode/zh-cn-strings';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=Relay Test', '-c', 'user.email=test@relay.invalid', ...args], { cwd, encoding: 'utf8' });

const LOCALES = [
  { id: 'en', suffix: '', say: (english: string) => english, title: (_key: string, english: string) => english },
  { id: 'zh-cn', suffix: '-zh-cn', say: (english: string) => zh(english), title: (key: string) => zhTitle(key) },
] as const;

for (const locale of LOCALES) describe(`e2e: queued and failed rows in the Tasks view (${locale.id})`, () => {
  let s: ScriptedWorkbench;
  let pack: LanguagePack | undefined;
  const say = locale.say;

  before(async () => {
    if (locale.id === 'zh-cn') pack = buildLanguagePack('zh-cn', '中文(简体)');
    s = await openScriptedWorkbench({
      ...(pack ? { locale: 'zh-cn', installAtStart: [pack.vsix] } : {}),
      script: [
        // The first task's turn is held, so the second waits in the queue behind it.
        { fault: { holdAfterChunks: 0 }, toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Done.' } }] },
        // The second task's request is refused (400: not retried), so it ends Failed.
        { fault: { status: 400 } },
      ],
      settings: { 'relay.parallel.maxTasks': 1, 'relay.sandbox.enabled': false },
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
    pack?.dispose();
  });

  async function newParallelTask(prompt: string): Promise<void> {
    await s.wb.runCommand(`Relay: ${locale.title('command.newParallelTask.title', 'New Parallel Task')}`);
    const input = s.wb.page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(prompt);
    await input.press('Enter');
    await s.wb.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  }

  const tasksView = () => s.wb.page.locator('.pane', { has: s.wb.page.locator('.pane-header', { hasText: locale.title('views.tasks.name', 'Tasks') }) });
  /** The task's row whose state starts so: its accessible name is "title, state, changes", as the rows under it read. */
  const row = (title: string, state: string) => tasksView().getByRole('treeitem', { name: new RegExp(`^${escape(title)}, ${escape(state)}`) });
  /** At rest (no row hovered or focused, whose inline buttons take part of the line), every row is shown whole. */
  async function allShownWhole(): Promise<void> {
    await s.wb.page.mouse.move(900, 450);
    await s.chat.locator('textarea').first().focus();
    const parts = await tasksView().locator('.monaco-list-row .monaco-icon-label-container').all();
    assert.ok(parts.length >= 4, `a title and a state row for each task: ${parts.length} rows`);
    for (const part of parts) assert.ok(await isShownWhole(part), `"${await part.textContent()}" is cut in the Tasks view`);
  }
  async function screenshots(name: string): Promise<void> {
    await s.wb.setColorTheme('Default Dark Modern');
    await s.wb.screenshot(`${name}${locale.suffix}-dark`);
    await s.wb.setColorTheme('Default Light Modern');
    await s.wb.screenshot(`${name}${locale.suffix}-light`);
  }

  it('a task past the limit says Queued; one whose request was refused says Failed', async () => {
    await newParallelTask('Check the readme');
    for (const deadline = Date.now() + 60_000; s.model.requests.length < 1; await new Promise((r) => setTimeout(r, 100))) {
      if (Date.now() > deadline) throw new Error("timed out waiting for the first task's request");
    }
    await newParallelTask('Check the licence');
    const header = tasksView().locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await row('Check the readme', say('Running')).waitFor({ timeout: 60_000 });
    await row('Check the licence', say('Queued')).waitFor({ timeout: 60_000 });
    // Each state on the row under its task's title, as a person reads it.
    for (const state of [say('Running'), say('Queued')]) await tasksView().locator('.monaco-list-row .label-name', { hasText: new RegExp(`^${escape(state)}$`) }).waitFor();
    await allShownWhole();
    await screenshots('tasks-row-queued');

    s.model.release();
    await row('Check the licence', say('Failed')).waitFor({ timeout: 60_000 });
    // The first task ended without changing a file: it says so, and its state is not cut by its title.
    await row('Check the readme', `${say('Ready for review')}, ${say('no changes')}`).waitFor({ timeout: 60_000 });
    assert.equal(await tasksView().locator('.monaco-list-row', { hasText: /\b0 files/ }).count(), 0, 'no "0 files"');
    if (locale.id === 'zh-cn') {
      // Every state and the view itself in Chinese: no English state word left on a row.
      const rows = (await tasksView().locator('.monaco-list-row').allTextContents()).join(' | ');
      assert.doesNotMatch(rows, /\b(Queued|Running|Failed|Ready for review|no changes|files?)\b/, rows);
    }
    await allShownWhole();
    await screenshots('tasks-row-failed');
  });
});
