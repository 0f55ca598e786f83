// The rule behind every tolerant match: it may correct what the model misremembered only on lines the edit leaves
// as they are. Block-anchor and similarity place an oldText whose lines differ from the file; before their match is
// used, this checks that
// - every line that differs is one the edit keeps (newText has it verbatim; the file's line then stays), or one whose
//   newText is the file's real line (the model wrote the file's text back). A changed line that differs means the
//   change rests on a wrong belief about the file ("retries: 5" rewritten where the file says "retries: 3"): refused,
//   with the file's real lines;
// - a line only the file has is one newText keeps too: the edit must not drop a line the model never saw;
// - a block matched by its first and last lines agrees with the file in between: if a third or more of its lines
//   differ (a function's header with another function's body) it is another block, refused with the share.

import type { LineIndex } from './line-index';
import { keptLines, pairLines } from './line-pairing';
import { lineKey } from './line-keys';
import type { Candidate } from './strategies/strategy';
import { toSearchText, type SearchText } from './search-text';
import type { MatchStrategy } from './types';

/** A block matched by its anchors needs more than this share of its non-blank lines equal to the file's. */
export const BLOCK_AGREEMENT = 2 / 3;

const TOLERANT = new Set<MatchStrategy>(['block-anchor', 'similarity']);

/** Lines of the file quoted in a refusal, at most. */
const MAX_QUOTED = 12;

/**
 * Why the match must be refused, or undefined when it may be used. `lineOffset`: lines of the file before `index`'s
 * first (apply_patch searches a tail of the file), for the line numbers the model reads.
 */
export function driftRefusal(
  index: LineIndex,
  candidate: Candidate,
  strategy: MatchStrategy,
  search: SearchText,
  newText: string,
  lineOffset = 0,
): string | undefined {
  if (!TOLERANT.has(strategy) || candidate.type !== 'lines' || candidate.alignment) return undefined;
  const window = index.slice(candidate.startLine, candidate.endLine);
  const at = (w: number) => candidate.startLine + w + 1 + lineOffset;
  const range = `lines ${at(0)}-${at(window.length - 1)}`;
  const pairing = pairLines(window, search.lines);

  if (strategy === 'block-anchor') {
    const nonBlank = Math.max(window.filter((l) => l.trim() !== '').length, search.lines.filter((l) => l.trim() !== '').length);
    const share = nonBlank === 0 ? 1 : pairing.equalNonBlank / nonBlank;
    if (share <= BLOCK_AGREEMENT) {
      return (
        `oldText's first and last lines match ${range} (${JSON.stringify(clip(window[0]!.trim()))} … ${JSON.stringify(clip(window[window.length - 1]!.trim()))}), ` +
        `but only ${pairing.equalNonBlank} of ${nonBlank} lines (${Math.floor(share * 100)}%) agree with the file in between: that is another block, not the one you meant with a slip. ` +
        `The file's ${range} read:\n${quoteLines(window, at)}\nRead the file again and copy the block you mean.`
      );
    }
  }

  const newLines = newText === '' ? [] : toSearchText(newText).lines;
  const kept = keptLines(search.lines, newLines);
  const newKeys = new Set(newLines.map(lineKey.quotes));
  for (const [w, s] of pairing.differing) {
    if (kept.has(s) || newKeys.has(lineKey.quotes(window[w]!))) continue;
    return (
      `line ${at(w)} of the file reads ${JSON.stringify(clip(window[w]!.trim()))} where your oldText has ${JSON.stringify(clip(search.lines[s]!.trim()))}, ` +
      `and your edit changes that line: the change rests on a wrong reading of the file. The file's ${range} read:\n${quoteLines(window, at, w)}\n` +
      'Copy the lines as the file has them, then make the change.'
    );
  }
  for (const s of pairing.searchOnly) {
    if (search.lines[s]!.trim() === '' || kept.has(s)) continue;
    return (
      `your oldText has the line ${JSON.stringify(clip(search.lines[s]!.trim()))}, which is not in the file's ${range}, and your edit changes it. The file's ${range} read:\n` +
      `${quoteLines(window, at)}\nCopy the lines as the file has them, then make the change.`
    );
  }
  for (const w of pairing.windowOnly) {
    if (window[w]!.trim() === '' || newKeys.has(lineKey.quotes(window[w]!))) continue;
    return (
      `line ${at(w)} of the file, ${JSON.stringify(clip(window[w]!.trim()))}, is not in your oldText, and your edit would drop it. The file's ${range} read:\n` +
      `${quoteLines(window, at, w)}\nCopy the lines as the file has them, then make the change.`
    );
  }
  return undefined;
}

function quoteLines(window: readonly string[], at: (w: number) => number, focus = 0): string {
  const from = Math.max(0, Math.min(focus - Math.floor(MAX_QUOTED / 2), window.length - MAX_QUOTED));
  const shown = window.slice(from, from + MAX_QUOTED).map((l, k) => `${String(at(from + k)).padStart(5)}  ${l}`);
  if (from > 0) shown.unshift('  …');
  if (from + MAX_QUOTED < window.length) shown.push('  …');
  return shown.join('\n');
}

function clip(line: string): string {
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}
