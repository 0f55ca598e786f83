// The search behind the similarity tier: whole-line windows of the oldText's length (±1 line) scored by a
// line-aware similarity, over only the windows that enough of the oldText's lines vote for.
//
// Cost bound: one pass over the file trimming each line and looking it up in a map of the oldText's lines (lines
// that occur more than MAX_KEY_HITS times are too common to vote); only starts with enough votes are scored, and
// when scoring them would take more than MAX_PAIRS line comparisons the search gives up. So a 20,000-line file
// costs one linear pass plus at most MAX_PAIRS Levenshtein distances, never file × block.

import { distance } from 'fastest-levenshtein';
import type { LineIndex } from './line-index';
import { lineKey } from './line-keys';

/** A file line equal to an oldText line more often than this anchors nothing ("return result;", "} else {"). */
export const MAX_KEY_HITS = 64;
/** At most this many (file line, oldText line) pairs are compared: beyond it the block is too repetitive to place. */
export const MAX_PAIRS = 24_000;

export interface ScoredWindow {
  start: number;
  /** Exclusive. */
  end: number;
  /** Mean per-line similarity over the longer of window and oldText (an unpaired line counts 0). */
  score: number;
  /** Each oldText line's file line in the window, or -1 when it pairs with nothing. */
  pairing: number[];
  /** File lines whose text differs from the oldText line they pair with, plus unpaired file lines. */
  differing: number[];
  /** oldText lines that pair with nothing. */
  unpairedSearch: number[];
}

export interface SimilarSearchStats {
  votingLines: number;
  startsScored: number;
  windowsScored: number;
  pairsCompared: number;
  levenshteinCalls: number;
}

export type SimilarSearch =
  | { status: 'scored'; windows: ScoredWindow[]; stats: SimilarSearchStats }
  | { status: 'unanchored' | 'too_repetitive'; stats: SimilarSearchStats };

/** A line with at least three letters or digits can vote; "}" or "});" would vote everywhere. */
export function isDistinctive(key: string): boolean {
  let n = 0;
  for (const ch of key) if (/[\p{L}\p{N}_]/u.test(ch) && ++n >= 3) return true;
  return false;
}

/**
 * Scores the windows around every start that could hold `searchLines` with at most `maxDiffering` lines
 * differing. `searchKeys` are the oldText lines as compared (whitespace collapsed, quotes folded).
 */
export function scoreSimilarWindows(index: LineIndex, searchLines: readonly string[], searchKeys: readonly string[], maxDiffering: number): SimilarSearch {
  const stats: SimilarSearchStats = { votingLines: 0, startsScored: 0, windowsScored: 0, pairsCompared: 0, levenshteinCalls: 0 };
  const m = searchLines.length;
  const lines = index.lines;
  const limit = index.realLineCount;

  // Positions of each distinctive oldText line, by its trimmed text.
  const wanted = new Map<string, number[]>();
  searchLines.forEach((line, k) => {
    const key = lineKey.trim(line);
    if (!isDistinctive(key)) return;
    const at = wanted.get(key) ?? [];
    at.push(k);
    wanted.set(key, at);
  });
  const hits = new Map<string, number[]>();
  for (let i = 0; i < limit; i++) {
    const key = lineKey.trim(lines[i]!);
    if (!wanted.has(key)) continue;
    const list = hits.get(key) ?? [];
    if (list.length <= MAX_KEY_HITS) list.push(i);
    hits.set(key, list);
  }
  const votes = new Map<number, number>();
  for (const [key, at] of wanted) {
    const found = hits.get(key);
    if (!found || found.length > MAX_KEY_HITS) continue;
    stats.votingLines += at.length;
    for (const i of found) for (const k of at) votes.set(i - k, (votes.get(i - k) ?? 0) + 1);
  }
  // Only lines that could vote count: the window must have this many of them equal, give or take the differing.
  let voters = 0;
  for (const [key, at] of wanted) if ((hits.get(key)?.length ?? 0) <= MAX_KEY_HITS) voters += at.length;
  const needed = voters - maxDiffering;
  if (needed < 1) return { status: 'unanchored', stats };

  // A window with one line more or less splits its votes between two neighbouring starts.
  const starts = [...votes.keys()].filter((s) => (votes.get(s - 1) ?? 0) + (votes.get(s) ?? 0) + (votes.get(s + 1) ?? 0) >= needed);
  starts.sort((a, b) => a - b);
  if (starts.length * 4 * m > MAX_PAIRS) return { status: 'too_repetitive', stats };

  const memo = new Map<number, number>();
  const sim = (k: number, i: number): number => {
    const id = i * (m + 1) + k;
    let s = memo.get(id);
    if (s === undefined) {
      stats.pairsCompared++;
      const a = index.key('quotes', i);
      const b = searchKeys[k]!;
      if (a === b) s = 1;
      else {
        stats.levenshteinCalls++;
        const longest = Math.max(a.length, b.length);
        s = longest === 0 ? 1 : 1 - distance(a, b) / longest;
      }
      memo.set(id, s);
    }
    return s;
  };

  const seen = new Set<string>();
  const windows: ScoredWindow[] = [];
  for (const s of starts) {
    stats.startsScored++;
    for (const [start, length] of [[s, m], [s, m + 1], [s, m - 1], [s - 1, m + 1], [s + 1, m - 1]] as const) {
      if (length < 1 || start < 0 || start + length > limit) continue;
      const id = `${start}:${length}`;
      if (seen.has(id)) continue;
      seen.add(id);
      stats.windowsScored++;
      windows.push(scoreWindow(start, length, m, sim));
    }
  }
  return { status: 'scored', windows, stats };
}

/** The best one-gap alignment of the oldText's m lines with the window's `length` lines (m - 1, m or m + 1). */
function scoreWindow(start: number, length: number, m: number, sim: (k: number, i: number) => number): ScoredWindow {
  const gaps = length === m ? [m] : Array.from({ length: length > m ? m + 1 : m }, (_, g) => g);
  let best: ScoredWindow | undefined;
  for (const g of gaps) {
    const pairing: number[] = [];
    const differing: number[] = [];
    const unpairedSearch: number[] = [];
    let sum = 0;
    for (let k = 0; k < m; k++) {
      let i: number;
      if (length >= m) i = start + (k < g ? k : k + length - m);
      else if (k === g) i = -1;
      else i = start + (k < g ? k : k - 1);
      pairing.push(i);
      if (i === -1) {
        unpairedSearch.push(k);
        continue;
      }
      const s = sim(k, i);
      sum += s;
      if (s < 1) differing.push(i);
    }
    if (length > m) differing.push(start + g);
    const score = sum / Math.max(m, length);
    if (!best || score > best.score) best = { start, end: start + length, score, pairing, differing: differing.sort((a, b) => a - b), unpairedSearch };
  }
  return best!;
}
