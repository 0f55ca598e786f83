// When the person hears about a task: the status bar counts the tasks that need them, and a notification comes
// once per task each time it starts needing them, only when its chat is not in view. An approval is never notified:
// its modal is on screen (or queued, and the Tasks row says behind which), and a notice would repeat it.
import type { ParallelTaskRecord } from './task-record';
import { needsUser, type TaskState } from './task-state';

export function countNeedingUser(tasks: readonly Pick<ParallelTaskRecord, 'state'>[]): number {
  return tasks.filter((t) => needsUser(t.state)).length;
}

export class AttentionTracker {
  /** Tasks already notified for their present wait, with the state they were notified in. */
  private readonly notified = new Map<string, TaskState>();

  /**
   * Called on every state change; true when a notification is due now: the task newly needs the person (or
   * needs them for another reason than the one already notified) and its chat is not the one in view.
   */
  shouldNotify(taskId: string, state: TaskState, chatInView: boolean): boolean {
    if (!needsUser(state) || state === 'needs-approval') {
      this.notified.delete(taskId);
      return false;
    }
    if (chatInView) {
      // Seen in its chat: this wait counts as known, so no notification follows when the person looks away.
      this.notified.set(taskId, state);
      return false;
    }
    if (this.notified.get(taskId) === state) return false;
    this.notified.set(taskId, state);
    return true;
  }

  forget(taskId: string): void {
    this.notified.delete(taskId);
  }
}
