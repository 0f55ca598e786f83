// The parallel tasks' commands: New Parallel Task (the palette, the chat's title bar), and the Tasks view's Open,
// Stop and Discard. Each takes the task's id or the view's row.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import type { ParallelTaskRecord } from '../../core/tasks/task-record';
import { isInside } from '../../tools/paths';
import { runGit } from '../git/git-process';
import { discoverRepository } from '../git/git-repositories';
import { taskIdOf } from './tasks-view';
import type { ParallelTaskSurface } from './wiring';
import { TASK_REVIEW_COMMANDS, type TaskReviewCommand, taskReviewHandlers } from './review/task-review-commands';
import { modalWithCancel } from '../dialogs/modal';

export const PARALLEL_TASK_COMMANDS = ['relay.tasks.newParallelTask', 'relay.tasks.open', 'relay.tasks.stop', 'relay.tasks.discard', 'relay.tasks.restoreBranch', 'relay.tasks.cleanUpWorktrees'] as const;

/** What code (tests, other commands) may pass to New Parallel Task instead of asking. */
export interface NewParallelTaskArgs {
  prompt?: string;
  /** A folder inside one of the workspace's folders; by default the workspace's (asked when there are several). */
  folder?: string;
  copyUncommitted?: boolean;
  /** Show the task's chat when it starts (default true). */
  show?: boolean;
}

export function parallelTaskHandlers(surface: () => ParallelTaskSurface): Record<(typeof PARALLEL_TASK_COMMANDS)[number], (...args: unknown[]) => unknown> {
  return {
    'relay.tasks.newParallelTask': (args?: unknown) => newParallelTask(surface(), (args ?? {}) as NewParallelTaskArgs),
    'relay.tasks.open': async (arg?: unknown) => {
      const id = taskIdOf(arg);
      if (id) await surface().open(id);
    },
    'relay.tasks.stop': async (arg?: unknown) => {
      const id = taskIdOf(arg);
      if (id) await surface().sessions.stop(id);
    },
    'relay.tasks.discard': async (arg?: unknown) => {
      const id = taskIdOf(arg);
      return id ? surface().sessions.discard(id, confirmDiscard) : false;
    },
    'relay.tasks.restoreBranch': async (arg?: unknown) => {
      const id = taskIdOf(arg);
      return id ? restoreBranch(surface(), id) : undefined;
    },
    // `{ quiet: true }` at activation: nothing is said when there is nothing to clean up.
    'relay.tasks.cleanUpWorktrees': (args?: unknown) => surface().cleanUpOrphans((args as { quiet?: boolean } | undefined)?.quiet === true),
  };
}

/** The review commands (Review Task Changes, Apply, …) on the surface's actions, resolved when one runs. */
export function lazyTaskReviewHandlers(surface: () => ParallelTaskSurface): Record<TaskReviewCommand, (arg?: unknown) => Promise<unknown>> {
  const handlers = () => taskReviewHandlers(surface().review, surface().reviewUi);
  return Object.fromEntries(Object.values(TASK_REVIEW_COMMANDS).map((id) => [id, (arg?: unknown) => handlers()[id](arg)])) as Record<TaskReviewCommand, (arg?: unknown) => Promise<unknown>>;
}

/** Starts a parallel task; resolves with its id (undefined when the person cancelled or it cannot start here). */
async function newParallelTask(surface: ParallelTaskSurface, args: NewParallelTaskArgs): Promise<string | undefined> {
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
