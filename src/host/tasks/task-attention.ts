// The person hears about parallel tasks: a status bar item counts the tasks that need them (opening the Tasks
// view), and a notice comes once per task and wait when its chat is not the one in view. The notice is a progress
// notification, the one kind VS Code lets an extension withdraw: it goes when its news does (the task moves on, is
// applied or discarded, or its chat is opened), instead of "…Ready for review" staying up after the apply.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import { AttentionTracker, countNeedingUser } from '../../core/tasks/attention';
import type { ParallelTaskRecord } from '../../core/tasks/task-record';
import type { ParallelTasks } from './parallel-tasks';
import { stateLabel } from './task-labels';
import { TASKS_VIEW_ID } from './tasks-view';

export interface TaskAttentionDeps {
  tasks: ParallelTasks;
  /** Whether this task's chat is on screen now. */
  inView(taskId: string): boolean;
  /** Shows the notice; returns how to withdraw it. By default a progress notification (withdrawable). */
  notify?(message: string): () => void;
}

/**
 * A notification that stays until withdrawn (or closed by the person with its ×), unlike an information message.
 * Not cancellable: a "Cancel" button would cancel nothing (the task goes on), and a notice carries only actions
 * that do something.
 */
function progressNotice(message: string): () => void {
  let withdraw: () => void = () => undefined;
  const gone = new Promise<void>((resolve) => (withdraw = resolve));
  void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: message }, () => gone);
  return () => withdraw();
}

export class TaskAttention implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('relay.tasks.attention', vscode.StatusBarAlignment.Left, 99);
  private readonly tracker = new AttentionTracker();
  private readonly subscription: { dispose(): void };
  /** The notifications given, as shown (tests read them). */
  readonly notified: string[] = [];
  /** The notices on screen now, by task, with the state they tell of. */
  private readonly shown = new Map<string, { state: string; withdraw(): void }>();

  constructor(private readonly deps: TaskAttentionDeps) {
    this.item.name = l10n.t('Relay: Tasks');
    this.item.command = `${TASKS_VIEW_ID}.focus`;
    this.subscription = deps.tasks.onDidChange((task) => this.changed(task));
    this.update();
  }

  /** What the status bar item says now ('' when hidden). */
  get text(): string {
    return this.count() > 0 ? this.item.text : '';
  }

  /** The notices still up (tests read them). */
  get showing(): string[] {
    return [...this.shown.keys()];
  }

  /** The task's chat is on screen now: its notice has nothing left to tell. */
  seen(taskId: string): void {
    this.withdraw(taskId);
  }

  dispose(): void {
    for (const id of [...this.shown.keys()]) this.withdraw(id);
    this.subscription.dispose();
    this.item.dispose();
  }

  private withdraw(taskId: string): void {
    this.shown.get(taskId)?.withdraw();
    this.shown.delete(taskId);
  }

  private count(): number {
    return countNeedingUser(this.deps.tasks.list());
  }

  private changed(task: ParallelTaskRecord): void {
    this.update();
    const inView = this.deps.inView(task.id);
    if (this.shown.get(task.id)?.state !== task.state || inView) this.withdraw(task.id);
    if (!this.tracker.shouldNotify(task.id, task.state, inView)) return;
    const message = l10n.t('Relay: the parallel task "{0}" needs you: {1}. Its row in the Tasks view opens it.', task.title, stateLabel(task.state));
    this.notified.push(message);
    this.shown.set(task.id, { state: task.state, withdraw: (this.deps.notify ?? progressNotice)(message) });
  }

  private update(): void {
    const count = this.count();
    if (count === 0) return this.item.hide();
    this.item.text = `$(layers) ${count}`;
    this.item.tooltip = count === 1 ? l10n.t('Relay: 1 parallel task needs you') : l10n.t('Relay: {0} parallel tasks need you', count);
    this.item.accessibilityInformation = { label: String(this.item.tooltip) };
    this.item.show();
  }
}
