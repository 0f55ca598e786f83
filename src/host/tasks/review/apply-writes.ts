// Writes an apply plan onto the user's files as one WorkspaceEdit (one Undo reverts it all), then saves them. The
// changes stay unstaged: nothing here runs git, so the user's index is never touched. A text file is edited in
// place (only the changed lines), a binary file is replaced (deleted and created, so Undo can bring it back),
// new files are created and removed ones deleted. A file with unsaved edits is refused, never overwritten.
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { FileWrite } from '../../../core/tasks/apply-plan';
import { minimalEdits } from '../../editing/minimal-edits';
import { awaitCurrentCopy, saveWithRecovery } from '../../editing/save-recovery';
import { applyWorkspaceEdit, target } from '../../editing/workspace-edit-applier';

export type WritesOutcome = { ok: true; written: string[] } | { ok: false; reason: 'unsaved' | 'changed' | 'failed'; path?: string; message?: string };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function textOf(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

async function readDisk(uri: vscode.Uri): Promise<Uint8Array | undefined> {
  return Promise.resolve(vscode.workspace.fs.readFile(uri)).catch(() => undefined);
}

/** `writes` are relative to `root`; `label` names the step in Undo. */
export async function applyWrites(root: string, writes: readonly FileWrite[], label: string): Promise<WritesOutcome> {
  const edit = new vscode.WorkspaceEdit();
  const toSave: { uri: vscode.Uri; before: string }[] = [];
  for (const write of writes) {
    const uri = vscode.Uri.file(join(root, write.path));
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open?.isDirty) return { ok: false, reason: 'unsaved', path: write.path };
    const disk = await readDisk(uri);
    const metadata = { label, needsConfirmation: false };
    if (write.content === null) {
      if (disk !== undefined) edit.deleteFile(uri, { ignoreIfNotExists: true }, metadata);
      continue;
    }
    if (disk === undefined) {
      edit.createFile(uri, { contents: write.content, overwrite: false }, metadata);
      continue;
    }
    const before = textOf(disk);
    const after = textOf(write.content);
    if (before === undefined || after === undefined) {
      edit.deleteFile(uri, {}, metadata);
      edit.createFile(uri, { contents: write.content }, metadata);
      continue;
    }
    const doc = await vscode.workspace.openTextDocument(uri);
    // VS Code's copy of a clean file may lag behind the disk (its watcher): wait for it, never edit a stale copy.
    const copy = await awaitCurrentCopy(target(doc));
    if (!copy.current) return { ok: false, reason: 'changed', path: write.path };
    const current = doc.getText();
    for (const e of minimalEdits(current, after)) edit.replace(uri, new vscode.Range(doc.positionAt(e.start), doc.positionAt(e.end)), e.text, metadata);
    toSave.push({ uri, before: current });
  }
  const refused = await applyWorkspaceEdit(edit);
  if (refused) return refused;
  for (const { uri, before } of toSave) {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!doc?.isDirty) continue;
    const saved = await saveWithRecovery(target(doc), before);
    if (!saved.ok) return { ok: false, reason: 'failed', path: uri.fsPath, message: saved.message };
  }
  return { ok: true, written: writes.map((w) => w.path) };
}
