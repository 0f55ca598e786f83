// Applies what the user accepted in one workspace edit. If a file moved on since the proposal (the user typed,
// another tool wrote), the edit is computed once more against the current text and applied if it still
// matches; otherwise, or when the user had reworked the proposal, the model hears about the conflict.
import type { EditApplier, EditOrigin, ProposedFileChange } from '../../core/ports/edit-review';
import { l10n, type Said, sentences } from '../../core/l10n';
import { ToolError, ToolErrorType } from '../../core/tools';
import type { EditPlan } from './edit-plan';
import type { AcceptedChange } from './accepted-change';

export type ApplyResult =
  | { ok: true; applied: ProposedFileChange[]; plan: EditPlan; recomputed: boolean }
  | { ok: false; type: ToolErrorType; message: Said };

export interface ApplyInput {
  applier: EditApplier;
  origin: EditOrigin;
  accepted: readonly AcceptedChange[];
  plan: EditPlan;
  /** Computes the edit again from the files as they are now; absent when the tool cannot (a whole-file write). */
  replan?: () => Promise<EditPlan>;
  /** How a path is named to the model. */
  show(path: string): string;
  /** The text the user sees now (an unsaved editor wins), or undefined when the file is gone. */
  read(path: string): Promise<string | undefined>;
}

export async function applyAccepted(input: ApplyInput): Promise<ApplyResult> {
  const changes = input.accepted.map((a) => a.change);
  const first = await input.applier.apply(changes, input.origin);
  if (first.ok) return { ok: true, applied: changes, plan: input.plan, recomputed: false };
  if (first.reason === 'failed') return failed(first.message, first.path, changes, input);

  const who = input.show(first.path);
  const conflict = (why: Said, type: ToolErrorType = ToolErrorType.EXECUTION_FAILED): ApplyResult => ({
    ok: false,
    type,
    message: l10n.both('{0} changed after the edit was proposed (it was edited meanwhile), {1} Nothing was changed. Read the file again before editing it.', who, why),
  });
  if (input.accepted.some((a) => a.userEdited)) {
    return conflict(l10n.both('and the proposal the user had reworked was based on the old text, so it was not applied.'));
  }
  // Recomputing would bring back the hunks the user rejected.
  if (input.accepted.some((a) => a.rejected.length > 0)) {
    return conflict(l10n.both('and the proposal the user had reviewed hunk by hunk was based on the old text, so it was not applied.'));
  }
  if (!input.replan) return conflict(l10n.both('and writing the whole file would discard those changes.'));

  let fresh: EditPlan;
  try {
    fresh = await input.replan();
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    return conflict(l10n.both('and the edit no longer applies to its current text: {0}', error.said), error.type);
  }
  const second = await input.applier.apply(fresh.changes, input.origin);
  if (second.ok) return { ok: true, applied: fresh.changes, plan: fresh, recomputed: true };
  if (second.reason === 'failed') return failed(second.message, second.path, fresh.changes, input);
  return conflict(l10n.both('and it changed again while the edit was being recomputed.'));
}

/** A failure after the edit reached the editor (saving failed) is told as such: the change is there, unsaved. */
async function failed(message: string, path: string | undefined, changes: readonly ProposedFileChange[], input: ApplyInput): Promise<ApplyResult> {
  const landed = await Promise.all(
    changes.filter((c) => c.kind !== 'delete').map(async (c) => (await input.read(c.newPath ?? c.path).catch(() => undefined)) === c.proposedText),
  );
  const state = landed.length > 0 && landed.every(Boolean)
    ? l10n.both('The change is in the editor but not saved to disk.')
    : l10n.both('Read the file before trying again.');
  const head = path ? l10n.both('Applying the edit to {0} failed: {1}.', input.show(path), message) : l10n.both('Applying the edit failed: {0}.', message);
  return { ok: false, type: ToolErrorType.EXECUTION_FAILED, message: sentences(head, state) };
}
