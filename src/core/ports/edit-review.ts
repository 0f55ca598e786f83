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

export interface EditPreview {
  /** What the user left in the proposal side, including their own unsaved edits to it. */
  acceptedText(): string | undefined;
  close(): Promise<void>;
}

export interface EditReviewer {
  /** Opens the proposal beside the current file without taking focus. */
  preview(id: string, change: ProposedFileChange): Promise<EditPreview>;
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
