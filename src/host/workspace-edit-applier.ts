// Applies a tool call's reviewed changes through one WorkspaceEdit, so one Undo reverts all of it, then saves.
// If a file moved on since the proposal was made (the user typed, another tool wrote), nothing is overwritten.
import * as vscode from 'vscode';
import type { ApplyOutcome, EditApplier, ProposedFileChange } from '../core/ports/edit-review';
import { minimalEdits } from './minimal-edits';

export class WorkspaceEditApplier implements EditApplier {
  async apply(changes: ProposedFileChange[]): Promise<ApplyOutcome> {
    const edit = new vscode.WorkspaceEdit();
    const toSave: vscode.Uri[] = [];
    for (const change of changes) {
      const uri = vscode.Uri.file(change.path);
      if (change.kind === 'create') {
        if (await exists(uri)) {
          const current = (await vscode.workspace.openTextDocument(uri)).getText();
          return { ok: false, reason: 'conflict', path: change.path, currentText: current };
        }
        edit.createFile(uri, { contents: new TextEncoder().encode(change.proposedText ?? '') });
        toSave.push(uri);
        continue;
      }
      const doc = await vscode.workspace.openTextDocument(uri);
      const current = doc.getText();
      if (change.baseText !== undefined && current !== change.baseText) {
        return { ok: false, reason: 'conflict', path: change.path, currentText: current };
      }
      if (change.kind === 'delete') {
        edit.deleteFile(uri, { ignoreIfNotExists: false });
        continue;
      }
      for (const e of minimalEdits(current, change.proposedText ?? '')) {
        edit.replace(uri, new vscode.Range(doc.positionAt(e.start), doc.positionAt(e.end)), e.text);
      }
      if (change.kind === 'move' && change.newPath) {
        const target = vscode.Uri.file(change.newPath);
        edit.renameFile(uri, target, { overwrite: false });
        toSave.push(target);
      } else {
        toSave.push(uri);
      }
    }
    let applied: boolean;
    try {
      applied = await vscode.workspace.applyEdit(edit);
    } catch (error) {
      return { ok: false, reason: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    if (!applied) return { ok: false, reason: 'failed', message: 'VS Code refused the workspace edit' };
    const saved: string[] = [];
    for (const uri of toSave) {
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (doc?.isDirty && !(await doc.save())) return { ok: false, reason: 'failed', path: uri.fsPath, message: 'saving failed' };
      saved.push(uri.fsPath);
    }
    return { ok: true, saved };
  }
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
