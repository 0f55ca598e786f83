// Applies a tool call's reviewed changes through one WorkspaceEdit, so one Undo reverts all of it, then saves.
// If a file moved on since the proposal was made (the user typed, another tool wrote), nothing is overwritten.
import * as vscode from 'vscode';
import type { ApplyOutcome, EditApplier, ProposedFileChange } from '../../core/ports/edit-review';
import { faultPoint } from '../storage/fault-point';
import { minimalEdits } from './minimal-edits';
import { awaitCurrentCopy, saveWithRecovery, type SaveTarget } from './save-recovery';

export class WorkspaceEditApplier implements EditApplier {
  constructor(private readonly log?: { warn(message: string): void }) {}

  async apply(changes: ProposedFileChange[]): Promise<ApplyOutcome> {
    const edit = new vscode.WorkspaceEdit();
    const toSave: vscode.Uri[] = [];
    /** Each edited file's text before the edit, by the uri it is saved under. */
    const before = new Map<string, string>();
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
      // VS Code reloads a clean document only when its file watcher reports the change, which can lag: an edit
      // made on the stale copy would then be refused at save. Wait for the copy to catch up, or report it.
      const copy = await awaitCurrentCopy(target(doc));
      if (!copy.current) return { ok: false, reason: 'conflict', path: change.path, currentText: copy.disk ?? doc.getText() };
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
      const savedAs = change.kind === 'move' && change.newPath ? vscode.Uri.file(change.newPath) : uri;
      if (savedAs !== uri) edit.renameFile(uri, savedAs, { overwrite: false });
      toSave.push(savedAs);
      before.set(savedAs.toString(), current);
    }
    const refused = await applyWorkspaceEdit(edit);
    if (refused) return refused;
    const saved: string[] = [];
    for (const uri of toSave) {
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (doc?.isDirty) {
        faultPoint('edit-save');
        // A created file was empty before the edit.
        const outcome = await saveWithRecovery(target(doc), before.get(uri.toString()) ?? '', {
          log: (message) => this.log?.warn(`${uri.fsPath}: ${message}`),
        });
        if (!outcome.ok) return { ok: false, reason: 'failed', path: uri.fsPath, message: `saving failed: ${outcome.message}` };
      }
      saved.push(uri.fsPath);
    }
    return { ok: true, saved };
  }
}

/** The save recovery's view of an open document (also used by the apply of a parallel task's changes). */
export function target(doc: vscode.TextDocument): SaveTarget {
  return {
    get isDirty() {
      return doc.isDirty;
    },
    getText: () => doc.getText(),
    save: async () => doc.save(),
    readDisk: async () => {
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(await vscode.workspace.fs.readFile(doc.uri));
      } catch {
        return undefined; // gone, unreadable, or not UTF-8: nothing to compare
      }
    },
    writeThrough: async (text) => {
      // Only ever called after readDisk decoded the file as UTF-8; a UTF-8 BOM there is kept, as VS Code's save would.
      const bytes = await vscode.workspace.fs.readFile(doc.uri);
      const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      const body = new TextEncoder().encode(text);
      if (!bom) return vscode.workspace.fs.writeFile(doc.uri, body);
      const withBom = new Uint8Array(body.length + 3);
      withBom.set([0xef, 0xbb, 0xbf]);
      withBom.set(body, 3);
      await vscode.workspace.fs.writeFile(doc.uri, withBom);
    },
  };
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** Applies one WorkspaceEdit (one undo step); what went wrong when VS Code threw or refused it, else undefined. */
export async function applyWorkspaceEdit(edit: vscode.WorkspaceEdit): Promise<{ ok: false; reason: 'failed'; message: string } | undefined> {
  let applied: boolean;
  try {
    applied = await vscode.workspace.applyEdit(edit);
  } catch (error) {
    return { ok: false, reason: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  return applied ? undefined : { ok: false, reason: 'failed', message: 'VS Code refused the workspace edit' };
}
