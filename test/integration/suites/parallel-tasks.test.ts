// Parallel tasks inside real VS Code on a real temporary git repository, against the scripted model server: two
// tasks started with New Parallel Task each write their own file in their own worktree while the user's files and
// index stay as they were; the second task's approval waits in the queue behind the first (one modal at a time)
// and each names its task and branch; the Tasks view and the status bar show them; discarding leaves
// `git worktree list` clean. In a folder without git, two writing tasks run one after the other in the folder.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ParallelTaskRecord } from '../../../src/core/tasks/task-record';
import type { TaskState } from '../../../src/core/tasks/task-state';
import { useChatSuite } from '../chat-suite';
import { waitFor } from '../helpers';

const FOLDER = 'parallel-it';
const TURN_MS = 30_000;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Relay Test', '-c', 'user.email=test@relay.invalid', ...args], { cwd, encoding: 'utf8' });
}

const write = (id: string, path: string, content: string) => ({ toolCalls: [{ id, name: 'write_file', args: { path, content } }] });
const done = (id: string) => ({ toolCalls: [{ id, name: 'attempt_completion', args: { result: 'Done.' } }] });

describe('parallel tasks: several sessions at once, each in its own worktree', () => {
  const suite = useChatSuite({
    settings: ['approvalMode', 'provider', 'model', 'baseUrl', 'textProtocol', 'previewEdits'],
    initial: (server) => ({ approvalMode: 'default', provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, textProtocol: false, previewEdits: false }),
  });
  const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const repo = () => join(root(), FOLDER, 'repo');
  const plain = () => join(root(), FOLDER, 'plain');
  const parallel = () => suite.relay.parallel;
  const task = (id: string): ParallelTaskRecord => parallel().tasks.get(id)!;
  const inState = (id: string, state: TaskState) => parallel().tasks.get(id)?.state === state;
  const start = async (prompt: string, folder: string, show = true): Promise<string> => {
    const id = await vscode.commands.executeCommand<string | undefined>('relay.tasks.newParallelTask', { prompt, folder, copyUncommitted: false, show });
    assert.ok(id, `New Parallel Task started "${prompt}"`);
    return id;
  };
  /** What the user's checkout looks like to git: HEAD, the index's entries, and the working tree's status. */
  const userState = () => ({ head: git(repo(), 'rev-parse', 'HEAD'), index: git(repo(), 'ls-files', '--stage'), status: git(repo(), 'status', '--porcelain', '--untracked-files=all') });
  let ids: string[] = [];

  before(async () => {
    await fs.rm(join(root(), FOLDER), { recursive: true, force: true });
    await fs.mkdir(repo(), { recursive: true });
    await fs.mkdir(plain(), { recursive: true });
    git(repo(), 'init', '-q', '-b', 'main');
    await fs.writeFile(join(repo(), 'readme.txt'), 'the user repository\n');
    await fs.writeFile(join(repo(), 'staged.txt'), 'committed\n');
    git(repo(), 'add', '.');
    git(repo(), 'commit', '-q', '-m', 'base');
    // The user's own work in progress: one staged change, one unstaged, one untracked file.
    await fs.writeFile(join(repo(), 'staged.txt'), 'staged by the user\n');
    git(repo(), 'add', 'staged.txt');
    await fs.writeFile(join(repo(), 'readme.txt'), 'edited by the user, not staged\n');
    await fs.writeFile(join(repo(), 'notes.txt'), 'untracked\n');
  });

  after(async () => {
    for (const id of ids) await parallel().sessions.discard(id, async () => true).catch(() => undefined);
    await fs.rm(join(root(), FOLDER), { recursive: true, force: true });
  });

  it('two tasks write their own files in their worktrees; the second approval waits behind the first, each naming its task; the user files and index are unchanged', async function () {
    this.timeout(120_000);
    const before = userState();
    // Notices of earlier suites' tasks (this extension host ran them) are not this test's.
    const noticed = parallel().attention.notified.length;
    const notices = () => parallel().attention.notified.slice(noticed);
    suite.server.setScript([write('call_one', 'one.txt', 'one\n'), write('call_two', 'two.txt', 'two\n'), done('call_done_a'), done('call_done_b')]);
    suite.prompter.script({ type: 'allow-once' }, { type: 'allow-once' });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    suite.prompter.onAsk = async () => {
      if (suite.prompter.prompts.length === 1) await gate;
    };

    const first = await start('Write one', repo(), false);
    await waitFor(() => suite.prompter.prompts.length === 1, TURN_MS, "the first task's approval");
    // The chat is in view before the second task starts in it, so that task's wait is never notified (reading the
    // view's visibility afterwards raced with the view opening: one failure in four).
    await vscode.commands.executeCommand('relay.focusChat');
    await waitFor(() => suite.api.chat.isVisible, TURN_MS, 'the chat in view');
    const second = await start('Write two', repo());
    ids = [first, second];
    await waitFor(() => inState(second, 'needs-approval'), TURN_MS, "the second task's approval, queued");
    assert.equal(suite.prompter.prompts.length, 1, 'one modal at a time: the second approval waits in the queue');
    assert.deepEqual(
      parallel().queue.pending().map((p) => p.taskId),
      [first, second],
      'first in, first out',
    );
    assert.equal(task(first).state, 'needs-approval');
    assert.match(suite.prompter.prompts[0]!.message, /^Parallel task "Write one" on relay\/write-one: /);

    // The Tasks view and the status bar while both wait for the person.
    const rows = parallel().view.getChildren();
    const items = rows.map((row) => parallel().view.getTreeItem(row));
    assert.deepEqual(
      items.map((i) => i.label),
      ['Write one', 'Write two'],
    );
    // Under each title, its state on a line of its own (after the title a longer one cut it off at 300 px), then
    // its branch: only one question is on screen, so the task whose approval waits behind it says so, not "Needs
    // approval" as well.
    assert.deepEqual(
      rows.map((row) => parallel().view.getChildren(row).map((child) => parallel().view.getTreeItem(child).label)),
      [
        ['Needs approval', 'relay/write-one'],
        ['Waiting behind "Write one"', 'relay/write-two'],
      ],
    );
    assert.match(items[1]!.accessibilityInformation?.label ?? '', /^Write two, Waiting behind "Write one"/, 'a screen reader hears the state with the title');
    assert.equal(items[0]!.contextValue, 'relayTask:needs-approval:worktree');
    assert.equal(parallel().attention.text, '$(layers) 2');
    // The first task runs in the background (never shown); its modal is on screen, so no notification repeats it.
    assert.equal(suite.relay.controller.session?.id, second);
    assert.deepEqual(notices(), [], 'an approval is not notified beside its modal');

    release();
    await waitFor(() => suite.prompter.prompts.length === 2, TURN_MS, "the second task's approval, shown after the first");
    assert.match(suite.prompter.prompts[1]!.message, /^Parallel task "Write two" on relay\/write-two: /);
    await waitFor(() => inState(first, 'ready-for-review') && inState(second, 'ready-for-review'), TURN_MS, 'both tasks to finish');

    const one = task(first).workRoot;
    const two = task(second).workRoot;
    assert.ok(!one.startsWith(root()) && !two.startsWith(root()), 'worktrees live outside the workspace');
    assert.equal(await fs.readFile(join(one, 'one.txt'), 'utf8'), 'one\n');
    assert.equal(await fs.readFile(join(two, 'two.txt'), 'utf8'), 'two\n');
    await assert.rejects(fs.access(join(one, 'two.txt')), 'each task wrote only in its own worktree');
    await assert.rejects(fs.access(join(repo(), 'one.txt')));
    await assert.rejects(fs.access(join(repo(), 'two.txt')));
    assert.deepEqual(userState(), before, "the user's HEAD, index and working tree are as they were");
    await waitFor(() => task(first).changedFiles === 1 && task(second).changedFiles === 1, TURN_MS, 'the changed-file counts');
    assert.ok((task(first).diskBytes ?? 0) > 0, 'the disk use is measured');

    // The first task, out of view, is ready for review: one notice, withdrawn once its chat is opened.
    assert.equal(notices().filter((n) => n.includes('"Write one" needs you: Ready for review')).length, 1, notices().join('\n'));
    assert.ok(parallel().attention.showing.includes(first), 'its notice is up');
    // Switching the chat to the first task shows its conversation.
    await vscode.commands.executeCommand('relay.tasks.open', first);
    assert.equal(parallel().attention.showing.includes(first), false, 'its notice is withdrawn: its news is on screen');
    await waitFor(() => suite.relay.controller.session?.id === first, 5_000, 'the first task on screen');
    assert.ok(suite.snapshot().items.some((i) => i.kind === 'user' && i.text === 'Write one'));
    assert.ok(suite.snapshot().items.some((i) => i.kind === 'tool' && i.status.callId === 'call_one'));
  });

  it('discarding asks about unapplied work, then leaves git worktree list and the branches clean', async function () {
    this.timeout(60_000);
    const asked: string[] = [];
    for (const id of ids) assert.equal(await parallel().sessions.discard(id, async (t) => (asked.push(t.title), true)), true);
    assert.deepEqual(asked, ['Write one', 'Write two'], 'each task held a changed file never applied');
    const listed = git(repo(), 'worktree', 'list', '--porcelain').split('\n').filter((l) => l.startsWith('worktree '));
    assert.equal(listed.length, 1, `only the main checkout is left: ${listed.join(', ')}`);
    assert.equal(git(repo(), 'branch', '--list', 'relay/*').trim(), '');
    assert.deepEqual(parallel().view.getChildren(), [], 'the Tasks view lists no discarded task');
    assert.equal(parallel().attention.text, '');
    ids = [];
  });

  it("the chat's own task asks after the parallel task's open modal, not on top of it", async function () {
    this.timeout(120_000);
    suite.server.setScript([write('call_three', 'three.txt', 'three\n'), write('call_four', `${FOLDER}/four.txt`, 'four\n'), done('call_done_3'), done('call_done_4')]);
    suite.prompter.script({ type: 'allow-once' }, { type: 'allow-once' });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    suite.prompter.onAsk = async () => {
      if (suite.prompter.prompts.length === 1) await gate;
    };
    const background = await start('Write three', repo(), false);
    ids = [background];
    await waitFor(() => suite.prompter.prompts.length === 1, TURN_MS, "the parallel task's approval");
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Write four' });
    await waitFor(() => parallel().queue.pending().length === 2 || suite.prompter.prompts.length === 2, TURN_MS, "the chat task's approval");
    assert.equal(suite.prompter.prompts.length, 1, "the chat task's modal waits for the parallel task's");
    release();
    await waitFor(() => suite.prompter.prompts.length === 2, TURN_MS, "the chat task's approval");
    assert.doesNotMatch(suite.prompter.prompts[1]!.message, /^Parallel task/, "the chat's own task is not named as a parallel one");
    await suite.taskStopped('the chat task', TURN_MS);
    await waitFor(() => inState(background, 'ready-for-review'), TURN_MS, 'the parallel task to finish');
    assert.equal(await fs.readFile(join(root(), FOLDER, 'four.txt'), 'utf8'), 'four\n');
    assert.equal(await fs.readFile(join(task(background).workRoot, 'three.txt'), 'utf8'), 'three\n');
    assert.equal(await parallel().sessions.discard(background, async () => true), true);
    ids = [];
  });

  it('in a folder without git two writing tasks run one after the other in the folder itself', async function () {
    this.timeout(120_000);
    suite.server.setScript([write('call_x', 'x.txt', 'x\n'), done('call_done_x'), write('call_y', 'y.txt', 'y\n'), done('call_done_y')]);
    suite.prompter.script({ type: 'allow-once' }, { type: 'allow-once' });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    suite.prompter.onAsk = async () => {
      if (suite.prompter.prompts.length === 1) await gate;
    };
    const first = await start('Write x', plain());
    const second = await start('Write y', plain());
    ids = [first, second];
    await waitFor(() => suite.prompter.prompts.length === 1, TURN_MS, "the first task's approval");
    assert.equal(task(second).state, 'queued', 'the second writer waits for the first');
    assert.equal(suite.server.requests.length, 1);
    assert.equal(task(first).isolation, 'in-place');
    assert.match(suite.prompter.prompts[0]!.message, /^Parallel task "Write x": /);
    release();
    await waitFor(() => inState(first, 'ready-for-review') && inState(second, 'ready-for-review'), TURN_MS, 'both tasks, one after the other');
    assert.equal(await fs.readFile(join(plain(), 'x.txt'), 'utf8'), 'x\n');
    assert.equal(await fs.readFile(join(plain(), 'y.txt'), 'utf8'), 'y\n');
    await assert.rejects(fs.access(join(plain(), '.git')), 'Relay never runs git init in the folder');
  });
});
