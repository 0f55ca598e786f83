// Per-hunk review inside the real VS Code: a task's edit is reviewed in the diff editor ("Review Changes…" in the
// approval prompt), the user types into the proposal, accepts hunks through the CodeLens commands and rejects one
// from the keyboard path (cursor in the hunk, command without arguments); exactly the kept hunks plus the user's
// edit are applied as one undo step, and the model's tool result names the rejected lines. Multi-file patches
// open in the multi-file diff editor, with a file lens to reject a whole file.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RelayApi } from '../../../src/extension';
import { proposalUri } from '../../../src/host/editing/proposal-fs';
import type { Relay } from '../../../src/host/relay';
import type { ChatItem } from '../../../src/shared/chat-model';
import type { RecordedRequest, ScriptedModelServer } from '../../support/scripted-model-server';
import { useChatSuite } from '../chat-suite';
import { type ScriptedPrompter, waitFor } from '../helpers';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode', 'previewEdits'] as const;
const FOLDER = 'hunk-review-it';
const TURN_MS = 45_000;
const lines = (...ls: string[]) => ls.map((l) => `${l}\n`).join('');
const SOURCE = lines('import a', 'const x = 1;', 'one', 'two', 'three', 'four', 'const y = 2;', 'five', 'six', 'seven', 'const z = 3;', 'end');
const EDITS = [
  { old_text: 'const x = 1;', new_text: 'const x = 10;' },
  { old_text: 'const y = 2;', new_text: 'const y = 20;' },
  { old_text: 'const z = 3;', new_text: 'const z = 30;\nconst w = 40;' },
];

type Json = Record<string, unknown>;

describe('per-hunk review in the real diff editor', function () {
  // A whole task per test (model turns, review, apply, diagnostics) on a machine that may be busy.
  this.timeout(150_000);
  const suite = useChatSuite({
    settings: SETTINGS,
    initial: (server) => ({ approvalMode: 'default', previewEdits: false, provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, textProtocol: false }),
    closeEditors: true,
  });
  let api: RelayApi;
  let relay: Relay;
  let prompter: ScriptedPrompter;
  let server: ScriptedModelServer;
  const root = () => vscode.workspace.workspaceFolders![0]!.uri;
  const file = (name: string) => vscode.Uri.joinPath(root(), FOLDER, name);
  const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  const write = (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const toolResult = (request: RecordedRequest, callId: string) =>
    String(((request.body as Json).messages as Json[]).find((m) => m.role === 'tool' && m.tool_call_id === callId)?.content);
  const card = (callId: string) =>
    api.chat.snapshot.items.find((i): i is Extract<ChatItem, { kind: 'tool' }> => i.kind === 'tool' && i.status.callId === callId);
  const proposalDocs = () => vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'relay-proposal' && !new URLSearchParams(d.uri.query).get('id')?.endsWith('-empty'));
  const lensTitles = async (uri: vscode.Uri) =>
    ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? []).map((l) => l.command?.title ?? '');

  const taskStopped = (what: string) => suite.taskStopped(what, TURN_MS);

  before(() => void ({ api, relay, prompter, server } = suite));

  after(async () => {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), FOLDER), { recursive: true, useTrash: false }).then(undefined, () => undefined);
  });

  it('accept two hunks, reject one from the keyboard, keep the user edit: applied as one undo step, the model told the rejected lines', async () => {
    const target = file('review.ts');
    await write(target, SOURCE);
    server.setScript([
      { toolCalls: [{ id: 'call_edit', name: 'edit_file', args: { path: `${FOLDER}/review.ts`, edits: EDITS } }] },
      { toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Done.' } }] },
    ]);
    prompter.script({ type: 'review' });
    api.chat.submitIntent({ type: 'sendMessage', text: 'Bump the constants.' });

    // The review opens in the diff editor, focused, with a lens row over each hunk.
    const doc = await waitFor(() => proposalDocs().find((d) => d.uri.path.endsWith('/review.ts')), TURN_MS, 'the proposal document');
    const editor = await waitFor(() => vscode.window.visibleTextEditors.find((e) => e.document === doc), 10_000, 'the proposal editor');
    const titles = await waitFor(async () => {
      const t = await lensTitles(doc.uri);
      return t.length >= 9 ? t : undefined;
    }, 10_000, 'the hunk lenses');
    assert.deepEqual(titles, [
      '$(check) Accept change 1/3', '$(close) Reject', 'Reject with Reason…',
      '$(check) Accept change 2/3', '$(close) Reject', 'Reject with Reason…',
      '$(check) Accept change 3/3', '$(close) Reject', 'Reject with Reason…',
    ]);
    assert.equal(prompter.prompts[0]?.offersReview, true);

    // The user types into the proposal, outside every hunk.
    const typing = new vscode.WorkspaceEdit();
    typing.replace(doc.uri, doc.lineAt(3).range, 'two (typed by the user)');
    assert.ok(await vscode.workspace.applyEdit(typing));

    // Hunk 1 accepted from its lens; hunk 2 rejected with the cursor in it and no arguments (the keybinding's path).
    await vscode.commands.executeCommand('relay.review.acceptHunk', doc.uri.toString(), 0);
    editor.selection = new vscode.Selection(6, 3, 6, 3);
    await vscode.commands.executeCommand('relay.review.rejectHunk');
    assert.equal(doc.lineAt(6).text, 'const y = 2;', 'the rejected hunk is reverted in the proposal itself');
    assert.deepEqual((await lensTitles(doc.uri)).slice(0, 2), ['$(pass-filled) Change 1/3 accepted', '$(close) Reject']);
    assert.ok((await lensTitles(doc.uri)).includes('$(discard) Change 2/3 rejected'));
    assert.equal(relay.controller.isRunning, true, 'still waiting for the last hunk');
    await vscode.commands.executeCommand('relay.review.acceptHunk', doc.uri.toString(), 2);

    await taskStopped('the task to finish after the review');
    const expected = SOURCE.replace('const x = 1;', 'const x = 10;').replace('two\n', 'two (typed by the user)\n').replace('const z = 3;', 'const z = 30;\nconst w = 40;');
    assert.equal(await read(target), expected);
    const result = toolResult(server.requests[1]!, 'call_edit');
    assert.match(result, /The user rejected 1 of 3 changes to hunk-review-it\/review\.ts; they were not applied and the file keeps its original text there:\n- line 7 \(you proposed 1 line instead\), now line 7 of the file/);
    assert.match(result, /The user edited your proposal[^]*\+two \(typed by the user\)/);
    assert.match(card('call_edit')!.status.showTip ?? '', /2 of 3 changes applied, 1 rejected/);
    assert.ok(!vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.input instanceof vscode.TabInputTextDiff), 'the review closed');

    // One undo reverts everything that was applied.
    const applied = await vscode.workspace.openTextDocument(target);
    await vscode.window.showTextDocument(applied);
    await vscode.commands.executeCommand('undo');
    assert.equal(applied.getText(), SOURCE);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('rejecting every hunk is a denial: nothing written, the model told which lines', async () => {
    const target = file('all-rejected.ts');
    await write(target, SOURCE);
    server.setScript([
      { toolCalls: [{ id: 'call_edit_2', name: 'edit_file', args: { path: `${FOLDER}/all-rejected.ts`, edits: EDITS.slice(0, 2) } }] },
      { toolCalls: [{ id: 'call_done_2', name: 'attempt_completion', args: { result: 'Left it.' } }] },
    ]);
    prompter.script({ type: 'review' });
    api.chat.submitIntent({ type: 'sendMessage', text: 'Bump two constants.' });
    const doc = await waitFor(() => proposalDocs().find((d) => d.uri.path.endsWith('/all-rejected.ts')), TURN_MS, 'the proposal document');
    await vscode.commands.executeCommand('relay.review.rejectHunk', doc.uri.toString(), 1);
    await vscode.commands.executeCommand('relay.review.rejectHunk', doc.uri.toString(), 0);
    await taskStopped('the task to finish after the denial');
    assert.equal(await read(target), SOURCE);
    assert.equal(card('call_edit_2')?.status.state, 'error');
    assert.match(toolResult(server.requests[1]!, 'call_edit_2'), /The user denied this call: rejected every change in the diff editor: hunk-review-it\/all-rejected\.ts \(line 2, line 7\)\. Nothing was changed\./);
  });

  it('a hunk typed back to its original lines (as the gutter\'s Revert does) is applied and reported as rejected', async () => {
    const target = file('put-back.ts');
    await write(target, SOURCE);
    server.setScript([
      { toolCalls: [{ id: 'call_edit_pb', name: 'edit_file', args: { path: `${FOLDER}/put-back.ts`, edits: EDITS.slice(0, 2) } }] },
      { toolCalls: [{ id: 'call_done_pb', name: 'attempt_completion', args: { result: 'Kept one.' } }] },
    ]);
    prompter.script({ type: 'review' });
    api.chat.submitIntent({ type: 'sendMessage', text: 'Bump two constants.' });
    const doc = await waitFor(() => proposalDocs().find((d) => d.uri.path.endsWith('/put-back.ts')), TURN_MS, 'the proposal document');
    const line = doc.getText().split('\n').indexOf('const y = 20;');
    const typing = new vscode.WorkspaceEdit();
    typing.replace(doc.uri, doc.lineAt(line).range, 'const y = 2;');
    assert.ok(await vscode.workspace.applyEdit(typing));
    assert.ok((await lensTitles(doc.uri)).includes('$(discard) Change 2/2 put back to the original'));
    await vscode.commands.executeCommand('relay.review.acceptHunk', doc.uri.toString(), 0);
    await vscode.commands.executeCommand('relay.review.acceptHunk', doc.uri.toString(), 1);
    await taskStopped('the task to finish');
    assert.equal(await read(target), SOURCE.replace('const x = 1;', 'const x = 10;'));
    const result = toolResult(server.requests[1]!, 'call_edit_pb');
    assert.match(result, /The user rejected 1 of 2 changes to hunk-review-it\/put-back\.ts[^]*- line 7 \(you proposed 1 line instead\)/);
    assert.doesNotMatch(result, /The user edited your proposal/);
    assert.match(card('call_edit_pb')!.status.showTip ?? '', /1 of 2 changes applied, 1 rejected/);
  });

  it('a multi-file patch opens in the multi-file diff editor; one file rejected whole, a hunk of another rejected', async () => {
    const a = file('multi-a.ts');
    const b = file('multi-b.ts');
    await write(a, SOURCE);
    await write(b, lines('alpha', 'beta'));
    const patch = [
      '*** Begin Patch',
      `*** Update File: ${FOLDER}/multi-a.ts`,
      '@@ import a',
      '-const x = 1;',
      '+const x = 10;',
      ' one',
      '@@ six',
      ' seven',
      '-const z = 3;',
      '+const z = 30;',
      `*** Update File: ${FOLDER}/multi-b.ts`,
      '-alpha',
      '+ALPHA',
      ' beta',
      `*** Add File: ${FOLDER}/multi-new.ts`,
      '+export const created = true;',
      '*** End Patch',
    ].join('\n');
    server.setScript([
      { toolCalls: [{ id: 'call_patch', name: 'apply_patch', args: { patch } }] },
      { toolCalls: [{ id: 'call_done_3', name: 'attempt_completion', args: { result: 'Patched.' } }] },
    ]);
    prompter.script({ type: 'review' });
    api.chat.submitIntent({ type: 'sendMessage', text: 'Patch three files.' });

    const tab = await waitFor(
      () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => (t.input as { textDiffs?: unknown[] } | undefined)?.textDiffs?.length === 3),
      TURN_MS,
      'the multi-file diff editor with the three files',
    );
    assert.match(tab.label, /Relay: proposed changes to 3 files/);
    const docA = await waitFor(() => proposalDocs().find((d) => d.uri.path.endsWith('/multi-a.ts')), 10_000, 'multi-a proposal');
    // The proposal of the review's third file, should the multi-file diff editor not have opened it yet.
    const proposalOf = async (name: string) => vscode.workspace.openTextDocument(proposalUri(`${new URLSearchParams(docA.uri.query).get('id')}-2`, file(name).fsPath));
    assert.deepEqual((await lensTitles(docA.uri)).slice(0, 3), ['$(check-all) Accept File', '$(close-all) Reject File', '$(check) Accept change 1/2']);

    await vscode.commands.executeCommand('relay.review.rejectHunk', docA.uri.toString(), 1);
    await vscode.commands.executeCommand('relay.review.acceptHunk', docA.uri.toString(), 0);
    const newDoc = proposalDocs().find((d) => d.uri.path.endsWith('/multi-new.ts')) ?? (await proposalOf('multi-new.ts'));
    await vscode.commands.executeCommand('relay.review.rejectFile', newDoc.uri.toString());
    assert.equal(relay.controller.isRunning, true, 'multi-b is still undecided');
    await vscode.commands.executeCommand('relay.review.acceptAll', newDoc.uri.toString());

    await taskStopped('the patch task to finish');
    assert.equal(await read(a), SOURCE.replace('const x = 1;', 'const x = 10;'));
    assert.equal(await read(b), lines('ALPHA', 'beta'));
    await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(file('multi-new.ts'))), 'the rejected new file was not created');
    const result = toolResult(server.requests[1]!, 'call_patch');
    assert.match(result, /The user rejected 1 of 2 changes to hunk-review-it\/multi-a\.ts[^]*- line 11 \(you proposed 1 line instead\)/);
    assert.match(result, /The user rejected your change to hunk-review-it\/multi-new\.ts as a whole: the file was not created\./);
  });

  it('another extension cannot accept for the user: no fallback to the newest proposal, an accept the user is not in asks, made-up hunks and URIs do nothing', async () => {
    const target = file('foreign.ts');
    await write(target, SOURCE);
    const other = file('elsewhere.ts');
    await write(other, 'export const elsewhere = 1;\n');
    server.setScript([
      { toolCalls: [{ id: 'call_edit_f', name: 'edit_file', args: { path: `${FOLDER}/foreign.ts`, edits: EDITS } }] },
      { toolCalls: [{ id: 'call_done_f', name: 'attempt_completion', args: { result: 'Done.' } }] },
    ]);
    prompter.script({ type: 'review' });
    api.chat.submitIntent({ type: 'sendMessage', text: 'Bump the constants.' });
    const doc = await waitFor(() => proposalDocs().find((d) => d.uri.path.endsWith('/foreign.ts')), TURN_MS, 'the proposal document');
    await waitFor(() => vscode.window.visibleTextEditors.find((e) => e.document === doc), 10_000, 'the proposal editor');
    const pending = async () => (await lensTitles(doc.uri)).filter((t) => t.startsWith('$(check) Accept change')).length;
    await waitFor(async () => ((await pending()) === 3 ? true : undefined), 10_000, 'the three hunk lenses');

    // The user works in another file beside: the proposal stays on screen, not focused (as a preview beside is).
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(other), { viewColumn: vscode.ViewColumn.Beside, preview: false });
    assert.notEqual(vscode.window.activeTextEditor?.document.uri.scheme, 'relay-proposal');
    const calls: [string, ...unknown[]][] = [
      ['relay.review.acceptAll'],
      ['relay.review.acceptAll', doc.uri.toString()],
      ['relay.review.acceptAll', doc.uri],
      ['relay.review.acceptFile', doc.uri.toString()],
      ['relay.review.acceptHunk'],
      ['relay.review.acceptHunk', doc.uri.toString(), 0],
      ['relay.review.acceptHunk', doc.uri.toString(), 99],
      ['relay.review.acceptHunk', doc.uri.toString(), -1],
      ['relay.review.acceptHunk', doc.uri.toString(), '0'],
      ['relay.review.acceptHunk', 'relay-proposal:/nowhere/x.ts?id=nope', 0],
      ['relay.review.acceptHunk', target.toString(), 0],
      ['relay.review.acceptHunk', { uri: doc.uri.toString() }, 0],
    ];
    for (const [command, ...args] of calls) {
      await vscode.commands.executeCommand(command, ...args);
      assert.equal(await pending(), 3, `${command}(${args.map((a) => JSON.stringify(a)).join(', ')}) accepted nothing`);
    }
    assert.equal(relay.controller.isRunning, true, 'the edit still waits for the user');
    assert.equal(await read(target), SOURCE, 'nothing written');

    // Back in the proposal (the user's click into it), Accept All without arguments is the title button's path.
    await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
    await waitFor(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'relay-proposal' || vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff ? true : undefined), 10_000, 'the proposal focused');
    await vscode.commands.executeCommand('relay.review.acceptAll');
    await taskStopped('the task to finish after Accept All');
    assert.equal(await read(target), SOURCE.replace('const x = 1;', 'const x = 10;').replace('const y = 2;', 'const y = 20;').replace('const z = 3;', 'const z = 30;\nconst w = 40;'));
  });
});
