// A file's change as the user left it in review: shared by the previews that work it out and the reports and the
// writer that use it.
import type { ResolvedHunk } from '../../core/edit';
import type { ProposedFileChange } from '../../core/ports/edit-review';

export interface AcceptedChange {
  /** The change as the user left it: `proposedText` is what will be applied. */
  change: ProposedFileChange;
  /** The user typed into the proposal before it was applied. */
  userEdited: boolean;
  /** The hunks the user rejected: kept as they were in the file. */
  rejected: ResolvedHunk[];
  /** How many hunks the proposal for this file had. */
  hunks: number;
  /** The proposal with the rejected hunks put back, before the user's own edits (what `userEdited` is measured against). */
  reference: string | undefined;
  /** Every hunk rejected and nothing typed: this file is not changed at all. */
  dropped: boolean;
}
