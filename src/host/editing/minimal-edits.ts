// Turns "replace this text with that text" into the few line ranges that changed, so applying an edit keeps
// the cursor, folding and markers outside the change where they were (a whole-document replace would not).
import { diffLines } from 'diff';

export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

export function minimalEdits(before: string, after: string): OffsetEdit[] {
  if (before === after) return [];
  const edits: OffsetEdit[] = [];
  let offset = 0;
  let pending: OffsetEdit | undefined;
  for (const part of diffLines(before, after)) {
    if (part.added) {
      pending ??= { start: offset, end: offset, text: '' };
      pending.text += part.value;
    } else if (part.removed) {
      pending ??= { start: offset, end: offset, text: '' };
      offset += part.value.length;
      pending.end = offset;
    } else {
      if (pending) edits.push(pending);
      pending = undefined;
      offset += part.value.length;
    }
  }
  if (pending) edits.push(pending);
  return edits;
}
