// Similarity: the last, guarded tier. The oldText's lines match a window of the file (its length ±1 line) except
// for a few lines that differ by a slip: a typo, a letter dropped, a parameter added to a signature. Applied only
// when the best window is unique by a clear margin, and always reported with its similarity and lines to check.
//
// First, an oldText whose first or last line alone differs while the others match in one place is placed there
// (edge-slip.ts): the line may name a parameter differently or carry a comment, never flip meaning.
//
// Otherwise guards, strictest for short blocks: at least two non-blank lines; at most a quarter of the lines differ (one in
// blocks under eight lines); each differing line is itself similar and differs by no operator, number, negation
// or boolean (slip-guard.ts); short blocks may not add or drop words; the score clears SIMILARITY_THRESHOLD; no
// window elsewhere scores within SIMILARITY_MARGIN. The cascade reaches this tier only when every earlier one
// found nothing, so it never picks among places an earlier tier called ambiguous.

import { findEdgeSlip } from '../edge-slip';
import type { LineIndex } from '../line-index';
import { lineKey } from '../line-keys';
import type { SearchText } from '../search-text';
import { scoreSimilarWindows, type ScoredWindow, type SimilarSearchStats } from '../similar-windows';
import { similarity } from '../similarity';
import { isSlip } from '../slip-guard';
import type { EditStrategy, StrategyMatch } from './strategy';

export const SIMILARITY_THRESHOLD = 0.9;
/** The best window must beat every window that does not overlap it by this much. */
export const SIMILARITY_MARGIN = 0.05;
/** Blocks up to this many non-blank lines are short: stricter per-line similarity, no added or dropped words. */
export const SHORT_BLOCK = 3;
const LINE_MIN = { short: 0.8, long: 0.7 };

export type SimilarVerdict =
  | { status: 'applied'; window: ScoredWindow; stats?: SimilarSearchStats }
  | { status: 'refused'; reason: string; stats?: SimilarSearchStats; window?: ScoredWindow };

export function findSimilarWindow(index: LineIndex, search: SearchText): SimilarVerdict {
  const lines = search.lines;
  const nonBlank = lines.filter((l) => l.trim() !== '').length;
  if (nonBlank < 2) return { status: 'refused', reason: 'a single line gets no similarity matching' };
  const short = nonBlank <= SHORT_BLOCK;
  // Only the first or the last line differs and the others are in one place: that place, unless the line flips
  // meaning. A refused edge line is still weighed below as a slip, under the stricter per-line guards ("asyn").
  const edge = short ? undefined : findEdgeSlip(index, lines, SIMILARITY_THRESHOLD);
  if (edge?.status === 'applied') return { status: 'applied', window: edge.window };
  const maxDiffering = Math.max(1, Math.floor(nonBlank / 4));
  const searchKeys = lines.map(lineKey.quotes);
  const found = scoreSimilarWindows(index, lines, searchKeys, maxDiffering);
  if (found.status !== 'scored') return { status: 'refused', reason: found.status, stats: found.stats };
  const stats = found.stats;
  if (found.windows.length === 0) return { status: 'refused', reason: 'no window', stats };

  const best = found.windows.reduce((a, b) => (b.score > a.score || (b.score === a.score && b.end - b.start === lines.length && a.end - a.start !== lines.length) ? b : a));
  const refuse = (reason: string): SimilarVerdict => ({ status: 'refused', reason, stats, window: best });
  if (best.score < SIMILARITY_THRESHOLD) return refuse(`similarity ${best.score.toFixed(2)} is below ${SIMILARITY_THRESHOLD}`);
  if (best.differing.length + best.unpairedSearch.length > maxDiffering) return refuse('too many lines differ');
  if (short && (best.end - best.start !== lines.length || best.unpairedSearch.length > 0)) return refuse('a short block may not gain or lose a line');

  for (const [k, i] of best.pairing.entries()) {
    if (i === -1 || index.key('quotes', i) === searchKeys[k]) continue;
    const slip = isSlip(index.key('quotes', i), searchKeys[k]!, !short);
    if (!slip.ok) return refuse(`line ${i + 1}: ${slip.reason}`);
    // A punctuation-only slip ("}" for "};") is harmless however short the line; changed words must stay close.
    const lineSim = similarity(index.key('quotes', i), searchKeys[k]!);
    if (slip.wordsChanged && lineSim < (short ? LINE_MIN.short : LINE_MIN.long)) return refuse(`line ${i + 1} differs too much`);
  }

  const rival = found.windows.reduce((top, w) => (w.end <= best.start || w.start >= best.end ? Math.max(top, w.score) : top), 0);
  if (best.score - rival < SIMILARITY_MARGIN) return refuse(`another window scores ${rival.toFixed(2)}`);
  return { status: 'applied', window: best, stats };
}

export const similarLinesStrategy: EditStrategy = {
  name: 'similarity',
  allowsReplaceAll: false,
  find(index: LineIndex, search: SearchText): StrategyMatch {
    const verdict = findSimilarWindow(index, search);
    if (verdict.status !== 'applied') return { candidates: [], search };
    const w = verdict.window;
    return { candidates: [{ type: 'lines', startLine: w.start, endLine: w.end, similarity: w.score, differingLines: w.differing }], search };
  },
};
