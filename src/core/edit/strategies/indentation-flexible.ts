// Indentation-flexible: the block matches after removing a common indentation difference (tabs or spaces, any step),
// with the nesting inside it unchanged; the replacement is re-indented by the same difference.

import { sameNesting } from '../indentation';
import type { LineIndex } from '../line-index';
import type { SearchText } from '../search-text';
import { findLineSequences } from './line-sequence';
import { lineCandidates, wholeFile, type EditStrategy, type LineSequenceStrategy, type LineSpan } from './strategy';

export const indentationFlexibleStrategy: EditStrategy & LineSequenceStrategy = {
  name: 'indentation-flexible',
  allowsReplaceAll: true,
  find(index: LineIndex, search: SearchText) {
    return { candidates: lineCandidates(this.findLines(index, search.lines, wholeFile(index)), search.lines.length), search };
  },
  findLines(index: LineIndex, searchLines: readonly string[], span: LineSpan): number[] {
    const m = searchLines.length;
    return findLineSequences(index, 'trim', searchLines, span, (start) =>
      sameNesting(index.slice(start, start + m), searchLines),
    );
  },
};
