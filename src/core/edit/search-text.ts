// The oldText of an edit split the way line-based strategies compare it.

export interface SearchText {
  /** LF-normalised text as the model meant it. */
  text: string;
  /** Its lines, without the empty piece after a final newline. */
  lines: string[];
  endsWithNewline: boolean;
}

export function toSearchText(text: string): SearchText {
  const endsWithNewline = text.endsWith('\n');
  const body = endsWithNewline ? text.slice(0, -1) : text;
  return { text, lines: body.split('\n'), endsWithNewline };
}
