// A parallel task's checkpoints inside real VS Code, against the scripted model server, on a real git repository:
// each approved step of the task is preceded by a commit on its branch (the chat's cards carry those commits as
// their checkpoints); Restore from the chat puts the worktree back to a step (the user's folder untouched), the
// restore's notice marks what was reverted and undoes it; the apply still brings the whole change set, and once
// applied the deleted branch's work is kept: the Tasks view row offers Restore Branch, which makes it a branch again.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ProposalReview } from '../../../src/host/review/proposal-review';
import type { ChatItem } from '../../../src/shared/chat-model';
import { useChatSuite } from '../chat-suite';
import { waitFor } from '../helpers';

const FOLDER = 'parallel-ckpt-it';
const TURN_MS = 30_000;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Relay Test', '-c', 'user.email=test@relay.invalid', ...args], { cwd, encoding: 'utf8' });
}

type Item<K extends ChatItem['kind']> = Extract<ChatItem, { kind: K }>;

describe('parallel task checkpoints: commits on its branch, restore from the chat, its work kept after the apply', () => {
  const suite = useChatSuite({
    settings: ['approvalMode', 'provider', 'model', 'baseUrl', 'textProtocol', 'previewEdits'],
    initial: (server) => ({ approvalMode: 'default', provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, textProtocol: false, previewEdits: false }),
  });
  const repo = () => join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, FOLDER);
  const parallel = () => suite.relay.parallel;
  const items = <K extends ChatItem['kind']>(kind: K): Item<K>[] => suite.snapshot().items.filter((i): i is Item<K> => i.kind === kind);
  const card = (callId: string) => items('tool').find((i) => i.status.callId === callId);
  let id: string | undefined;

  /** Asks for a restore from the chat and waits for its notice. */
  async function restore(itemId: string): Promise<Item<'notice'>> {
    const before = new Set(items('notice').map((n) => n.id));
    suite.restoreConfirmer.script('restore'); // a new script starts a new list of questions
    const asked = suite.restoreConfirmer.questions.length;
    suite.api.chat.submitIntent({ type: 'restoreCheckpoint', itemId, conversation: false });
    await waitFor(() => suite.restoreConfirmer.questions.length > asked, 10_000, 'the restore question');
    return waitFor(() => items('notice').find((n) => !before.has(n.id) && /^Restored /.test(n.text)), 10_000, 'the restore notice');
  }

  before(async () => {
    await fs.rm(repo(), { recursive: true, force: true });
    await fs.mkdir(repo(), { recursive: true });
    git(repo(), 'init', '-q', '-b', 'main');
    await fs.writeFile(join(repo(), '.gitignore'), '*.log\n');
    await fs.writeFile(join(repo(), 'a.txt'), 'base\n');
    git(repo(), 'add', '.');
    git(repo(), 'commit', '-q', '-m', 'base');
  });

  after(async () => {
    suite.restoreConfirmer.script();
    if (id) await parallel().sessions.discard(id, async () => true).catch(() => undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fs.rm(repo(), { recursive: true, force: true });
  });

  it('each step is preceded by a commit on relay/<name>; restoring from the chat resets the worktree to it and can be undone', async function () {
    this.timeout(120_000);
    const userHead = git(repo(), 'rev-parse', 'HEAD');
    suite.server.setScript([
      { toolCalls: [{ id: 'call_a', name: 'write_file', args: { path: 'a.txt', content: 'by the task\n' } }] },
      { toolCalls: [{ id: 'call_b', name: 'write_file', args: { path: 'b.txt', content: 'new file\n' } }] },
      { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Done.' } }] },
    ]);
    suite.prompter.script({ type: 'allow-once' }, { type: 'allow-once' });
    id = await vscode.commands.executeCommand<string | undefined>('relay.tasks.newParallelTask', { prompt: 'Change a and add b', folder: repo(), copyUncommitted: false, show: true });
    assert.ok(id);
    await waitFor(() => parallel().tasks.get(id!)?.state === 'ready-for-review', TURN_MS, 'the task to finish');
    await waitFor(() => suite.relay.controller.session?.id === id && !suite.relay.controller.isRunning && card('call_b')?.checkpointId, TURN_MS, "the task's chat with its cards, stopped");
    const task = parallel().tasks.get(id)!;
    const work = task.workRoot;
    const branch = task.branch!;
    await fs.writeFile(join(work, 'debug.log'), 'ignored\n');

    // The checkpoints are commits of the task's branch: before call_a the base itself (nothing had changed), before call_b a.txt changed.
    const [beforeA, beforeB] = [card('call_a')!.checkpointId!, card('call_b')!.checkpointId!];
    assert.equal(beforeA, task.baseCommit, 'nothing changed before the first step: no empty commit');
    assert.equal(git(repo(), 'cat-file', '-t', beforeB).trim(), 'commit');
    assert.equal(git(repo(), 'merge-base', '--is-ancestor', beforeB, branch), '');
    assert.equal(git(repo(), 'show', `${beforeB}:a.txt`), 'by the task\n');
    assert.match(git(repo(), 'log', '-1', '--format=%an%n%s%n%b', beforeB), /^Relay\nRelay checkpoint: before Create b\.txt\nTask: Change a and add b\n/);

    const restored = await restore(card('call_a')!.id);
    assert.equal(restored.restoredTo, card('call_a')!.id, 'the notice names the card the files went back to (the chat marks the later ones reverted)');
    assert.ok(restored.checkpointId, 'the restore can be undone from its notice');
    assert.equal(await fs.readFile(join(work, 'a.txt'), 'utf8'), 'base\n');
    await assert.rejects(fs.access(join(work, 'b.txt')), 'the file added after the point is gone');
    assert.equal(await fs.readFile(join(work, 'debug.log'), 'utf8'), 'ignored\n', 'ignored files are left alone');
    assert.equal(git(repo(), 'rev-parse', 'HEAD'), userHead);
    assert.equal(git(repo(), 'status', '--porcelain'), '', "the user's folder is untouched");

    await restore(restored.id);
    assert.equal(await fs.readFile(join(work, 'a.txt'), 'utf8'), 'by the task\n');
    assert.equal(await fs.readFile(join(work, 'b.txt'), 'utf8'), 'new file\n');
  });

  it('the apply brings the whole change set; the deleted branch is kept and Restore Branch on the row makes it a branch again', async function () {
    this.timeout(120_000);
    const task = parallel().tasks.get(id!)!;
    const applying = parallel().review.apply(id!);
    const review = await waitFor(() => parallel().review.reviewOf(id!) as ProposalReview | undefined, 20_000, 'the review of the task');
    review.acceptAll();
    assert.equal(await applying, 'applied');
    assert.equal(await fs.readFile(join(repo(), 'a.txt'), 'utf8'), 'by the task\n');
    assert.equal(await fs.readFile(join(repo(), 'b.txt'), 'utf8'), 'new file\n');
    assert.equal(git(repo(), 'branch', '--list', task.branch!), '', 'the branch is deleted after the apply');

    // Discarding the applied task would drop its kept work: it asks first, and no keeps it.
    const asked: string[] = [];
    assert.equal(await parallel().sessions.discard(id!, async (t) => (asked.push(t.title), false)), false);
    assert.deepEqual(asked, ['Change a and add b']);
    assert.equal(git(repo(), 'for-each-ref', '--format=%(refname)', 'refs/relay/').trim(), `refs/relay/applied/${id!}`);

    const row = parallel().view.getChildren().find((r) => r.task.id === id)!;
    assert.equal(parallel().view.getTreeItem(row).contextValue, 'relayTask:applied:worktree:kept');
    const branch = await vscode.commands.executeCommand<string | undefined>('relay.tasks.restoreBranch', row);
    assert.equal(branch, task.branch);
    assert.equal(git(repo(), 'show', `${branch}:b.txt`), 'new file\n');
    assert.equal(git(repo(), 'for-each-ref', 'refs/relay/'), '', 'the kept ref goes once the branch holds the work');
    git(repo(), 'branch', '-D', branch!);
  });
});
