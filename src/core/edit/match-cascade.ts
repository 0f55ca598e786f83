// The matching cascade: strategies from strictest to loosest; the first that finds anything decides.
//
// Order differs from the naive "trimmed, then whitespace, then indentation" on purpose: line-trimmed here ignores
// only trailing whitespace, and indentation-flexible runs before whitespace-normalised, because any strategy that
// ignores leading whitespace would otherwise swallow every indentation drift and the replacement would not be
// re-indented.
//
// Ambiguity stops the cascade: when a stricter strategy sees two places, a looser one must not pick one of them.
// apply_patch places its hunks with this same cascade (patch-hunks.ts), whole lines only.

import { findKeptSlip } from './kept-slip';
import type { LineIndex } from './line-index';
import { toSearchText, type SearchText } from './search-text';
import { tokenCut, type TokenCut } from './token-cut';
import { blockAnchorStrategy } from './strategies/block-anchor';
import { escapeNormalisedStrategy } from './strategies/escape-normalised';
import { exactStrategy } from './strategies/exact';
import { indentationFlexibleStrategy } from './strategies/indentation-flexible';
import { lineTrimmedStrategy } from './strategies/line-trimmed';
import { similarLinesStrategy } from './strategies/similar-lines';
import type { Candidate, EditStrategy } from './strategies/strategy';
import { whitespaceNormalisedStrategy } from './strategies/whitespace-normalised';
import type { MatchStrategy } from './types';

export const EDIT_CASCADE: readonly EditStrategy[] = [
  exactStrategy,
  lineTrimmedStrategy,
  indentationFlexibleStrategy,
  whitespaceNormalisedStrategy,
  escapeNormalisedStrategy,
  blockAnchorStrategy,
  similarLinesStrategy,
];

export type LocateResult =
  | {
      status: 'found';
      strategy: MatchStrategy;
      /** One candidate, or for replaceAll every non-overlapping one. */
      candidates: Candidate[];
      search: SearchText;
      rewriteNewText?: (newText: string) => string;
    }
  | { status: 'ambiguous'; strategy: MatchStrategy; candidates: Candidate[]; search: SearchText; rewriteNewText?: (newText: string) => string }
  /** Found only where it cannot be what the model meant (inside a longer word or number): `message` says why. */
  | { status: 'refused'; strategy: MatchStrategy; message: string }
  | { status: 'not_found' };

export interface LocateOptions {
  /** Only whole lines may match (apply_patch's hunks): an exact or escape-normalised fragment inside a line does not count. */
  wholeLines?: boolean;
  /**
   * The edit's newText: with it, an oldText whose misremembered lines are all lines the edit keeps may be placed by
   * the others (kept-slip.ts) before block-anchor and similarity try.
   */
  newText?: string;
}

export function locateEdit(index: LineIndex, search: SearchText, replaceAll: boolean, options: LocateOptions = {}): LocateResult {
  const hasContent = search.lines.some((l) => l.trim() !== '');
  for (const strategy of EDIT_CASCADE) {
    if (replaceAll && !strategy.allowsReplaceAll) continue;
    // Whitespace-only oldText has no lines to compare loosely: exact or nothing.
    if (strategy.name !== 'exact' && !hasContent) break;
    if (strategy.name === 'block-anchor' && !replaceAll && options.newText !== undefined) {
      const kept = findKeptSlip(index, search, options.newText === '' ? [] : toSearchText(options.newText).lines);
      if (kept) return { status: 'found', strategy: 'similarity', candidates: [kept], search };
    }
    const match = strategy.find(index, search);
    if (options.wholeLines) match.candidates = match.candidates.filter((c) => c.type === 'lines' || coversWholeLines(index.text, c));
    else {
      // A span that starts or ends inside a word or number of the file is not the text meant (token-cut.ts).
      const cuts = new Map<Candidate, TokenCut>();
      for (const c of match.candidates) {
        const cut = c.type === 'span' ? tokenCut(index.text, c.start, c.end, match.search.text) : undefined;
        if (cut) cuts.set(c, cut);
      }
      if (cuts.size > 0) {
        const whole = match.candidates.filter((c) => !cuts.has(c));
        if (whole.length === 0) return { status: 'refused', strategy: strategy.name, message: cuts.values().next().value!.message };
        match.candidates = whole;
      }
    }
    if (match.candidates.length === 0) continue;
    if (!replaceAll && match.candidates.length > 1) {
      return {
        status: 'ambiguous',
        strategy: strategy.name,
        candidates: match.candidates,
        search: match.search,
        ...(match.rewriteNewText ? { rewriteNewText: match.rewriteNewText } : {}),
      };
    }
    return {
      status: 'found',
      strategy: strategy.name,
      candidates: replaceAll ? nonOverlapping(match.candidates) : match.candidates,
      search: match.search,
      ...(match.rewriteNewText ? { rewriteNewText: match.rewriteNewText } : {}),
    };
  }
  return { status: 'not_found' };
}

function coversWholeLines(text: string, c: { start: number; end: number }): boolean {
  const startsLine = c.start === 0 || text[c.start - 1] === '\n';
  const endsLine = c.end === text.length || text[c.end - 1] === '\n' || text[c.end] === '\n';
  return startsLine && endsLine;
}

function nonOverlapping(candidates: readonly Candidate[]): Candidate[] {
  const kept: Candidate[] = [];
  let end = -1;
  for (const c of candidates) {
    const [s, e] = c.type === 'span' ? [c.start, c.end] : [c.startLine, c.endLine];
    if (s < end) continue;
    kept.push(c);
    end = e;
  }
  return kept;
}

/** 1-based first line of a candidate. */
export function candidateStartLine(index: LineIndex, c: Candidate): number {
  return (c.type === 'span' ? index.lineAt(c.start) : c.startLine) + 1;
}

/** 1-based inclusive line range of a candidate. */
export function candidateLines(index: LineIndex, c: Candidate): { startLine: number; endLine: number } {
  if (c.type === 'lines') return { startLine: c.startLine + 1, endLine: c.endLine };
  const last = c.end > c.start && index.text[c.end - 1] === '\n' ? c.end - 1 : c.end;
  return { startLine: index.lineAt(c.start) + 1, endLine: index.lineAt(Math.max(c.start, last)) + 1 };
}
