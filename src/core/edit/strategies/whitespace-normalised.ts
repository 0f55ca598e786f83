// Whitespace-normalised: every line matches once runs of whitespace are collapsed and the ends trimmed,
// so irregular indentation and doubled spaces no longer matter.

import type { LineIndex } from '../line-index';
import type { SearchText } from '../search-text';
import { findLineSequences } from './line-sequence';
import { lineCandidates, wholeFile, type EditStrategy, type LineSequenceStrategy, type LineSpan } from './strategy';

export const whitespaceNormalisedStrategy: EditStrategy & LineSequenceStrategy = {
  name: 'whitespace-normalised',
  allowsReplaceAll: true,
  find(index: LineIndex, search: SearchText) {
    return { candidates: lineCandidates(this.findLines(index, search.lines, wholeFile(index)), search.lines.length), search };
  },
  findLines(index: LineIndex, searchLines: readonly string[], span: LineSpan): number[] {
    return findLineSequences(index, 'collapsed', searchLines, span);
  },
};
