// What the person decided in the review of a task's change set, in the terms the apply takes: a file whose every
// hunk was rejected is left out; any other text file brings exactly what the review's right side holds (rejected
// hunks already put back, the person's own edits kept, undecided hunks kept as proposed). Binary files are not in
// the text review and come whole.
import type { FileReview } from '../ports/edit-review';
import type { ParallelTaskRecord } from './task-record';
import type { FileDecision } from './task-patch';

/** One text file of the task as it is in the review, in the review's order. */
export interface ReviewedTaskFile {
  /** The path the task's patch knows the file by (its new path, or the old one for a deletion). */
  path: string;
  /** Its path in the task's result; null for a deletion. */
  newPath: string | null;
}

export interface ReviewOutcome {
  decisions: Map<string, FileDecision>;
  /** Accepted content by new path. */
  contents: Map<string, Uint8Array>;
  /** Files whose review side could not be read (the review was closed): nothing may be applied from a guess. */
  unreadable: string[];
  /** Hunks still undecided (they are applied as proposed). */
  pending: number;
}

export function reviewOutcome(files: readonly ReviewedTaskFile[], reviews: readonly FileReview[]): ReviewOutcome {
  const outcome: ReviewOutcome = { decisions: new Map(), contents: new Map(), unreadable: [], pending: 0 };
  files.forEach((file, i) => {
    const review = reviews[i];
    if (!review) return void outcome.unreadable.push(file.path);
    outcome.pending += review.decisions.filter((d) => d === 'pending').length;
    if (review.decisions.length > 0 && review.decisions.every((d) => d === 'rejected')) {
      outcome.decisions.set(file.path, { accept: false });
      return;
    }
    if (file.newPath === null) return; // a deletion, accepted
    if (review.text === undefined) return void outcome.unreadable.push(file.path);
    outcome.contents.set(file.newPath, new TextEncoder().encode(review.text));
  });
  return outcome;
}

/** Tasks whose changes can be reviewed, applied, merged or kept now: finished (or failed) with their worktree still there. */
export function reviewableTasks(tasks: readonly ParallelTaskRecord[]): ParallelTaskRecord[] {
  return tasks.filter((t) => t.isolation === 'worktree' && !t.removed && (t.state === 'ready-for-review' || t.state === 'failed'));
}

/** A task id from a command's argument: the id itself, or a Tasks view item or record carrying it. */
export function taskIdOf(arg: unknown): string | undefined {
  if (typeof arg === 'string' && arg) return arg;
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as { id?: unknown; taskId?: unknown; task?: { id?: unknown } };
  for (const v of [o.taskId, o.task?.id, o.id]) if (typeof v === 'string' && v) return v;
  return undefined;
}
