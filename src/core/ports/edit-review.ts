// How an edit reaches the user's files: previewed as a diff the user may edit, then applied in one undoable step.

export type FileChangeKind = 'create' | 'update' | 'delete' | 'move';

export interface ProposedFileChange {
  kind: FileChangeKind;
  /** Absolute path of the file as it is now (for create: where it will be). */
  path: string;
  /** For move: the absolute destination. */
  newPath?: string;
  /** The text the proposal was computed from; undefined for create. Apply refuses if the file moved on. */
  baseText: string | undefined;
  /** The proposed text; undefined for delete. */
  proposedText: string | undefined;
}

/** The user's verdict on one hunk of a file's proposal (base → proposed, in order). */
export type HunkDecision = 'pending' | 'accepted' | 'rejected';

export interface FileReview {
  /**
   * What the proposal side holds now: the proposal with every rejected hunk already put back to its base lines,
   * plus the user's own edits. Undefined when it cannot be read (the preview was never shown or is gone).
   */
  text: string | undefined;
  /** One per hunk of baseText → proposedText. */
  decisions: readonly HunkDecision[];
}

/** How a review in the editor ended: every hunk decided (Accept All and Reject All decide them all), or closed undecided. */
export type ReviewEnd = 'decided' | 'closed';

/** One tool call's proposal on screen: one diff editor for a file, the multi-file diff editor for several. */
export interface EditPreview {
  /** Per file of the proposal, in order. */
  files(): FileReview[];
  /** The reason the user gave for what they rejected, if any. */
  reason(): string | undefined;
  /** Shows the proposal again, keeping what the user typed and decided; `focus` gives it the keyboard. */
  reveal(focus: boolean): Promise<void>;
  /** Resolves when the user has decided every hunk, or closed the review without deciding. */
  settled(signal: AbortSignal): Promise<ReviewEnd>;
  close(): Promise<void>;
}

export interface PreviewOptions {
  focus: boolean;
  /** `text`: the left side shows `baseText` (a parallel task's recorded base) rather than the file on disk. */
  baseSide?: 'file' | 'text';
  /** The review's tab title, instead of one made from the changes. */
  title?: string;
  /** `active`: in the active editor group, in place of the file's editor (an inline edit); default beside it. */
  placement?: 'beside' | 'active';
}

export interface EditReviewer {
  /** Opens the proposal beside the current file; without `focus` the user's editor keeps the keyboard. */
  preview(id: string, changes: readonly ProposedFileChange[], options: PreviewOptions): Promise<EditPreview>;
}

export type ApplyOutcome =
  | { ok: true; saved: string[] }
  | { ok: false; reason: 'conflict'; path: string; currentText: string }
  | { ok: false; reason: 'failed'; path?: string; message: string };

/** Which tool call an edit belongs to, so the host can show that call's applied diff again later. */
export interface EditOrigin {
  callId: string;
}

export interface EditApplier {
  /** Applies every change as one workspace edit (one Undo reverts it all) and saves the files. */
  apply(changes: ProposedFileChange[], origin?: EditOrigin): Promise<ApplyOutcome>;
}
