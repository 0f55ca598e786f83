// Past tasks, shown in place of the conversation. Delete asks for a second, explicit click in the row itself
// (webviews cannot use window.confirm, and a modal would be heavier than the decision).
import { formatDateTime } from '../../src/shared/format-numbers';
import type { TaskSummary } from '../../src/shared/chat-model';
import { button, h } from '../dom';
import { icon } from '../icons';
import { formatUsage } from './header';
import type { WebviewStringKey } from '../../src/shared/webview-strings';
import { t } from '../strings';

export interface HistoryActions {
  open(id: string): void;
  resume(id: string): void;
  delete(id: string): void;
  close(): void;
}

const STATUS_KEYS: Record<TaskSummary['status'], WebviewStringKey> = {
  running: 'taskRunning',
  completed: 'taskCompleted',
  cancelled: 'taskCancelled',
  failed: 'taskFailed',
  paused: 'taskPaused',
};

/**
 * The task's outcome, apart from how its last message ended: a task that completed and then had a follow-up
 * stopped is "Completed" with "then a follow-up was stopped" beside it, not "Cancelled" (nor "last message
 * stopped", which read as if the completion itself was stopped).
 */
function statusBadges(doc: Document, task: TaskSummary): HTMLElement[] {
  const badge = (status: TaskSummary['status']) =>
    h(doc, 'span', { className: `history-status status-${status}`, text: STATUS_KEYS[status] ? t(STATUS_KEYS[status]) : status });
  if (task.status === 'cancelled' && task.outcome) return [badge(task.outcome), h(doc, 'span', { className: 'history-last-stop', text: t('taskLastStopped') })];
  return [badge(task.status)];
}

export class HistoryView {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private confirming: string | undefined;
  private tasks: TaskSummary[] | undefined;

  constructor(
    private readonly doc: Document,
    private readonly actions: HistoryActions,
  ) {
    const back = h(doc, 'button', { className: 'icon-button', attrs: { type: 'button', 'aria-label': t('backToConversation'), title: t('back') } }, [icon(doc, 'back')]);
    back.addEventListener('click', () => actions.close());
    this.list = h(doc, 'ul', { className: 'history-list', attrs: { 'aria-label': t('pastTasks') } });
    this.element = h(doc, 'section', { className: 'history-view', attrs: { 'aria-label': t('taskHistory') } }, [
      h(doc, 'div', { className: 'history-header' }, [back, h(doc, 'h2', { text: t('history') })]),
      this.list,
    ]);
    this.element.hidden = true;
    this.render(undefined);
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  setOpen(open: boolean): void {
    this.element.hidden = !open;
    if (!open) this.confirming = undefined;
  }

  render(tasks: TaskSummary[] | undefined): void {
    this.tasks = tasks;
    if (!tasks) return this.list.replaceChildren(h(this.doc, 'li', { className: 'history-empty', text: t('loading') }));
    if (tasks.length === 0) return this.list.replaceChildren(h(this.doc, 'li', { className: 'history-empty', text: t('noPastTasks') }));
    const sorted = [...tasks].sort((a, b) => b.updatedAt - a.updatedAt);
    this.list.replaceChildren(...sorted.map((task) => this.row(task)));
  }

  private row(task: TaskSummary): HTMLElement {
    const { doc } = this;
    const title = task.title || t('untitledTask');
    const when = new Date(task.updatedAt || task.createdAt);
    const meta = h(doc, 'div', { className: 'history-meta' }, [
      h(doc, 'time', { text: formatDateTime(when), attrs: { datetime: when.toISOString() } }),
      ...statusBadges(doc, task),
    ]);
    if (task.usage) meta.append(h(doc, 'span', { className: 'history-usage', text: formatUsage(task.usage), attrs: { title: t('taskUsageTitle') } }));
    const actions = h(doc, 'div', { className: 'history-actions' });
    if (this.confirming === task.id) {
      actions.append(
        h(doc, 'span', { className: 'confirm-text', text: t('deleteTaskQuestion') }),
        button(doc, t('delete'), 'danger-button confirm-delete', () => this.actions.delete(task.id), t('confirmDeleteLabel', title)),
        button(doc, t('keep'), 'secondary-button cancel-delete', () => this.setConfirming(undefined), t('keepTaskLabel')),
      );
    } else {
      actions.append(button(doc, t('open'), 'secondary-button open-task', () => this.actions.open(task.id), t('openLabel', title)));
      if (task.status !== 'running' && task.status !== 'completed') {
        actions.append(button(doc, t('resume'), 'secondary-button resume-task', () => this.actions.resume(task.id), t('resumeLabel', title)));
      }
      actions.append(button(doc, t('delete'), 'secondary-button delete-task', () => this.setConfirming(task.id), t('deleteLabel', title)));
    }
    return h(doc, 'li', { className: 'history-row', data: { taskId: task.id } }, [
      h(doc, 'div', { className: 'history-title', text: title, attrs: { title } }),
      meta,
      actions,
    ]);
  }

  /** Redraws with the row asking (or no longer asking) and keeps keyboard focus on that row's button. */
  private setConfirming(id: string | undefined): void {
    const rowId = id ?? this.confirming;
    this.confirming = id;
    this.render(this.tasks);
    const row = Array.from(this.list.children).find((li) => (li as HTMLElement).dataset.taskId === rowId);
    row?.querySelector<HTMLButtonElement>(id ? '.confirm-delete' : '.delete-task')?.focus();
  }
}
