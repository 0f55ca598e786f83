// Models name a symbol by file, line and name, never by column (they count columns badly): the column is the
// name's place on that line. When the line drifted (the file changed since the model read it, or it miscounted),
// the nearest line holding the name is used, and the result says so.
import { l10n, type Said } from '../l10n';
import type { SourcePosition } from '../ports/language-features';

/** How far from the given line the name is looked for. */
export const DRIFT_WINDOW = 30;

export type SymbolPosition =
  | {
      ok: true;
      /** 0-based, at the name's first character. */
      position: SourcePosition;
      /** The name as found (the last segment of "obj.method" when only that is on the line). */
      name: string;
      /** 1-based line used. */
      line: number;
      /** Set when the name was not on the given line: why another one was used. */
      note?: string;
    }
  | { ok: false; message: string; uiMessage: string };

/** Why no position: `message` for the model (English), `uiMessage` for the card. */
function notFound(said: Said): { ok: false; message: string; uiMessage: string } {
  return { ok: false, message: said.model, uiMessage: said.ui };
}

const IDENTIFIER = /[\p{L}\p{N}_$]/u;

/**
 * @param line 1-based line the model gave.
 * @param occurrence 1-based: which occurrence on the line, when the name appears more than once there.
 */
export function resolveSymbolPosition(text: string, line: number, symbol: string, occurrence = 1): SymbolPosition {
  const lines = text.split(/\r?\n|\r/);
  const name = symbol.trim().replace(/\(\)$/, '');
  if (name === '') return notFound(l10n.both('symbol is empty: give the name as it is written in the code.'));
  if (lines.length === 0 || (lines.length === 1 && lines[0] === '')) return notFound(l10n.both('the file is empty.'));
  if (line < 1 || line > lines.length) {
    const nearest = nearestLineWith(lines, Math.min(Math.max(line, 1), lines.length), candidatesOf(name), lines.length);
    if (nearest) {
      return { ...nearest, note: `Line ${line} is outside the file (${lines.length} lines); used line ${nearest.line}, the nearest with "${nearest.name}".` };
    }
    return notFound(l10n.both('line {0} is outside the file (it has {1} lines), and "{2}" occurs nowhere near it.', line, lines.length, name));
  }
  const names = candidatesOf(name);
  const here = findOnLine(lines[line - 1]!, names, occurrence);
  if (here) return { ok: true, position: { line: line - 1, character: here.column }, name: here.name, line };
  const nearest = nearestLineWith(lines, line, names, DRIFT_WINDOW);
  if (nearest) {
    const distance = Math.abs(nearest.line - line);
    return { ...nearest, note: `"${name}" is not on line ${line}; used line ${nearest.line} (${distance} ${distance === 1 ? 'line' : 'lines'} ${nearest.line > line ? 'below' : 'above'}), the nearest that has it.` };
  }
  const shown = lines[line - 1]!.trim();
  const content = shown === '' ? l10n.both('(blank)') : l10n.same(JSON.stringify(shown.length > 200 ? `${shown.slice(0, 200)}…` : shown));
  return notFound(
    l10n.both('"{0}" is not on line {1} or within {2} lines of it. Line {1} is: {3}. Read the file again for the current line, or use find_symbol to locate the name.', name, line, DRIFT_WINDOW, content),
  );
}

/** "obj.method", "Class::method" and "this.x" name the last segment: found after the whole text first, then alone. */
function candidatesOf(name: string): { text: string; offset: number; name: string }[] {
  const last = name.split(/\.|::|->|#/).filter(Boolean).pop();
  if (!last || last === name) return [{ text: name, offset: 0, name }];
  return [
    { text: name, offset: name.lastIndexOf(last), name: last },
    { text: last, offset: 0, name: last },
  ];
}

function findOnLine(text: string, names: readonly { text: string; offset: number; name: string }[], occurrence: number): { column: number; name: string } | undefined {
  for (const candidate of names) {
    const columns = wholeWordColumns(text, candidate.text);
    if (columns.length > 0) return { column: columns[Math.min(occurrence, columns.length) - 1]! + candidate.offset, name: candidate.name };
  }
  return undefined;
}

/** Columns where `name` occurs as a whole word; a name that is not an identifier (an operator) as plain text. */
function wholeWordColumns(text: string, name: string): number[] {
  const columns: number[] = [];
  const identifier = IDENTIFIER.test(name[0]!) && IDENTIFIER.test(name[name.length - 1]!);
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    if (identifier && (isIdentifierChar(text[at - 1]) || isIdentifierChar(text[at + name.length]))) continue;
    columns.push(at);
  }
  return columns;
}

function isIdentifierChar(c: string | undefined): boolean {
  return c !== undefined && IDENTIFIER.test(c);
}

/** The closest line to `line` (1-based, itself included) holding a candidate; at equal distance the line below. */
function nearestLineWith(lines: readonly string[], line: number, names: ReturnType<typeof candidatesOf>, window: number) {
  for (let distance = 0; distance <= window; distance++) {
    for (const n of distance === 0 ? [line] : [line + distance, line - distance]) {
      if (n < 1 || n > lines.length) continue;
      const found = findOnLine(lines[n - 1]!, names, 1);
      if (found) return { ok: true as const, position: { line: n - 1, character: found.column }, name: found.name, line: n };
    }
  }
  return undefined;
}
