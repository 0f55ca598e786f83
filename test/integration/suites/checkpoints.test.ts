// Checkpoints inside the real VS Code (issue 14): a scripted task edits a file, runs a command that creates and
// deletes files (and writes into the folder's own .git, as a commit would), then writes a file. The workspace is
// recorded as each step found it (while the step waits for its approval); restoring to each step must bring it
// back byte for byte, never touching .git. Then a file the user changed since is a conflict, kept unless
// overwriting is chosen; and restoring the conversation cuts the chat and tells the model which files came back.
// The restore question is answered by the scripted confirmer the Relay was created with (helpers.ts).
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { RelayApi } from '../../../src/extension';
import type { Relay } from '../../../src/host/relay';
import type { ChatItem } from '../../../src/shared/chat-model';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { alive } from '../../support/pids';
import { activateRelay, relayWithScriptedPrompter, type ScriptedPrompter, type ScriptedRestoreConfirmer, waitFor } from '../helpers';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode'] as const;
const FOLDER = 'checkpoints-it';
const TURN_MS = 20_000;

type Tree = Record<string, string>;
type Item<K extends ChatItem['kind']> = Extract<ChatItem, { kind: K }>;

/** Every file and link under `dir` by relative path: a content hash (or the link target). */
async function treeOf(dir: string, prefix = ''): Promise<Tree> {
  const out: Tree = {};
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    const rel = prefix + entry.name;
    if (entry.isDirectory()) Object.assign(out, await treeOf(full, `${rel}/`));
    else if (entry.isSymbolicLink()) out[rel] = `-> ${await fs.readlink(full)}`;
    else out[rel] = createHash('sha256').update(await fs.readFile(full)).digest('hex');
  }
  return out;
}

function without(tree: Tree, pred: (path: string) => boolean): Tree {
  return Object.fromEntries(Object.entries(tree).filter(([path]) => !pred(path)));
}

describe('checkpoints: restore each step of a task inside VS Code', () => {
  let api: RelayApi;
  let relay: Relay;
  let prompter: ScriptedPrompter;
  let confirmer: ScriptedRestoreConfirmer;
  let server: ScriptedModelServer;
  const saved = new Map<string, unknown>();
  const config = () => vscode.workspace.getConfiguration('relay');
  const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const dir = () => join(root(), FOLDER);
  const isGit = (path: string) => path.split('/').includes('.git');
  /** The workspace outside any .git folder, as the checkpoints see it. */
  const workspace = async () => without(await treeOf(root()), isGit);
  const gitFolder = () => treeOf(join(dir(), '.git'));
  const items = <K extends ChatItem['kind']>(kind: K): Item<K>[] => api.chat.snapshot.items.filter((i): i is Item<K> => i.kind === kind);
  const card = (callId: string) => items('tool').find((i) => i.status.callId === callId);
  /** The workspace as each approved step found it, in order: edit, command, write. */
  const states: Tree[] = [];
  let gitAfterTask: Tree;

  /** Asks for a restore from the chat and waits until it is done: a new notice says what was restored. */
  async function restore(itemId: string, conversation = false): Promise<void> {
    const before = new Set(items('notice').map((n) => n.id));
    const asked = confirmer.questions.length;
    api.chat.submitIntent({ type: 'restoreCheckpoint', itemId, conversation });
    await waitFor(() => confirmer.questions.length > asked, 10_000, 'the restore question');
    await waitFor(() => items('notice').some((n) => !before.has(n.id) && /^Restored /.test(n.text)), 10_000, 'the restore notice');
  }

  before(async () => {
    api = await activateRelay();
    ({ relay, prompter, restoreConfirmer: confirmer } = await relayWithScriptedPrompter());
    server = await startScriptedModelServer();
    for (const key of SETTINGS) saved.set(key, config().inspect(key)?.globalValue);
    for (const [key, value] of Object.entries({ approvalMode: 'default', provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, textProtocol: false })) {
      await config().update(key, value, vscode.ConfigurationTarget.Global);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    api.chat.submitIntent({ type: 'newTask' });
    await waitFor(() => !api.chat.snapshot.task && api.chat.snapshot.items.length === 0, 5_000, 'the new, empty task');

    // The folder, with a .git of its own (not a complete repository, so VS Code's git extension leaves it alone).
    await fs.rm(dir(), { recursive: true, force: true });
    await fs.mkdir(join(dir(), '.git', 'refs', 'heads'), { recursive: true });
    await fs.writeFile(join(dir(), '.git', 'HEAD'), 'ref: refs/heads/main\n');
    await fs.writeFile(join(dir(), '.git', 'config'), '[core]\n\trepositoryformatversion = 0\n');
    await fs.writeFile(join(dir(), '.git', 'index'), Buffer.from([0x44, 0x49, 0x52, 0x43, 0, 0, 0, 2, 0, 0, 0, 0, 0xff, 0x10]));
    await fs.writeFile(join(dir(), 'a.txt'), 'alpha\nbeta\ngamma\n');
    await fs.writeFile(join(dir(), 'b.txt'), 'to be deleted by the command\n');
    await fs.writeFile(join(dir(), 'image.bin'), Buffer.from([0, 1, 2, 250, 255, 0, 13, 10]));
  });

  after(async () => {
    api.chat.submitIntent({ type: 'newTask' });
    await waitFor(() => !relay.controller.isRunning, 5_000, 'the last task to stop').catch(() => undefined);
    prompter.script();
    confirmer.script();
    await server?.close();
    for (const key of SETTINGS) await config().update(key, saved.get(key), vscode.ConfigurationTarget.Global);
    await fs.rm(dir(), { recursive: true, force: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('edit, command, write: restoring to each step brings the workspace back byte for byte and leaves .git alone', async () => {
    const command = 'rm b.txt && mkdir -p made && printf "made by the command\\n" > made/new.txt && printf "\\001\\002" > made/data.bin && echo "commit message" > .git/COMMIT_EDITMSG';
    server.setScript([
      { toolCalls: [{ id: 'call_edit', name: 'edit_file', args: { path: `${FOLDER}/a.txt`, edits: [{ old_text: 'beta', new_text: 'BETA (edited)' }] } }] },
      { toolCalls: [{ id: 'call_cmd', name: 'run_command', args: { command, cwd: FOLDER } }] },
      { toolCalls: [{ id: 'call_write', name: 'write_file', args: { path: `${FOLDER}/a.txt`, content: 'written over\n' } }] },
      { text: 'Done.', toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Edited, ran, wrote.' } }] },
    ]);
    prompter.script({ type: 'allow-once' }, { type: 'allow-once' }, { type: 'allow-once' });
    prompter.onAsk = async () => void states.push(await workspace());
    api.chat.submitIntent({ type: 'sendMessage', text: 'Edit a.txt, run the command, then rewrite a.txt.' });
    await waitFor(() => api.chat.snapshot.task && !api.chat.snapshot.task.running && !relay.controller.isRunning, TURN_MS, 'the task to finish');
    assert.deepEqual(prompter.prompts.map((p) => p.toolName), ['edit_file', 'run_command', 'write_file']);
    assert.equal(states.length, 3);
    assert.equal(await fs.readFile(join(dir(), 'a.txt'), 'utf8'), 'written over\n');
    assert.equal(await fs.readFile(join(dir(), 'made', 'new.txt'), 'utf8'), 'made by the command\n');
    assert.equal(await fs.stat(join(dir(), 'b.txt')).catch(() => undefined), undefined);
    gitAfterTask = await gitFolder();
    assert.ok(gitAfterTask['COMMIT_EDITMSG'], 'the command wrote into .git');

    for (const callId of ['call_edit', 'call_cmd', 'call_write']) assert.ok(card(callId)?.checkpointId, `${callId} has a checkpoint`);
    const final = await workspace();
    // Latest step first, then earlier ones, then forward again: every state comes back exactly.
    // Each restore shows its changes first in the multi-file diff editor, while it asks. The tab API lists only the
    // entries with both sides (the created and deleted files are there in the editor, not in `textDiffs`): a.txt.
    const previewTab = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label.includes('Relay: Restore Preview'));
    const previewed: string[][] = [];
    for (const [callId, index] of [['call_write', 2], ['call_cmd', 1], ['call_edit', 0], ['call_write', 2]] as const) {
      confirmer.script('restore');
      confirmer.onAsk = async () => {
        const tab = await waitFor(previewTab, 10_000, 'the restore preview');
        previewed.push(((tab.input as { textDiffs?: { original: vscode.Uri }[] } | undefined)?.textDiffs ?? []).map((d) => d.original.path.slice(d.original.path.lastIndexOf('/') + 1)));
      };
      await restore(card(callId)!.id);
      assert.equal(confirmer.questions[0]!.conflicts, 0, confirmer.questions[0]!.detail);
      assert.deepEqual(await workspace(), states[index], `the workspace as the ${callId} step found it`);
      assert.deepEqual(await gitFolder(), gitAfterTask, '.git is untouched by the restore');
    }
    assert.notDeepEqual(states[2], final);
    assert.equal(previewed.length, 4, 'each restore showed its preview while it asked');
    assert.deepEqual(previewed.at(-1), ['a.txt'], 'the last one (back to the write step) with a.txt on both sides');
    await waitFor(() => previewTab() === undefined, 10_000, 'the last preview to close once the restore was done');
  });

  it('a file the user changed since the last step is a conflict: kept on "Restore", restored on "Overwrite"', async () => {
    // The workspace is as the write step found it (the last restore). Back to before the edit, with the user's own change to a.txt.
    await fs.writeFile(join(dir(), 'a.txt'), 'the user typed this\n');
    confirmer.script('restore');
    await restore(card('call_edit')!.id);
    const question = confirmer.questions[0]!;
    assert.equal(question.conflicts, 1, question.detail);
    assert.match(question.detail, /a\.txt \(changed by you since\)/);
    assert.equal(await fs.readFile(join(dir(), 'a.txt'), 'utf8'), 'the user typed this\n', 'the conflict is kept');
    assert.deepEqual(without(await workspace(), (p) => p.endsWith(`${FOLDER}/a.txt`)), without(states[0]!, (p) => p.endsWith(`${FOLDER}/a.txt`)), 'every other file restored');

    confirmer.script('overwrite');
    await restore(card('call_edit')!.id);
    assert.equal(confirmer.questions[0]!.conflicts, 1);
    assert.deepEqual(await workspace(), states[0], 'overwriting restores the conflict too');
    assert.deepEqual(await gitFolder(), gitAfterTask);
  });

  it('restoring files and conversation cuts the chat after the point, and the next turn tells the model which files came back', async () => {
    // Forward to the end state first (a.txt as written), then restore files and conversation to the write card.
    confirmer.script('restore');
    await restore(card('call_write')!.id);
    await fs.writeFile(join(dir(), 'a.txt'), 'written over\n');
    confirmer.script('overwrite');
    const writeCard = card('call_write')!.id;
    await restore(writeCard, true);
    // The question names the point it goes back to: the card's step.
    assert.match(confirmer.questions[0]!.message, /and the conversation to before "[^"]+"\?$/);
    assert.equal(card('call_write'), undefined, 'the write card and what followed are gone');
    assert.ok(card('call_cmd'), 'earlier cards stay');
    assert.equal(await fs.readFile(join(dir(), 'a.txt'), 'utf8'), 'alpha\nBETA (edited)\ngamma\n');

    server.reset();
    server.setScript([{ text: 'Noted.', toolCalls: [{ id: 'call_done_2', name: 'attempt_completion', args: { result: 'Continued.' } }] }]);
    api.chat.submitIntent({ type: 'sendMessage', text: 'Carry on.' });
    await waitFor(() => server.requests.length > 0 && !relay.controller.isRunning, TURN_MS, 'the next turn');
    const messages = JSON.stringify((server.requests[0]!.body as { messages: unknown }).messages);
    assert.match(messages, /The user restored files to an earlier checkpoint/);
    assert.match(messages, new RegExp(`Restored: ${FOLDER}/a\\.txt`));
    assert.doesNotMatch(messages, /call_write/, 'the cut conversation no longer has the write call');
    assert.match(messages, /call_cmd/, 'it keeps the command before the point');
  });

  it("a task's background server survives the real restore of files and conversation (to before it started); deleting the task stops it", async () => {
    api.chat.submitIntent({ type: 'newTask' });
    await waitFor(() => !api.chat.snapshot.task && api.chat.snapshot.items.length === 0, 5_000, 'the new, empty task');
    const pidFile = join(await fs.mkdtemp(join(tmpdir(), 'relay-restore-proc-')), 'pid');
    const serve = `${JSON.stringify(process.execPath)} -e "require('fs').writeFileSync(${JSON.stringify(pidFile).replace(/"/g, "'")},String(process.pid));const s=require('http').createServer((q,r)=>r.end('up')).listen(0,'127.0.0.1',()=>console.log('Local: http://127.0.0.1:'+s.address().port+'/'))"`;
    server.reset();
    server.setScript([
      { toolCalls: [{ id: 'call_note', name: 'write_file', args: { path: `${FOLDER}/note.txt`, content: 'before the server\n' } }] },
      { toolCalls: [{ id: 'call_serve', name: 'run_command', args: { command: serve, cwd: FOLDER, background: true } }] },
      { toolCalls: [{ id: 'call_note2', name: 'write_file', args: { path: `${FOLDER}/note.txt`, content: 'after the server\n' } }] },
      { text: 'Up.', toolCalls: [{ id: 'call_done_3', name: 'attempt_completion', args: { result: 'Serving.' } }] },
    ]);
    prompter.script({ type: 'allow-once' }, { type: 'allow-once' }, { type: 'allow-once' });
    prompter.onAsk = undefined;
    api.chat.submitIntent({ type: 'sendMessage', text: 'Write a note, start the server, rewrite the note.' });
    // Four turns and a server start: a loaded 2-core machine takes longer than one turn's TURN_MS.
    await waitFor(() => api.chat.snapshot.task && !api.chat.snapshot.task.running && !relay.controller.isRunning, 3 * TURN_MS, 'the task to finish').catch((error: Error) => {
      throw new Error(`${error.message}\n${JSON.stringify(api.chat.snapshot.items, undefined, 1).slice(0, 6000)}\nprompts: ${prompter.prompts.map((p) => p.toolName).join(', ')}`);
    });
    const taskId = relay.controller.session!.id;
    const pid = Number(await fs.readFile(pidFile, 'utf8'));
    assert.ok(alive(pid), 'the server runs');
    const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(JSON.stringify(card('call_serve')))?.[0];
    assert.ok(url, `the server's card names its URL: ${JSON.stringify(card('call_serve'))}`);

    // The real restore (restore-flow.ts through the Relay's own wiring), files and conversation, to before the
    // server started: the run_command call is cut from the conversation and note.txt goes back, but the server
    // is the task's, not the conversation's.
    confirmer.script('restore');
    await restore(card('call_serve')!.id, true);
    assert.equal(await fs.readFile(join(dir(), 'note.txt'), 'utf8'), 'before the server\n', 'the restore ran');
    assert.equal(card('call_serve'), undefined, 'the conversation was cut before the server started');
    assert.ok(alive(pid), 'the server survived the restore');
    assert.equal((await fetch(url)).status, 200, 'and still serves');

    api.chat.submitIntent({ type: 'newTask' });
    await waitFor(() => !api.chat.snapshot.task, 5_000, 'the new, empty task');
    assert.ok(alive(pid), 'a new task leaves it running');
    api.chat.submitIntent({ type: 'deleteTask', id: taskId });
    await waitFor(() => !alive(pid), 20_000, 'deleting the task to stop its server');
    await fs.rm(dirname(pidFile), { recursive: true, force: true });
  });
});
