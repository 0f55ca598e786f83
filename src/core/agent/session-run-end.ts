// How a run's end shows: a completed task's answer in the conversation, a notice for a cancel or a pause, the
// error card for a failure, and the cancel note the model reads when the task goes on. A loop that throws is a
// bug, not a model failure: the run then fails with what happened and can be retried.
import { l10n } from '../l10n';
import type { UserPart } from '../model/provider';
import type { AgentEvent, AgentState } from './events';
import { CANCEL_NOTE } from './history';

/** What announcing an end needs of the session. */
export interface RunEndHost {
  emit(event: AgentEvent): void;
  newId(): string;
  now(): number;
  appendUser(parts: readonly UserPart[]): void;
}

/** How an end shows in the chat, and the cancel recorded for the model (it reads it when the task goes on). */
export function announceEnd(end: AgentState, host: RunEndHost): void {
  switch (end.status) {
    case 'completed': {
      // The answer itself, in the conversation: the attempt_completion card folds away once done. A plain
      // final answer is already there.
      if (!end.result.trim() || end.inChat) return;
      const id = host.newId();
      host.emit({ type: 'assistant_start', id, ts: host.now() });
      host.emit({ type: 'assistant_delta', id, text: end.result });
      host.emit({ type: 'assistant_done', id });
      return;
    }
    case 'cancelled':
      host.appendUser([{ type: 'text', text: CANCEL_NOTE }]);
      host.emit({ type: 'notice', id: host.newId(), text: l10n.t('Task cancelled.'), level: 'info' });
      return;
    case 'paused':
      host.emit({ type: 'notice', id: host.newId(), text: end.message, level: 'warning' });
      return;
    case 'failed':
      host.emit({ type: 'error', id: host.newId(), error: end.error });
      return;
    default:
      return;
  }
}

/** The end of a run whose loop threw: the history stays usable and the chat says what happened. */
export function loopFailure(error: unknown): AgentState {
  return { status: 'failed', error: { kind: 'unknown', message: `Relay failed: ${messageOf(error)}`, retryable: true } };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
