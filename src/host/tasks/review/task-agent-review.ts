// "Review Task with Relay" (the Tasks view's row): Review My Changes on a parallel task's change set before Apply.
// The task's whole change against its recorded base (committed or not, new files included, linked folders left out)
// is reviewed by the read-only review agent in the task's worktree, and the findings become comment threads on the
// worktree's files: the lines they name exist only there until Apply (the user's files may hold the base, or their
// own edits since). A finding's Fix is sent to the task as its next message, so the task fixes its own work, in its
// worktree, before anything reaches the user's files. The threads go when the worktree does (applied, discarded).
// Like the other row commands it acts only on a row the person clicked, or on a ready task picked from a list.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { l10n } from '../../../core/l10n';
import { reviewableTasks } from '../../../core/tasks/review-outcome';
import type { ParallelTaskRecord } from '../../../core/tasks/task-record';
import { isFinal } from '../../../core/tasks/task-state';
import { refuseArgument } from '../../dialogs/unclicked';
import type { TaskScope } from '../../session/session-scope';
import { readTaskDiffText } from '../task-changes';
import { clickedTaskId } from '../tasks-view';
import type { ParallelTaskSurface } from '../wiring';

export const REVIEW_TASK_WITH_RELAY = 'relay.tasks.reviewWithRelay';

/** What the review needs (ChangeReview.reviewTask / forgetTask in src/host/change-review), in this folder's words. */
export interface AgentReviewer {
  reviewTask(request: {
    task: { id: string; title: string };
    root: string;
    what: string;
    diff: string;
    scope: TaskScope;
    fix(text: string): Promise<boolean>;
  }): Promise<unknown>;
  forgetTask(id: string): void;
}

/** The command's handler: the clicked row's task (or, from the palette, a picked one) reviewed. */
export function reviewTaskWithRelayHandler(surface: () => ParallelTaskSurface, reviewer: AgentReviewer): (arg?: unknown) => Promise<unknown> {
  let following: vscode.Disposable | undefined;
  const reviewedTasks = new Set<string>();
  return async (arg?: unknown) => {
    if (arg !== undefined && clickedTaskId(arg) === undefined) return refuseArgument(REVIEW_TASK_WITH_RELAY);
    const s = surface();
    const id = clickedTaskId(arg) ?? (await pickReady(s));
    if (!id) return undefined;
    // One listener for every reviewed task: its threads go with its worktree.
    following ??= s.tasks.onDidChange(() => {
      for (const reviewed of reviewedTasks) {
        const task = s.tasks.get(reviewed);
        if (task && !isFinal(task.state)) continue;
        reviewer.forgetTask(reviewed);
        reviewedTasks.delete(reviewed);
      }
    });
    try {
      const request = await reviewRequest(s, id);
      if (!request) return undefined;
      reviewedTasks.add(id);
      return await reviewer.reviewTask(request);
    } catch (error) {
      void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  };
}

async function pickReady(surface: ParallelTaskSurface): Promise<string | undefined> {
  const ready = reviewableTasks(surface.tasks.list());
  if (ready.length === 0) {
    void vscode.window.showInformationMessage(l10n.t('No parallel task is ready for this.'));
    return undefined;
  }
  return (await surface.reviewUi.pickTask(ready, l10n.t('Review Task with Relay')))?.id;
}

async function reviewRequest(surface: ParallelTaskSurface, id: string): Promise<Parameters<AgentReviewer['reviewTask']>[0] | undefined> {
  const task = surface.tasks.get(id);
  const scope = surface.scopeFor(id);
  if (!task || task.isolation !== 'worktree' || !task.baseCommit || !scope) {
    void vscode.window.showInformationMessage(l10n.t('Relay: only a parallel task in its own worktree, not yet applied, can be reviewed this way.'));
    return undefined;
  }
  const worktree = await surface.manager.taskWorktree(task);
  const diff = await readTaskDiffText(worktree, task.baseCommit, task.links);
  return {
    task: { id, title: task.title },
    root: worktree.workTree,
    what: `the changes of the parallel task "${task.title}" (branch ${task.branch ?? 'unknown'}) against the commit it started from`,
    diff,
    scope: reviewScope(scope),
    fix: (text) => fixInTask(surface, task, text),
  };
}

/**
 * The task's scope for a read-only session of its own: the worktree as its workspace and the task's approvals, but a
 * fresh id (the review is not the task's conversation), no checkpoints, and nothing of it reported as the task's state.
 */
function reviewScope(scope: TaskScope): TaskScope {
  return { id: randomUUID(), workRoot: scope.workRoot, env: scope.env, ...(scope.worktree ? { worktree: scope.worktree } : {}), approvals: scope.approvals, watch: () => undefined };
}

/** Fix: the task's chat on screen, then the finding as its next message (refused while it or the chat's task runs). */
async function fixInTask(surface: ParallelTaskSurface, task: ParallelTaskRecord, text: string): Promise<boolean> {
  const now = surface.tasks.get(task.id);
  if (!now || isFinal(now.state)) {
    void vscode.window.showInformationMessage(l10n.t('Relay: the task "{0}" is no longer there to fix this.', task.title));
    return false;
  }
  const controller = surface.controller;
  if (controller.sessionFor(task.id)?.isRunning) {
    void vscode.window.showInformationMessage(l10n.t('Relay: the task "{0}" is still running: wait or stop it before fixing a review comment.', task.title));
    return false;
  }
  await surface.open(task.id);
  if (controller.session?.id !== task.id) return false; // the chat's own task is running: it said so
  await controller.send(text);
  return true;
}
