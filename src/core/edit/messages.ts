// The sentences the model reads about an edit: how it matched, or why it did not and what to do next.

import type { ClosestRegion, LineRange, MatchStrategy } from './types';

const HOW_MATCHED: Record<MatchStrategy, string> = {
  exact: 'matched exactly',
  'line-trimmed': 'matched after ignoring trailing whitespace',
  'indentation-flexible': 'matched after normalising indentation',
  'whitespace-normalised': 'matched after normalising whitespace',
  'escape-normalised': 'matched after normalising escapes and quotes',
  'block-anchor': 'matched by its first and last lines only',
  similarity: 'applied by similarity',
};

/** How the cascade stage is named inside an error, e.g. "(after normalising indentation)". */
const STAGE: Record<MatchStrategy, string> = {
  exact: 'exact match',
  'line-trimmed': 'ignoring trailing whitespace',
  'indentation-flexible': 'after normalising indentation',
  'whitespace-normalised': 'after normalising whitespace',
  'escape-normalised': 'after normalising escapes and quotes',
  'block-anchor': 'matching first and last lines',
  similarity: 'by similarity',
};

const MAX_LINES_LISTED = 10;

export function describeRange(r: LineRange): string {
  return r.startLine === r.endLine ? `line ${r.startLine}` : `lines ${r.startLine}-${r.endLine}`;
}

export function listLines(lines: readonly number[]): string {
  const shown = lines.slice(0, MAX_LINES_LISTED).join(', ');
  const more = lines.length > MAX_LINES_LISTED ? ` (+${lines.length - MAX_LINES_LISTED} more)` : '';
  return `${lines.length === 1 ? 'line' : 'lines'} ${shown}${more}`;
}

export function matchNote(
  strategy: MatchStrategy,
  ranges: readonly LineRange[],
  details: { reindent?: string; similarity?: number; blankLines?: boolean; differingLines?: readonly number[]; differingText?: readonly string[] },
): string {
  if (strategy === 'similarity') return similarityNote(ranges, details);
  const where =
    ranges.length === 1 ? `at ${describeRange(ranges[0]!)}` : `at ${ranges.length} places: ${listLines(ranges.map((r) => r.startLine))}`;
  // Blank lines the model dropped or added are kept as the file has them: say so, the diff will show it.
  const how = details.blankLines ? `${HOW_MATCHED[strategy]} and blank lines (the file's blank lines kept)` : HOW_MATCHED[strategy];
  let note = `${how} ${where}`;
  if (details.similarity !== undefined) {
    note += ` (the lines between are ${percent(details.similarity)} similar to your oldText; check the result)`;
  }
  if (details.reindent) note += `; ${details.reindent}`;
  return note;
}

/** Differing lines up to this many are quoted as the file has them, so the model need not read the file again. */
const MAX_LINES_QUOTED = 2;

/**
 * "applied by similarity 0.94 at lines 40-52 (line 40 differs from your oldText): check the result; the file's line
 * 40 reads "…"".
 */
function similarityNote(
  ranges: readonly LineRange[],
  details: { reindent?: string; similarity?: number; differingLines?: readonly number[]; differingText?: readonly string[] },
): string {
  const score = Math.floor((details.similarity ?? 0) * 100) / 100;
  const differing = details.differingLines ?? [];
  const which = differing.length > 0 ? ` (${listLines(differing)} ${differing.length === 1 ? 'differs' : 'differ'} from your oldText)` : '';
  let note = `${HOW_MATCHED.similarity} ${score.toFixed(2)} at ${describeRange(ranges[0]!)}${which}: check the result`;
  const text = details.differingText ?? [];
  if (text.length > 0 && text.length <= MAX_LINES_QUOTED) {
    note += `; ${differing.map((l, i) => `the file's line ${l} reads ${clip(text[i]!)}`).join(', ')}`;
  }
  if (details.reindent) note += `; ${details.reindent}`;
  return note;
}

export function stageName(strategy: MatchStrategy): string {
  return STAGE[strategy];
}

export function percent(x: number): string {
  return `${Math.floor(x * 100)}%`;
}

/** `quoted` names what the model sent, as the hint prints it beside the file's line ("oldText", "patch"). */
export function closestHint(closest: ClosestRegion | undefined, quoted = 'oldText'): string {
  if (!closest) return 'Nothing in the file resembles it.';
  let hint = `The most similar region is ${describeRange(closest)} (${percent(closest.similarity)} similar).`;
  const d = closest.firstDifference;
  if (d) {
    const width = Math.max('file'.length, quoted.length) + 2;
    hint += `\nFirst difference, line ${d.line}:\n  ${'file:'.padEnd(width)}${clip(d.fileText)}\n  ${`${quoted}:`.padEnd(width)}${clip(d.searchText)}`;
  }
  return hint;
}

function clip(line: string): string {
  const shown = line.length > 160 ? `${line.slice(0, 160)}…` : line;
  return JSON.stringify(shown);
}
