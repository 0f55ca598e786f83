// apply_patch: parse a "*** Begin Patch" text and turn it into proposed file changes, reading files through an
// injected reader and writing nothing. The whole patch succeeds or none of it is proposed.

import { applyHunks } from './patch-hunks';
import { parsePatch, type PatchOperation } from './patch-parser';
import type { FileChange, ReadFile } from './types';

export interface PatchError {
  message: string;
  path?: string;
  patchLine?: number;
}

export type ApplyPatchResult = { ok: true; changes: FileChange[]; message: string } | { ok: false; error: PatchError };

export function applyPatch(patch: string, read: ReadFile): ApplyPatchResult {
  const parsed = parsePatch(patch);
  if (!parsed.ok) {
    return { ok: false, error: { message: `The patch could not be parsed: ${parsed.error.message}.\nNothing was changed.`, patchLine: parsed.error.line } };
  }
  return applyOperations(parsed.operations, read);
}

export function applyOperations(operations: readonly PatchOperation[], read: ReadFile): ApplyPatchResult {
  const changes: FileChange[] = [];
  for (const op of operations) {
    const result = applyOperation(op, read);
    if ('message' in result) {
      return { ok: false, error: { message: `${result.message}\nNothing was changed.`, path: op.path, patchLine: result.patchLine ?? op.patchLine } };
    }
    changes.push(result);
  }
  return { ok: true, changes, message: changes.map(describeChange).join('\n') };
}

function applyOperation(op: PatchOperation, read: ReadFile): FileChange | PatchError {
  const existing = read(op.path);
  switch (op.type) {
    case 'add':
      if (existing !== undefined) return { message: `Add File ${op.path}: the file already exists; use "*** Update File:" to change it.` };
      return { path: op.path, kind: 'add', newContent: op.content, notes: [] };
    case 'delete':
      if (existing === undefined) return { message: `Delete File ${op.path}: the file does not exist.` };
      return { path: op.path, kind: 'delete', oldContent: existing, notes: [] };
    case 'update': {
      if (existing === undefined) return { message: `Update File ${op.path}: the file does not exist; use "*** Add File:" to create it.` };
      if (op.moveTo !== undefined && read(op.moveTo) !== undefined) {
        return { message: `Update File ${op.path}: cannot move to ${op.moveTo}, which already exists.` };
      }
      const applied = applyHunks(existing, op.hunks);
      if (!applied.ok) return { message: `Update File ${op.path}, ${applied.message}`, patchLine: applied.patchLine };
      if (op.moveTo === undefined && applied.content === existing) {
        return { message: `Update File ${op.path}: the hunks leave the file unchanged.` };
      }
      const { content: newContent, notes } = applied;
      return op.moveTo === undefined
        ? { path: op.path, kind: 'update', oldContent: existing, newContent, notes }
        : { path: op.path, kind: 'move', oldContent: existing, newContent, newPath: op.moveTo, notes };
    }
  }
}

function describeChange(change: FileChange): string {
  const target = change.kind === 'move' ? `${change.path} → ${change.newPath}` : change.path;
  const notes = change.notes.length > 0 ? `: ${change.notes.join('; ')}` : '';
  return `${change.kind} ${target}${notes}`;
}
