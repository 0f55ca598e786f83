// Bringing parallel tasks back inside the real VS Code, on a real git repository: three tasks (worktrees made by
// ParallelTasks, their changes written and partly committed with git, no model) edit different files and one file
// in common. The user's working tree and index stay as they were until an apply; each apply goes through the
// task's review in the multi-file diff editor and lands as unstaged changes; two apply cleanly, the third is marked
// conflicting by the re-check, offers Update Task From Base, and applies once its conflict is resolved in the task.
// Applied and discarded tasks leave no worktree and no branch behind; an apply is undone in one step.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { EditReviewer } from '../../../src/core/ports/edit-review';
import type { TaskProcesses } from '../../../src/core/ports/processes';
import type { ParallelTaskRecord } from '../../../src/core/tasks/task-record';
import type { ProposalReview } from '../../../src/host/review/proposal-review';
import { ParallelTasks } from '../../../src/host/tasks/parallel-tasks';
import { TaskReviewActions, type ApplyResult, type TaskReviewUi } from '../../../src/host/tasks/review/task-review-actions';
import { TASK_REVIEW_COMMANDS, taskReviewHandlers } from '../../../src/host/tasks/review/task-review-commands';
import { TasksTreeProvider } from '../../../src/host/tasks/tasks-view';
import { WorktreeManager } from '../../../src/host/tasks/worktree-manager';
import type { ToolHost } from '../../../src/host/tool-ports/tool-host';
import { relayWithScriptedPrompter, waitFor } from '../helpers';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=t@e', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });
const lines = (n: number, tag = '') => Array.from({ length: n }, (_, i) => `line ${i + 1}${tag}`).join('\n') + '\n';
const edit = (text: string, line: number, to: string) => text.split('\n').map((l, i) => (i === line - 1 ? to : l)).join('\n');

class ScriptedUi implements TaskReviewUi {
  updateAnswers: boolean[] = [];
  offered: string[][] = [];
  discardAnswers: boolean[] = [];
  readonly infos: string[] = [];
  readonly errors: string[] = [];
  pickTask = async () => undefined;
  offerUpdate = async (_task: ParallelTaskRecord, conflicts: readonly string[]) => {
    this.offered.push([...conflicts]);
    return this.updateAnswers.shift() ?? false;
  };
  actions: ('apply' | 'merge' | 'keep' | undefined)[] = [];
  chooseAction = async () => this.actions.shift();
  pendingAnswers: boolean[] = [];
  pendingAsked: number[] = [];
  confirmPending = async (_task: ParallelTaskRecord, pending: number) => {
    this.pendingAsked.push(pending);
    return this.pendingAnswers.shift() ?? false;
  };
  confirmDiscard = async () => this.discardAnswers.shift() ?? false;
  info = (m: string) => void this.infos.push(m);
  error = (m: string) => void this.errors.push(m);
}

describe('parallel task review: apply, conflicts, Update Task From Base, cleanup', function () {
  this.timeout(120_000);
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'relay-task-review-')));
  const user = join(dir, 'user');
  const storage = join(dir, 'storage');
  const stopped: (string | undefined)[] = [];
  const processes = { stopAll: async (taskId?: string) => void stopped.push(taskId) } as unknown as TaskProcesses;
  const manager = new WorktreeManager(join(storage, 'worktrees'));
  const tasks = new ParallelTasks({ manager, recordsFile: join(storage, 'parallel-tasks.json'), processes, isPortFree: async () => true });
  const ui = new ScriptedUi();
  let actions: TaskReviewActions;
  let reviewer: () => EditReviewer;
  const COMMON = lines(30);
  const read = (rel: string) => readFileSync(join(user, rel), 'utf8');
  const status = () => git(user, 'status', '--porcelain', '--untracked-files=all');
  const worktrees = () => git(user, 'worktree', 'list', '--porcelain');
  const branches = () => git(user, 'branch', '--list', 'relay/*').trim();

  /** Applies through the review: waits for the task's review to open, accepts every hunk there, then for the apply's end. */
  async function applyThroughReview(id: string, before?: (review: ProposalReview) => void | Promise<void>): Promise<ApplyResult> {
    const applying = actions.apply(id);
    const review = await waitFor(() => actions.reviewOf(id) as ProposalReview | undefined, 20_000, `the review of ${id}`);
    await before?.(review);
    review.acceptAll();
    return applying;
  }
  const fileIn = (review: ProposalReview, name: string) => review.reviewed.findIndex((f) => (f.change.newPath ?? f.change.path).endsWith(name));

  before(async () => {
    const { relay } = await relayWithScriptedPrompter();
    const tools = (relay as unknown as { tools: ToolHost }).tools;
    reviewer = () => tools.services.reviewer;
    actions = new TaskReviewActions({ tasks, manager, reviewer: reviewer(), ui });
    mkdirSync(user);
    git(user, 'init', '-q', '-b', 'main');
    for (const name of ['a.txt', 'b.txt', 'c.txt']) writeFileSync(join(user, name), lines(5, ` of ${name}`));
    writeFileSync(join(user, 'common.txt'), COMMON);
    git(user, 'add', '.');
    git(user, 'commit', '-qm', 'base');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(dir, { recursive: true, force: true });
  });

  it('three tasks: two apply cleanly as unstaged changes, the third conflicts and applies after Update Task From Base; nothing is left behind', async () => {
    const [t1, t2, t3] = await Promise.all(['one', 'two', 'three'].map((title, i) => tasks.start({ id: `t${i + 1}`, title, folder: user })));
    for (const t of [t1!, t2!, t3!]) assert.equal(t.state, 'running', `${t.id}: ${t.setupOutput ?? ''}`);
    // Task one edits a.txt and the top of common.txt (committed on its branch); two edits b.txt and the bottom
    // (left uncommitted); three edits c.txt and the same top line as one.
    writeFileSync(join(t1!.workRoot, 'a.txt'), 'a by one\n');
    writeFileSync(join(t1!.workRoot, 'common.txt'), edit(COMMON, 2, 'line 2 by one'));
    git(t1!.workRoot, 'commit', '-qam', 'one');
    writeFileSync(join(t2!.workRoot, 'b.txt'), 'b by two\n');
    writeFileSync(join(t2!.workRoot, 'common.txt'), edit(edit(COMMON, 20, 'line 20 by two, rejected'), 28, 'line 28 by two'));
    writeFileSync(join(t2!.workRoot, 'extra.txt'), 'a file the review rejects\n');
    writeFileSync(join(t3!.workRoot, 'c.txt'), 'c by three\n');
    writeFileSync(join(t3!.workRoot, 'common.txt'), edit(COMMON, 2, 'line 2 by three'));
    for (const id of ['t1', 't2', 't3']) tasks.report(id, 'finished');
    assert.equal(status(), '', "the user's working tree is untouched while the tasks work");

    const result1 = await applyThroughReview('t1', () => {
      assert.equal(status(), '', "nothing reaches the user's files while the review is open");
      assert.equal(git(user, 'diff', '--cached', '--name-only'), '');
    });
    assert.equal(result1, 'applied', ui.errors.join('\n'));
    assert.equal(read('a.txt'), 'a by one\n');
    assert.equal(read('common.txt'), edit(COMMON, 2, 'line 2 by one'));
    assert.equal(git(user, 'diff', '--cached', '--name-only'), '', "the user's index is never touched");
    assert.deepEqual(status().split('\n').filter(Boolean).sort(), [' M a.txt', ' M common.txt'], 'applied as unstaged changes');
    assert.deepEqual(tasks.get('t3')?.conflicts, ['common.txt'], 'the re-check marks the task that now conflicts');
    assert.deepEqual(tasks.get('t2')?.conflicts, [], 'and not the one that still applies');
    assert.equal(tasks.get('t1')?.state, 'applied');
    assert.ok(stopped.includes('t1'), "the applied task's processes are stopped");

    const result2 = await applyThroughReview('t2', async (review) => {
      await review.reject(fileIn(review, 'common.txt'), [0]); // line 20
      await review.reject(fileIn(review, 'extra.txt'), [0]);
    });
    assert.equal(result2, 'applied', ui.errors.join('\n'));
    assert.equal(read('b.txt'), 'b by two\n');
    assert.ok(!existsSync(join(user, 'extra.txt')), 'a file rejected in the review is not applied');
    assert.equal(read('common.txt'), edit(edit(COMMON, 2, 'line 2 by one'), 28, 'line 28 by two'), 'both tasks in the common file, without the hunk rejected in the review');

    // Three conflicts on common.txt: nothing is written; Update Task From Base merges the user's state into its
    // branch, where git leaves the same lines conflicting for the task to resolve.
    const before3 = status();
    ui.updateAnswers = [true];
    assert.equal(await applyThroughReview('t3'), 'conflict');
    assert.deepEqual(ui.offered.at(-1), ['common.txt']);
    assert.equal(status(), before3, 'a conflicting apply writes nothing');
    assert.match(ui.errors.at(-1) ?? '', /common\.txt/);
    assert.match(readFileSync(join(t3!.workRoot, 'common.txt'), 'utf8'), /<<<<<<< HEAD\nline 2 by three\n=======\nline 2 by one\n>>>>>>> /);
    // The task resolves it (as its agent would), keeping both.
    const resolved = edit(edit(COMMON, 2, 'line 2 by one and three'), 28, 'line 28 by two');
    writeFileSync(join(t3!.workRoot, 'common.txt'), resolved);
    assert.equal(await applyThroughReview('t3'), 'applied', ui.errors.join('\n'));
    assert.equal(read('c.txt'), 'c by three\n');
    assert.equal(read('common.txt'), resolved);
    assert.equal(read('a.txt'), 'a by one\n', "the earlier applies are kept: only task three's own change came");
    assert.equal(git(user, 'diff', '--cached', '--name-only'), '');

    const listed = worktrees();
    for (const t of [t1!, t2!, t3!]) assert.ok(!listed.includes(t.workRoot), `${t.id}'s worktree is removed`);
    assert.equal(branches(), '', 'the applied tasks’ branches are deleted');
  });

  it('an apply is undone in one step', async () => {
    git(user, 'add', '-A');
    git(user, 'commit', '-qm', 'the earlier applies');
    const task = await tasks.start({ id: 'u1', title: 'undo me', folder: user });
    const a = read('a.txt');
    const b = read('b.txt');
    writeFileSync(join(task.workRoot, 'a.txt'), 'a by undo\n');
    writeFileSync(join(task.workRoot, 'b.txt'), 'b by undo\n');
    tasks.report('u1', 'finished');
    assert.equal(await applyThroughReview('u1'), 'applied', ui.errors.join('\n'));
    assert.equal(read('a.txt'), 'a by undo\n');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(join(user, 'a.txt')));
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    await waitFor(() => doc.getText() === a, 10_000, 'a.txt back after one undo');
    const other = await vscode.workspace.openTextDocument(vscode.Uri.file(join(user, 'b.txt')));
    assert.equal(other.getText(), b, 'the same undo reverted the other file of the apply');
  });

  it('the commands: Review Task Changes, decided, offers Apply; a rename and a binary file come with it; Merge Branch on its row, never by an id from code', async () => {
    writeFileSync(join(user, 'r.txt'), lines(20, ' of r.txt'));
    git(user, 'add', '-A');
    git(user, 'commit', '-qm', 'before the commands');
    // The commands' handlers as the Tasks view's rows call them (with the row VS Code hands back), on this suite's
    // own tasks; an id or a look-alike row, as another extension would pass, is refused.
    const registered = { actions: new TaskReviewActions({ tasks, manager, reviewer: reviewer(), ui }) };
    const command = taskReviewHandlers(registered.actions, ui);
    const rowOf = (id: string) => new TasksTreeProvider(tasks).getChildren().find((r) => r.task.id === id)!;
    {
      const task = await tasks.start({ id: 'c1', title: 'rename and binary', folder: user });
      git(task.workRoot, 'mv', 'r.txt', 'r-renamed.txt');
      writeFileSync(join(task.workRoot, 'r-renamed.txt'), lines(20, ' of r.txt') + 'added after the rename\n');
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff, 0x00, 0x10]);
      writeFileSync(join(task.workRoot, 'image.png'), png);
      tasks.report('c1', 'finished');
      ui.actions = ['apply'];
      assert.equal(await command[TASK_REVIEW_COMMANDS.reviewChanges]({ id: 'c1' }), undefined);
      assert.equal(registered.actions.reviewOf('c1'), undefined, 'a made-up argument opens no review');
      await command[TASK_REVIEW_COMMANDS.reviewChanges](rowOf('c1'));
      const review = await waitFor(() => registered.actions.reviewOf('c1') as ProposalReview | undefined, 20_000, 'the review of c1');
      assert.deepEqual(review.reviewed.map((f) => f.change.kind), ['move'], 'the text review holds the rename; the binary file is listed apart');
      assert.match(ui.infos.at(-1) ?? '', /image\.png/);
      review.acceptAll();
      await waitFor(() => tasks.get('c1')?.state === 'applied' && tasks.get('c1')?.removed, 20_000, 'c1 applied from the decided review');
      assert.ok(!existsSync(join(user, 'r.txt')));
      assert.equal(read('r-renamed.txt'), lines(20, ' of r.txt') + 'added after the rename\n');
      assert.deepEqual(readFileSync(join(user, 'image.png')), png);
      assert.equal(git(user, 'diff', '--cached', '--name-only'), '');

      const merging = await tasks.start({ id: 'c2', title: 'merge by command', folder: user });
      writeFileSync(join(merging.workRoot, 'm.txt'), 'merged\n');
      tasks.report('c2', 'finished');
      for (const made of ['c2', { id: 'c2' }, { task: { id: 'c2' } }]) assert.equal(await command[TASK_REVIEW_COMMANDS.mergeBranch](made), undefined, JSON.stringify(made));
      assert.notEqual(tasks.get('c2')?.state, 'applied', 'nothing merged on an id from code');
      assert.equal(await command[TASK_REVIEW_COMMANDS.mergeBranch](rowOf('c2')), 'applied', ui.errors.join('\n'));
      assert.equal(git(user, 'show', 'HEAD:m.txt'), 'merged\n', 'merged into the user branch');
      assert.ok(!worktrees().includes(merging.workRoot));
      assert.equal(git(user, 'branch', '--list', 'relay/merge-by-command'), '', 'the merged branch is deleted');
      assert.ok(existsSync(join(user, 'r-renamed.txt')), "the user's uncommitted work is still there");
    }
  });

  it('Apply with undecided hunks in the open review asks first; a second Apply while one waits never applies it undecided', async () => {
    writeFileSync(join(user, 'p1.txt'), lines(3, ' of p1'));
    writeFileSync(join(user, 'p2.txt'), lines(3, ' of p2'));
    git(user, 'add', '-A');
    git(user, 'commit', '-qm', 'before the pending checks');
    const [p1, p2] = await Promise.all(['p1', 'p2'].map((id) => tasks.start({ id, title: id, folder: user })));
    writeFileSync(join(p1!.workRoot, 'p1.txt'), 'p1 by task\n');
    writeFileSync(join(p2!.workRoot, 'p2.txt'), 'p2 by task\n');
    tasks.report('p1', 'finished');
    tasks.report('p2', 'finished');

    await actions.reviewChanges('p1');
    ui.pendingAnswers = [false];
    assert.equal(await actions.apply('p1'), 'cancelled');
    assert.deepEqual(ui.pendingAsked, [1]);
    assert.equal(status(), '', 'nothing applied while undecided');
    ui.pendingAnswers = [true];
    assert.equal(await actions.apply('p1'), 'applied', ui.errors.join('\n'));
    assert.equal(read('p1.txt'), 'p1 by task\n');

    const first = actions.apply('p2');
    const review = await waitFor(() => actions.reviewOf('p2') as ProposalReview | undefined, 20_000, 'the review of p2');
    assert.equal(await actions.apply('p2'), 'cancelled', 'the second Apply only shows the review');
    assert.equal(read('p2.txt'), lines(3, ' of p2'));
    review.acceptAll();
    assert.equal(await first, 'applied');
    assert.equal(read('p2.txt'), 'p2 by task\n');
  });

  it("the review names each file by its own path (breadcrumbs, tab), never by the task's storage", async () => {
    const task = await tasks.start({ id: 'n1', title: 'names', folder: user });
    writeFileSync(join(task.workRoot, 'a.txt'), 'a by names\n');
    writeFileSync(join(task.workRoot, 'created.txt'), 'created by names\n');
    tasks.report('n1', 'finished');
    const review = (await actions.reviewChanges('n1')) as ProposalReview;
    try {
      // The user's folder here is outside the workspace, so its files are named by their absolute paths.
      for (const f of review.reviewed) {
        const file = f.change.newPath ?? f.change.path;
        for (const side of [f.left, f.right]) {
          assert.equal(side.path, file, `${side.toString()} is named ${file}`);
          assert.doesNotMatch(side.path, /n1/);
        }
      }
    } finally {
      ui.discardAnswers = [true];
      await actions.discard('n1');
    }
    // A file in the workspace is named by its workspace path, in the diff editor's tab as in its breadcrumbs.
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const shown = await reviewer().preview('task-names', [{ kind: 'update', path: join(folder, 'docs', 'shown.txt'), baseText: 'base\n', proposedText: 'proposed\n' }], { focus: true, baseSide: 'text' });
    try {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      assert.ok(input instanceof vscode.TabInputTextDiff, 'one file: a diff editor');
      assert.deepEqual([input.original.path, input.modified.path], ['/docs/shown.txt', '/docs/shown.txt']);
      const parent = input.modified.with({ path: '/docs' });
      assert.equal((await vscode.workspace.fs.stat(parent)).type, vscode.FileType.Directory, 'the breadcrumb resolves the folder');
    } finally {
      await (shown as ProposalReview).close();
    }
  });

  it('discarding asks before losing unapplied work, then leaves no worktree or branch', async () => {
    const task = await tasks.start({ id: 'd1', title: 'discard me', folder: user });
    writeFileSync(join(task.workRoot, 'a.txt'), 'never applied\n');
    tasks.report('d1', 'finished');
    ui.discardAnswers = [false];
    assert.equal(await actions.discard('d1'), false);
    assert.ok(worktrees().includes(task.workRoot), 'kept when the person said no');
    ui.discardAnswers = [true];
    assert.equal(await actions.discard('d1'), true);
    assert.ok(!worktrees().includes(task.workRoot));
    assert.equal(git(user, 'branch', '--list', 'relay/discard-me'), '');
    assert.equal(tasks.get('d1')?.state, 'discarded');
    assert.ok(stopped.includes('d1'));
  });
});
