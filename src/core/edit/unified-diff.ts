// The diff display block for a proposed change: unified diff text plus added/removed line counts.

import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';

export interface UnifiedDiffBlock {
  unifiedDiff: string;
  added: number;
  removed: number;
}

export interface DiffableChange {
  path: string;
  /** Absent for a new file: it is diffed against nothing. */
  oldContent?: string;
  /** Absent for a deleted file. */
  newContent?: string;
  newPath?: string;
}

export function unifiedDiffFor(change: DiffableChange, context = 3): UnifiedDiffBlock {
  const oldName = change.oldContent === undefined ? '/dev/null' : `a/${change.path}`;
  const newName = change.newContent === undefined ? '/dev/null' : `b/${change.newPath ?? change.path}`;
  const patch = structuredPatch(oldName, newName, change.oldContent ?? '', change.newContent ?? '', undefined, undefined, { context });
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
  }
  // A pure rename has no hunks but is still worth showing.
  const renamed = change.newPath !== undefined && change.newPath !== change.path;
  const unifiedDiff = patch.hunks.length > 0 || renamed ? formatPatch(patch, FILE_HEADERS_ONLY) : '';
  return { unifiedDiff, added, removed };
}
