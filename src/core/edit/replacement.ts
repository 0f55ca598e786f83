// Turns a located match into the text replacement to make, re-indenting line-based replacements to fit the file.

import { alignToWindow } from './blank-alignment';
import { reindent } from './reindent';
import type { LineIndex } from './line-index';
import type { TextReplacement } from './line-endings';
import { toSearchText, type SearchText } from './search-text';
import type { Candidate } from './strategies/strategy';

export interface BuiltReplacement {
  replacement: TextReplacement;
  /** Set when the replacement's indentation was changed to fit the file. */
  reindentNote?: string;
}

export function buildReplacement(index: LineIndex, candidate: Candidate, search: SearchText, newText: string): BuiltReplacement {
  if (candidate.type === 'span') return { replacement: { start: candidate.start, end: candidate.end, text: newText } };

  const { startLine, endLine } = candidate;
  const last = endLine - 1;
  const replacementLines = toSearchText(newText);
  const window = index.slice(startLine, endLine);
  let searchLines: readonly string[] = search.lines;
  let body = newText === '' ? [] : replacementLines.lines;
  if (candidate.alignment) {
    const relative = candidate.alignment.map((j) => (j === -1 ? -1 : j - startLine));
    ({ searchLines, newLines: body } = alignToWindow(window.length, relative, searchLines, body));
  }
  const fitted = reindent(window, searchLines, body, () => index.indentStyle());
  const text = keepUnchangedLines(window, searchLines, body, fitted.lines).join('\n');
  const note = fitted.change ? { reindentNote: fitted.change } : {};
  const start = index.lineStarts[startLine]!;

  // The oldText's final newline says whether the match owns the line break after it, as an exact match would.
  if (search.endsWithNewline && index.hasTerminator(last)) {
    const withBreak = replacementLines.endsWithNewline && body.length > 0 ? `${text}\n` : text;
    return { replacement: { start, end: index.lineStarts[endLine]!, text: withBreak }, ...note };
  }
  if (search.endsWithNewline && body.length === 0 && startLine > 0) {
    // Deleting the last lines of a file without a final newline: take the break before them, keep it unterminated.
    return { replacement: { start: index.contentEnd(startLine - 1), end: index.contentEnd(last), text: '' }, ...note };
  }
  const trailing = replacementLines.endsWithNewline && !search.endsWithNewline ? '\n' : '';
  return { replacement: { start, end: index.contentEnd(last), text: text + trailing }, ...note };
}

/**
 * A newText line identical to its oldText line is one the model did not mean to change: it keeps the file's own
 * text (trailing spaces, quotes, alignment), so a loose match changes only the lines the model changed.
 */
function keepUnchangedLines(
  window: readonly string[],
  searchLines: readonly string[],
  newLines: readonly string[],
  fitted: readonly string[],
): string[] {
  // Without a line-for-line match (block-anchor with another length) there is no file line to keep.
  if (window.length !== searchLines.length) return [...fitted];
  let next = 0;
  return newLines.map((line, i) => {
    const k = searchLines.indexOf(line, next);
    if (k === -1) return fitted[i]!;
    next = k + 1;
    return window[k]!;
  });
}
