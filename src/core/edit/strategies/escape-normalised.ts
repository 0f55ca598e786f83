// Escape-normalised: the model escaped what the file does not (\" \n \t \\ written literally) or swapped
// typographic and ASCII quotes. The oldText is unescaped (and newText the same way), then compared like
// whitespace-normalised with quotes folded to ASCII.

import type { LineIndex } from '../line-index';
import { asciiQuotes, hasSmartQuotes } from '../line-keys';
import { normaliseModelText } from '../line-endings';
import { toSearchText, type SearchText } from '../search-text';
import { findLineSequences } from './line-sequence';
import { lineCandidates, wholeFile, type EditStrategy, type LineSequenceStrategy, type LineSpan, type StrategyMatch } from './strategy';

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', "'": "'", '`': '`', '\\': '\\' };

/** Ways the model may have encoded its text, tried in order; the first that matches decides. */
const DECODINGS: ReadonlyArray<(s: string) => string> = [
  (s) => s,
  (s) => normaliseModelText(s.replace(/\\([ntr"'`\\])/g, (_, c: string) => ESCAPES[c]!)),
  // Quotes only: for lines whose real "\n" escapes must stay while the model also escaped quotes.
  (s) => s.replace(/\\(["'`])/g, '$1'),
];

export const escapeNormalisedStrategy: EditStrategy & LineSequenceStrategy = {
  name: 'escape-normalised',
  allowsReplaceAll: true,
  find(index: LineIndex, search: SearchText): StrategyMatch {
    for (const [i, decode] of DECODINGS.entries()) {
      const decoded = decode(search.text);
      if (i > 0 && decoded === search.text) continue;
      const asSearch = toSearchText(decoded);
      const starts = this.findLines(index, asSearch.lines, wholeFile(index));
      if (starts.length === 0) continue;
      const m = asSearch.lines.length;
      // Typographic quotes the file does not have were the model's invention: fold them in newText too.
      const foldQuotes =
        hasSmartQuotes(decoded) && !starts.some((s) => index.lines.slice(s, s + m).some(hasSmartQuotes));
      return {
        candidates: lineCandidates(starts, m),
        search: asSearch,
        rewriteNewText: (t) => (foldQuotes ? asciiQuotes(decode(t)) : decode(t)),
      };
    }
    return { candidates: [], search };
  },
  findLines(index: LineIndex, searchLines: readonly string[], span: LineSpan): number[] {
    return findLineSequences(index, 'quotes', searchLines, span);
  },
};
