// Issue 29 through the real UI: two tasks started with Relay: New Parallel Task (the palette, then the prompt box)
// in a git repository run at once; the Tasks view lists both, running, with their branches (light and dark
// screenshots); their approvals come one at a time, each modal naming its task and branch; both end ready for
// review with one changed file each, and the status bar counts them. Then one is brought back through the review:
// Review Parallel Task Changes on its Tasks row, Accept All in the multi-file diff editor, Apply to My Working Tree;
// its file is in the user's working tree as an unstaged change, the task ends Applied, its branch gone.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { isShownWhole } from '../support/vscode/layout';
import { openScriptedWorkbench, type ScriptedWorkbench } from '../support/vscode/workbench';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=Relay Test', '-c', 'user.email=test@relay.invalid', ...args], { cwd, encoding: 'utf8' });

describe('e2e: the Tasks view with two parallel tasks', () => {
  let s: ScriptedWorkbench;

  before(async () => {
    s = await openScriptedWorkbench({
      script: [
        // The first task's stream is the slower one once released: were both turns released together, the second
        // task's approval would reach the queue first (the race this file once lost 3 runs in 4).
        { fault: { holdAfterChunks: 0 }, chunkDelayMs: 400, toolCalls: [{ id: 'call_one', name: 'write_file', args: { path: 'one.txt', content: 'one\n' } }] },
        { fault: { holdAfterChunks: 0 }, toolCalls: [{ id: 'call_two', name: 'write_file', args: { path: 'two.txt', content: 'two\n' } }] },
        { toolCalls: [{ id: 'call_done_a', name: 'attempt_completion', args: { result: 'Done.' } }] },
        { toolCalls: [{ id: 'call_done_b', name: 'attempt_completion', args: { result: 'Done.' } }] },
      ],
      // The OS sandbox off, as in the integration harness: this file is about the queue of approval modals.
      settings: { 'relay.previewEdits': false, 'relay.sandbox.enabled': false },
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

  async function newParallelTask(prompt: string): Promise<void> {
    await s.wb.runCommand('Relay: New Parallel Task');
    const input = s.wb.page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(prompt);
    await input.press('Enter');
    await s.wb.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  }

  const tasksView = () => s.wb.page.locator('.pane', { has: s.wb.page.locator('.pane-header', { hasText: 'Tasks' }) });
  /**
   * A row by its text; with `state`, the task's row whose state (on the row under its title, where a long title
   * never cuts it) starts so: the row's accessible name is "title, state, changes".
   */
  const row = (title: string, state?: string) =>
    state === undefined ? tasksView().locator('.monaco-list-row', { hasText: title }) : tasksView().getByRole('treeitem', { name: new RegExp(`^${escape(title)}, ${escape(state)}`) });

  it('lists both running tasks; their approvals come one at a time naming each task', async () => {
    const page = s.wb.page;
    await newParallelTask('Write one');
    // The first task's request is in (and held) before the second starts: each takes its own scripted turn.
    for (const deadline = Date.now() + 60_000; s.model.requests.length < 1; await new Promise((r) => setTimeout(r, 100))) {
      if (Date.now() > deadline) throw new Error("timed out waiting for the first task's request");
    }
    await newParallelTask('Write two');
    const view = tasksView();
    const header = view.locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await row('Write one', 'Running').waitFor({ timeout: 60_000 });
    await row('relay/write-one').waitFor({ timeout: 60_000 });
    await row('Write two', 'Running').waitFor({ timeout: 60_000 });
    await row('relay/write-two').waitFor({ timeout: 60_000 });
    await s.wb.setColorTheme('Default Dark Modern');
    await s.wb.screenshot('parallel-tasks-view-dark');
    await s.wb.setColorTheme('Default Light Modern');
    await s.wb.screenshot('parallel-tasks-view-light');

    // One held turn at a time: released together, the two tasks' tool calls race to the queue and either modal may
    // come first (seen: "Write two" first when the first task's stream was slower, and the wait for "Write one" timed
    // out behind it). The first task's approval is on screen before the second task's turn goes on.
    s.model.release();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.filter({ hasText: 'Parallel task "Write one" on relay/write-one' }).waitFor({ timeout: 60_000 });
    s.model.release();
    // Its row says whose question it waits behind, not "Needs approval": that approval is not the one on screen.
    await row('Write two', 'Waiting behind "Write one"').waitFor({ timeout: 30_000 });
    assert.equal(await dialog.count(), 1, 'one modal at a time');
    assert.match((await dialog.textContent()) ?? '', /Parallel task "Write one" on relay\/write-one/, "the second task's approval waits behind the first");
    // The chat beside the modal is the task it asks about (it showed "Write two", the newest, with its own change
    // "Awaiting approval" while the modal asked about "Write one").
    await s.chat.locator('.task-title', { hasText: /^Write one$/ }).waitFor({ timeout: 10_000 });
    await s.chat.locator('.tool-card .diff-path[data-path="one.txt"]').waitFor({ timeout: 10_000 });
    // One rule for every approval (README, "What Enter presses in a Relay modal"): the user started this task and the
    // write is not dangerous (it lands in the task's worktree), so Enter allows, as in the chat's task; Escape denies.
    assert.equal((await dialog.locator('.monaco-button:focus').textContent())?.trim(), 'Allow', "a parallel task's write focuses Allow, as the chat's does");
    const buttons = (await dialog.locator('.dialog-buttons .monaco-button').allTextContents()).map((t) => t.trim());
    assert.ok(buttons.length <= 4, `at most four buttons: ${buttons.join(' | ')}`);
    assert.ok(buttons.includes('Deny') && !buttons.includes('Cancel'), `Deny, and no Cancel beside it: ${buttons.join(' | ')}`);
    await s.wb.screenshot('parallel-tasks-approval-light');
    await dialog.getByRole('button', { name: 'Allow', exact: true }).click();
    await dialog.filter({ hasText: 'Parallel task "Write two" on relay/write-two' }).waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Allow', exact: true }).click();

    await row('Write one', 'Ready for review, 1 file').waitFor({ timeout: 60_000 });
    await row('Write two', 'Ready for review, 1 file').waitFor({ timeout: 60_000 });
    // At the side bar's 300 px every row is shown whole: the title, under it the state and file count, under that the
    // branch (one line cut the branch and the count off, and a longer title the state).
    for (const part of await tasksView().locator('.monaco-list-row .monaco-icon-label-container').all()) {
      assert.ok(await isShownWhole(part), `"${await part.textContent()}" is cut in the Tasks view`);
    }
    await page.locator('.statusbar-item', { hasText: /^\s*2\s*$/ }).filter({ has: page.locator('.codicon-layers') }).waitFor({ timeout: 30_000 });
    // A task whose chat is not in view is notified; the notice carries no button that does nothing (a "Cancel" that
    // cancelled only the notice itself).
    const notice = page.locator('.notifications-toasts .notification-toast').filter({ hasText: /needs you: Ready for review/ }).first();
    await notice.waitFor({ timeout: 30_000 });
    assert.deepEqual(await notice.locator('.monaco-button').allTextContents(), [], 'no button on the notice');
    await s.wb.screenshot('parallel-tasks-ready-light');
    assert.equal(git(s.wb.workspace, 'status', '--porcelain'), '', "the user's working tree is untouched");
  });

  // Follows the test above: both tasks are ready for review.
  it('applies a ready task through its review: Review Parallel Task Changes on its row, Accept All, Apply to My Working Tree', async () => {
    const page = s.wb.page;
    const ready = row('Write one', 'Ready for review');
    await ready.hover();
    await ready.locator('.action-label[aria-label^="Review Parallel Task Changes"]').click();
    await page.locator('.tabs-container .tab').filter({ hasText: 'Relay: changes of task "Write one" (relay/write-one)' }).waitFor({ timeout: 30_000 });
    // One changed file: the review is a diff editor of that file (several open the multi-file diff editor).
    const editor = page.locator('.part.editor');
    const breadcrumbs = editor.locator('.breadcrumbs-control').filter({ hasText: 'one.txt' });
    await breadcrumbs.waitFor({ timeout: 30_000 });
    // The file as the user's folder names it, not the proposal's storage (task-<id> > tmp > …).
    assert.deepEqual(await breadcrumbs.locator('.monaco-breadcrumb-item').allInnerTexts(), ['one.txt']);
    await editor.locator('.monaco-diff-editor .editor.modified .view-line').filter({ hasText: /^one$/ }).first().waitFor({ timeout: 30_000 });
    assert.equal(await editor.filter({ hasText: 'two.txt' }).count(), 0, "only this task's change is in its review");
    await s.wb.screenshot('parallel-tasks-review-light');
    await s.wb.setColorTheme('Default Dark Modern');
    await s.wb.screenshot('parallel-tasks-review-dark');
    await s.wb.setColorTheme('Default Light Modern');

    await page.locator('.editor-actions .action-label[aria-label^="Accept All Changes"]').click();
    const bring = page.locator('.notifications-toasts .notification-toast').filter({ hasText: 'Task "Write one" is reviewed. Bring it back:' });
    await bring.getByRole('button', { name: 'Apply to My Working Tree', exact: true }).click();
    await page.locator('.notifications-toasts .notification-toast').filter({ hasText: /Applied task "Write one" to your working tree \(1 file, unstaged\)\. Undo reverts it in one step\./ }).waitFor({ timeout: 30_000 });
    await row('Write one', 'Applied').waitFor({ timeout: 30_000 });
    await s.wb.screenshot('parallel-tasks-applied-light');

    assert.equal(readFileSync(join(s.wb.workspace, 'one.txt'), 'utf8'), 'one\n');
    // Unstaged: a new file git does not track yet; nothing of the other task; nothing committed or staged.
    assert.equal(git(s.wb.workspace, 'status', '--porcelain'), '?? one.txt\n');
    assert.equal(git(s.wb.workspace, 'log', '--format=%s'), 'base\n');
    assert.equal(git(s.wb.workspace, 'branch', '--list', 'relay/write-one'), '', "the applied task's branch is deleted");
    assert.doesNotMatch(git(s.wb.workspace, 'worktree', 'list'), /write-one/, "the applied task's worktree is removed");
    await row('Write two', 'Ready for review').waitFor();
  });
});
