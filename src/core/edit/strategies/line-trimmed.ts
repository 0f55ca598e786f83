// Line-trimmed: every line matches once trailing whitespace is ignored; indentation must already agree.

import type { LineIndex } from '../line-index';
import type { SearchText } from '../search-text';
import { findLineSequences } from './line-sequence';
import { lineCandidates, wholeFile, type EditStrategy, type LineSequenceStrategy, type LineSpan } from './strategy';

export const lineTrimmedStrategy: EditStrategy & LineSequenceStrategy = {
  name: 'line-trimmed',
  allowsReplaceAll: true,
  find(index: LineIndex, search: SearchText) {
    return { candidates: lineCandidates(this.findLines(index, search.lines, wholeFile(index)), search.lines.length), search };
  },
  findLines(index: LineIndex, searchLines: readonly string[], span: LineSpan): number[] {
    return findLineSequences(index, 'trimEnd', searchLines, span);
  },
};
