import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { DiffPreviewer } from '../../../src/host/review/diff-preview';
import { PROPOSAL_SCHEME, ProposalFileSystem } from '../../../src/host/editing/proposal-fs';
import { WorkspaceEditApplier } from '../../../src/host/editing/workspace-edit-applier';
import { waitFor } from '../helpers';

describe('edit pipeline inside real VS Code: diff preview, one-step undo, conflicts', () => {
  const proposals = new ProposalFileSystem();
  let registration: vscode.Disposable | undefined;
  const previewer = new DiffPreviewer(proposals);
  const applier = new WorkspaceEditApplier();
  const root = () => vscode.workspace.workspaceFolders![0]!.uri;
  let n = 0;

  before(() => {
    registration = vscode.workspace.registerFileSystemProvider(PROPOSAL_SCHEME, proposals, { isCaseSensitive: true });
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    registration?.dispose();
  });

  async function fileWith(text: string): Promise<vscode.Uri> {
    const uri = vscode.Uri.joinPath(root(), `edit-${++n}.txt`);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    return uri;
  }

  async function onDisk(uri: vscode.Uri): Promise<string> {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  }

  it('opens the diff beside the user without taking focus, and applies what the user edited in the proposal', async () => {
    const mine = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.joinPath(root(), 'README.md')));
    const uri = await fileWith('one\ntwo\nthree\n');
    const preview = await previewer.preview('call-1', [{
      kind: 'update',
      path: uri.fsPath,
      baseText: 'one\ntwo\nthree\n',
      proposedText: 'one\n2\nthree\n',
    }], { focus: false });
    const diffTab = await waitFor(
      () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputTextDiff),
      10_000,
      'the diff tab',
    );
    assert.ok(diffTab.label.includes('Relay'), diffTab.label);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), mine.document.uri.toString(), 'focus stayed with the user');

    // The user changes the proposal before accepting it.
    const right = (diffTab.input as vscode.TabInputTextDiff).modified;
    const proposalDoc = await vscode.workspace.openTextDocument(right);
    const userEdit = new vscode.WorkspaceEdit();
    userEdit.replace(right, proposalDoc.lineAt(1).range, 'TWO (edited by the user)');
    assert.ok(await vscode.workspace.applyEdit(userEdit));
    const accepted = preview.files()[0]!.text;
    assert.equal(accepted, 'one\nTWO (edited by the user)\nthree\n');

    const outcome = await applier.apply([{ kind: 'update', path: uri.fsPath, baseText: 'one\ntwo\nthree\n', proposedText: accepted }]);
    assert.deepEqual(outcome, { ok: true, saved: [uri.fsPath] });
    assert.equal(await onDisk(uri), 'one\nTWO (edited by the user)\nthree\n');
    await preview.close();
    assert.ok(!vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.input instanceof vscode.TabInputTextDiff), 'diff closed');
  });

  it('shows a new file against an empty side and creates it on apply', async () => {
    const path = vscode.Uri.joinPath(root(), 'created', 'new-file.ts').fsPath;
    const preview = await previewer.preview('call-2', [{ kind: 'create', path, baseText: undefined, proposedText: 'export const x = 1;\n' }], { focus: false });
    const tab = await waitFor(
      () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputTextDiff && t.label.includes('new-file.ts')),
      10_000,
      'the new-file diff tab',
    );
    const left = (tab.input as vscode.TabInputTextDiff).original;
    assert.equal((await vscode.workspace.openTextDocument(left)).getText(), '');
    const outcome = await applier.apply([{ kind: 'create', path, baseText: undefined, proposedText: preview.files()[0]!.text }]);
    assert.equal(outcome.ok, true);
    assert.equal(await onDisk(vscode.Uri.file(path)), 'export const x = 1;\n');
    await preview.close();
  });

  it('applies a multi-hunk change as one undo step', async () => {
    const base = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const proposed = base.replace('line 2\n', 'LINE 2\n').replace('line 30\n', 'LINE 30\nextra\n');
    const a = await fileWith(base);
    const outcome = await applier.apply([{ kind: 'update', path: a.fsPath, baseText: base, proposedText: proposed }]);
    assert.equal(outcome.ok, true);
    assert.equal(await onDisk(a), proposed);
    const doc = await vscode.workspace.openTextDocument(a);
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), base, 'one Undo reverted both hunks');
  });

  it('refuses to overwrite a file the user changed after the proposal was made', async () => {
    const uri = await fileWith('alpha\nbeta\n');
    const doc = await vscode.workspace.openTextDocument(uri);
    const userTyping = new vscode.WorkspaceEdit();
    userTyping.insert(uri, new vscode.Position(0, 0), '// user was here\n');
    assert.ok(await vscode.workspace.applyEdit(userTyping));
    const outcome = await applier.apply([{ kind: 'update', path: uri.fsPath, baseText: 'alpha\nbeta\n', proposedText: 'alpha\nBETA\n' }]);
    assert.equal(outcome.ok, false);
    assert.ok(!outcome.ok && outcome.reason === 'conflict' && outcome.currentText.startsWith('// user was here'));
    assert.equal(doc.getText(), '// user was here\nalpha\nbeta\n', 'the user text is untouched');
  });

  // The two causes of "saving failed" reproduced in this VS Code: VS Code's copy loaded before the disk changed
  // (its file watcher reports the change later), and a second save of the document running at the same time.
  it('a copy VS Code loaded before the disk changed is caught up with before editing: the edit lands, saved', async () => {
    const uri = await fileWith('first\n');
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.equal(doc.getText(), 'first\n');
    writeFileSync(uri.fsPath, 'second\n'); // behind VS Code's back, as a formatter or git would
    const outcome = await applier.apply([{ kind: 'update', path: uri.fsPath, baseText: 'second\n', proposedText: 'second, edited\n' }]);
    assert.deepEqual(outcome, { ok: true, saved: [uri.fsPath] });
    assert.equal(await onDisk(uri), 'second, edited\n');
    assert.equal(doc.isDirty, false, 'no dirty editor left behind');
  });

  it('stale copies forty times over: every edit lands saved, even when VS Code read the stat mid-write', async function () {
    // Under load VS Code's reload can read a file's stat before the writer's last bytes: its copy then holds the
    // new text with an older stat and refuses every save as "modified since" (8 of 120 before the write-through).
    this.timeout(120_000);
    const failures: string[] = [];
    for (let i = 0; i < 40; i++) {
      const uri = await fileWith('first\n');
      const doc = await vscode.workspace.openTextDocument(uri);
      writeFileSync(uri.fsPath, 'second\n');
      const outcome = await applier.apply([{ kind: 'update', path: uri.fsPath, baseText: 'second\n', proposedText: 'second, edited\n' }]);
      const disk = await onDisk(uri);
      if (!outcome.ok || disk !== 'second, edited\n' || doc.isDirty) failures.push(`${i}: ${JSON.stringify(outcome)} disk=${JSON.stringify(disk)} dirty=${doc.isDirty}`);
    }
    assert.deepEqual(failures, []);
  });

  it('another save of the same document racing ours: the edit lands and nothing is reported as failed', async () => {
    const uri = await fileWith('alpha\n');
    const doc = await vscode.workspace.openTextDocument(uri);
    // Another party (auto save, an extension) saves the document the moment it changes.
    const racer = vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.uri.toString() === uri.toString() && e.document.isDirty) void e.document.save();
    });
    try {
      const outcome = await applier.apply([{ kind: 'update', path: uri.fsPath, baseText: 'alpha\n', proposedText: 'beta\n' }]);
      assert.deepEqual(outcome, { ok: true, saved: [uri.fsPath] });
    } finally {
      racer.dispose();
    }
    await waitFor(() => !doc.isDirty || undefined, 5_000, 'the document clean');
    assert.equal(await onDisk(uri), 'beta\n');
  });

  it('the disk changed underneath after VS Code loaded the file and it never caught up: nothing is overwritten', async () => {
    const uri = await fileWith('mine\n');
    await vscode.workspace.openTextDocument(uri);
    writeFileSync(uri.fsPath, 'theirs\n');
    // The proposal was made from what VS Code showed; the disk has moved on.
    const outcome = await applier.apply([{ kind: 'update', path: uri.fsPath, baseText: 'mine\n', proposedText: 'mine, edited\n' }]);
    assert.equal(outcome.ok, false);
    assert.equal(!outcome.ok && outcome.reason, 'conflict');
    assert.equal(await onDisk(uri), 'theirs\n');
  });
});
