// What makes a parallel task work inside its worktree (its tools' services: session/session-scope.ts): for the
// permission policy the worktree is the task's workspace (the user's own folder is outside
// it, so an agent cannot escape into the main checkout without asking). Its approvals wait in the window's queue,
// and the modal names the task and its branch.
import { join } from 'node:path';
import { l10n } from '../../core/l10n';
import type { ApprovalPrompt, ApprovalPrompter, PromptAnswer } from '../../core/ports/approval';
import type { FileSystemFacts } from '../../core/permissions/types';
import type { ApprovalQueue } from '../../core/tasks/approval-queue';

/**
 * The permission policy's view of the file system for a task: the worktree is the workspace; its own
 * `.vscode/settings.json` is protected as the user's are (writing it always asks).
 */
export function factsForTask(facts: FileSystemFacts, workRoot: string): FileSystemFacts {
  return Object.create(facts, {
    workspaceFolders: { get: () => [workRoot], enumerable: true },
    protectedFiles: { get: () => [...(facts.protectedFiles ?? []), join(workRoot, '.vscode', 'settings.json')], enumerable: true },
  }) as FileSystemFacts;
}

export interface QueuedPromptRequest {
  prompt: ApprovalPrompt;
  taskTitle: string;
  branch: string | undefined;
}

/**
 * A task's prompter: its approvals go through the window's first-in-first-out queue (one modal at a time, the
 * others' tasks go on) and the question names the task and its branch. `onWaiting` tells the task's state.
 */
export class QueuedPrompter implements ApprovalPrompter {
  constructor(
    private readonly queue: ApprovalQueue<QueuedPromptRequest, PromptAnswer>,
    private readonly task: { id: string; title: string; branch?: string },
    private readonly onWaiting: (waiting: boolean) => void = () => undefined,
  ) {}

  async ask(prompt: ApprovalPrompt): Promise<PromptAnswer> {
    this.onWaiting(true);
    try {
      return await this.queue.ask(this.task.id, { prompt: namedPrompt(prompt, this.task), taskTitle: this.task.title, branch: this.task.branch });
    } finally {
      this.onWaiting(false);
    }
  }
}

/**
 * The prompt with the task (and its branch) named first, so an approval from a task not in view is clear. Its
 * buttons follow the rule of every approval (dialogs/button-order.ts): the user started the task, so Enter allows
 * unless the call is dangerous, the same as in the chat's task (a parallel task's edits land in its worktree and
 * are reviewed before they reach the user's files).
 */
export function namedPrompt(prompt: ApprovalPrompt, task: { title: string; branch?: string }): ApprovalPrompt {
  const message = task.branch
    ? l10n.t('Parallel task "{0}" on {1}: {2}', task.title, task.branch, prompt.message)
    : l10n.t('Parallel task "{0}": {1}', task.title, prompt.message);
  return { ...prompt, message };
}
