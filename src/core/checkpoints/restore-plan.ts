// Restore planning: which files a restore to a step changes, and which of them the user changed since Relay
// last touched them (conflicts, kept unless the user says otherwise). Pure; the store supplies the coverages.
//
// The state to restore for a path is what the earliest checkpoint at or after the target step says about it
// (edit checkpoints cover the files they change, command checkpoints the whole workspace): every step that
// changed the path took a checkpoint first, so until the first one that covers it the path was as at the
// target. What Relay last left a path is what the latest step covering it recorded after running; a current
// state that differs from it was made by someone else.
import { type CheckpointStep, type Coverage, type FileState, sameState, stateIn } from './types';

export interface RestoreChange {
  path: string;
  /** Now (null: absent). */
  current: FileState | null;
  /** After the restore (null: deleted). */
  target: FileState | null;
  /** Changed by someone other than Relay since its last step that touched it. */
  conflict: boolean;
}

export interface RestorePlan {
  /** Paths the restore writes, creates or deletes, in path order. */
  changes: RestoreChange[];
  /** Paths that differ but cannot be restored: the checkpoint only saw them (over the size limit). */
  unrestorable: { path: string; size: number }[];
}

/**
 * `steps` in the order they ran; `targetIndex` the step to go back to (its "before" state); `current` the
 * files now, covering at least every path a step from the target on covers (the whole workspace when one
 * of them is a workspace checkpoint).
 */
export function planRestore(steps: readonly CheckpointStep[], targetIndex: number, current: Coverage): RestorePlan {
  if (targetIndex < 0 || targetIndex >= steps.length) throw new RangeError(`No step ${targetIndex} in this task`);
  const later = steps.slice(targetIndex);
  const paths = new Set<string>();
  for (const step of later) {
    for (const path of step.before.files.keys()) paths.add(path);
    if (step.after) for (const path of step.after.files.keys()) paths.add(path);
  }
  if (later.some((step) => step.before.scope === 'workspace' || step.after?.scope === 'workspace')) {
    for (const path of current.files.keys()) paths.add(path);
  }

  const plan: RestorePlan = { changes: [], unrestorable: [] };
  for (const path of [...paths].sort()) {
    const target = firstDefined(later.map((step) => step.before), path);
    if (target === undefined) continue; // no step from the target on covers it: Relay has not changed it since
    const now = stateIn(current, path);
    if (now === undefined) throw new Error(`The current state does not cover ${path}`);
    if (sameState(target, now)) continue;
    if (target?.type === 'skipped') {
      plan.unrestorable.push({ path, size: target.size });
      continue;
    }
    const lastLeft = firstDefined(
      later
        .map((step) => step.after)
        .filter((after): after is Coverage => after !== undefined)
        .reverse(),
      path,
    );
    plan.changes.push({ path, current: now, target, conflict: lastLeft !== undefined && !sameState(lastLeft, now) });
  }
  return plan;
}

/** The changes to make when conflicts are kept (the default) or overwritten. */
export function changesToApply(plan: RestorePlan, overwriteConflicts: boolean): RestoreChange[] {
  return overwriteConflicts ? plan.changes : plan.changes.filter((change) => !change.conflict);
}

/** Every path a restore to `targetIndex` may need the current state of; undefined when it needs the whole workspace. */
export function pathsToRead(steps: readonly CheckpointStep[], targetIndex: number): string[] | undefined {
  const later = steps.slice(Math.max(0, targetIndex));
  if (later.some((step) => step.before.scope === 'workspace' || step.after?.scope === 'workspace')) return undefined;
  const paths = new Set<string>();
  for (const step of later) {
    for (const path of step.before.files.keys()) paths.add(path);
    if (step.after) for (const path of step.after.files.keys()) paths.add(path);
  }
  return [...paths].sort();
}

function firstDefined(coverages: readonly Coverage[], path: string): FileState | null | undefined {
  for (const coverage of coverages) {
    const state = stateIn(coverage, path);
    if (state !== undefined) return state;
  }
  return undefined;
}
