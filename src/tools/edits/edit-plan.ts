// What an editing tool proposes before anyone approves it: one ProposedFileChange per file (absolute paths,
// baseText = the text it was computed from), and the words that go with it.
import type { ProposedFileChange } from '../../core/ports/edit-review';

export interface EditPlan {
  changes: ProposedFileChange[];
  /** For the model: how the edits matched, e.g. "Edit applied: matched exactly at lines 3-4." */
  message: string;
  /** For people, one line: "Edit src/app.ts (2 edits)". */
  summary: string;
}

/** Every path the change touches (both ends of a move), for the permission check. */
export function touchedPaths(changes: readonly ProposedFileChange[]): string[] {
  return [...new Set(changes.flatMap((c) => (c.kind === 'move' && c.newPath ? [c.path, c.newPath] : [c.path])))];
}

/** Where the file lives after the change; undefined when it is deleted. */
export function pathAfter(change: ProposedFileChange): string | undefined {
  if (change.kind === 'delete') return undefined;
  return change.kind === 'move' && change.newPath ? change.newPath : change.path;
}
