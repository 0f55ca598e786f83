// Comparison keys for lines: two lines "match" under a strategy when their keys are equal.

export type LineKeyKind = 'raw' | 'trimEnd' | 'trim' | 'collapsed' | 'quotes';

// Typographic punctuation folded to ASCII, as Codex's seek_sequence does: quotes, dashes and odd spaces. Each
// folds one UTF-16 unit to one, so offsets in folded text are offsets in the file.
const SMART_DOUBLE = /[\u201C\u201D\u201E\u201F\u2033]/g;
const SMART_SINGLE = /[\u2018\u2019\u201A\u201B\u2032]/g;
const DASHES = /[\u2010-\u2015\u2212]/g;
const ODD_SPACES = /[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g;

/** Typographic quotes, dashes and spaces folded to their ASCII forms (the name predates dashes and spaces). */
export function asciiQuotes(s: string): string {
  return hasSmartQuotes(s) ? s.replace(SMART_DOUBLE, '"').replace(SMART_SINGLE, "'").replace(DASHES, '-').replace(ODD_SPACES, ' ') : s;
}

/** Whether `s` holds typographic punctuation that asciiQuotes folds. */
export function hasSmartQuotes(s: string): boolean {
  return /[\u201C-\u201F\u2033\u2018-\u201B\u2032\u2010-\u2015\u2212\u00A0\u2002-\u200A\u202F\u205F\u3000]/.test(s);
}

/** Whitespace other than single spaces: a tab, a line break, two in a row. */
const NOT_COLLAPSED = /[^\S ]|  /;

function collapse(s: string): string {
  const trimmed = s.trim();
  // Most lines are already collapsed once trimmed: a test allocates nothing, a replace builds a new string.
  return NOT_COLLAPSED.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed;
}

export const lineKey: Record<LineKeyKind, (line: string) => string> = {
  raw: (s) => s,
  trimEnd: (s) => s.trimEnd(),
  trim: (s) => s.trim(),
  collapsed: collapse,
  quotes: (s) => collapse(asciiQuotes(s)),
};

const searchKeys = new WeakMap<readonly string[], Map<LineKeyKind, readonly string[]>>();

/**
 * The keys of an oldText's lines, remembered per array of lines: every strategy of the cascade asks for them, and
 * on a short file computing them again was most of a miss's cost.
 */
export function keysOf(lines: readonly string[], kind: LineKeyKind): readonly string[] {
  let byKind = searchKeys.get(lines);
  if (!byKind) searchKeys.set(lines, (byKind = new Map()));
  let keys = byKind.get(kind);
  if (!keys) byKind.set(kind, (keys = lines.map(lineKey[kind])));
  return keys;
}

/**
 * Pieces of `key` that every raw line with that key contains verbatim, longest first, so a few `includes` calls
 * skip most lines before a key is computed. All pieces are checked: in repetitive code the longest is often on
 * every line while a short one (a number, a name) is not. Empty when no such piece exists.
 */
export function prefilterPieces(kind: LineKeyKind, key: string): string[] {
  if (kind === 'raw' || kind === 'trimEnd' || kind === 'trim') return key === '' ? [] : [key];
  // Folded characters split pieces: a raw line holds every piece verbatim only if none contains one.
  const separators = kind === 'collapsed' ? /\s+/ : /[\s"'\\-]+/;
  return key
    .split(separators)
    .filter((piece) => piece !== '')
    .sort((a, b) => b.length - a.length);
}

/** True when `line` contains every piece. */
export function containsAll(line: string, pieces: readonly string[]): boolean {
  for (const piece of pieces) if (!line.includes(piece)) return false;
  return true;
}
