// The commands that bring a parallel task back (Review Task Changes, Apply to my working tree, Update Task From
// Base, Merge Branch, Keep Branch), each taking a task id (the Tasks view passes it, or its item); without one, a
// quick pick of the tasks that are ready. Discard is the Tasks view's own `relay.tasks.discard`. Registered with the
// other lazily loaded commands (src/host/commands/command-ids.ts) through `lazyTaskReviewHandlers` in ../task-commands.ts.
import { l10n } from '../../../core/l10n';
import * as vscode from 'vscode';
import { refuseArgument } from '../../dialogs/unclicked';
import { clickedTaskId } from '../tasks-view';
import type { ParallelTaskRecord } from '../../../core/tasks/task-record';
import type { TaskReviewActions, TaskReviewUi } from './task-review-actions';
import { modalWithCancel } from '../../dialogs/modal';

export const TASK_REVIEW_COMMANDS = {
  reviewChanges: 'relay.tasks.reviewChanges',
  apply: 'relay.tasks.apply',
  updateFromBase: 'relay.tasks.updateFromBase',
  mergeBranch: 'relay.tasks.mergeBranch',
  keepBranch: 'relay.tasks.keepBranch',
} as const;

export type TaskReviewCommand = (typeof TASK_REVIEW_COMMANDS)[keyof typeof TASK_REVIEW_COMMANDS];

/** The commands' handlers by id, for a caller that registers them itself (src/host/commands/command-ids.ts's lazy commands). */
export function taskReviewHandlers(actions: TaskReviewActions, ui: TaskReviewUi): Record<TaskReviewCommand, (arg?: unknown) => Promise<unknown>> {
  const run =
    (title: string, work: (id: string) => Promise<unknown>, command: string) =>
    async (arg?: unknown): Promise<unknown> => {
      // A row the person clicked, or (from the palette: no argument) the task they pick; another extension's id
      // or made-up row is refused (dialogs/unclicked.ts).
      if (arg !== undefined && clickedTaskId(arg) === undefined) return refuseArgument(command);
      const id = clickedTaskId(arg) ?? (await pick(ui, actions.reviewable(), title));
      if (!id) return undefined;
      try {
        return await work(id);
      } catch (error) {
        ui.error(error instanceof Error ? error.message : String(error));
        return undefined;
      }
    };
  const C = TASK_REVIEW_COMMANDS;
  return {
    [C.reviewChanges]: run(l10n.t('Review Task Changes'), (id) => actions.review(id), C.reviewChanges),
    [C.apply]: run(l10n.t('Apply Task to My Working Tree'), (id) => actions.apply(id), C.apply),
    [C.updateFromBase]: run(l10n.t('Update Task From Base'), (id) => actions.updateFromBase(id), C.updateFromBase),
    [C.mergeBranch]: run(l10n.t('Merge Task Branch'), (id) => actions.mergeBranch(id), C.mergeBranch),
    [C.keepBranch]: run(l10n.t('Keep Task Branch for a Pull Request'), (id) => actions.keepBranch(id), C.keepBranch),
  };
}

async function pick(ui: TaskReviewUi, tasks: readonly ParallelTaskRecord[], title: string): Promise<string | undefined> {
  if (tasks.length === 0) {
    ui.info(l10n.t('No parallel task is ready for this.'));
    return undefined;
  }
  return (await ui.pickTask(tasks, title))?.id;
}

export function vscodeTaskReviewUi(): TaskReviewUi {
  return {
    pickTask: async (tasks, title) => {
      const picked = await vscode.window.showQuickPick(
        tasks.map((task) => ({
          label: task.title,
          description: [task.branch, task.state].filter(Boolean).join(' · '),
          ...(task.conflicts?.length ? { detail: l10n.t('Conflicts with your files: {0}', task.conflicts.join(', ')) } : {}),
          task,
        })),
        { title, placeHolder: l10n.t('Choose a parallel task') },
      );
      return picked?.task;
    },
    offerUpdate: async (task, conflicts) => {
      const update = l10n.t('Update Task From Base');
      const answer = await modalWithCancel(
        'warning',
        l10n.t('Task "{0}" conflicts with your files. Nothing was applied.', task.title),
        l10n.t('Conflicting files:\n{0}\n\nUpdate Task From Base merges your current state into the task\'s branch, then applies again.', conflicts.join('\n')),
        [update],
      );
      return answer === update;
    },
    chooseAction: async (task) => {
      const apply = l10n.t('Apply to My Working Tree');
      const merge = l10n.t('Merge Branch');
      const keep = l10n.t('Keep Branch');
      const answer = await vscode.window.showInformationMessage(l10n.t('Task "{0}" is reviewed. Bring it back:', task.title), apply, merge, keep);
      return answer === apply ? 'apply' : answer === merge ? 'merge' : answer === keep ? 'keep' : undefined;
    },
    confirmPending: async (task, pending) => {
      const apply = l10n.t('Apply as Proposed');
      const answer = await modalWithCancel(
        'warning',
        l10n.t('{0} changes of task "{1}" are not decided yet.', pending, task.title),
        l10n.t('Apply them as the task proposed them, or go back to the review.'),
        [apply],
      );
      return answer === apply;
    },
    confirmDiscard: async (task, changedFiles) => {
      const discard = l10n.t('Discard');
      const answer = await modalWithCancel(
        'warning',
        l10n.t('Discard task "{0}"?', task.title),
        l10n.t('Its {0} changed files were never applied. Its worktree and branch {1} are deleted.', changedFiles, task.branch ?? ''),
        [discard],
      );
      return answer === discard;
    },
    info: (message) => void vscode.window.showInformationMessage(message),
    error: (message) => void vscode.window.showErrorMessage(message),
  };
}
