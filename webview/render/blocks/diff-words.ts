// The changed words of a changed line: a run of removed lines followed by a run of added ones is paired line by
// line, and each pair is diffed by words (spaces kept), so "addCents" → "plusCents" is marked on both lines even
// when the rest of the line is the same and a narrow card shows only its start.
import { diffWordsWithSpace } from 'diff';

export interface LinePart {
  text: string;
  changed: boolean;
}

/** Longer lines are shown without marks: the word diff of two long lines costs more than it tells. */
const MAX_MARKED_CHARS = 400;
/** A pair that shares less than this share of its characters is a different line, not an edited one: no marks. */
const MIN_SHARED = 0.3;

/**
 * The parts of each paired removed or added line (by its index in `lines`, marker excluded); lines without a
 * partner, or too different from it, are absent.
 */
export function changedParts(lines: readonly string[]): Map<number, LinePart[]> {
  const marks = new Map<number, LinePart[]>();
  for (let i = 0; i < lines.length; ) {
    if (!isChange(lines[i]!, '-')) {
      i++;
      continue;
    }
    const delStart = i;
    while (i < lines.length && isChange(lines[i]!, '-')) i++;
    const addStart = i;
    while (i < lines.length && isChange(lines[i]!, '+')) i++;
    const pairs = Math.min(addStart - delStart, i - addStart);
    for (let k = 0; k < pairs; k++) {
      const [removed, added] = [lines[delStart + k]!.slice(1), lines[addStart + k]!.slice(1)];
      const parts = pairParts(removed, added);
      if (!parts) continue;
      marks.set(delStart + k, parts.removed);
      marks.set(addStart + k, parts.added);
    }
  }
  return marks;
}

function isChange(line: string, marker: '+' | '-'): boolean {
  return line.startsWith(marker) && !line.startsWith(marker.repeat(3));
}

function pairParts(removed: string, added: string): { removed: LinePart[]; added: LinePart[] } | undefined {
  if (removed === added || removed.length > MAX_MARKED_CHARS || added.length > MAX_MARKED_CHARS) return undefined;
  const changes = diffWordsWithSpace(removed, added);
  const shared = changes.filter((c) => !c.added && !c.removed).reduce((n, c) => n + c.value.trim().length, 0);
  if (shared < MIN_SHARED * Math.max(removed.trim().length, added.trim().length)) return undefined;
  const side = (drop: 'added' | 'removed', mark: 'added' | 'removed'): LinePart[] =>
    changes.filter((c) => !c[drop]).map((c) => ({ text: c.value, changed: c[mark] === true }));
  return { removed: side('added', 'removed'), added: side('removed', 'added') };
}
