// Inline edit (Ctrl+I) inside the real VS Code, against the scripted model server: the instruction about a selection
// goes out as one turn that shows only that file, the answer opens as a proposal in place of the file's editor (one
// editor group, the review's lenses), and how it ends is read from the file's bytes on disk and its undo stack:
// accepted (all, or hunk by hunk) it is written as one undo step; rejected, cancelled in the input, cancelled during
// the model's turn or discarded from the review (Escape), the file is as it was. Refine runs a follow-up on top of the
// proposal, with the earlier instruction named.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RecordedRequest } from '../../support/scripted-model-server';
import { useChatSuite } from '../chat-suite';
import { relayWithScriptedPrompter, type ScriptedInlineInstruction, waitFor } from '../helpers';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol'] as const;
const FOLDER = 'inline-edit-it';
const TURN_MS = 20_000;
const lines = (...ls: string[]) => ls.map((l) => `${l}\n`).join('');
const SOURCE = lines('export function total(items) {', '  let sum = 0;', '  for (const item of items) sum += item.price;', '  return sum;', '}', '', 'export const name = "cart";');
const block = (search: string, replace: string) => `<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n`;
/** Two hunks: the loop becomes a reduce (lines 2-4), and the export's name changes (line 7). */
const ANSWER = block(lines('  let sum = 0;', '  for (const item of items) sum += item.price;', '  return sum;'), lines('  return items.reduce((sum, item) => sum + item.price, 0);')) + block(lines('export const name = "cart";'), lines('export const name = "basket";'));
const REDUCED = SOURCE.replace(lines('  let sum = 0;', '  for (const item of items) sum += item.price;', '  return sum;'), lines('  return items.reduce((sum, item) => sum + item.price, 0);'));
const ALL = REDUCED.replace('"cart"', '"basket"');

type Json = Record<string, unknown>;

describe('inline edit in the editor (Ctrl+I)', function () {
  this.timeout(120_000);
  const suite = useChatSuite({
    settings: SETTINGS,
    initial: (server) => ({ provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, textProtocol: false }),
    closeEditors: true,
  });
  let instruction: ScriptedInlineInstruction;
  const file = (name: string) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, FOLDER, name);
  const onDisk = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  const userText = (request: RecordedRequest): string => {
    const user = ((request.body as Json).messages as Json[]).find((m) => m.role === 'user')!;
    return typeof user.content === 'string' ? user.content : JSON.stringify(user.content);
  };
  const diffTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputTextDiff);
  /** The proposal on screen: the active tab is a diff whose right side is a Relay proposal of `uri`. */
  const proposalShown = (uri: vscode.Uri) =>
    waitFor(() => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff && input.modified.scheme === 'relay-proposal' && input.original.toString() === uri.toString() ? input : undefined;
    }, TURN_MS, 'the inline edit\'s proposal in place of the file');
  const lensTitles = (uri: vscode.Uri) =>
    waitFor(async () => {
      // The tab is active before the workbench has loaded its model: until then VS Code answers "Illegal argument".
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri).then(
        (found) => found ?? [],
        () => [],
      );
      const titles = lenses.map((l) => l.command?.title ?? '');
      return titles.length > 0 ? titles : undefined;
    }, 10_000, 'the review lenses');

  /** Writes the file, opens it with lines 2-4 selected, and starts the inline edit (not awaited: it ends with the review). */
  async function startOn(name: string, answers: (string | undefined)[], script: Parameters<typeof suite.server.setScript>[0]) {
    const uri = file(name);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(SOURCE));
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
    editor.selection = new vscode.Selection(1, 0, 4, 0);
    instruction.reset(...answers);
    suite.server.setScript(script);
    const before = suite.server.requests.length;
    const outcome = vscode.commands.executeCommand<string>('relay.inlineEdit.start');
    return { uri, editor, outcome, before };
  }

  before(async () => {
    ({ inlineInstruction: instruction } = await relayWithScriptedPrompter());
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, FOLDER));
  });

  after(async () => {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, FOLDER), { recursive: true, useTrash: false }).then(undefined, () => undefined);
  });

  it('accepted: one turn about that file, the proposal in place with the review\'s lenses, written as one undo step', async () => {
    const { uri, outcome, before } = await startOn('accept.js', ['use reduce, and call it basket'], [{ text: ANSWER }]);
    const diff = await proposalShown(uri);
    assert.equal(vscode.window.tabGroups.all.length, 1, 'in place: the diff opened in the file\'s own group, not beside it');
    assert.deepEqual(instruction.questions, [{ title: `Relay: edit ${FOLDER}/accept.js, lines 2-4`, earlier: [] }]);
    assert.deepEqual(await lensTitles(diff.modified), ['$(check) Accept change 1/2', '$(close) Reject', 'Reject with Reason…', '$(check) Accept change 2/2', '$(close) Reject', 'Reject with Reason…']);
    assert.equal(await onDisk(uri), SOURCE, 'nothing written while the review is open');

    // One request, no tools, the file and the selection and the instruction in it.
    assert.equal(suite.server.requests.length, before + 1);
    const request = suite.server.requests[before]!;
    assert.deepEqual((request.body as Json).tools ?? [], []);
    const sent = userText(request);
    assert.ok(sent.includes(`File: ${FOLDER}/accept.js (javascript)`), sent);
    assert.ok(sent.includes('The selected lines (2-4):'), sent);
    assert.ok(sent.includes('use reduce, and call it basket'), sent);

    await vscode.commands.executeCommand('relay.review.acceptAll');
    assert.equal(await outcome, 'applied');
    assert.equal(await onDisk(uri), ALL, 'the accepted text is on disk');
    assert.equal(diffTabs().length, 0, 'the review closed');
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString(), 'the file\'s editor has the keyboard again');
    assert.equal(document.isDirty, false);
    // One undo puts the whole edit back.
    await vscode.commands.executeCommand('undo');
    assert.equal(document.getText(), SOURCE);
    await vscode.commands.executeCommand('redo');
    assert.equal(document.getText(), ALL);
  });

  it('accepted hunk by hunk: the accepted change is written, the rejected one is not', async () => {
    const { uri, outcome } = await startOn('per-hunk.js', ['use reduce, and call it basket'], [{ text: ANSWER }]);
    const diff = await proposalShown(uri);
    await lensTitles(diff.modified);
    await vscode.commands.executeCommand('relay.review.rejectHunk', diff.modified.toString(), 1);
    await vscode.commands.executeCommand('relay.review.acceptHunk', diff.modified.toString(), 0);
    assert.equal(await outcome, 'applied');
    assert.equal(await onDisk(uri), REDUCED);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('undo');
    assert.equal(document.getText(), SOURCE, 'one undo step');
  });

  it('rejected: every hunk rejected, nothing is written and nothing is left to undo', async () => {
    const { uri, outcome } = await startOn('reject.js', ['use reduce, and call it basket'], [{ text: ANSWER }]);
    const diff = await proposalShown(uri);
    await lensTitles(diff.modified);
    await vscode.commands.executeCommand('relay.review.rejectHunk', diff.modified.toString(), 0);
    await vscode.commands.executeCommand('relay.review.rejectHunk', diff.modified.toString(), 1);
    assert.equal(await outcome, 'rejected');
    assert.equal(await onDisk(uri), SOURCE);
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal(document.isDirty, false);
    assert.equal(document.getText(), SOURCE);
    assert.equal(diffTabs().length, 0);
  });

  it('cancelled: Escape in the input sends nothing; Escape during the turn or in the review leaves the file as it was', async () => {
    // Escape in the input: no request at all.
    const typed = await startOn('cancel.js', [undefined], [{ text: ANSWER }]);
    assert.equal(await typed.outcome, 'cancelled');
    assert.equal(suite.server.requests.length, typed.before);

    // Escape while the model answers: the turn is aborted, no proposal opens.
    const running = await startOn('cancel.js', ['use reduce'], [{ text: ANSWER, chunkSize: 8, fault: { holdAfterChunks: 2 } }]);
    await waitFor(() => suite.server.requests.length > running.before, TURN_MS, 'the inline edit\'s request');
    await vscode.commands.executeCommand('relay.inlineEdit.discard');
    assert.equal(await running.outcome, 'cancelled');
    suite.server.release();
    assert.equal(diffTabs().length, 0, 'no proposal opened');
    assert.equal(await onDisk(running.uri), SOURCE);

    // Escape in the review: the proposal closes, nothing written, the file not even dirty.
    const reviewing = await startOn('cancel.js', ['use reduce'], [{ text: ANSWER }]);
    await proposalShown(reviewing.uri);
    await vscode.commands.executeCommand('relay.inlineEdit.discard');
    assert.equal(await reviewing.outcome, 'cancelled');
    assert.equal(diffTabs().length, 0);
    assert.equal(await onDisk(reviewing.uri), SOURCE);
    assert.equal((await vscode.workspace.openTextDocument(reviewing.uri)).isDirty, false);
  });

  it('refine: a follow-up instruction runs on the proposal as it stands, naming the earlier one; then accepted', async () => {
    const first = block(lines('export const name = "cart";'), lines('export const name = "basket";'));
    const second = block(lines('export const name = "basket";'), lines('export const name = "basket";', 'export const size = 0;'));
    const { uri, outcome, before } = await startOn('refine.js', ['call it basket', 'and add a size'], [{ text: first }, { text: second }]);
    await proposalShown(uri);
    await vscode.commands.executeCommand('relay.inlineEdit.refine');
    await waitFor(() => suite.server.requests.length > before + 1 && diffTabs().length === 1 && vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'relay-proposal' && d.getText().includes('size = 0')), TURN_MS, 'the refined proposal');
    assert.deepEqual(instruction.questions[1], { title: `Relay: refine the inline edit of ${FOLDER}/refine.js`, earlier: ['call it basket'] });
    const refined = userText(suite.server.requests[before + 1]!);
    assert.ok(refined.includes('export const name = "basket";'), 'the proposal so far is what the follow-up edits');
    assert.ok(refined.includes('- call it basket'), 'the earlier instruction is named');
    assert.ok(refined.includes('and add a size'), refined);
    await proposalShown(uri);
    await vscode.commands.executeCommand('relay.review.acceptAll');
    assert.equal(await outcome, 'applied');
    assert.equal(await onDisk(uri), SOURCE.replace('export const name = "cart";\n', 'export const name = "basket";\nexport const size = 0;\n'));
  });

  it('a refine whose answer Relay cannot use keeps the proposal as it was; accepting it then writes that proposal', async () => {
    const first = block(lines('export const name = "cart";'), lines('export const name = "basket";'));
    const { uri, outcome, before } = await startOn('refine-fails.js', ['call it basket', 'and add a size'], [{ text: first }, { text: 'Sure, just add a size export.' }]);
    const shown = await proposalShown(uri);
    await vscode.commands.executeCommand('relay.inlineEdit.refine');
    await waitFor(() => suite.server.requests.length > before + 1, TURN_MS, 'the refine\'s request');
    // Refine asks for an instruction only once no turn runs (during one it says so and returns): the third question
    // (answered with Escape) marks the failed refine's end.
    await waitFor(async () => {
      await vscode.commands.executeCommand('relay.inlineEdit.refine');
      return instruction.questions.length >= 3 || undefined;
    }, TURN_MS, 'the refine\'s turn to end');
    const still = await proposalShown(uri);
    assert.equal(still.modified.toString(), shown.modified.toString(), 'the same proposal stays open');
    const proposal = vscode.workspace.textDocuments.find((d) => d.uri.toString() === still.modified.toString())!;
    assert.equal(proposal.getText(), SOURCE.replace('"cart"', '"basket"'));
    await vscode.commands.executeCommand('relay.review.acceptAll');
    assert.equal(await outcome, 'applied');
    assert.equal(await onDisk(uri), SOURCE.replace('"cart"', '"basket"'));
  });

  it('a model answer Relay cannot use changes nothing and says why', async () => {
    const { uri, outcome } = await startOn('prose.js', ['use reduce'], [{ text: 'Sure, here is the code: items.reduce(...)' }]);
    assert.equal(await outcome, 'failed');
    assert.equal(diffTabs().length, 0);
    assert.equal(await onDisk(uri), SOURCE);
  });
});
