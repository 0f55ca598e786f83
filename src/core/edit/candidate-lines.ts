// The lines a strategy must look at for one line of the oldText: those that contain every piece of its key.
//
// Scanning every line with a few `includes` calls is cheap in ordinary code, where the longest piece is rare; in
// generated code, tables and logs every line shares long prefixes and suffixes, most pieces are on every line and
// the scan costs several calls per line per strategy. So a rare piece is looked up first, by indexOf over the text
// (remembered across strategies), and only its lines are checked; a scan is left for keys all of whose pieces are
// common.

import type { LineIndex } from './line-index';
import { containsAll, keysOf, lineKey, prefilterPieces, type LineKeyKind } from './line-keys';

/** A piece on more lines than this is common: a scan checks each line faster than its positions can be listed. */
export const RARE_PIECE_LINES = 256;

/** At most this many of a key's pieces, longest first, are looked up before its lines are scanned. */
export const MAX_PIECES_LOOKED_UP = 8;

/** Lines in [from, to) whose raw text holds every piece of `key` (keys of `kind`), ascending. */
export function candidateLines(index: LineIndex, kind: LineKeyKind, key: string, from: number, to: number): number[] {
  return rareCandidateLines(index, kind, key, from, to) ?? scanCandidateLines(index, kind, key, from, to);
}

/** The same lines found through the longest piece of `key` on at most RARE_PIECE_LINES lines; null when none is. */
export function rareCandidateLines(index: LineIndex, kind: LineKeyKind, key: string, from: number, to: number): number[] | null {
  const pieces = prefilterPieces(kind, key);
  // Looked up by the pieces of the loosest key, which every stricter key's line also holds: the strategies of one
  // edit then share their look-ups. Without a typographic quote in the file a line's quotes key is its collapsed
  // key, whose pieces (split at whitespace only) are longer, and a longer needle is found faster.
  const lookup = prefilterPieces(index.hasSmartQuotes() ? 'quotes' : 'collapsed', lineKey.quotes(key));
  const start = Math.max(from, 0);
  const end = Math.min(to, index.lineCount);
  // A long line (an oldText sent as one JSON-escaped line) has hundreds of pieces: its longest few decide.
  for (const piece of lookup.slice(0, MAX_PIECES_LOOKED_UP)) {
    const on = index.linesWithPiece(piece, RARE_PIECE_LINES);
    if (on === null) continue;
    const found: number[] = [];
    for (const i of on) if (i >= start && i < end && containsAll(index.line(i), pieces)) found.push(i);
    return found;
  }
  return null;
}

/** The same lines found by checking every line in range. */
export function scanCandidateLines(index: LineIndex, kind: LineKeyKind, key: string, from: number, to: number): number[] {
  const pieces = prefilterPieces(kind, key);
  const found: number[] = [];
  const end = Math.min(to, index.lineCount);
  for (let i = Math.max(from, 0); i < end; i++) if (containsAll(index.line(i), pieces)) found.push(i);
  return found;
}

/**
 * Which search line to probe with, and its candidate lines in the file. The first line with content is tried
 * first: block-anchor must look its lines up anyway, so every strategy of an edit then shares one look-up; then
 * the longest line; when neither has a rare piece, the longest line's pieces are checked on every line in range.
 * `range(k)` gives the file lines search line k may sit on.
 */
export function probeLines(
  index: LineIndex,
  kind: LineKeyKind,
  searchLines: readonly string[],
  keys: readonly string[],
  range: (k: number) => [number, number],
): { anchor: number; lines: number[] } | undefined {
  const loose = keysOf(searchLines, 'quotes');
  const first = loose.findIndex((k) => k !== '');
  let longest = -1;
  loose.forEach((k, i) => {
    if (k !== '' && (longest === -1 || k.length > loose[longest]!.length)) longest = i;
  });
  if (first === -1) {
    // Only whitespace: the kind's own keys decide (exact whitespace lines for the raw kind, nothing for the others).
    const anchor = keys.reduce((best, k, i) => (k.length > keys[best]!.length ? i : best), 0);
    if (keys[anchor] === '') return undefined;
    return { anchor, lines: scanCandidateLines(index, kind, keys[anchor]!, ...range(anchor)) };
  }
  for (const anchor of first === longest ? [first] : [first, longest]) {
    if (keys[anchor] === '') continue;
    const lines = rareCandidateLines(index, kind, keys[anchor]!, ...range(anchor));
    if (lines) return { anchor, lines };
  }
  return { anchor: longest, lines: scanCandidateLines(index, kind, keys[longest]!, ...range(longest)) };
}
