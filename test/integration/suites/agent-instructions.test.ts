// What the agent's instructions promise and the runtime can see, with the extension's own Relay against the
// scripted model server (OpenAI-compatible wire): per family the request carries that family's prompt and edit
// tool; independent read-only calls of one turn are run as one batch and answered in one request; a task of several
// steps has the checklist tool and its card; a denial's reason reaches the next turn; a plain answer ends the task
// for Claude and GPT-5 (no reminder turn). And a `path:line` reference clicked in the chat opens the file at the line,
// only inside the workspace.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ChatItem } from '../../../src/shared/chat-model';
import type { RecordedRequest } from '../../support/scripted-model-server';
import { useChatSuite } from '../chat-suite';
import { waitFor } from '../helpers';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode'] as const;
const FOLDER = 'agent-instructions-it';
const TURN_MS = 15_000;

type Json = Record<string, unknown>;
type Item<K extends ChatItem['kind']> = Extract<ChatItem, { kind: K }>;

describe('agent instructions: what the prompt promises, seen by the runtime', () => {
  const suite = useChatSuite({
    settings: SETTINGS,
    initial: (server) => ({ approvalMode: 'default', provider: 'openai-compatible', model: 'claude-sonnet-5-5', baseUrl: server.openaiBaseUrl, textProtocol: false }),
    closeEditors: true,
  });
  const root = () => vscode.workspace.workspaceFolders![0]!.uri;
  const file = (name: string) => vscode.Uri.joinPath(root(), FOLDER, name);
  const items = <K extends ChatItem['kind']>(kind: K): Item<K>[] => suite.snapshot().items.filter((i): i is Item<K> => i.kind === kind);
  const body = (request: RecordedRequest) => request.body as Json;
  const system = (request: RecordedRequest) => String((body(request).messages as Json[]).find((m) => m.role === 'system')?.content ?? '');
  const toolNames = (request: RecordedRequest) => ((body(request).tools as Json[] | undefined) ?? []).map((t) => String((t.function as Json).name));
  const toolMessages = (request: RecordedRequest): Json[] => (body(request).messages as Json[]).filter((m) => m.role === 'tool');
  const stopped = (what: string) => suite.taskStopped(what, TURN_MS);

  before(async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n');
    await vscode.workspace.fs.writeFile(file('a.txt'), new TextEncoder().encode('alpha\n'));
    await vscode.workspace.fs.writeFile(file('b.txt'), new TextEncoder().encode('beta\n'));
    await vscode.workspace.fs.writeFile(file('long.txt'), new TextEncoder().encode(`${lines}\n`));
  });

  after(async () => {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), FOLDER), { recursive: true, useTrash: false }).then(undefined, () => undefined);
  });

  it("Claude: edit_file and no completion tool offered; two read-only calls of one turn answered in one request; a plain answer ends the task", async () => {
    suite.server.setScript([
      {
        text: 'Reading both files.',
        toolCalls: [
          { id: 'call_read_a', name: 'read_file', args: { path: `${FOLDER}/a.txt` } },
          { id: 'call_read_b', name: 'read_file', args: { path: `${FOLDER}/b.txt` } },
        ],
      },
      { text: `a.txt says alpha (\`${FOLDER}/a.txt:1\`), b.txt says beta.` },
    ]);
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'What do a.txt and b.txt say?' });
    await stopped('the question to be answered');

    const [first, second] = suite.server.requests;
    assert.equal(suite.server.requests.length, 2, 'no reminder turn after the plain answer');
    assert.ok(toolNames(first!).includes('edit_file'));
    assert.ok(!toolNames(first!).includes('apply_patch'), 'Claude is not offered apply_patch');
    assert.ok(!toolNames(first!).includes('attempt_completion'), 'a plain answer ends the task: no completion tool');
    // Claude's own section on batching (src/core/prompts/families/anthropic.ts), which the second request shows it followed.
    assert.match(system(first!), /# Parallel tool calls\n[\s\S]*When several calls do not depend on each other, make them all in one reply/);
    assert.match(system(first!), /A reply without a tool call ends your turn/);
    // One batch: both results arrive together in the very next request.
    assert.deepEqual(toolMessages(second!).map((m) => m.tool_call_id), ['call_read_a', 'call_read_b']);
    assert.match(String(toolMessages(second!)[0]!.content), /alpha/);
    assert.match(String(toolMessages(second!)[1]!.content), /beta/);
    assert.equal(suite.snapshot().task?.running, false);
    assert.deepEqual(
      items('assistant').map((i) => i.text),
      ['Reading both files.', `a.txt says alpha (\`${FOLDER}/a.txt:1\`), b.txt says beta.`],
      'the answer is shown once',
    );
  });

  it('GPT-5: apply_patch and not edit_file; a task of several steps has the checklist, and its card shows the steps', async () => {
    await suite.setSettings({ model: 'gpt-5.4' });
    try {
      const todos = [
        { text: 'Read the config', status: 'in_progress' },
        { text: 'Change the default', status: 'pending' },
        { text: 'Run the tests', status: 'pending' },
      ];
      suite.server.setScript([{ toolCalls: [{ id: 'call_todo_1', name: 'todo_write', args: { todos } }] }, { text: 'Planned three steps.' }]);
      suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Change the default port, then run the tests.' });
      await stopped('the planning task to stop');
      const [first, second] = suite.server.requests;
      assert.ok(toolNames(first!).includes('apply_patch'));
      assert.ok(!toolNames(first!).includes('edit_file'), 'GPT-5 is not offered edit_file');
      assert.ok(toolNames(first!).includes('todo_write'));
      // GPT-5's own planning rule (src/core/prompts/families/openai/gpt-5.ts).
      assert.match(system(first!), /Use todo_write for work that has several steps/);
      assert.match(system(first!), /Change files with apply_patch/);
      assert.equal(toolMessages(second!)[0]?.tool_call_id, 'call_todo_1');
      const card = items('tool').find((i) => i.status.callId === 'call_todo_1');
      assert.equal(card?.status.state, 'success', JSON.stringify(card?.status));
      assert.match(JSON.stringify(card?.status.blocks), /Change the default/);
      assert.equal(suite.server.requests.length, 2);
    } finally {
      await suite.setSettings({ model: 'claude-sonnet-5-5' });
    }
  });

  it("a denial's reason reaches the next turn, and the prompt says to follow it", async () => {
    suite.server.setScript([
      { toolCalls: [{ id: 'call_cmd_deny', name: 'run_command', args: { command: `echo ran > ${FOLDER}/marker.txt` } }] },
      { text: 'Understood: I will not run commands here.' },
    ]);
    suite.prompter.script({ type: 'deny-with-reason', reason: 'use the test task instead' });
    suite.api.chat.submitIntent({ type: 'sendMessage', text: 'Write the marker with a shell command.' });
    await stopped('the task to stop after the denial');
    assert.equal(suite.server.requests.length, 2);
    assert.match(system(suite.server.requests[0]!), /A denied call comes back with the reason/);
    const denial = toolMessages(suite.server.requests[1]!).find((m) => m.tool_call_id === 'call_cmd_deny');
    assert.match(String(denial?.content), /The user denied this call: use the test task instead/);
    const exists = await vscode.workspace.fs.stat(file('marker.txt')).then(() => true, () => false);
    assert.equal(exists, false, 'the denied command did not run');
  });

  it('a path:line reference clicked in the chat opens the file at the line; outside the workspace or missing, nothing opens', async () => {
    const active = () => vscode.window.activeTextEditor;
    suite.api.chat.submitIntent({ type: 'openFileReference', path: `${FOLDER}/long.txt`, line: 12, endLine: 14 });
    const editor = await waitFor(() => (active()?.document.uri.toString() === file('long.txt').toString() ? active() : undefined), 10_000, 'long.txt open in an editor');
    assert.equal(editor.selection.start.line, 11, 'at line 12');
    assert.equal(editor.selection.end.line, 13, 'to line 14');

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // A file that exists, outside the workspace: refused for where it is, not for being missing.
    const outsideDir = await mkdtemp(join(tmpdir(), 'relay-outside-'));
    // Every editor shown meanwhile (a preview tab would be replaced by the next file, so tabs cannot tell).
    const shown: string[] = [];
    const listener = vscode.window.onDidChangeActiveTextEditor((e) => e && shown.push(e.document.uri.fsPath));
    try {
      const outside = join(outsideDir, 'secret.txt');
      await writeFile(outside, 'outside\n');
      suite.api.chat.submitIntent({ type: 'openFileReference', path: outside, line: 1 });
      suite.api.chat.submitIntent({ type: 'openFileReference', path: `${FOLDER}/missing.txt`, line: 3 });
      // Intents run in order: once this one has opened its file, the two before it were handled.
      suite.api.chat.submitIntent({ type: 'openFileReference', path: `${FOLDER}/a.txt`, line: 1 });
      await waitFor(() => active()?.document.uri.toString() === file('a.txt').toString(), 10_000, 'a.txt open in an editor');
      assert.deepEqual(shown, [file('a.txt').fsPath], 'only the workspace file that exists was opened');
    } finally {
      listener.dispose();
      await rm(outsideDir, { recursive: true, force: true });
    }
  });
});
