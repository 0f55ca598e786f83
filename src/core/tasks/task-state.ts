// The life of a parallel task, in one place: every state change goes through `nextState`, so the Tasks view,
// the status bar and the cleanup read one truth. A transition the table does not allow is refused by name.

export type TaskState =
  | 'queued' // waiting for a free slot (the concurrency limit) or, in a folder without git, for the writer before it
  | 'setting-up' // worktree, include files, links, setup command
  | 'setup-failed'
  | 'running'
  | 'needs-approval'
  | 'needs-input'
  | 'ready-for-review'
  | 'applied'
  | 'failed'
  | 'discarded';

export type TaskEvent =
  | 'slot-granted'
  | 'setup-succeeded'
  | 'setup-failed'
  | 'approval-asked'
  | 'input-asked'
  | 'answered'
  | 'resumed' // the user sent another message to a finished or failed task
  | 'finished'
  | 'failed'
  | 'applied'
  | 'discarded';

const TRANSITIONS: Readonly<Record<TaskState, Partial<Record<TaskEvent, TaskState>>>> = {
  queued: { 'slot-granted': 'setting-up', discarded: 'discarded' },
  'setting-up': { 'setup-succeeded': 'running', 'setup-failed': 'setup-failed', discarded: 'discarded' },
  'setup-failed': { 'slot-granted': 'setting-up', discarded: 'discarded' },
  running: {
    'approval-asked': 'needs-approval',
    'input-asked': 'needs-input',
    finished: 'ready-for-review',
    failed: 'failed',
    discarded: 'discarded',
  },
  'needs-approval': { answered: 'running', failed: 'failed', discarded: 'discarded' },
  'needs-input': { answered: 'running', failed: 'failed', discarded: 'discarded' },
  'ready-for-review': { resumed: 'running', applied: 'applied', discarded: 'discarded' },
  failed: { resumed: 'running', applied: 'applied', discarded: 'discarded' },
  applied: { discarded: 'discarded' },
  discarded: {},
};

export class TaskTransitionError extends Error {
  constructor(
    readonly from: TaskState,
    readonly event: TaskEvent,
  ) {
    super(`A task that is ${from} cannot take "${event}".`);
  }
}

/** The state after `event`, or a TaskTransitionError naming both when the table does not allow it. */
export function nextState(from: TaskState, event: TaskEvent): TaskState {
  const to = TRANSITIONS[from][event];
  if (!to) throw new TaskTransitionError(from, event);
  return to;
}

export function canTake(from: TaskState, event: TaskEvent): boolean {
  return TRANSITIONS[from][event] !== undefined;
}

/** States in which the task waits for the person (the status bar counts these; a notification is due). */
export function needsUser(state: TaskState): boolean {
  return state === 'needs-approval' || state === 'needs-input' || state === 'ready-for-review' || state === 'setup-failed' || state === 'failed';
}

/** States that hold one of the concurrency limit's slots. */
export function holdsSlot(state: TaskState): boolean {
  return state === 'setting-up' || state === 'running' || state === 'needs-approval' || state === 'needs-input';
}

/** States after which nothing of the task is left to keep (its worktree may go once its changes are applied). */
export function isFinal(state: TaskState): boolean {
  return state === 'applied' || state === 'discarded';
}
