// The second pass of whitespace-normalised: the non-blank lines match one to one (whitespace collapsed) and only
// blank lines differ: the model dropped a blank line between two statements, added one, or turned two into one.
// Blank lines carry no content, so which blank line pairs with which does not matter and a greedy walk is exact.

import type { LineIndex } from '../line-index';
import { probeLines } from '../candidate-lines';
import { keysOf } from '../line-keys';
import type { Candidate } from './strategy';

/** A window and, for each search line, the window line it stands for (-1: a blank line the file does not have). */
export type AlignedCandidate = Extract<Candidate, { type: 'lines' }> & { alignment: number[] };

export function findBlankTolerant(index: LineIndex, searchLines: readonly string[]): AlignedCandidate[] {
  const keys = keysOf(searchLines, 'collapsed');
  // With fewer than two non-blank lines there is nothing for blank lines to sit between.
  if (keys.filter((k) => k !== '').length < 2) return [];
  const limit = index.realLineCount;
  const probe = probeLines(index, 'collapsed', searchLines, keys, () => [0, limit]);
  if (!probe) return [];
  const { anchor } = probe;
  const found: AlignedCandidate[] = [];
  for (const i of probe.lines) {
    if (index.key('collapsed', i) !== keys[anchor]) continue;
    const alignment = align(index, keys, anchor, i, limit);
    if (!alignment) continue;
    const mapped = alignment.filter((j) => j !== -1);
    found.push({ type: 'lines', startLine: Math.min(...mapped), endLine: Math.max(...mapped) + 1, alignment });
  }
  return found;
}

/**
 * Walks out from the anchor (search line `anchor` at file line `at`) in both directions. A non-blank search line
 * must meet an equal file line once the file's extra blank lines are skipped; a blank search line takes a blank
 * file line when there is one and otherwise stands for nothing.
 */
function align(index: LineIndex, keys: readonly string[], anchor: number, at: number, limit: number): number[] | undefined {
  const alignment = new Array<number>(keys.length).fill(-1);
  alignment[anchor] = at;
  for (const step of [1, -1]) {
    let j = at + step;
    for (let k = anchor + step; k >= 0 && k < keys.length; k += step) {
      const inFile = () => j >= 0 && j < limit;
      if (keys[k] === '') {
        if (inFile() && index.key('collapsed', j) === '') {
          alignment[k] = j;
          j += step;
        }
        continue;
      }
      while (inFile() && index.key('collapsed', j) === '') j += step;
      if (!inFile() || index.key('collapsed', j) !== keys[k]) return undefined;
      alignment[k] = j;
      j += step;
    }
  }
  return alignment;
}
