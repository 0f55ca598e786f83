// The shape every matching strategy has, so the cascade and apply_patch can run them alike.

import type { LineIndex } from '../line-index';
import type { SearchText } from '../search-text';
import type { MatchStrategy } from '../types';

/**
 * Where an oldText matched: a character span (exact, or a fragment found by escape-normalised) or whole lines
 * [startLine, endLine). `alignment` is set when only blank lines differ: for each search line, the window line
 * (0-based, file coordinates) it stands for, or -1 for a blank line the file does not have.
 */
export type Candidate =
  | { type: 'span'; start: number; end: number }
  | {
      type: 'lines';
      startLine: number;
      endLine: number;
      similarity?: number;
      alignment?: readonly number[];
      /** Similarity tier: file lines (0-based) that differ from the oldText. */
      differingLines?: readonly number[];
    };

export interface StrategyMatch {
  candidates: Candidate[];
  /** The oldText as this strategy compared it (escape-normalised may have rewritten it). */
  search: SearchText;
  /** Applied to newText when the oldText was rewritten, so both are read the same way. */
  rewriteNewText?: (newText: string) => string;
}

export interface EditStrategy {
  name: MatchStrategy;
  /** Whether replaceAll may use this strategy: only those that compare every line may. */
  allowsReplaceAll: boolean;
  find(index: LineIndex, search: SearchText): StrategyMatch;
}

/** Lines [from, to) a window may occupy. */
export interface LineSpan {
  from: number;
  to: number;
}

/** Strategies that compare whole lines one to one; apply_patch uses these to place hunks. */
export interface LineSequenceStrategy {
  name: MatchStrategy;
  /** Start lines of every window of `searchLines.length` lines inside `span` that matches. */
  findLines(index: LineIndex, searchLines: readonly string[], span: LineSpan): number[];
}

export function wholeFile(index: LineIndex): LineSpan {
  return { from: 0, to: index.lineCount };
}

export function lineCandidates(starts: readonly number[], length: number): Candidate[] {
  return starts.map((startLine) => ({ type: 'lines', startLine, endLine: startLine + length }));
}
