// Places the hunks of one "*** Update File" section and computes the file's new content.
//
// Hunks apply in order, each searched after the previous one (an "@@ anchor" line narrows the search further).
// Context is matched with the same tolerant line strategies as edit_file. A hunk without an anchor must match in
// exactly one place after the previous hunk; with an anchor, the first match after the anchor is taken.

import { findClosestRegion } from './closest-region';
import { reindent } from './reindent';
import { LineIndex } from './line-index';
import { applyReplacements, decodeText, type TextReplacement } from './line-endings';
import { lineKey } from './line-keys';
import { LINE_CASCADE } from './match-cascade';
import { closestHint, listLines, matchNote, stageName } from './messages';
import type { PatchHunk } from './patch-parser';
import { toSearchText } from './search-text';
import type { MatchStrategy } from './types';

export type HunksResult = { ok: true; content: string; notes: string[] } | { ok: false; message: string; patchLine: number };

export function applyHunks(raw: string, hunks: readonly PatchHunk[]): HunksResult {
  const decoded = decodeText(raw);
  const index = new LineIndex(decoded.text);
  // The empty piece after a final newline is not a line a hunk can match.
  const realLines = decoded.text === '' ? 0 : decoded.text.endsWith('\n') ? index.lineCount - 1 : index.lineCount;
  const replacements: TextReplacement[] = [];
  const notes: string[] = [];
  let cursor = 0;

  for (const [k, hunk] of hunks.entries()) {
    const label = `hunk ${k + 1}`;
    const fail = (message: string): HunksResult => ({ ok: false, message: `${label} (patch line ${hunk.patchLine}): ${message}`, patchLine: hunk.patchLine });
    let from = cursor;
    if (hunk.anchor !== undefined) {
      const at = findAnchor(index, hunk.anchor, cursor, realLines);
      if (at === undefined) return fail(`the line "@@ ${hunk.anchor}" names was not found${cursor > 0 ? ` after line ${cursor}` : ''}.`);
      from = at;
    }

    const oldLines = hunk.lines.filter((l) => l.op !== '+').map((l) => l.text);
    if (oldLines.length === 0) {
      const at = hunk.anchor !== undefined ? from + 1 : realLines;
      const added = hunk.lines.map((l) => l.text);
      replacements.push(insertLines(index, at, realLines, added));
      notes.push(`${label}: inserted ${added.length} line${added.length === 1 ? '' : 's'} ${at >= realLines ? 'at the end of the file' : `before line ${at + 1}`}`);
      cursor = at;
      continue;
    }

    const found = locateHunk(index, oldLines, from, realLines, hunk);
    if (found.status === 'ambiguous') {
      return fail(
        `its context and removed lines occur ${found.starts.length} times (${stageName(found.strategy)}), starting at ${listLines(found.starts.map((s) => s + 1))}. ` +
          'Add an "@@" line naming the enclosing function or class, or more context lines.',
      );
    }
    if (found.status === 'not_found') {
      const closest = findClosestRegion(index, toSearchText(oldLines.join('\n')), from);
      return fail(`its context and removed lines were not found${from > 0 ? ` from line ${from + 1} on` : ''}. ${closestHint(closest, 'patch')}`);
    }

    const { start, strategy } = found;
    const window = index.lines.slice(start, start + oldLines.length);
    const added = hunk.lines.filter((l) => l.op === '+').map((l) => l.text);
    const fitted = reindent(window, oldLines, added, () => index.indentStyle());
    const newLines: string[] = [];
    let oldAt = 0;
    let addedAt = 0;
    // Context lines keep the file's own text; only added lines come from the patch.
    for (const line of hunk.lines) {
      if (line.op === ' ') newLines.push(window[oldAt++]!);
      else if (line.op === '-') oldAt++;
      else newLines.push(fitted.lines[addedAt++]!);
    }
    replacements.push(replaceLines(index, start, oldLines.length, newLines));
    const range = { startLine: start + 1, endLine: start + oldLines.length };
    notes.push(`${label}: ${matchNote(strategy, [range], fitted.change ? { reindent: fitted.change } : {})}`);
    cursor = start + oldLines.length;
  }
  return { ok: true, content: applyReplacements(raw, decoded, replacements), notes };
}

type HunkLocation =
  | { status: 'found'; start: number; strategy: MatchStrategy }
  | { status: 'ambiguous'; starts: number[]; strategy: MatchStrategy }
  | { status: 'not_found' };

function locateHunk(index: LineIndex, oldLines: readonly string[], from: number, to: number, hunk: PatchHunk): HunkLocation {
  for (const strategy of LINE_CASCADE) {
    let starts = strategy.findLines(index, oldLines, { from, to });
    if (hunk.endOfFile) {
      const atEnd = starts.filter((s) => s + oldLines.length === to);
      if (atEnd.length > 0) starts = atEnd;
    }
    if (starts.length === 0) continue;
    if (hunk.anchor === undefined && starts.length > 1) return { status: 'ambiguous', starts, strategy: strategy.name };
    return { status: 'found', start: starts[0]!, strategy: strategy.name };
  }
  return { status: 'not_found' };
}

/** The first line at or after `from` that the anchor names: equal once trimmed, else containing it. */
function findAnchor(index: LineIndex, anchor: string, from: number, to: number): number | undefined {
  const wanted = lineKey.collapsed(anchor);
  for (let i = from; i < to; i++) if (index.key('collapsed', i) === wanted) return i;
  for (let i = from; i < to; i++) if (index.key('collapsed', i).includes(wanted)) return i;
  return undefined;
}

/** Replaces lines [start, start + count) with `lines`, keeping the file's final newline (or its absence). */
function replaceLines(index: LineIndex, start: number, count: number, lines: readonly string[]): TextReplacement {
  const last = start + count - 1;
  if (index.hasTerminator(last)) {
    return { start: index.lineStarts[start]!, end: index.lineStarts[last + 1]!, text: lines.map((l) => `${l}\n`).join('') };
  }
  if (lines.length === 0 && start > 0) return { start: index.contentEnd(start - 1), end: index.contentEnd(last), text: '' };
  return { start: index.lineStarts[start]!, end: index.contentEnd(last), text: lines.join('\n') };
}

/** Inserts `lines` before line `at`, or at the end of the file when `at` is past its last line. */
function insertLines(index: LineIndex, at: number, realLines: number, lines: readonly string[]): TextReplacement {
  if (at < realLines) {
    const offset = index.lineStarts[at]!;
    return { start: offset, end: offset, text: lines.map((l) => `${l}\n`).join('') };
  }
  const end = index.text.length;
  if (end === 0) return { start: 0, end: 0, text: `${lines.join('\n')}\n` };
  // Without a final newline the inserted lines become the unterminated last line, as the file was.
  const text = index.text.endsWith('\n') ? lines.map((l) => `${l}\n`).join('') : `\n${lines.join('\n')}`;
  return { start: end, end, text };
}
