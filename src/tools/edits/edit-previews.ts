// The diff editors of one call's proposal: opened at prepare time or on demand from the approval prompt, where the
// user may edit the proposal and accept or reject each hunk; read back when the call runs, and closed after apply,
// denial or cancel. What the user kept is worked out by the core's review logic, never by the editor.
import { resolveReview } from '../../core/edit';
import type { EditPreview, EditReviewer, FileReview, ProposedFileChange } from '../../core/ports/edit-review';
import type { ReviewVerdict } from '../../core/tools';
import { rejectedEverything, uiRejectedEverything } from './review-report';
import type { AcceptedChange } from './accepted-change';

export type { AcceptedChange } from './accepted-change';

export class EditPreviews {
  private opening: Promise<EditPreview | undefined> | undefined;
  /** Once applied, denied or cancelled, "Open Diff" has nothing left to show. */
  private closed = false;

  constructor(
    private readonly reviewer: EditReviewer,
    private readonly callId: string,
    private readonly changes: readonly ProposedFileChange[],
    private readonly show: (path: string) => string,
  ) {}

  /** Opens the proposal (or shows it again, keeping what the user typed and decided). */
  open(focus = false): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.opening = (this.opening ?? Promise.resolve(undefined))
      .catch(() => undefined)
      .then(async (preview) => {
        if (this.closed) return preview;
        if (preview) {
          await preview.reveal(focus);
          return preview;
        }
        return this.reviewer.preview(this.callId, this.changes, { focus });
      });
    return this.opening.then(() => undefined);
  }

  /** The approval handed to the diff editor: waits until the user has decided every hunk or closed the review. */
  async review(signal: AbortSignal): Promise<ReviewVerdict> {
    await this.open(true);
    const preview = await this.opening?.catch(() => undefined);
    if (!preview || this.closed) return { decision: 'undecided' };
    if ((await preview.settled(signal)) === 'closed') return { decision: 'undecided' };
    const accepted = await this.accepted();
    if (accepted.every((a) => a.dropped)) {
      const why = preview.reason();
      return { decision: 'deny', reason: rejectedEverything(accepted, this.show, why), uiReason: uiRejectedEverything(accepted, this.show, why) };
    }
    return { decision: 'allow' };
  }

  /** The changes as the user left them; hunks still undecided are accepted (the call was allowed). */
  async accepted(): Promise<AcceptedChange[]> {
    const preview = await this.opening?.catch(() => undefined); // a preview that failed to open just means nobody reviewed it
    const files = preview?.files();
    return this.changes.map((change, i) => acceptedChange(change, files?.[i]));
  }

  /** The user's reason for what they rejected, if they gave one. */
  async reason(): Promise<string | undefined> {
    return (await this.opening?.catch(() => undefined))?.reason();
  }

  async close(): Promise<void> {
    this.closed = true;
    const preview = await this.opening?.catch(() => undefined);
    await preview?.close().catch(() => undefined);
  }
}

/** One file's outcome: the text the proposal side holds (rejected hunks already reverted there), read through the review logic. */
export function acceptedChange(change: ProposedFileChange, review: FileReview | undefined): AcceptedChange {
  const base = change.baseText ?? '';
  const proposed = change.proposedText ?? '';
  const reverted = (review?.decisions ?? []).flatMap((d, i) => (d === 'rejected' ? [i] : []));
  const current = change.kind === 'delete' ? (reverted.length > 0 ? base : '') : (review?.text ?? proposed);
  const resolution = resolveReview({ base, proposed, current, reverted, reject: [] });
  const rejected = resolution.hunks.filter((h) => h.decision === 'rejected');
  // What the file would be with nothing but the rejections (a hunk the user typed back to its base lines, as the
  // gutter's Revert does, is one): the user edited the proposal only where the result differs from this.
  const reference =
    rejected.length > 0 ? resolveReview({ base, proposed, current: proposed, reverted: [], reject: rejected.map((h) => h.index) }).text : proposed;
  const hunks = resolution.hunks.length;
  const userEdited = change.kind !== 'delete' && resolution.text !== reference;
  const unchanged = change.kind === 'create' ? rejected.length === hunks && hunks > 0 && !userEdited : resolution.text === base && change.kind !== 'delete';
  const dropped = change.kind === 'delete' ? rejected.length > 0 : unchanged && (change.kind !== 'move' || rejected.length > 0);
  const applied: ProposedFileChange = change.kind === 'delete' ? change : { ...change, proposedText: resolution.text };
  return { change: applied, userEdited, rejected, hunks, reference: change.kind === 'delete' ? undefined : reference, dropped };
}
