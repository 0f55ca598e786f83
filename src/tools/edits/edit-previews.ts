// The diff editors of one call's proposal: opened at prepare time or on demand from the approval prompt, read
// back when the call runs (the user may have edited the proposal), and closed after apply, denial or cancel.
import type { EditPreview, EditReviewer, ProposedFileChange } from '../../core/ports/edit-review';

export interface AcceptedChange {
  change: ProposedFileChange;
  /** The user changed the proposal in the diff editor before it was applied. */
  userEdited: boolean;
}

export class EditPreviews {
  private readonly open = new Map<number, EditPreview>();
  private opening: Promise<void> | undefined;
  /** Once applied, denied or cancelled, "Open Diff" has nothing left to show. */
  private closed = false;

  constructor(
    private readonly reviewer: EditReviewer,
    private readonly callId: string,
    private readonly changes: readonly ProposedFileChange[],
  ) {}

  get isOpen(): boolean {
    return this.open.size > 0;
  }

  /** Opens (or shows again) every file's diff; a second call keeps what the user already typed. */
  show(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.opening = (this.opening ?? Promise.resolve()).catch(() => undefined).then(async () => {
      for (const [i, change] of this.changes.entries()) {
        if (this.closed) return;
        const current = this.open.get(i);
        const proposedText = current ? (current.acceptedText() ?? change.proposedText) : change.proposedText;
        this.open.set(i, await this.reviewer.preview(previewId(this.callId, i), { ...change, proposedText }));
      }
    });
    return this.opening;
  }

  /** The changes as the user left them: each proposal replaced by what its diff editor holds now. */
  async accepted(): Promise<AcceptedChange[]> {
    await this.opening?.catch(() => undefined); // a preview that failed to open just means nobody edited it
    return this.changes.map((change, i) => {
      const preview = this.open.get(i);
      if (!preview || change.kind === 'delete') return { change, userEdited: false };
      const text = preview.acceptedText();
      if (text === undefined || text === change.proposedText) return { change, userEdited: false };
      return { change: { ...change, proposedText: text }, userEdited: true };
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.opening?.catch(() => undefined);
    const previews = [...this.open.values()];
    this.open.clear();
    await Promise.all(previews.map((p) => p.close().catch(() => undefined)));
  }
}

/** One id per file of a call, so a multi-file patch gets one diff editor per file. */
function previewId(callId: string, index: number): string {
  return index === 0 ? callId : `${callId}-${index}`;
}
