// Block-anchor: the first and last lines match (whitespace and quotes normalised) and the lines between are
// similar enough. The loosest strategy: it never serves replaceAll and always tells the model to check.

import type { LineIndex } from '../line-index';
import { candidateLines } from '../candidate-lines';
import { keysOf, lineKey } from '../line-keys';
import type { SearchText } from '../search-text';
import { blockSimilarity } from '../similarity';
import type { Candidate, EditStrategy, StrategyMatch } from './strategy';

/** Mean Levenshtein similarity the lines between the anchors need; below this the match is refused. */
export const BLOCK_ANCHOR_THRESHOLD = 0.8;

export const blockAnchorStrategy: EditStrategy = {
  name: 'block-anchor',
  allowsReplaceAll: false,
  find(index: LineIndex, search: SearchText): StrategyMatch {
    const none = { candidates: [], search };
    const m = search.lines.length;
    if (m < 3) return none;
    const firstKey = lineKey.quotes(search.lines[0]!);
    const lastKey = lineKey.quotes(search.lines[m - 1]!);
    // A first line like "{" or "})" anchors nothing: it would match all over the file.
    if (!/[\p{L}\p{N}]/u.test(firstKey) || lastKey === '') return none;
    // Blank lines carry no content: a blank line more or less between the anchors costs nothing.
    const middle = keysOf(search.lines, 'collapsed').slice(1, -1).filter((k) => k !== '');
    const slack = Math.max(2, Math.ceil(m * 0.2));
    const candidates: Candidate[] = [];
    for (const i of candidateLines(index, 'quotes', firstKey, 0, index.lineCount)) {
      if (index.key('quotes', i) !== firstKey) continue;
      // Lengths nearest the oldText's first, so a farther one only wins by scoring higher: one whose line count
      // alone bounds its score at or below the best so far is not scored (each line pairs at most once, scoring <= 1).
      let best: { end: number; similarity: number } | undefined;
      for (const len of lengthsByDistance(m, slack)) {
        if (len < 2 || i + len > index.lineCount) continue;
        const last = i + len - 1;
        if (index.key('quotes', last) !== lastKey) continue;
        const fileMiddle: string[] = [];
        for (let k = i + 1; k < last; k++) {
          const key = index.key('collapsed', k);
          if (key !== '') fileMiddle.push(key);
        }
        const longer = Math.max(fileMiddle.length, middle.length);
        const bound = longer === 0 ? 1 : Math.min(fileMiddle.length, middle.length) / longer;
        if (best && bound <= best.similarity) continue;
        const sim = blockSimilarity(fileMiddle, middle);
        if (!best || sim > best.similarity) best = { end: last + 1, similarity: sim };
      }
      if (best && best.similarity >= BLOCK_ANCHOR_THRESHOLD) {
        candidates.push({ type: 'lines', startLine: i, endLine: best.end, similarity: best.similarity });
      }
    }
    return { candidates, search };
  },
};

/** m, m - 1, m + 1, m - 2, m + 2, … up to `slack` lines either way. */
function lengthsByDistance(m: number, slack: number): number[] {
  const lengths = [m];
  for (let d = 1; d <= slack; d++) lengths.push(m - d, m + d);
  return lengths;
}
