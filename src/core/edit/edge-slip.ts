// The similarity tier's first question: did only the first or only the last line of the oldText slip? An oldText
// whose every other line matches (whitespace collapsed, quotes folded) in exactly one place of the file is placed
// by those lines, whatever its edge line says, as long as that line is the same line misremembered (a parameter
// named differently, a comment the file lacks) and not another line or a change of meaning (slip-guard.ts).
//
// Cost: two line-sequence searches (the oldText without its first line, and without its last), each one pass with a
// substring pre-check, like the cascade's earlier tiers.

import type { LineIndex } from './line-index';
import { lineKey } from './line-keys';
import type { ScoredWindow } from './similar-windows';
import { similarity } from './similarity';
import { isEdgeSlip, withoutComment } from './slip-guard';
import { findLineSequences } from './strategies/line-sequence';
import { wholeFile } from './strategies/strategy';

/** At least this many non-blank lines besides the slipped one must match: two lines ("}" and "return x;") place nothing. */
export const EDGE_SLIP_MIN_OTHER_LINES = 3;

export type EdgeSlipVerdict =
  | { status: 'applied'; window: ScoredWindow }
  /** Found in one place, but the edge line differs by more than this rule lets through. */
  | { status: 'refused'; reason: string }
  /** Not this shape (too short, both edges differ, the other lines are in no place or in several). */
  | { status: 'none' };

/** `threshold`: the score (mean line similarity, the edge line compared without comments) the window needs. */
export function findEdgeSlip(index: LineIndex, searchLines: readonly string[], threshold: number): EdgeSlipVerdict {
  const m = searchLines.length;
  const keys = searchLines.map(lineKey.quotes);
  const limit = index.realLineCount;
  const span = wholeFile(index);
  // Windows [start, start + m) whose lines all match but `edge`.
  const found: Array<{ start: number; edge: number }> = [];
  for (const edge of [0, m - 1]) {
    // A blank line cannot slip; the blank lines around a quote match like any other.
    if (keys[edge] === '') continue;
    const others = edge === 0 ? searchLines.slice(1) : searchLines.slice(0, -1);
    if (others.filter((l) => l.trim() !== '').length < EDGE_SLIP_MIN_OTHER_LINES) return { status: 'none' };
    for (const s of findLineSequences(index, 'quotes', others, span)) {
      const start = edge === 0 ? s - 1 : s;
      // The file has no line where the slipped one would be: an extra line, which the window search weighs.
      if (start < 0 || start + m > limit) continue;
      found.push({ start, edge });
    }
  }
  if (found.length !== 1) return { status: 'none' };

  const { start, edge } = found[0]!;
  const line = start + edge;
  const fileKey = index.key('quotes', line);
  const verdict = isEdgeSlip(fileKey, keys[edge]!);
  if (!verdict.ok) return { status: 'refused', reason: `line ${line + 1}: ${verdict.reason}` };
  const edgeSimilarity = similarity(withoutComment(fileKey), withoutComment(keys[edge]!));
  const score = (m - 1 + edgeSimilarity) / m;
  if (score < threshold) return { status: 'refused', reason: `similarity ${score.toFixed(2)} is below ${threshold}` };
  return {
    status: 'applied',
    window: { start, end: start + m, score, pairing: searchLines.map((_, k) => start + k), differing: [line], unpairedSearch: [] },
  };
}
