// Bringing one file of a task back onto the user's working tree, three ways: the base (the commit the task
// started from), the user's file as it is now ("ours") and the task's accepted result ("theirs"). A file the user
// did not touch takes the task's version; one the task did not change in effect is left; both changed it: text is
// merged (the host runs `git merge-file`), anything else is a conflict. Nothing is written while any file conflicts.

export type ApplyKind = 'added' | 'deleted' | 'modified' | 'renamed' | 'copied';

export interface FileSides {
  kind: ApplyKind;
  oldPath: string | null;
  newPath: string | null;
  binary: boolean;
  /** At `oldPath` in the base commit. */
  base: Uint8Array | null;
  /** The user's file at `oldPath` (at `newPath` for an added file). */
  ours: Uint8Array | null;
  /** The user's file at `newPath` when it differs from `oldPath` (renames, copies). */
  oursAtNew: Uint8Array | null;
  /** The task's accepted content at `newPath`. */
  theirs: Uint8Array | null;
}

export type ConflictReason = 'exists' | 'changed' | 'missing' | 'target-exists' | 'binary' | 'overlap';

export interface FileWrite {
  path: string;
  /** null deletes the file. */
  content: Uint8Array | null;
}

export type FileDecisionResult =
  | { type: 'write'; writes: FileWrite[] }
  | { type: 'merge'; ours: Uint8Array; base: Uint8Array; theirs: Uint8Array }
  | { type: 'conflict'; path: string; reason: ConflictReason };

export function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function decideFile(f: FileSides): FileDecisionResult {
  const target = f.newPath ?? f.oldPath ?? '';
  if (f.kind === 'added') {
    if (f.ours === null) return { type: 'write', writes: [{ path: target, content: f.theirs }] };
    return sameBytes(f.ours, f.theirs) ? { type: 'write', writes: [] } : { type: 'conflict', path: target, reason: 'exists' };
  }
  const source = f.oldPath ?? target;
  if (f.kind === 'deleted') {
    if (f.ours === null) return { type: 'write', writes: [] };
    return sameBytes(f.ours, f.base) ? { type: 'write', writes: [{ path: source, content: null }] } : { type: 'conflict', path: source, reason: 'changed' };
  }
  const moves = f.kind === 'renamed' && source !== target;
  const lands = (content: Uint8Array | null): FileDecisionResult => ({
    type: 'write',
    writes: [{ path: target, content }, ...(moves ? [{ path: source, content: null }] : [])],
  });
  if (f.ours === null) return { type: 'conflict', path: source, reason: 'missing' };
  if (source !== target && f.oursAtNew !== null && !sameBytes(f.oursAtNew, f.theirs)) return { type: 'conflict', path: target, reason: 'target-exists' };
  if (sameBytes(f.ours, f.base)) return lands(f.theirs);
  if (sameBytes(f.ours, f.theirs)) return moves ? lands(f.theirs) : { type: 'write', writes: [] };
  if (f.binary || f.base === null || f.theirs === null) return { type: 'conflict', path: target, reason: 'binary' };
  return { type: 'merge', ours: f.ours, base: f.base, theirs: f.theirs };
}

/** The writes after a text merge: the merged content at the target (and the old name removed for a rename). */
export function afterMerge(f: FileSides, merged: Uint8Array, conflicts: number): FileDecisionResult {
  const target = f.newPath ?? f.oldPath ?? '';
  if (conflicts > 0) return { type: 'conflict', path: target, reason: 'overlap' };
  const source = f.oldPath ?? target;
  return { type: 'write', writes: [{ path: target, content: merged }, ...(f.kind === 'renamed' && source !== target ? [{ path: source, content: null }] : [])] };
}
