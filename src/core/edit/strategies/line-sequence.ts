// The shared search behind every line-by-line strategy: find windows whose line keys equal the oldText's.

import type { LineIndex } from '../line-index';
import { containsAll, lineKey, prefilterPieces, type LineKeyKind } from '../line-keys';
import type { LineSpan } from './strategy';

/**
 * Start lines of windows in `span` whose lines have the same `kind` keys as `searchLines`, optionally filtered by
 * `accept`. Probes only the most distinctive search line against each file line (with a substring pre-check), then
 * verifies the rest, so a 20,000-line file costs about one pass of `includes` calls.
 */
export function findLineSequences(
  index: LineIndex,
  kind: LineKeyKind,
  searchLines: readonly string[],
  span: LineSpan,
  accept?: (start: number) => boolean,
): number[] {
  const keys = searchLines.map(lineKey[kind]);
  let anchor = 0;
  keys.forEach((k, i) => {
    if (k.length > keys[anchor]!.length) anchor = i;
  });
  const anchorKey = keys[anchor]!;
  if (anchorKey === '') return [];
  const pieces = prefilterPieces(kind, anchorKey);
  const m = keys.length;
  const starts: number[] = [];
  const lines = index.lines;
  const last = Math.min(span.to, lines.length) - m + anchor;
  for (let i = Math.max(span.from, 0) + anchor; i <= last; i++) {
    if (!containsAll(lines[i]!, pieces)) continue;
    if (index.key(kind, i) !== anchorKey) continue;
    const start = i - anchor;
    let ok = true;
    for (let k = 0; k < m && ok; k++) ok = k === anchor || index.key(kind, start + k) === keys[k];
    if (ok && (!accept || accept(start))) starts.push(start);
  }
  return starts;
}
