// Which lines an edit replaced, in old-file coordinates: what diagnostics need to map old ranges through the edit.

import { structuredPatch } from 'diff';
import type { LineIndex } from './line-index';
import type { TextReplacement } from './line-endings';
import type { LineChange } from './types';

/** The line change one replacement (decoded offsets) makes in the text `index` was built from. */
export function lineChangeOf(index: LineIndex, r: TextReplacement): LineChange {
  const first = index.lineAt(r.start);
  const last = index.lineAt(r.end);
  const oldBreaks = countBreaks(index.text, r.start, r.end);
  const newBreaks = countBreaks(r.text, 0, r.text.length);
  let oldLineCount = last - first + 1;
  let newLineCount = oldLineCount + newBreaks - oldBreaks;
  // Whole lines replaced by whole lines: the line after the last break is untouched.
  const wholeLines =
    r.end > r.start &&
    (r.start === 0 || index.text[r.start - 1] === '\n') &&
    index.text[r.end - 1] === '\n' &&
    (r.text === '' || r.text.endsWith('\n'));
  if (wholeLines) {
    oldLineCount--;
    newLineCount--;
  }
  return { startLine: first, oldLineCount, newLineCount };
}

/** Sorts changes and merges those that share a line (two edits on one line are one change to that line). */
export function mergeLineChanges(changes: readonly LineChange[]): LineChange[] {
  const sorted = [...changes].sort((a, b) => a.startLine - b.startLine);
  const merged: LineChange[] = [];
  for (const c of sorted) {
    const prev = merged[merged.length - 1];
    if (prev && c.startLine < prev.startLine + prev.oldLineCount) {
      const end = Math.max(prev.startLine + prev.oldLineCount, c.startLine + c.oldLineCount);
      const delta = prev.newLineCount - prev.oldLineCount + (c.newLineCount - c.oldLineCount);
      prev.oldLineCount = end - prev.startLine;
      prev.newLineCount = prev.oldLineCount + delta;
    } else {
      merged.push({ ...c });
    }
  }
  return merged;
}

/** Line changes between two versions of a file, e.g. when the user edited the proposal before accepting it. */
export function lineChangesBetween(oldContent: string, newContent: string): LineChange[] {
  const patch = structuredPatch('old', 'new', oldContent, newContent, undefined, undefined, { context: 0 });
  // structuredPatch gives the 1-based line a hunk starts at even when it has no old lines (formatPatch adjusts).
  return patch.hunks.map((h) => ({
    startLine: h.oldStart - 1,
    oldLineCount: h.oldLines,
    newLineCount: h.newLines,
  }));
}

function countBreaks(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf('\n', from); i !== -1 && i < to; i = s.indexOf('\n', i + 1)) n++;
  return n;
}
