// Bringing a parallel task's work back, and cleaning up after it. Review Task Changes opens the task's whole change
// set against its recorded base in the multi-file diff editor (the same per-file and per-hunk review as a tool's
// edit); Apply brings what was accepted onto the user's files three ways, as one undoable edit of unstaged
// changes, then stops the task's processes, removes its worktree and deletes its branch. A conflict names the
// files and offers Update Task From Base (the user's state merged into the task's branch), then the apply again.
// Merge Branch and Keep Branch bring it back through git instead. Discard asks before losing unapplied work.
import { l10n } from '../../../core/l10n';
import type { EditPreview, EditReviewer } from '../../../core/ports/edit-review';
import { reviewOutcome, reviewableTasks } from '../../../core/tasks/review-outcome';
import type { ParallelTaskRecord } from '../../../core/tasks/task-record';
import type { ParallelTasks } from '../parallel-tasks';
import type { ApplyConflict, UpdateResult } from '../task-changes';
import type { WorktreeManager } from '../worktree-manager';
import { applyWrites } from './apply-writes';
import { commitTaskWork, mergeTaskBranch } from './branch-actions';
import { readTaskFiles, type TaskFiles } from './task-files';

/** What the person is asked and told; the host shows VS Code's dialogs, tests answer through a script. */
export interface TaskReviewUi {
  pickTask(tasks: readonly ParallelTaskRecord[], title: string): Promise<ParallelTaskRecord | undefined>;
  /** The apply (or merge) conflicts in these files: true when the person chose Update Task From Base. */
  offerUpdate(task: ParallelTaskRecord, conflicts: readonly string[]): Promise<boolean>;
  /** The review is decided: how to bring the task back (undefined: later, from the Tasks view). */
  chooseAction(task: ParallelTaskRecord): Promise<'apply' | 'merge' | 'keep' | undefined>;
  /** Apply was asked while the open review still has undecided hunks: true applies them as proposed. */
  confirmPending(task: ParallelTaskRecord, pending: number): Promise<boolean>;
  /** Whether to throw away changes that were never applied. */
  confirmDiscard(task: ParallelTaskRecord, changedFiles: number): Promise<boolean>;
  info(message: string): void;
  error(message: string): void;
}

export interface TaskReviewDeps {
  tasks: ParallelTasks;
  /** The same manager ParallelTasks uses (its write queue serialises the merge). */
  manager: WorktreeManager;
  reviewer: EditReviewer;
  ui: TaskReviewUi;
}

export type ApplyResult = 'applied' | 'nothing' | 'conflict' | 'cancelled' | 'failed';

interface OpenReview {
  preview: EditPreview;
  files: TaskFiles;
}

export class TaskReviewActions {
  private readonly open = new Map<string, OpenReview>();
  /** Tasks an apply is running for (their decided review must not also ask what to do). */
  private readonly applying = new Set<string>();

  constructor(private readonly deps: TaskReviewDeps) {}

  /** Ready tasks to choose from when a command was given no task id. */
  reviewable(): ParallelTaskRecord[] {
    return reviewableTasks(this.deps.tasks.list());
  }

  /** The open review of a task, if any (tests decide its hunks). */
  reviewOf(id: string): EditPreview | undefined {
    return this.open.get(id)?.preview;
  }

  /**
   * Review Task Changes (the command): the review, and once every hunk is decided the choice of Apply, Merge
   * Branch or Keep Branch.
   */
  async review(id: string): Promise<EditPreview | undefined> {
    const reopened = this.open.has(id);
    const preview = await this.reviewChanges(id);
    if (!preview || reopened) return preview;
    void preview.settled(new AbortController().signal).then(async (end) => {
      if (end !== 'decided' || this.open.get(id)?.preview !== preview || this.applying.has(id)) return;
      const action = await this.deps.ui.chooseAction(this.need(id));
      if (action === 'apply') await this.apply(id);
      else if (action === 'merge') await this.mergeBranch(id);
      else if (action === 'keep') await this.keepBranch(id);
    }).catch((error: unknown) => this.deps.ui.error(error instanceof Error ? error.message : String(error)));
    return preview;
  }

  /** Shows the task's change set against its base; an open review is shown again with its decisions kept. */
  async reviewChanges(id: string): Promise<EditPreview | undefined> {
    const task = this.need(id);
    const existing = this.open.get(id);
    if (existing) {
      await existing.preview.reveal(true);
      return existing.preview;
    }
    const files = await readTaskFiles(await this.deps.manager.taskWorktree(task), task);
    if (files.changes.length === 0) {
      if (files.whole.length === 0) this.deps.ui.info(l10n.t('Task "{0}" has not changed any file.', task.title));
      else this.deps.ui.info(l10n.t('Task "{0}" changed only files the text review cannot show; they are applied whole: {1}', task.title, files.whole.join(', ')));
      return undefined;
    }
    const title = l10n.t('Relay: changes of task "{0}" ({1})', task.title, task.branch ?? '');
    const preview = await this.deps.reviewer.preview(`task-${id}`, files.changes, { focus: true, baseSide: 'text', title });
    this.open.set(id, { preview, files });
    if (files.whole.length > 0) this.deps.ui.info(l10n.t('Also changed, applied whole (not shown in the review): {0}', files.whole.join(', ')));
    return preview;
  }

  /**
   * Applies what was accepted onto the user's files. Without an open review, the review opens first and the
   * apply waits until every hunk is decided (closing it cancels). Conflicts write nothing and offer Update Task
   * From Base, after which the changed task is reviewed and applied again.
   */
  async apply(id: string): Promise<ApplyResult> {
    if (this.applying.has(id)) {
      // A second Apply while the first waits for the review: show the review, never apply it undecided.
      await this.open.get(id)?.preview.reveal(true);
      return 'cancelled';
    }
    this.applying.add(id);
    try {
      return await this.applyNow(id);
    } finally {
      this.applying.delete(id);
    }
  }

  private async applyNow(id: string): Promise<ApplyResult> {
    const task = this.need(id);
    if (!this.open.has(id)) {
      const preview = await this.reviewChanges(id);
      if (preview && (await preview.settled(new AbortController().signal)) === 'closed') return 'cancelled';
    }
    const review = this.open.get(id);
    const outcome = review ? reviewOutcome(review.files.files, review.preview.files()) : undefined;
    if (outcome && outcome.unreadable.length > 0) {
      await this.closeReview(id); // gone for good: the next apply opens a fresh review
      this.deps.ui.error(l10n.t('The review of task "{0}" could not be read for: {1}. Nothing was applied; apply again to review it anew.', task.title, outcome.unreadable.join(', ')));
      return 'failed';
    }
    if (outcome && outcome.pending > 0 && !(await this.deps.ui.confirmPending(task, outcome.pending))) {
      await review?.preview.reveal(true);
      return 'cancelled';
    }
    const plan = await this.deps.tasks.planApply(id, outcome?.decisions, outcome?.contents);
    if (plan.conflicts.length > 0) return this.onConflict(task, plan.conflicts);
    if (plan.files === 0) {
      this.deps.ui.info(l10n.t('Nothing of task "{0}" was accepted; nothing was applied.', task.title));
      return 'nothing';
    }
    const written = await applyWrites(task.repoRoot, plan.writes, l10n.t('Apply task "{0}"', task.title));
    if (!written.ok) {
      this.deps.ui.error(
        written.reason === 'unsaved'
          ? l10n.t('{0} has unsaved changes: save or revert it, then apply again. Nothing was applied.', written.path ?? '')
          : written.reason === 'changed'
            ? l10n.t('{0} changed while the apply was prepared. Nothing was applied; apply again.', written.path ?? '')
            : l10n.t('Applying task "{0}" failed: {1}', task.title, written.message ?? ''),
      );
      return 'failed';
    }
    await this.closeReview(id);
    await this.deps.tasks.markApplied(id);
    await this.deps.tasks.cleanUp(id);
    this.deps.ui.info(
      plan.writes.length === 1
        ? l10n.t('Applied task "{0}" to your working tree (1 file, unstaged). Undo reverts it in one step.', task.title)
        : l10n.t('Applied task "{0}" to your working tree ({1} files, unstaged). Undo reverts it in one step.', task.title, plan.writes.length),
    );
    return 'applied';
  }

  /** Merges the user's current state into the task's branch inside its worktree; the task's review opens again on the result. */
  async updateFromBase(id: string): Promise<UpdateResult> {
    const task = this.need(id);
    await this.closeReview(id);
    const result = await this.deps.tasks.updateFromBase(id);
    if (result.conflicts.length > 0) {
      this.deps.ui.error(
        l10n.t('Updating task "{0}" from base left conflicts in its worktree: {1}. Resolve them in the task, then apply again.', task.title, result.conflicts.join(', ')),
      );
    } else this.deps.ui.info(l10n.t('Task "{0}" now includes your current changes.', task.title));
    return result;
  }

  /** Commits the task's work on its branch and merges the branch into the user's checked-out branch. */
  async mergeBranch(id: string): Promise<ApplyResult> {
    const task = this.need(id);
    await commitTaskWork(this.deps.manager, task, `Relay: ${task.title}`);
    const merged = await mergeTaskBranch(this.deps.manager, task, `Merge ${task.branch ?? ''} (Relay: ${task.title})`);
    if (!merged.merged) {
      if ('conflicts' in merged) return this.onConflict(task, merged.conflicts.map((path) => ({ path, reason: 'overlap' })), () => this.mergeBranch(id));
      this.deps.ui.error(l10n.t('Merging {0} failed: {1}', task.branch ?? '', merged.refused));
      return 'failed';
    }
    await this.closeReview(id);
    await this.deps.tasks.markApplied(id);
    await this.deps.tasks.cleanUp(id);
    this.deps.ui.info(l10n.t('Merged {0} into your branch.', task.branch ?? ''));
    return 'applied';
  }

  /** Commits the task's work on its branch and removes the worktree, keeping the branch for a pull request. */
  async keepBranch(id: string): Promise<void> {
    const task = this.need(id);
    await commitTaskWork(this.deps.manager, task, `Relay: ${task.title}`);
    await this.closeReview(id);
    await this.deps.tasks.discard(id, { force: true, keepBranch: true });
    this.deps.ui.info(l10n.t('Kept branch {0} with the work of task "{1}"; its worktree was removed.', task.branch ?? '', task.title));
  }

  /** Stops the task, removes its worktree and deletes its branch; unapplied changes only after the person agrees. */
  async discard(id: string): Promise<boolean> {
    const task = this.deps.tasks.get(id);
    if (!task) throw new Error(l10n.t('No parallel task {0}.', id));
    if (await this.deps.tasks.hasUnappliedWork(id)) {
      const refreshed = (await this.deps.tasks.refresh(id)) ?? task;
      if (!(await this.deps.ui.confirmDiscard(refreshed, refreshed.changedFiles ?? 0))) return false;
    }
    await this.closeReview(id);
    await this.deps.tasks.discard(id, { force: true });
    return true;
  }

  private async onConflict(task: ParallelTaskRecord, conflicts: readonly ApplyConflict[], retry?: () => Promise<ApplyResult>): Promise<ApplyResult> {
    const paths = conflicts.map((c) => c.path);
    if (!(await this.deps.ui.offerUpdate(task, paths))) return 'conflict';
    const updated = await this.updateFromBase(task.id);
    if (updated.conflicts.length > 0) return 'conflict';
    return retry ? retry() : this.applyNow(task.id);
  }

  private async closeReview(id: string): Promise<void> {
    const review = this.open.get(id);
    this.open.delete(id);
    await review?.preview.close();
  }

  private need(id: string): ParallelTaskRecord {
    const task = this.deps.tasks.get(id);
    if (!task) throw new Error(l10n.t('No parallel task {0}.', id));
    if (!reviewableTasks([task]).length) throw new Error(l10n.t('Task "{0}" is {1}: only a finished task can be reviewed or brought back.', task.title, task.state));
    return task;
  }
}
