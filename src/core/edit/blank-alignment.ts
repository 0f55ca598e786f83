// When oldText matched with only its blank lines differing from the file, newText has the model's blank lines too.
// Writing it as is would add or delete blank lines the model never meant to touch. Instead oldText and newText are
// rewritten into the file's blank-line layout, line for line with the window, so the usual replacement (keep
// unchanged lines, re-indent the rest) applies: the model's edit lands, the file's blank lines stay.

import { diffArrays } from 'diff';

export interface WindowAligned {
  /** The oldText as the window holds it: one line per window line (the file's extra blank lines as ""). */
  searchLines: string[];
  /** newText with the same blank lines added and removed. */
  newLines: string[];
}

/**
 * `alignment[k]` is the window line (0-based, relative to the window) search line k stands for, or -1.
 * Lines newText keeps from oldText follow oldText's alignment; lines it adds stay where the model put them.
 */
export function alignToWindow(windowLength: number, alignment: readonly number[], searchLines: readonly string[], newLines: readonly string[]): WindowAligned {
  // Blank lines compare equal whatever whitespace they hold, as they did when matching.
  const blankAsEmpty = (l: string) => (l.trim() === '' ? '' : l);
  const aligned = new Array<string>(windowLength).fill('');
  alignment.forEach((j, k) => {
    if (j !== -1) aligned[j] = blankAsEmpty(searchLines[k]!);
  });

  const out: string[] = [];
  let next = 0; // the first window line not yet accounted for
  let k = 0; // the next search line in the diff
  let previousKept = true;
  for (const part of diffArrays(searchLines.map(blankAsEmpty), newLines.map(blankAsEmpty))) {
    if (part.added) {
      out.push(...part.value);
      continue;
    }
    for (const line of part.value) {
      const j = alignment[k++]!;
      // A blank line of the model's that the file lacks: kept or removed, it never was in the file.
      if (j === -1) continue;
      // The file's own blank lines before this line stay while they still separate something the edit keeps;
      // between two removed lines they go with them.
      const kept = !part.removed;
      if (kept || previousKept) out.push(...aligned.slice(next, j));
      next = j + 1;
      previousKept = kept;
      if (kept) out.push(line);
    }
  }
  return { searchLines: aligned, newLines: out };
}
