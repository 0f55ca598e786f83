// Places the hunks of one "*** Update File" section and computes the file's new content.
//
// Hunks apply in order, each searched after the previous one (an "@@ anchor" line narrows the search further).
// Context is matched with edit_file's own cascade, whitespace, indentation, escaping, blank lines and slips alike. A
// hunk without an anchor must match in exactly one place after the previous hunk; with an anchor, the first
// line-by-line match after the anchor is taken.

import { buildLocated } from './apply-edits';
import { findClosestRegion } from './closest-region';
import { LineIndex } from './line-index';
import { applyReplacements, decodeText, type TextReplacement } from './line-endings';
import { lineKey } from './line-keys';
import { candidateLines, candidateStartLine, locateEdit, type LocateResult } from './match-cascade';
import { driftRefusal } from './drift-guard';
import { closestHint, listLines, stageName } from './messages';
import type { PatchHunk } from './patch-parser';
import { toSearchText } from './search-text';
import type { Candidate } from './strategies/strategy';
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
      // Lines added at the end without an anchor say nothing about where the next hunk is: it is still searched
      // from where the previous one ended, so an append first does not hide a later removal (Codex reads it so).
      if (hunk.anchor !== undefined) cursor = at;
      continue;
    }

    const newLines = hunk.lines.filter((l) => l.op !== '-').map((l) => l.text);
    const found = locateHunk(index, oldLines, wholeLines(newLines), from, hunk);
    if (found.status === 'ambiguous') {
      return fail(
        `its context and removed lines occur ${found.starts.length} times (${stageName(found.strategy)}), starting at ${listLines(found.starts)}. ` +
          'Add an "@@" line naming the enclosing function or class, or more context lines.',
      );
    }
    if (found.status === 'refused') return fail(found.message);
    if (found.status === 'not_found') {
      const closest = findClosestRegion(index, toSearchText(oldLines.join('\n')), from);
      return fail(`its context and removed lines were not found${from > 0 ? ` from line ${from + 1} on` : ''}. ${closestHint(closest, 'patch')}`);
    }

    // Context lines keep the file's own text (buildReplacement keeps every line newText has unchanged); removed
    // lines go, added lines come re-indented to the file's.
    const built = buildLocated(found.sub, found.located, wholeLines(newLines), from);
    for (const r of built.replacements) replacements.push({ start: r.start + found.base, end: r.end + found.base, text: r.text });
    notes.push(`${label}: ${built.note}`);
    cursor = built.ranges[0]!.endLine;
  }
  return { ok: true, content: applyReplacements(raw, decoded, replacements), notes };
}

type HunkLocation =
  | { status: 'found'; sub: LineIndex; base: number; located: Extract<LocateResult, { status: 'found' }> }
  | { status: 'ambiguous'; starts: number[]; strategy: MatchStrategy }
  | { status: 'refused'; message: string }
  | { status: 'not_found' };

/** Strategies that compare every line one to one: where their matches tie, an "@@" anchor may pick the first. */
const LINE_BY_LINE = new Set<MatchStrategy>(['exact', 'line-trimmed', 'indentation-flexible', 'whitespace-normalised', 'escape-normalised']);

/**
 * Places a hunk's context and removed lines with edit_file's cascade (match-cascade.ts), searched from line `from`
 * on: the same tolerance of whitespace, indentation, escaping, blank lines and slips, and the same refusals. Two
 * places refuse the hunk, unless it ends the file ("*** End of File") and one of them does, or an "@@" anchor
 * narrowed the search and a line-by-line strategy found them (the first after the anchor is meant).
 */
function locateHunk(index: LineIndex, oldLines: readonly string[], newText: string, from: number, hunk: PatchHunk): HunkLocation {
  const base = from < index.lineCount ? index.lineStarts[from]! : index.text.length;
  const sub = from === 0 ? index : new LineIndex(index.text.slice(base));
  const located = locateEdit(sub, toSearchText(wholeLines(oldLines)), false, { wholeLines: true, newText });
  if (located.status === 'not_found') return located;
  if (located.status === 'refused') return { status: 'refused', message: located.message };
  const sorted = [...located.candidates].sort((a, b) => candidateStartLine(sub, a) - candidateStartLine(sub, b));
  const atEnd = hunk.endOfFile ? sorted.filter((c) => candidateLines(sub, c).endLine === sub.realLineCount) : [];
  let chosen: Candidate | undefined;
  if (located.status === 'found') chosen = atEnd[0] ?? sorted[0];
  else if (atEnd.length === 1) chosen = atEnd[0];
  else if (hunk.anchor !== undefined && LINE_BY_LINE.has(located.strategy)) chosen = sorted[0];
  if (!chosen) return { status: 'ambiguous', starts: sorted.map((c) => candidateStartLine(sub, c) + from), strategy: located.strategy };
  const { search, rewriteNewText, strategy } = located;
  // A tolerant match may correct what the model misremembered only on lines the hunk keeps (drift-guard.ts).
  const drift = driftRefusal(sub, chosen, strategy, search, rewriteNewText ? rewriteNewText(newText) : newText, from);
  if (drift) return { status: 'refused', message: `its context and removed lines were placed ${stageName(strategy)}, but ${drift}` };
  return { status: 'found', sub, base, located: { status: 'found', strategy, candidates: [chosen], search, ...(rewriteNewText ? { rewriteNewText } : {}) } };
}

/** Lines as the text of whole lines, each with its line break, so a match owns the breaks and a deletion takes them. */
function wholeLines(lines: readonly string[]): string {
  return lines.map((l) => `${l}\n`).join('');
}

/** The first line at or after `from` that the anchor names: equal once trimmed, else containing it. */
function findAnchor(index: LineIndex, anchor: string, from: number, to: number): number | undefined {
  const wanted = lineKey.collapsed(anchor);
  for (let i = from; i < to; i++) if (index.key('collapsed', i) === wanted) return i;
  for (let i = from; i < to; i++) if (index.key('collapsed', i).includes(wanted)) return i;
  return undefined;
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
