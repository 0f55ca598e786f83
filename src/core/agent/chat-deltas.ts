// The agent's events as chat deltas (src/shared/chat-model.ts). Pure: the host publishes what this returns,
// and the session applies the same deltas to the transcript it stores, so a reopened task looks the same.
import { l10n } from '../l10n';
import type { ChatDelta, ToolCardState, ToolCardStatus, TaskView } from '../../shared/chat-model';
import type { ToolCallState, ToolCallStatus } from '../tools';
import { ToolErrorType } from '../tools/errors';
import { errorFix } from '../model/connection-advice';
import type { AgentEvent } from './events';

const CARD_STATE: Record<ToolCallState, ToolCardState> = {
  streaming: 'waiting',
  validating: 'waiting',
  scheduled: 'waiting',
  awaiting_approval: 'awaiting_approval',
  executing: 'running',
  success: 'success',
  error: 'error',
  cancelled: 'cancelled',
};

/** A sub-agent's card: its id is `<parentCallId>/<callId>` (unique in the chat) and its name says whose it is. */
export function toToolCard(status: ToolCallStatus, parentCallId?: string): ToolCardStatus {
  const card: ToolCardStatus = {
    callId: parentCallId ? `${parentCallId}/${status.callId}` : status.callId,
    toolName: status.toolName,
    displayName: parentCallId ? `${l10n.t('Sub-agent')} › ${status.displayName}` : status.displayName,
    state: CARD_STATE[status.state],
    partial: status.partial,
    blocks: status.blocks,
    startTime: status.startTime,
  };
  if (status.showTip !== undefined) card.showTip = status.showTip;
  if (status.params !== undefined) card.params = status.params;
  if (status.result !== undefined) card.result = status.result;
  if (status.error !== undefined) card.error = status.error;
  if (status.errorType === ToolErrorType.USER_DENIED) card.denied = true;
  if (status.hooks?.length) card.hooks = status.hooks;
  if (status.endTime !== undefined) card.endTime = status.endTime;
  if (status.duration !== undefined) card.durationMs = status.duration;
  // Only the call that started a background process shows it live; the other process tools report on one.
  const processId = status.metadata?.processId;
  if (status.toolName === 'run_command' && typeof processId === 'string' && isBackground(status.metadata?.process)) card.processId = processId;
  return card;
}

function isBackground(process: unknown): boolean {
  return typeof process === 'object' && process !== null && (process as { background?: unknown }).background === true;
}

/**
 * The chat changes one event makes. `task` is the task as it stands after the event (AgentSession.view()),
 * used for the `task` delta that state and usage events produce.
 */
export function toChatDeltas(event: AgentEvent, task: TaskView): ChatDelta[] {
  switch (event.type) {
    case 'user_message':
      return [
        {
          type: 'itemAdded',
          item: { kind: 'user', id: event.id, text: event.text, ts: event.ts, ...(event.attachments?.length ? { attachments: event.attachments } : {}) },
        },
      ];
    case 'assistant_start':
      return [{ type: 'itemAdded', item: { kind: 'assistant', id: event.id, text: '', ts: event.ts, streaming: true } }];
    case 'assistant_delta':
      return [{ type: 'textDelta', id: event.id, text: event.text }];
    case 'assistant_done':
    case 'thinking_done':
      return [{ type: 'itemDone', id: event.id }];
    case 'thinking_start':
      return [{ type: 'itemAdded', item: { kind: 'thinking', id: event.id, text: '', ts: event.ts, streaming: true } }];
    case 'thinking_delta':
      return [{ type: 'thinkingDelta', id: event.id, text: event.text }];
    case 'tool_status':
      return [{ type: 'toolStatus', status: toToolCard(event.status, event.parentCallId) }];
    case 'notice':
      return [{ type: 'itemAdded', item: { kind: 'notice', id: event.id, text: event.text, level: event.level, ...(event.restoredTo ? { restoredTo: event.restoredTo } : {}) } }];
    case 'error': {
      const fix = errorFix(event.error);
      return [{ type: 'itemAdded', item: { kind: 'error', id: event.id, message: event.error.message, retryable: event.error.retryable, ...(fix ? { fix } : {}) } }];
    }
    case 'usage':
    case 'state':
      return [{ type: 'task', task }];
    case 'approval':
      return [];
    case 'condensed': {
      const { id, summary, tokensBefore, tokensAfter, trigger, ts } = event;
      return [{ type: 'itemAdded', item: { kind: 'condensed', id, summary, tokensBefore, tokensAfter, trigger, ts } }, { type: 'task', task }];
    }
    case 'checkpoint':
      return [{ type: 'checkpoint', itemId: event.itemId, checkpointId: event.checkpointId }];
    case 'transcript_reset':
      return [{ type: 'reset', task, items: event.items }];
  }
}
