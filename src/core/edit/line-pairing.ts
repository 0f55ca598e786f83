// Which line of a matched window each line of the oldText stands for, when a tolerant strategy matched them with
// some lines differing: equal lines (whitespace collapsed, typographic punctuation folded) pair by a line diff, and
// in each run between equal lines the differing lines pair in order (the same line misremembered); what is left
// over is a line only the file has, or only the oldText.

import { diffArrays } from 'diff';
import { lineKey } from './line-keys';

export interface LinePairing {
  /** For each oldText line, the window line (0-based, relative to the window) it stands for, or -1. */
  searchToWindow: number[];
  /** Pairs whose lines differ: [window line, oldText line]. */
  differing: Array<[number, number]>;
  /** Window lines no oldText line stands for. */
  windowOnly: number[];
  /** oldText lines no window line stands for. */
  searchOnly: number[];
  /** Non-blank lines equal on both sides. */
  equalNonBlank: number;
}

export function pairLines(window: readonly string[], search: readonly string[]): LinePairing {
  const wKeys = window.map(lineKey.quotes);
  const sKeys = search.map(lineKey.quotes);
  const searchToWindow = new Array<number>(search.length).fill(-1);
  const differing: Array<[number, number]> = [];
  const windowOnly: number[] = [];
  const searchOnly: number[] = [];
  let equalNonBlank = 0;
  let w = 0;
  let s = 0;
  let removed: number[] = [];
  let added: number[] = [];
  const flush = () => {
    // A blank line stands for no line with content: it is a blank line only one side has.
    windowOnly.push(...removed.filter((w) => wKeys[w] === ''));
    searchOnly.push(...added.filter((k) => sKeys[k] === ''));
    removed = removed.filter((w) => wKeys[w] !== '');
    added = added.filter((k) => sKeys[k] !== '');
    const n = Math.min(removed.length, added.length);
    for (let k = 0; k < n; k++) {
      searchToWindow[added[k]!] = removed[k]!;
      differing.push([removed[k]!, added[k]!]);
    }
    windowOnly.push(...removed.slice(n));
    searchOnly.push(...added.slice(n));
    removed = [];
    added = [];
  };
  for (const part of diffArrays(wKeys, sKeys)) {
    const count = part.count ?? part.value.length;
    if (part.removed) {
      for (let k = 0; k < count; k++) removed.push(w++);
    } else if (part.added) {
      for (let k = 0; k < count; k++) added.push(s++);
    } else {
      flush();
      for (let k = 0; k < count; k++) {
        if (sKeys[s] !== '') equalNonBlank++;
        searchToWindow[s++] = w++;
      }
    }
  }
  flush();
  return { searchToWindow, differing, windowOnly, searchOnly, equalNonBlank };
}

/** The oldText lines that newText keeps verbatim (a line diff of the two): the lines the edit leaves as they are. */
export function keptLines(search: readonly string[], newLines: readonly string[]): Set<number> {
  const kept = new Set<number>();
  let s = 0;
  for (const part of diffArrays([...search], [...newLines])) {
    const count = part.count ?? part.value.length;
    if (part.added) continue;
    if (!part.removed) for (let k = 0; k < count; k++) kept.add(s + k);
    s += count;
  }
  return kept;
}
