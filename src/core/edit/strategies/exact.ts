// Exact: the oldText occurs verbatim (after line endings are normalised), anywhere, even inside a line.

import type { LineIndex } from '../line-index';
import type { SearchText } from '../search-text';
import { findLineSequences } from './line-sequence';
import type { Candidate, EditStrategy, LineSequenceStrategy, LineSpan, StrategyMatch } from './strategy';

export const exactStrategy: EditStrategy & LineSequenceStrategy = {
  name: 'exact',
  allowsReplaceAll: true,
  find(index: LineIndex, search: SearchText): StrategyMatch {
    const candidates: Candidate[] = [];
    // Overlapping occurrences count too: "aa" in "aaa" is ambiguous, not unique.
    for (let at = index.text.indexOf(search.text); at !== -1; at = index.text.indexOf(search.text, at + 1)) {
      candidates.push({ type: 'span', start: at, end: at + search.text.length });
    }
    return { candidates, search };
  },
  findLines(index: LineIndex, searchLines: readonly string[], span: LineSpan): number[] {
    return findLineSequences(index, 'raw', searchLines, span);
  },
};
