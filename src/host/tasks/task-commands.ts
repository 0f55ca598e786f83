// The parallel tasks' commands: New Parallel Task (the palette, the chat's title bar), and the Tasks view's Open,
// Stop and Discard. Open takes the task's id or the view's row; Stop, Discard and Restore Branch only a row the
// person clicked (another extension can call any command with any argument: dialogs/unclicked.ts). New Parallel
// Task with a prompt from its caller (Relay's UI passes none) runs on the user's key only once they said yes.
import * as vscode from 'vscode';
import { z } from 'zod';
import { l10n } from '../../core/l10n';
import type { ParallelTaskRecord } from '../../core/tasks/task-record';
import { isInside } from '../../tools/paths';
import { runGit } from '../git/git-process';
import { discoverRepository } from '../git/git-repositories';
import { clickedTaskId, taskIdOf } from './tasks-view';
import { refuseArgument } from '../dialogs/unclicked';
import type { ParallelTaskSurface } from './wiring';
import { TASK_REVIEW_COMMANDS, type TaskReviewCommand, taskReviewHandlers } from './review/task-review-commands';
import { askUnasked, modalWithCancel } from '../dialogs/modal';
import { ReadOnlyReport } from '../dialogs/read-only-report';

export const PARALLEL_TASK_COMMANDS = ['relay.tasks.newParallelTask', 'relay.tasks.open', 'relay.tasks.stop', 'relay.tasks.discard', 'relay.tasks.restoreBranch', 'relay.tasks.cleanUpWorktrees'] as const;

/** What a caller may pass to New Parallel Task instead of being asked; anything else is refused. */
const newParallelTaskArgs = z
  .object({
    prompt: z.string().max(100_000).optional(),
    /** A folder inside one of the workspace's folders; by default the workspace's (asked when there are several). */
    folder: z.string().min(1).max(4096).optional(),
    copyUncommitted: z.boolean().optional(),
    /** Show the task's chat when it starts (default true). */
    show: z.boolean().optional(),
  })
  .strict();

export type NewParallelTaskArgs = z.infer<typeof newParallelTaskArgs>;

/**
 * Whether a task whose prompt a caller wrote (not the person, in Relay's input box) may start: it would run on the
 * person's key, in their folder. Integration tests answer it; the default is a modal whose Enter starts nothing.
 */
export type ConfirmCallerTask = (request: { prompt: string; folder: string }) => Promise<boolean>;

export function parallelTaskHandlers(
  surface: () => ParallelTaskSurface,
  confirmCaller: ConfirmCallerTask = modalConfirmCallerTask,
): Record<(typeof PARALLEL_TASK_COMMANDS)[number], (...args: unknown[]) => unknown> {
  return {
    'relay.tasks.newParallelTask': (args?: unknown) => {
      if (args === undefined) return newParallelTask(surface(), {}, confirmCaller);
      const parsed = newParallelTaskArgs.safeParse(args);
      if (!parsed.success) return refuseArgument('relay.tasks.newParallelTask');
      return newParallelTask(surface(), parsed.data, confirmCaller);
    },
    'relay.tasks.open': async (arg?: unknown) => {
      const id = taskIdOf(arg);
      if (id) await surface().open(id);
    },
    'relay.tasks.stop': async (arg?: unknown) => {
      const id = clickedTaskId(arg);
      if (!id) return refuseArgument('relay.tasks.stop');
      await surface().sessions.stop(id);
    },
    'relay.tasks.discard': async (arg?: unknown) => {
      const id = clickedTaskId(arg);
      if (!id) {
        refuseArgument('relay.tasks.discard');
        return false;
      }
      return surface().sessions.discard(id, confirmDiscard);
    },
    'relay.tasks.restoreBranch': async (arg?: unknown) => {
      const id = clickedTaskId(arg);
      if (!id) return refuseArgument('relay.tasks.restoreBranch');
      return restoreBranch(surface(), id);
    },
    // `{ quiet: true }` at activation: nothing is said when there is nothing to clean up.
    'relay.tasks.cleanUpWorktrees': (args?: unknown) => surface().cleanUpOrphans((args as { quiet?: boolean } | undefined)?.quiet === true),
  };
}

/** The review commands (Review Task Changes, Apply, …) on the surface's actions, resolved when one runs. Each acts on a row the person clicked, or (no argument: the palette) on the task they pick; nothing else. */
export function lazyTaskReviewHandlers(surface: () => ParallelTaskSurface): Record<TaskReviewCommand, (arg?: unknown) => Promise<unknown>> {
  const handlers = () => taskReviewHandlers(surface().review, surface().reviewUi);
  return Object.fromEntries(Object.values(TASK_REVIEW_COMMANDS).map((id) => [id, (arg?: unknown) => handlers()[id](arg)])) as Record<TaskReviewCommand, (arg?: unknown) => Promise<unknown>>;
}

/** Starts a parallel task; resolves with its id (undefined when the person cancelled or it cannot start here). */
async function newParallelTask(surface: ParallelTaskSurface, args: NewParallelTaskArgs, confirmCaller: ConfirmCallerTask): Promise<string | undefined> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(l10n.t('Relay: parallel tasks change files and run commands; trust this workspace first.'));
    return undefined;
  }
  const folder = await folderFor(args.folder);
  if (!folder) return undefined;
  const prompt =
    args.prompt ??
    (await vscode.window.showInputBox({
      title: l10n.t('Relay: New Parallel Task'),
      prompt: l10n.t('What should the task do? It runs in its own git worktree beside your work.'),
      ignoreFocusOut: true,
    }));
  if (!prompt?.trim()) return undefined;
  // A prompt the person did not type: their key, their folder, someone else's words. Asked, showing the words.
  if (args.prompt !== undefined && !(await confirmCaller({ prompt: prompt.trim(), folder }))) return undefined;
  const copyUncommitted = args.copyUncommitted ?? (await askCopyUncommitted(folder));
  if (copyUncommitted === undefined) return undefined;
  await surface.ready;
  const id = surface.sessions.start({ prompt: prompt.trim(), folder, copyUncommitted, show: args.show ?? true });
  if (args.show ?? true) await vscode.commands.executeCommand('relay.chat.focus');
  return id;
}

async function folderFor(requested: string | undefined): Promise<string | undefined> {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  if (folders.length === 0) {
    void vscode.window.showInformationMessage(l10n.t('Relay: open a folder first; a parallel task works on a folder of the workspace.'));
    return undefined;
  }
  if (requested !== undefined) {
    if (folders.some((f) => isInside(requested, f.uri.fsPath))) return requested;
    void vscode.window.showWarningMessage(l10n.t('Relay: {0} is not inside the workspace; a parallel task works only on a folder of the workspace.', requested));
    return undefined;
  }
  if (folders.length === 1) return folders[0]!.uri.fsPath;
  return (await vscode.window.showWorkspaceFolderPick({ placeHolder: l10n.t('The folder the parallel task works on') }))?.uri.fsPath;
}

/** Asked only when the folder is a git repository with uncommitted changes; undefined when the person cancelled. */
async function askCopyUncommitted(folder: string): Promise<boolean | undefined> {
  const repo = await discoverRepository(folder);
  const status = repo ? await runGit(repo, ['status', '--porcelain', '-z', '--ignore-submodules=dirty'], { allowFailure: true }).catch(() => undefined) : undefined;
  if (!status || status.code !== 0 || status.stdout === '') return false;
  const copy = { label: l10n.t('Copy my uncommitted changes'), description: l10n.t('The task starts from your files as they are now'), copy: true };
  const clean = { label: l10n.t('Start from the last commit'), description: l10n.t('Your uncommitted changes stay only in your folder'), copy: false };
  const picked = await vscode.window.showQuickPick([copy, clean], { title: l10n.t('Relay: New Parallel Task'), placeHolder: l10n.t('You have uncommitted changes') });
  return picked?.copy;
}

const callerPrompts = new ReadOnlyReport('relay-caller-prompt');

/** The modal for a caller's prompt: what would run, where, on whose key; the focused default starts nothing. */
export async function modalConfirmCallerTask(request: { prompt: string; folder: string }): Promise<boolean> {
  const start = l10n.t('Start Task');
  const keep = l10n.t('Do Not Start');
  const shown = request.prompt.length > 600 ? `${request.prompt.slice(0, 600)}…` : request.prompt;
  // Enter shows the whole prompt in an editor (the question comes back), Escape starts nothing.
  const look = { title: l10n.t('Show Prompt'), show: () => callerPrompts.show(`${l10n.t('Prompt from a command')}.md`, request.prompt) };
  const answer = await askUnasked(
    {
      level: 'warning',
      message: l10n.t('Start a parallel task you did not write?'),
      detail: l10n.t(
        'A command asked Relay to start a parallel task with this prompt, in {0}, on your model and API key. You did not type it in Relay: another extension may have run the command.\n\n{1}',
        request.folder,
        shown,
      ),
      actions: [start],
    },
    look,
    keep,
  ).catch(() => keep);
  return answer === start;
}

/** Restore Branch on an applied task's row: its kept work becomes a branch again; resolves with the branch's name. */
async function restoreBranch(surface: ParallelTaskSurface, id: string): Promise<string | undefined> {
  const task = surface.tasks.get(id);
  try {
    const branch = await surface.tasks.restoreBranch(id);
    void vscode.window.showInformationMessage(l10n.t('Relay: the work of task "{0}" is on branch {1} again.', task?.title ?? id, branch));
    return branch;
  } catch (error) {
    void vscode.window.showErrorMessage(l10n.t('Relay: could not restore the branch of task "{0}": {1}', task?.title ?? id, error instanceof Error ? error.message : String(error)));
    return undefined;
  }
}

/** Discarding work that was never applied (or an applied task's kept branch) asks first, naming the task and what would go. */
async function confirmDiscard(task: ParallelTaskRecord): Promise<boolean> {
  const discard = l10n.t('Discard');
  const answer = await modalWithCancel(
    'warning',
    l10n.t('Discard the task "{0}"?', task.title),
    task.appliedRef
        ? l10n.t('Its branch {0} was deleted after the apply and its work kept; discarding drops it (Restore Branch makes a branch of it instead).', task.branch ?? '')
        : task.changedFiles === 1
          ? l10n.t('Its changed file was never applied to your folder; its worktree and branch {0} will be deleted.', task.branch ?? '')
          : task.changedFiles !== undefined
          ? l10n.t('Its {0} changed files were never applied to your folder; its worktree and branch {1} will be deleted.', task.changedFiles, task.branch ?? '')
          : l10n.t('Its changes were never applied to your folder; its worktree and branch {0} will be deleted.', task.branch ?? ''),
    [discard],
  );
  return answer === discard;
}
