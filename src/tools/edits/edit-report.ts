// What an applied (or proposed) edit looks like on the card, and what the model is told about it.
import { unifiedDiffFor } from '../../core/edit';
import type { ProposedFileChange } from '../../core/ports/edit-review';
import { displayBlocks, type DisplayBlock } from '../../core/tools';
import { pathAfter } from './edit-plan';
import type { AcceptedChange } from './accepted-change';

export interface DiffSummary {
  blocks: DisplayBlock[];
  added: number;
  removed: number;
}

/** One diff block per file. `canOpen` while the proposal can still be shown in the diff editor. */
export function diffBlocks(changes: readonly ProposedFileChange[], show: (path: string) => string, canOpen: boolean): DiffSummary {
  let added = 0;
  let removed = 0;
  const blocks = changes.map((change) => {
    const diff = unifiedDiffFor({
      path: show(change.path),
      ...(change.kind === 'create' ? {} : { oldContent: change.baseText ?? '' }),
      ...(change.kind === 'delete' ? {} : { newContent: change.proposedText ?? '' }),
      ...(change.kind === 'move' && change.newPath ? { newPath: show(change.newPath) } : {}),
    });
    added += diff.added;
    removed += diff.removed;
    return displayBlocks.diff(show(pathAfter(change) ?? change.path), diff.unifiedDiff, diff.added, diff.removed, canOpen);
  });
  return { blocks, added, removed };
}

/** The model's account of the user's rework: the diff from its proposal (rejected hunks aside) to what was applied. */
export function userEditNotes(accepted: readonly AcceptedChange[], show: (path: string) => string): string[] {
  return accepted.flatMap((a) => {
    if (!a.userEdited || a.dropped) return [];
    const diff = unifiedDiffFor({
      path: show(a.change.path),
      oldContent: a.reference ?? '',
      newContent: a.change.proposedText ?? '',
    });
    return [
      `The user edited your proposal for ${show(pathAfter(a.change) ?? a.change.path)} before accepting it; the file now holds their version. ` +
        `Changes from your proposal (-) to what was applied (+):\n${diff.unifiedDiff.trimEnd()}`,
    ];
  });
}
