// A rename's text edits applied to a file's text, so the rename reaches the user as the same ProposedFileChange
// every other edit is (previewed, approved, applied as one undo step).
import type { SourcePosition, TextEditInfo } from '../ports/language-features';

/** Applies non-overlapping edits (positions in the original text); throws when two overlap. */
export function applyTextEdits(text: string, edits: readonly TextEditInfo[]): string {
  const starts = lineStarts(text);
  const offsetOf = (p: SourcePosition) => {
    const lineStart = starts[Math.min(p.line, starts.length - 1)]!;
    const lineEnd = p.line + 1 < starts.length ? starts[p.line + 1]! : text.length;
    return p.line >= starts.length ? text.length : Math.min(lineStart + p.character, lineEnd);
  };
  const placed = edits
    .map((e) => ({ start: offsetOf(e.range.start), end: offsetOf(e.range.end), text: e.newText }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of placed) {
    if (edit.start < at) throw new Error('the language server returned overlapping edits');
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 /* \r */ && text.charCodeAt(i + 1) === 10) continue; // \r\n ends at the \n
    if (c === 10 || c === 13) starts.push(i + 1);
  }
  return starts;
}
