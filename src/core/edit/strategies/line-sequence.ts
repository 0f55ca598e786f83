// The shared search behind every line-by-line strategy: find windows whose line keys equal the oldText's.

import type { LineIndex } from '../line-index';
import { probeLines } from '../candidate-lines';
import { keysOf, type LineKeyKind } from '../line-keys';
import type { LineSpan } from './strategy';

/**
 * Start lines of windows in `span` whose lines have the same `kind` keys as `searchLines`, optionally filtered by
 * `accept`. Probes one search line, on the lines that hold its pieces (candidate-lines.ts), then verifies the rest, so a 20,000-line file costs about one pass of native string search.
 */
export function findLineSequences(
  index: LineIndex,
  kind: LineKeyKind,
  searchLines: readonly string[],
  span: LineSpan,
  accept?: (start: number) => boolean,
): number[] {
  const keys = keysOf(searchLines, kind);
  const m = keys.length;
  const from = Math.max(span.from, 0);
  const to = Math.min(span.to, index.lineCount) - m + 1;
  const probe = probeLines(index, kind, searchLines, keys, (k) => [from + k, to + k]);
  if (!probe) return [];
  const { anchor } = probe;
  const anchorKey = keys[anchor]!;
  const starts: number[] = [];
  for (const i of probe.lines) {
    if (index.key(kind, i) !== anchorKey) continue;
    const start = i - anchor;
    let ok = true;
    for (let k = 0; k < m && ok; k++) ok = k === anchor || index.key(kind, start + k) === keys[k];
    if (ok && (!accept || accept(start))) starts.push(start);
  }
  return starts;
}
