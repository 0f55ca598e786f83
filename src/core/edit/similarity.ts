// Levenshtein similarity in [0, 1]: 1 for equal strings, 0 when nothing is shared.

import { distance } from 'fastest-levenshtein';

export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - distance(a, b) / longest;
}

/**
 * Similarity of two blocks of lines: the mean per-line similarity, pairing lines in order. Blocks of different
 * lengths are aligned first (a line may pair with nothing), and the total is divided by the longer block's length,
 * so a missing or extra line costs one whole line.
 */
export function blockSimilarity(a: readonly string[], b: readonly string[]): number {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 1;
  if (a.length === b.length) {
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += similarity(a[i]!, b[i]!);
    return sum / longest;
  }
  // best[i][j]: the best total pairing a[0..i) with b[0..j).
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.max(previous[j]!, row[j - 1]!, previous[j - 1]! + similarity(a[i - 1]!, b[j - 1]!));
    }
    previous = row;
  }
  return previous[b.length]! / longest;
}
