// The person hears about parallel tasks: a status bar item counts the tasks that need them (opening the Tasks
// view), and a notification comes once per task and wait when its chat is not the one in view.
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
  open(taskId: string): Promise<void>;
  /** The notification; by default VS Code's, resolving with the button chosen. */
  notify?(message: string, button: string): Thenable<string | undefined>;
}

export class TaskAttention implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('relay.tasks.attention', vscode.StatusBarAlignment.Left, 99);
  private readonly tracker = new AttentionTracker();
  private readonly subscription: { dispose(): void };
  /** The notifications given, as shown (tests read them). */
  readonly notified: string[] = [];

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

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }

  private count(): number {
    return countNeedingUser(this.deps.tasks.list());
  }

  private changed(task: ParallelTaskRecord): void {
    this.update();
    if (!this.tracker.shouldNotify(task.id, task.state, this.deps.inView(task.id))) return;
    const message = l10n.t('Relay: the parallel task "{0}" needs you: {1}.', task.title, stateLabel(task.state));
    const open = l10n.t('Open Task');
    this.notified.push(message);
    void (this.deps.notify ?? ((m, b) => vscode.window.showInformationMessage(m, b)))(message, open).then((answer) => {
      if (answer === open) void this.deps.open(task.id);
    });
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
