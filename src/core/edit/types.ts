// Public types of the edit engine: what the tools send in and what they get back.
// Failure is a result: nothing here throws on bad input from the model.

/** One search/replace edit as the model sends it in `edit_file`. */
export interface EditRequest {
  oldText: string;
  newText: string;
  replaceAll?: boolean;
}

/** The matching strategies, strictest first: the order the cascade tries them. */
export const MATCH_STRATEGIES = [
  'exact',
  'line-trimmed',
  'indentation-flexible',
  'whitespace-normalised',
  'escape-normalised',
  'block-anchor',
  'similarity',
] as const;
export type MatchStrategy = (typeof MATCH_STRATEGIES)[number];

/** A 1-based inclusive line range in the file as the model read it. */
export interface LineRange {
  startLine: number;
  endLine: number;
}

/** Lines [startLine, startLine + oldLineCount) of the old text became newLineCount lines (0-based, old coordinates). */
export interface LineChange {
  startLine: number;
  oldLineCount: number;
  newLineCount: number;
}

/** How one edit of a call matched and where. */
export interface AppliedEdit {
  editIndex: number;
  strategy: MatchStrategy;
  ranges: LineRange[];
  /** One sentence for the model, e.g. "matched after normalising indentation at lines 120-134". */
  note: string;
  /** Block-anchor: how similar the lines between the anchors were; similarity: how similar the window was (0..1). */
  similarity?: number;
  /** Similarity only: the lines (1-based) whose text differs from the oldText, for the model to check. */
  differingLines?: number[];
}

/** The region most like an oldText that matched nowhere: the hint in a `no_occurrence` error. */
export interface ClosestRegion {
  startLine: number;
  endLine: number;
  similarity: number;
  /** The first line of the region that differs from the oldText, when one does. */
  firstDifference?: { line: number; fileText: string; searchText: string };
}

export type EditFailureKind = 'empty_old_text' | 'no_occurrence' | 'multiple_occurrences' | 'no_change' | 'overlapping_edits';

export interface EditFailure {
  kind: EditFailureKind;
  /** Model-facing explanation, ending with what to do next. */
  message: string;
  /** 0-based index of the failing edit in the call (absent when the whole call made no change). */
  editIndex?: number;
  /** `overlapping_edits`: the other edit involved. */
  otherEditIndex?: number;
  /** `multiple_occurrences`: the strategy that found them and where they start (1-based). */
  strategy?: MatchStrategy;
  candidateLines?: number[];
  /** `no_occurrence`: the most similar region, if any. */
  closest?: ClosestRegion;
}

export type ApplyEditsResult =
  | { ok: true; content: string; applied: AppliedEdit[]; lineChanges: LineChange[]; message: string }
  | { ok: false; failure: EditFailure };

/** A file change proposed by apply_patch; nothing is written until the tool layer approves it. */
export interface FileChange {
  path: string;
  kind: 'add' | 'update' | 'delete' | 'move';
  oldContent?: string;
  newContent?: string;
  newPath?: string;
  /** How each hunk matched, for the model. */
  notes: string[];
}

/** Read access the patch applier needs: the file's text, or undefined when it does not exist. */
export type ReadFile = (path: string) => string | undefined;
