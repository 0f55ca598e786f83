// A line the model misremembered but does not change: a default value in a signature it only adds a line below,
// an interpreter line written differently from the file's. The slip guards of the similarity tier refuse such a
// line when it differs by a number or a whole word, yet the edit rests on nothing it says (a negation, an operator,
// an opposite word or another name at the line's head still refuse: the lines the edit changes may rest on them). When every line the edit
// changes matches the file, the block with the kept lines left open occurs in exactly one place, and only a few kept
// lines differ there, the block is that place, and the file's own text of those lines stays (replacement.ts keeps
// every line newText has unchanged).

import { candidateLines } from './candidate-lines';
import type { LineIndex } from './line-index';
import { keptLines } from './line-pairing';
import { lineKey } from './line-keys';
import type { SearchText } from './search-text';
import { similarity } from './similarity';
import { isKeptSlip } from './slip-guard';
import type { Candidate } from './strategies/strategy';

/** Lines that must match besides the misremembered ones: fewer place nothing. */
export const KEPT_SLIP_MIN_EQUAL = 3;

export function findKeptSlip(index: LineIndex, search: SearchText, newLines: readonly string[]): Candidate | undefined {
  const lines = search.lines;
  const m = lines.length;
  const keys = lines.map(lineKey.quotes);
  const nonBlank = keys.filter((k) => k !== '').length;
  if (nonBlank < KEPT_SLIP_MIN_EQUAL + 1) return undefined;
  const kept = keptLines(lines, newLines);
  const maxDiffering = Math.max(1, Math.floor(nonBlank / 4));
  const limit = index.realLineCount;

  // Probe with lines that must match: a changed line, else (an edit that only adds lines) the first and last lines
  // with content, one of which at most is the misremembered one when they are different lines.
  const changed = keys.map((_, i) => i).filter((i) => keys[i] !== '' && !kept.has(i));
  const withContent = keys.map((_, i) => i).filter((i) => keys[i] !== '');
  const probes = changed.length > 0 ? [changed.reduce((a, b) => (keys[b]!.length > keys[a]!.length ? b : a))] : [withContent[0]!, withContent[withContent.length - 1]!];

  const starts = new Set<number>();
  for (const p of new Set(probes)) {
    for (const i of candidateLines(index, 'quotes', keys[p]!, p, limit - (m - 1 - p))) {
      if (index.key('quotes', i) === keys[p]) starts.add(i - p);
    }
  }
  const accepted: Array<{ start: number; differing: number[]; score: number }> = [];
  for (const start of starts) {
    if (start < 0 || start + m > limit) continue;
    const differing: number[] = [];
    let ok = true;
    for (let k = 0; k < m && ok; k++) {
      const fileKey = index.key('quotes', start + k);
      if (fileKey === keys[k]) continue;
      // Only a kept line with content, standing for a line with content, may differ.
      ok = kept.has(k) && keys[k] !== '' && fileKey !== '' && differing.length < maxDiffering && isKeptSlip(fileKey, keys[k]!).ok;
      differing.push(k);
    }
    if (!ok || differing.length === 0) continue;
    const score = (m - differing.length + differing.reduce((sum, k) => sum + similarity(index.key('quotes', start + k), keys[k]!), 0)) / m;
    accepted.push({ start, differing, score });
  }
  if (accepted.length !== 1) return undefined;
  const { start, differing, score } = accepted[0]!;
  return { type: 'lines', startLine: start, endLine: start + m, similarity: score, differingLines: differing.map((k) => start + k) };
}
