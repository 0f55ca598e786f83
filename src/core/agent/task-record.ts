// Between a live session and its stored record: what a task's state becomes on disk, and what a stored task
// becomes when reopened (after a reload nothing is still running: such a task comes back paused, and its
// half-drawn messages and cards are closed).
import type { ChatItem, ToolCardStatus } from '../../shared/chat-model';
import { l10n } from '../l10n';
import type { TaskRecord } from '../ports/task-store';
import type { AgentPauseReason, AgentState } from './events';

export const interruptedMessage = (): string => l10n.t('The task was interrupted when VS Code closed or reloaded. Send a message to continue it.');

/** The stored fields that describe the state. */
export function stateFields(state: AgentState): Pick<TaskRecord, 'status' | 'statusDetail' | 'result' | 'pauseReason'> {
  switch (state.status) {
    case 'completed':
      return { status: 'completed', result: state.result };
    case 'failed':
      return { status: 'failed', statusDetail: state.error.message };
    case 'paused':
      return { status: 'paused', statusDetail: state.message, pauseReason: state.reason };
    case 'idle':
      return { status: 'paused', statusDetail: 'Not started.' };
    default:
      return { status: state.status };
  }
}

export function stateFromRecord(record: TaskRecord): AgentState {
  switch (record.status) {
    case 'running':
      return { status: 'paused', reason: 'interrupted', message: interruptedMessage() };
    case 'completed':
      return { status: 'completed', result: record.result ?? '' };
    case 'cancelled':
      return { status: 'cancelled' };
    case 'failed':
      // Whatever failed then (a network error, an overloaded server) may well work now.
      return { status: 'failed', error: { kind: 'unknown', message: record.statusDetail ?? 'The model request failed.', retryable: true } };
    case 'paused':
      return { status: 'paused', reason: (record.pauseReason as AgentPauseReason | undefined) ?? 'interrupted', message: record.statusDetail ?? interruptedMessage() };
  }
}

/** A transcript saved mid-run: streaming text is finished and cards still in flight show as interrupted. */
export function closeTranscript(items: readonly ChatItem[], endTime: number): ChatItem[] {
  return items.map((item) => {
    if ((item.kind === 'assistant' || item.kind === 'thinking') && item.streaming) return { ...item, streaming: false };
    if (item.kind === 'tool' && !isFinished(item.status)) {
      const status: ToolCardStatus = { ...item.status, state: 'cancelled', partial: false, error: 'Interrupted', endTime };
      return { ...item, status };
    }
    return item;
  });
}

function isFinished(status: ToolCardStatus): boolean {
  return status.state === 'success' || status.state === 'error' || status.state === 'cancelled';
}
