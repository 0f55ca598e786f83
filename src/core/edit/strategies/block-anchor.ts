// Block-anchor: the first and last lines match (whitespace and quotes normalised) and the lines between are
// similar enough. The loosest strategy: it never serves replaceAll and always tells the model to check.

import type { LineIndex } from '../line-index';
import { containsAll, lineKey, prefilterPieces } from '../line-keys';
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
    const middle = search.lines.slice(1, -1).map(lineKey.collapsed).filter((k) => k !== '');
    const slack = Math.max(2, Math.ceil(m * 0.2));
    const pieces = prefilterPieces('quotes', firstKey);
    const candidates: Candidate[] = [];
    for (let i = 0; i < index.lineCount; i++) {
      if (!containsAll(index.lines[i]!, pieces)) continue;
      if (index.key('quotes', i) !== firstKey) continue;
      let best: { end: number; similarity: number } | undefined;
      for (let len = Math.max(2, m - slack); len <= m + slack && i + len <= index.lineCount; len++) {
        const last = i + len - 1;
        if (index.key('quotes', last) !== lastKey) continue;
        const fileMiddle: string[] = [];
        for (let k = i + 1; k < last; k++) {
          const key = index.key('collapsed', k);
          if (key !== '') fileMiddle.push(key);
        }
        const sim = blockSimilarity(fileMiddle, middle);
        const closer = best && sim === best.similarity && Math.abs(len - m) < Math.abs(best.end - i - m);
        if (!best || sim > best.similarity || closer) best = { end: last + 1, similarity: sim };
      }
      if (best && best.similarity >= BLOCK_ANCHOR_THRESHOLD) {
        candidates.push({ type: 'lines', startLine: i, endLine: best.end, similarity: best.similarity });
      }
    }
    return { candidates, search };
  },
};
