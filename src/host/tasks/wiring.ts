// Parallel tasks in the window: the records and worktrees (ParallelTasks, in this workspace's storage, outside the
// folder), the sessions running beside the chat's (TaskSessions), the approvals queue across tasks, the Tasks view,
// the status bar count and notifications, and the commands. Relay creates one of these; nothing here runs before.
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { AgentSession } from '../../core/agent';
import { l10n } from '../../core/l10n';
import type { FileSystemFacts } from '../../core/permissions/types';
import type { ApprovalPrompter, PromptAnswer } from '../../core/ports/approval';
import type { EditReviewer } from '../../core/ports/edit-review';
import type { TaskProcesses } from '../../core/ports/processes';
import type { TaskRecord } from '../../core/ports/task-store';
import { ApprovalQueue } from '../../core/tasks/approval-queue';
import { DEFAULT_MAX_PARALLEL_TASKS } from '../../core/tasks/task-scheduler';
import type { ToolLogger } from '../../core/tools';
import type { TaskController } from '../session/task-controller';
import { BranchCheckpoints } from './branch-checkpoints';
import { restoreTaskToItem, type TaskRestoreDeps } from './branch-restore';
import { cleanUpOrphans } from './orphan-cleanup';
import { ParallelTasks } from './parallel-tasks';
import { TaskAttention } from './task-attention';
import { factsForTask, type QueuedPromptRequest } from './task-scope';
import type { TaskScope } from '../session/session-scope';
import { TaskSessions } from './task-sessions';
import { TasksTreeProvider } from './tasks-view';
import { WorktreeManager } from './worktree-manager';
import type { SandboxSource } from '../processes/short-command';
import { TaskReviewActions, type TaskReviewUi } from './review/task-review-actions';
import { vscodeTaskReviewUi } from './review/task-review-commands';
import { modalWithCancel } from '../dialogs/modal';

export interface ParallelTaskHost {
  context: vscode.ExtensionContext;
  /** The chat view: a task whose chat is on screen needs no other attention. */
  chat: { readonly isVisible: boolean };
  controller: TaskController;
  processes: TaskProcesses;
  /** The window's approval prompter (the native modal, or a test's): the queue shows one request at a time through it. */
  prompter: ApprovalPrompter;
  /** An approval service asking through `prompter`, with the file system facts scoped by `scope`. */
  approvals(prompter: ApprovalPrompter, scope: (facts: FileSystemFacts) => FileSystemFacts): TaskScope['approvals'];
  createSession(record: TaskRecord | undefined, scope: TaskScope): Promise<AgentSession>;
  /** The per-hunk review of the diff editor, where a task's change set is reviewed before it is applied. */
  reviewer: EditReviewer;
  /** The OS sandbox a task's setup command runs in (undefined while it is off or unsupported). */
  sandbox?: SandboxSource;
  log: ToolLogger;
}

const REFRESH_DELAY_MS = 1_500;

export class ParallelTaskSurface implements vscode.Disposable {
  readonly tasks: ParallelTasks;
  readonly sessions: TaskSessions;
  /** Approvals from every parallel task, shown one at a time in order of arrival. */
  readonly queue: ApprovalQueue<QueuedPromptRequest, PromptAnswer>;
  readonly view: TasksTreeProvider;
  readonly attention: TaskAttention;
  /** Review Task Changes, Apply, Update From Base, Merge Branch and Keep Branch. */
  readonly review: TaskReviewActions;
  readonly reviewUi: TaskReviewUi = vscodeTaskReviewUi();
  /** Resolves once the records of earlier windows are read. */
  readonly ready: Promise<void>;
  /** The worktrees (Review Task with Relay reads a task's change set through it). */
  readonly manager: WorktreeManager;
  private readonly refreshes = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly host: ParallelTaskHost) {
    const storage = host.context.storageUri?.fsPath ?? join(host.context.globalStorageUri.fsPath, 'no-folder');
    const config = () => vscode.workspace.getConfiguration('relay.parallel');
    this.manager = new WorktreeManager(join(storage, 'worktrees'));
    this.tasks = new ParallelTasks({
      manager: this.manager,
      recordsFile: join(storage, 'parallel-tasks.json'),
      processes: host.processes,
      setupCommand: () => config().get<string>('setupCommand') || undefined,
      maxParallel: () => config().get<number>('maxTasks', DEFAULT_MAX_PARALLEL_TASKS),
      onSaveError: (error) => host.log.warn('Could not save the parallel tasks', error),
      ...(host.sandbox ? { sandbox: host.sandbox } : {}),
    });
    this.tasks.applyLimit();
    this.ready = this.tasks.load().catch((error: unknown) => host.log.warn('Could not read the parallel tasks', error));
    this.queue = new ApprovalQueue(async (item) => {
      await this.showAsking(item.taskId);
      return host.prompter.ask(item.request.prompt);
    });
    this.sessions = new TaskSessions({
      tasks: this.tasks,
      controller: host.controller,
      queue: this.queue,
      createSession: (scope, record) => host.createSession(record, scope),
      approvals: (prompter, workRoot) => host.approvals(prompter, (facts) => factsForTask(facts, workRoot)),
      log: host.log,
      scheduleRefresh: (id) => this.scheduleRefresh(id),
      checkpoints: (id) => this.checkpointsOf(id),
    });
    this.view = new TasksTreeProvider(this.tasks, {
      waitingBehind: (id) => {
        const [shown, ...waiting] = this.queue.pending();
        return shown && shown.taskId !== id && waiting.some((p) => p.taskId === id) ? shown.request.taskTitle : undefined;
      },
      onDidChange: (listener) => this.queue.onDidChange(listener),
    });
    this.review = new TaskReviewActions({ tasks: this.tasks, manager: this.manager, reviewer: host.reviewer, ui: this.reviewUi });
    this.attention = new TaskAttention({
      tasks: this.tasks,
      inView: (id) => host.chat.isVisible && host.controller.session?.id === id,
    });
    this.disposables.push(
      this.view,
      this.attention,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('relay.parallel.maxTasks')) this.tasks.applyLimit();
      }),
    );
  }

  /** The chat's controller: a task's chat is shown and sent to through it. */
  get controller(): TaskController {
    return this.host.controller;
  }

  /** For the controller: a parallel task's session is parked, not stopped, when the chat shows another task. */
  runsInBackground(id: string): boolean {
    return this.sessions.runsInBackground(id);
  }

  /** For Relay.createSession: the scope of a parallel task reopened from the history or rebuilt. */
  scopeFor(id: string): TaskScope | undefined {
    return this.sessions.scopeFor(id);
  }

  /** The checkpoints of a task in a worktree: commits on its branch, through the repository's write queue. */
  checkpointsOf(id: string): BranchCheckpoints {
    return new BranchCheckpoints({ manager: this.manager, task: () => this.tasks.get(id), log: this.host.log });
  }

  /**
   * Restore in a parallel task's chat: its worktree back to a commit on its branch. False when the session is not
   * a parallel task's in a worktree (the user's folder's checkpoints restore it).
   */
  async restore(deps: TaskRestoreDeps, session: AgentSession, itemId: string, conversation: boolean): Promise<boolean> {
    const task = this.tasks.get(session.id);
    if (task?.isolation !== 'worktree') return false;
    await restoreTaskToItem(deps, this.checkpointsOf(session.id), task, session, itemId, conversation);
    return true;
  }

  /**
   * Before a task's approval is shown: when the chat shows another parallel task, it shows the asking one instead,
   * so the modal and the chat beside it are about the same task (the other one's question waits behind it, its row
   * says so). The chat's own task, or a chat showing no parallel task, is left as it is: the modal names its task.
   */
  private async showAsking(id: string): Promise<void> {
    const shown = this.host.controller.session?.id;
    if (!shown || shown === id || !this.tasks.get(shown) || !this.runsInBackground(shown) || !this.tasks.get(id)) return;
    try {
      await this.host.controller.handle({ type: 'openTask', id });
      this.attention.seen(id);
    } catch (error) {
      this.host.log.warn('Could not show the chat of the task that asks', error);
    }
  }

  /** Shows the task's chat: its running session, or its saved conversation. */
  async open(id: string): Promise<void> {
    const task = this.tasks.get(id);
    if (task && (task.state === 'queued' || task.state === 'setting-up')) {
      void vscode.window.showInformationMessage(l10n.t('Relay: the task "{0}" has not started yet; its chat opens once it runs.', task.title));
      return;
    }
    await vscode.commands.executeCommand('relay.chat.focus');
    await this.host.controller.handle({ type: 'openTask', id });
    this.attention.seen(id);
  }

  /** Leftover worktrees offered for removal with their sizes (`quiet` at activation: nothing said when none). */
  async cleanUpOrphans(quiet: boolean): Promise<number> {
    await this.ready;
    return cleanUpOrphans(
      {
        tasks: this.tasks,
        manager: this.manager,
        folders: () => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath),
        confirm: async (message, detail) => {
          const remove = l10n.t('Remove');
          return (await modalWithCancel('warning', message, detail, [remove])) === remove;
        },
        notify: (message) => void vscode.window.showInformationMessage(message),
        log: this.host.log,
      },
      quiet,
    );
  }

  dispose(): void {
    for (const timer of this.refreshes.values()) clearTimeout(timer);
    this.sessions.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  /** Counts the task's changes again a moment after its last tool call (one count for a burst of edits). */
  private scheduleRefresh(id: string): void {
    clearTimeout(this.refreshes.get(id));
    this.refreshes.set(
      id,
      setTimeout(() => {
        this.refreshes.delete(id);
        void this.tasks.refresh(id).catch((error: unknown) => this.host.log.warn(`Could not measure parallel task ${id}`, error));
      }, REFRESH_DELAY_MS),
    );
  }
}
