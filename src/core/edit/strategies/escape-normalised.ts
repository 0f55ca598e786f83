// Escape-normalised: the model escaped what the file does not (\" \n \t \\ written literally) or swapped
// typographic and ASCII quotes. The oldText is unescaped (and newText the same way), then looked for as a substring
// with quotes folded to ASCII on both sides (a fragment of a line, as exact would), and failing that line by line
// like whitespace-normalised with quotes folded.

import type { LineIndex } from '../line-index';
import { asciiQuotes, hasSmartQuotes } from '../line-keys';
import { normaliseModelText } from '../line-endings';
import { toSearchText, type SearchText } from '../search-text';
import { findLineSequences } from './line-sequence';
import { lineCandidates, wholeFile, type Candidate, type EditStrategy, type LineSequenceStrategy, type LineSpan, type StrategyMatch } from './strategy';

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
      // "\n" alone decodes to a bare line break, which is everywhere: whitespace is no text to look for.
      if (decoded.trim() === '') continue;
      // The identity decoding keeps the oldText's own lines, whose keys the earlier strategies already computed.
      const asSearch = decoded === search.text ? search : toSearchText(decoded);
      // Typographic quotes the file does not have were the model's invention: fold them in newText too.
      const rewrite = (matched: readonly string[]) => {
        const foldQuotes = hasSmartQuotes(decoded) && !matched.some(hasSmartQuotes);
        return (t: string) => (foldQuotes ? asciiQuotes(decode(t)) : decode(t));
      };

      // The identity decoding without any typographic quote is the exact search, which already failed.
      const spans = i === 0 && !hasSmartQuotes(decoded) && index.foldedText() === index.text ? [] : foldedSpans(index, decoded);
      if (spans.length > 0) {
        const candidates = spans.map((span) => asWholeLines(index, span, asSearch) ?? span);
        return { candidates, search: asSearch, rewriteNewText: rewrite(spans.map((s) => index.text.slice(s.start, s.end))) };
      }

      const starts = this.findLines(index, asSearch.lines, wholeFile(index));
      if (starts.length === 0) continue;
      const m = asSearch.lines.length;
      return {
        candidates: lineCandidates(starts, m),
        search: asSearch,
        rewriteNewText: rewrite(starts.flatMap((s) => index.slice(s, s + m))),
      };
    }
    return { candidates: [], search };
  },
  findLines(index: LineIndex, searchLines: readonly string[], span: LineSpan): number[] {
    return findLineSequences(index, 'quotes', searchLines, span);
  },
};

type Span = Extract<Candidate, { type: 'span' }>;

/**
 * A span found only once punctuation was folded that covers whole lines, as those lines: the replacement then keeps
 * the file's own text on every line newText leaves as it is (its dashes, quotes and spaces), instead of writing the
 * model's ASCII over them.
 */
function asWholeLines(index: LineIndex, span: Span, search: SearchText): Candidate | undefined {
  const text = index.text;
  if (text.slice(span.start, span.end) === search.text) return undefined;
  const startsLine = span.start === 0 || text[span.start - 1] === '\n';
  const endsLine = span.end === text.length || text[span.end - 1] === '\n' || text[span.end] === '\n';
  if (!startsLine || !endsLine || span.end === span.start) return undefined;
  const startLine = index.lineAt(span.start);
  return { type: 'lines', startLine, endLine: startLine + search.lines.length };
}

/** Every occurrence (overlapping ones too, as exact counts them) of `text` in the file, typographic quotes folded. */
function foldedSpans(index: LineIndex, text: string): Span[] {
  const haystack = index.foldedText();
  const needle = asciiQuotes(text);
  const spans: Span[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    spans.push({ type: 'span', start: at, end: at + needle.length });
  }
  return spans;
}
