// Relay's own git runs in a parallel task, inside real VS Code through the real wiring, with payloads planted the
// way a hostile repository (or a command that wrote into it) would leave them: hooks (pre-commit, post-commit,
// post-merge, post-checkout, reference-transaction), core.fsmonitor, diff.external, a clean/smudge filter and a
// merge driver named by .gitattributes, and, once the task exists, its worktree's .git file pointed at a git
// directory whose fsmonitor and hooks would run. The task's checkpoint before its step, Update Task From Base (a
// real merge of a file both sides changed) and its discard must leave no marker, and still do their work.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ChatItem } from '../../../src/shared/chat-model';
import { useChatSuite } from '../chat-suite';
import { waitFor } from '../helpers';

const FOLDER = 'parallel-git-payloads-it';
const TURN_MS = 60_000;
const HOOKS = ['pre-commit', 'post-commit', 'post-merge', 'post-checkout', 'reference-transaction', 'pre-merge-commit', 'post-index-change'];
const lines = (label: string) => Array.from({ length: 30 }, (_, i) => `${label} ${i + 1}`).join('\n') + '\n';

type Item<K extends ChatItem['kind']> = Extract<ChatItem, { kind: K }>;

describe("parallel task: Relay's git runs never run the repository's code", () => {
  const suite = useChatSuite({
    settings: ['approvalMode', 'provider', 'model', 'baseUrl', 'textProtocol', 'previewEdits'],
    initial: (server) => ({ approvalMode: 'default', provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, textProtocol: false, previewEdits: false }),
  });
  const repo = () => join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, FOLDER);
  const parallel = () => suite.relay.parallel;
  const card = (callId: string) => suite.snapshot().items.find((i): i is Item<'tool'> => i.kind === 'tool' && i.status.callId === callId);
  let dir: string;
  let markers: string;
  let id: string | undefined;

  /** The test's own git: nothing of the repository's runs in it either. */
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Relay Test', '-c', 'user.email=test@relay.invalid', '-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', '-c', 'filter.evil.clean=', '-c', 'filter.evil.smudge=', '-c', 'filter.evil.required=false', '-c', `merge.evil.driver=git merge-file %A %O %B`, ...args], { cwd, encoding: 'utf8' });

  /**
   * A payload's body: it leaves a marker that names the processes that ran it (its nearest ancestors' command lines, and
   * whether its environment carried Relay's hardened configuration or VS Code's git extension's askpass handle), so a
   * failure says whose git it was.
   */
  const leaveMarker = (name: string) =>
    [
      `p=$$; n=0; while [ "$p" -gt 1 ] 2>/dev/null && [ $n -lt 5 ]; do`,
      `  n=$((n + 1)); printf '%s: ' "$p"; tr '\\0' ' ' < /proc/$p/cmdline 2>/dev/null | head -c 300`,
      `  tr '\\0' '\\n' < /proc/$p/environ 2>/dev/null | grep -q '^GIT_CONFIG_COUNT=' && printf ' [GIT_CONFIG_COUNT]'`,
      `  tr '\\0' '\\n' < /proc/$p/environ 2>/dev/null | grep -q '^VSCODE_GIT_IPC_HANDLE=' && printf ' [VSCODE_GIT_IPC_HANDLE]'`,
      `  echo; p=$(sed -n 's/^PPid:[[:space:]]*//p' /proc/$p/status 2>/dev/null)`,
      `done > '${join(markers, name)}'`,
    ].join('\n');

  async function payload(name: string): Promise<string> {
    const path = join(dir, `${name}.sh`);
    await fs.writeFile(path, `#!/bin/sh\n${leaveMarker(name)}\ncat 2>/dev/null\nexit 0\n`, { mode: 0o755 });
    return path;
  }

  async function hooks(folder: string, tag: string): Promise<void> {
    await fs.mkdir(folder, { recursive: true });
    for (const hook of HOOKS) await fs.writeFile(join(folder, hook), `#!/bin/sh\n${leaveMarker(`${tag}-${hook}`)}\n`, { mode: 0o755 });
  }

  async function noMarker(when: string): Promise<void> {
    const found = await fs.readdir(markers);
    const traces = await Promise.all(found.map(async (m) => `${m}, run by:\n${await fs.readFile(join(markers, m), 'utf8')}`));
    assert.deepEqual(found, [], `${when} ran the repository's code:\n${traces.join('\n')}`);
  }

  before(async () => {
    // VS Code's own git extension runs `git status` by itself in any repository it finds in the workspace (and in
    // the task's worktree once a file of it is open), and that git reads the repository's fsmonitor and runs its
    // clean filter: the payloads planted here would run through it, not through Relay (issue 36 §1 is about that
    // one; the sandbox's audit keeps a sandboxed command from planting them). This suite is about Relay's own git.
    await vscode.workspace.getConfiguration('git').update('enabled', false, vscode.ConfigurationTarget.Global);
    dir = await fs.mkdtemp(join(tmpdir(), 'relay-git-payloads-'));
    markers = join(dir, 'markers');
    await fs.mkdir(markers);
    await fs.rm(repo(), { recursive: true, force: true });
    await fs.mkdir(repo(), { recursive: true });
    git(repo(), 'init', '-q', '-b', 'main');
    await fs.writeFile(join(repo(), '.gitattributes'), '*.txt filter=evil merge=evil diff=evil\n');
    await fs.writeFile(join(repo(), 'a.txt'), lines('a'));
    git(repo(), 'add', '.');
    git(repo(), 'commit', '-q', '-m', 'base');
    const gitDir = join(repo(), '.git');
    await hooks(join(gitDir, 'hooks'), 'hook');
    const set = (key: string, value: string) => execFileSync('git', ['config', '--file', join(gitDir, 'config'), key, value]);
    set('core.fsmonitor', await payload('fsmonitor'));
    set('diff.external', await payload('diff-external'));
    set('filter.evil.clean', await payload('clean'));
    set('filter.evil.smudge', await payload('smudge'));
    set('filter.evil.required', 'true');
    set('merge.evil.driver', `${await payload('merge-driver')} %O %A %B`);
  });

  after(async () => {
    if (id) await parallel().sessions.discard(id, async () => true).catch(() => undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fs.rm(repo(), { recursive: true, force: true });
    await fs.rm(dir, { recursive: true, force: true });
    await vscode.workspace.getConfiguration('git').update('enabled', undefined, vscode.ConfigurationTarget.Global);
  });

  it('creation, the checkpoint before a step, Update Task From Base and the discard run none of the payloads', async function () {
    this.timeout(240_000);
    suite.server.setScript([
      { toolCalls: [{ id: 'call_a', name: 'write_file', args: { path: 'a.txt', content: lines('a').replace('a 30\n', 'task thirty\n') } }] },
      { toolCalls: [{ id: 'call_b', name: 'write_file', args: { path: 'b.txt', content: 'b\n' } }] },
      { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Done.' } }] },
    ]);
    suite.prompter.script({ type: 'allow-once' }, { type: 'allow-once' });
    id = await vscode.commands.executeCommand<string | undefined>('relay.tasks.newParallelTask', { prompt: 'Change a', folder: repo(), copyUncommitted: false, show: true });
    assert.ok(id);
    // A payload that ran may hang the git that started it (a filter or fsmonitor waiting on its input), and the task
    // with it: a marker ends the wait, so the failure names the payload rather than a timeout.
    const marked = async () => (await fs.readdir(markers)).length > 0;
    await waitFor(async () => parallel().tasks.get(id!)?.state === 'ready-for-review' || (await marked()), TURN_MS, 'the task to finish');
    await noMarker('Creating the worktree and taking the first checkpoint');
    await waitFor(async () => card('call_b')?.checkpointId || (await marked()), TURN_MS, 'the checkpoint of the second step');
    await noMarker('Creating the worktree and taking the checkpoints');
    const task = parallel().tasks.get(id)!;
    const checkpoint = card('call_b')!.checkpointId!;
    assert.notEqual(checkpoint, task.baseCommit, 'the checkpoint before the second step is a commit of the first');
    assert.match(git(repo(), 'show', `${checkpoint}:a.txt`), /^task thirty$/m);

    // What a command in the task could leave: its worktree's .git pointing at a git directory of its own.
    const evil = join(dir, 'evil.git');
    await fs.cp(join(repo(), '.git'), evil, { recursive: true });
    await fs.rm(join(evil, 'worktrees'), { recursive: true, force: true });
    execFileSync('git', ['config', '--file', join(evil, 'config'), 'core.fsmonitor', await payload('dotgit-fsmonitor')]);
    await hooks(join(evil, 'hooks'), 'dotgit');
    await fs.writeFile(join(task.workRoot, '.git'), `gitdir: ${evil}\n`);

    // The user changed the same file far from the task's line: Update Task From Base merges it through the merge driver's place.
    await fs.writeFile(join(repo(), 'a.txt'), lines('a').replace('a 1\n', 'user one\n'));
    git(repo(), 'commit', '-q', '-am', 'user');
    // As a click on the task's row in the Tasks view passes it (the commands take no bare id: foreign-commands.test.ts).
    const row = parallel().view.getChildren().find((r) => r.task.id === id);
    assert.ok(row, 'the Tasks view shows the task');
    const updated = await vscode.commands.executeCommand<{ conflicts: string[] } | undefined>('relay.tasks.updateFromBase', row);
    assert.deepEqual(updated?.conflicts, [], 'Update Task From Base merged (an error would have left no result)');
    await noMarker('Update Task From Base');
    const merged = await fs.readFile(join(task.workRoot, 'a.txt'), 'utf8');
    assert.match(merged, /^user one$/m, "the user's line came in");
    assert.match(merged, /^task thirty$/m, "the task's line stayed");
    assert.deepEqual(parallel().tasks.get(id)!.conflicts ?? [], []);

    assert.equal(await parallel().sessions.discard(id, async () => true), true);
    id = undefined;
    await noMarker('Discarding the task');
    await assert.rejects(fs.access(task.workRoot), 'the worktree is gone');
  });
});
