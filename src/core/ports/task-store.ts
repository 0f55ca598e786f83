// Task history on disk (never in globalState): one record per task, holding both what the model needs to go
// on (the neutral history) and what the chat needs to redraw at once (the transcript). The host implements
// the store over the extension's storage folder (src/host/history/task-store.ts).
import type { ChatItem, TaskSummary, TaskUsage } from '../../shared/chat-model';
import type { ChatMessage } from '../model/provider';
import type { RestorePoint } from '../checkpoints/conversation';
import type { ApprovalAudit } from './approval';

/** Bump when the record's shape changes; `parseTaskRecord` refuses versions it does not know. */
export const TASK_RECORD_VERSION = 1;

export type TaskStatus = TaskSummary['status'];
export type TaskOutcome = NonNullable<TaskSummary['outcome']>;

export interface TaskUsageTotals extends TaskUsage {
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export interface TaskRecord {
  version: typeof TASK_RECORD_VERSION;
  id: string;
  /** From the first user message. */
  title: string;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
  status: TaskStatus;
  /** Why a paused or failed task stopped, for people. */
  statusDetail?: string;
  /** The agent's reason code for a paused task (e.g. "step_cap", "repeated_error"). */
  pauseReason?: string;
  /**
   * How the task's last run that ended by itself ended: a later run the person stopped does not undo it, so the
   * history tells "completed, then a message stopped" from a task that never finished.
   */
  outcome?: TaskOutcome;
  /** The attempt_completion result of a completed task. */
  result?: string;
  /** The model the task last ran with, e.g. "claude-sonnet-4-5". */
  modelId?: string;
  /** The model history (provider.ts invariants hold, except that a reload may leave orphan calls). */
  history: ChatMessage[];
  /** The chat as drawn, so reopening a task needs no replay. */
  transcript: ChatItem[];
  /** How every call that asked for approval was allowed or refused. */
  approvals: ApprovalAudit[];
  usage: TaskUsageTotals;
  /** The chat items the task can be restored to (issue 14), with their checkpoints; absent in older records. */
  restorePoints?: RestorePoint[];
  /** The last request's tokens (the context meter), so a reopened task shows it at once. */
  contextTokens?: number;
  /** Bumped when the history was shortened to fit the context: older restore points no longer fit it. */
  historyEpoch?: number;
}

export interface TaskStore {
  /** Every readable task, most recently updated first. A damaged task is skipped, never an error. */
  list(): Promise<TaskSummary[]>;
  /** Undefined when the task does not exist or cannot be read. */
  load(id: string): Promise<TaskRecord | undefined>;
  /** Replaces the task's record atomically: a crash leaves the old record or the new one, never a mix. */
  save(record: TaskRecord): Promise<void>;
  /** False when there was nothing to delete. */
  delete(id: string): Promise<boolean>;
}

export function emptyUsage(): TaskUsageTotals {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
}

export function summarizeTask(record: TaskRecord): TaskSummary {
  const summary: TaskSummary = { id: record.id, title: record.title, createdAt: record.createdAt, updatedAt: record.updatedAt, status: record.status };
  // Only when the status says something else (a later message stopped or paused).
  const outcome = outcomeOf(record);
  if (outcome && outcome !== record.status) summary.outcome = outcome;
  const { inputTokens, outputTokens, costUsd } = record.usage ?? emptyUsage();
  // The history lists what each task cost; a task that never reached the model has nothing to show.
  if (inputTokens > 0 || outputTokens > 0) summary.usage = { inputTokens, outputTokens, ...(costUsd !== undefined ? { costUsd } : {}) };
  return summary;
}

/** The recorded outcome; records written before it was kept say it through their status. */
export function outcomeOf(record: Pick<TaskRecord, 'status' | 'outcome'>): TaskOutcome | undefined {
  if (record.outcome === 'completed' || record.outcome === 'failed') return record.outcome;
  return record.status === 'completed' || record.status === 'failed' ? record.status : undefined;
}

/** Task ids become file names: letters, digits, `-` and `_` only, so no id can reach outside the folder. */
export function isValidTaskId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(id);
}

const STATUSES: readonly TaskStatus[] = ['running', 'completed', 'cancelled', 'failed', 'paused'];

/** Checks what a file claims to be; throws with the first problem found. Unknown extra fields are kept. */
export function parseTaskRecord(value: unknown): TaskRecord {
  if (!isObject(value)) throw new Error('not an object');
  if (value.version !== TASK_RECORD_VERSION) throw new Error(`unknown record version ${String(value.version)}`);
  const record = value as unknown as TaskRecord;
  if (typeof record.id !== 'string' || !isValidTaskId(record.id)) throw new Error('missing or invalid id');
  if (typeof record.title !== 'string') throw new Error('missing title');
  if (typeof record.createdAt !== 'number' || typeof record.updatedAt !== 'number') throw new Error('missing timestamps');
  if (!STATUSES.includes(record.status)) throw new Error(`unknown status ${String(record.status)}`);
  for (const key of ['history', 'transcript', 'approvals'] as const) {
    if (!Array.isArray(record[key])) throw new Error(`${key} is not a list`);
  }
  if (!isObject(record.usage)) throw new Error('missing usage');
  return record;
}

/** Checks a stored summary; throws when it is not one. */
export function parseTaskSummary(value: unknown): TaskSummary {
  if (!isObject(value)) throw new Error('not an object');
  const { id, title, createdAt, updatedAt, status } = value;
  if (typeof id !== 'string' || !isValidTaskId(id)) throw new Error('missing or invalid id');
  if (typeof title !== 'string') throw new Error('missing title');
  if (typeof createdAt !== 'number' || typeof updatedAt !== 'number') throw new Error('missing timestamps');
  if (!STATUSES.includes(status as TaskStatus)) throw new Error(`unknown status ${String(status)}`);
  const summary: TaskSummary = { id, title, createdAt, updatedAt, status: status as TaskStatus };
  if (value.outcome === 'completed' || value.outcome === 'failed') summary.outcome = value.outcome;
  // Usage is optional (summaries written before it was kept have none); a malformed one is dropped, not fatal.
  const usage = value.usage;
  if (isObject(usage) && isCount(usage.inputTokens) && isCount(usage.outputTokens)) {
    summary.usage = { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens };
    if (isCount(usage.costUsd)) summary.usage.costUsd = usage.costUsd;
  }
  return summary;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
