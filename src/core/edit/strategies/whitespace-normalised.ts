// Whitespace-normalised: every line matches once runs of whitespace are collapsed and the ends trimmed, so irregular
// indentation and doubled spaces no longer matter. Failing that, a second pass lets blank lines differ too.

import type { LineIndex } from '../line-index';
import type { SearchText } from '../search-text';
import { findBlankTolerant } from './blank-tolerant';
import { findLineSequences } from './line-sequence';
import { lineCandidates, wholeFile, type EditStrategy, type LineSequenceStrategy, type LineSpan, type StrategyMatch } from './strategy';

export const whitespaceNormalisedStrategy: EditStrategy & LineSequenceStrategy = {
  name: 'whitespace-normalised',
  allowsReplaceAll: true,
  find(index: LineIndex, search: SearchText): StrategyMatch {
    const strict = this.findLines(index, search.lines, wholeFile(index));
    if (strict.length > 0) return { candidates: lineCandidates(strict, search.lines.length), search };
    return { candidates: findBlankTolerant(index, search.lines), search };
  },
  // apply_patch keeps to one line per line: its hunks carry their own blank context lines.
  findLines(index: LineIndex, searchLines: readonly string[], span: LineSpan): number[] {
    return findLineSequences(index, 'collapsed', searchLines, span);
  },
};
