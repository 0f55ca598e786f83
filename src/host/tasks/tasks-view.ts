// The Tasks view: every parallel task of the window with its state, branch, changed-file count and disk use.
// Clicking a row opens its chat; the row's menu stops or discards it. Other commands (review, apply, update from
// base) act only on a row the person clicked (`clickedTaskId`), or on a task picked from a list.
import * as vscode from 'vscode';
import type { ParallelTaskRecord } from '../../core/tasks/task-record';
import type { TaskState } from '../../core/tasks/task-state';
import type { ParallelTasks } from './parallel-tasks';
import { taskBranchLine, taskStateLine, taskTooltip } from './task-labels';

export const TASKS_VIEW_ID = 'relay.tasks';
export const OPEN_TASK_COMMAND = 'relay.tasks.open';

/**
 * One row: the task (its title) as it was when the view last listed it, or a row under it: `state`, its state and
 * what it changed, `branch`, its branch and disk use. One line at 300 px could not hold the title, the state, the
 * branch and the file count, and a title's line cannot hold its state whatever the title's length.
 */
export interface TaskRow {
  readonly task: ParallelTaskRecord;
  readonly line?: 'state' | 'branch';
}

/**
 * The rows this view handed to VS Code: a menu on a row passes that very object back to its command. Another
 * extension calling the command (vscode.commands.executeCommand) can pass an id or a look-alike object, never
 * one of these, so a command that applies, merges or discards acts only on a row the person clicked.
 */
const issuedRows = new WeakSet<object>();

/** The task of a row this view showed (a click on its menu), undefined for anything a caller made up. */
export function clickedTaskId(arg: unknown): string | undefined {
  return typeof arg === 'object' && arg !== null && issuedRows.has(arg) ? (arg as TaskRow).task.id : undefined;
}

/** A command's argument, from a row's menu (the row) or from code (the id): only for Open and Stop, which change nothing. */
export function taskIdOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  const task = (arg as Partial<TaskRow> | undefined)?.task;
  return typeof task?.id === 'string' ? task.id : undefined;
}

const ICONS: Record<TaskState, string> = {
  queued: 'clock',
  'setting-up': 'loading~spin',
  'setup-failed': 'error',
  running: 'sync~spin',
  'needs-approval': 'shield',
  'needs-input': 'question',
  'ready-for-review': 'git-pull-request',
  applied: 'pass',
  failed: 'error',
  discarded: 'trash',
};

/** The window's approval queue as the view reads it: whose question is on screen, and when that changes. */
export interface ApprovalQueueView {
  /** The title of the task whose question is on screen when `taskId`'s approval waits behind it ('' for the chat's task); else undefined. */
  waitingBehind(taskId: string): string | undefined;
  onDidChange(listener: () => void): { dispose(): void };
}

export class TasksTreeProvider implements vscode.TreeDataProvider<TaskRow>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: { dispose(): void }[];

  constructor(
    private readonly tasks: ParallelTasks,
    private readonly queue?: ApprovalQueueView,
  ) {
    this.subscriptions = [tasks.onDidChange(() => this.changed.fire()), ...(queue ? [queue.onDidChange(() => this.changed.fire())] : [])];
  }

  /** Tasks still holding something (a discarded one has nothing left to act on), oldest first. */
  getChildren(element?: TaskRow): TaskRow[] {
    // Every row handed to VS Code is remembered: a click on its menu passes that very object back (clickedTaskId).
    const issue = (row: TaskRow): TaskRow => (issuedRows.add(row), row);
    if (element) {
      if (element.line) return [];
      return [issue({ task: element.task, line: 'state' }), ...(taskBranchLine(element.task) ? [issue({ task: element.task, line: 'branch' as const })] : [])];
    }
    return this.tasks
      .list()
      .filter((t) => t.state !== 'discarded')
      .map((task) => issue({ task }));
  }

  getTreeItem(row: TaskRow): vscode.TreeItem {
    const { task } = row;
    // Two tasks needing approval: the one whose question waits says behind which (only one modal is on screen).
    const behind = this.queue?.waitingBehind(task.id);
    if (row.line === 'state') return stateItem(task, behind);
    const line = taskBranchLine(task);
    if (row.line === 'branch' && line) return branchItem(task, line);
    const item = new vscode.TreeItem(task.title, vscode.TreeItemCollapsibleState.Expanded);
    item.id = task.id;
    item.tooltip = taskTooltip(task, behind);
    item.iconPath = new vscode.ThemeIcon(ICONS[task.state]);
    // A screen reader hears the state with the title, as the eye reads it on the row below.
    const state = taskStateLine(task, behind);
    item.accessibilityInformation = { label: [task.title, state.label, ...(state.description ? [state.description] : [])].join(', ') };
    // `relayTask:<state>:<isolation>[:kept]`: menus pick their rows by state (`viewItem =~ /^relayTask:ready-for-review/`);
    // `:kept` marks an applied task whose deleted branch's work is kept (Restore Branch).
    item.contextValue = `relayTask:${task.state}:${task.isolation}${task.appliedRef ? ':kept' : ''}`;
    item.command = { command: OPEN_TASK_COMMAND, title: '', arguments: [task.id] };
    return item;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

/** The first row under a task's: its state, never cut by a long title, and what it changed; a click opens the task's chat. */
function stateItem(task: ParallelTaskRecord, behind: string | undefined): vscode.TreeItem {
  const line = taskStateLine(task, behind);
  const item = new vscode.TreeItem(line.label, vscode.TreeItemCollapsibleState.None);
  item.id = `${task.id}/state`;
  if (line.description) item.description = line.description;
  item.iconPath = new vscode.ThemeIcon('pulse');
  item.tooltip = taskTooltip(task, behind);
  item.contextValue = 'relayTaskState';
  item.command = { command: OPEN_TASK_COMMAND, title: '', arguments: [task.id] };
  return item;
}

/** The row under a task's state: its branch (or "in the folder itself") and disk use; a click opens the task's chat too. */
function branchItem(task: ParallelTaskRecord, line: NonNullable<ReturnType<typeof taskBranchLine>>): vscode.TreeItem {
  const item = new vscode.TreeItem(line.label, vscode.TreeItemCollapsibleState.None);
  item.id = `${task.id}/branch`;
  if (line.description) item.description = line.description;
  item.iconPath = new vscode.ThemeIcon(line.inPlace ? 'folder' : 'git-branch');
  item.tooltip = taskTooltip(task);
  item.contextValue = 'relayTaskBranch';
  item.command = { command: OPEN_TASK_COMMAND, title: '', arguments: [task.id] };
  return item;
}
