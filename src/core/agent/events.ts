// What an AgentSession tells the outside world: one ordered stream of plain events. The host maps them onto
// the chat (see chat-deltas.ts) and keeps nothing else; the session itself keeps the model history.
import type { AttachmentChip, ChatItem } from '../../shared/chat-model';
import type { ModelError, Usage } from '../model/events';
import type { ApprovalAudit } from '../ports/approval';
import type { TaskUsageTotals } from '../ports/task-store';
import type { PauseReason as RuntimePauseReason, ToolCallStatus } from '../tools';

/** Why a task paused: the tool runtime's reasons plus the loop's own. */
export type AgentPauseReason =
  | RuntimePauseReason // 'repeated_timeouts' | 'repeated_error' | 'no_tool_calls'
  /** The same call (name and arguments) several times in a row (tool-system.md behaviour 34). */
  | 'identical_calls'
  /** The step cap was reached and the user chose not to continue. */
  | 'step_cap'
  /** The window closed or reloaded while the task ran; found so when the task was reopened. */
  | 'interrupted';

/** The task's state; every change is one `state` event. */
export type AgentState =
  /** A new task before its first message. */
  | { status: 'idle' }
  | { status: 'running' }
  /** `inChat`: the result is the model's last reply, already shown in the chat. */
  | { status: 'completed'; result: string; inChat?: true }
  | { status: 'cancelled' }
  /** A model error; `error.retryable` says whether `AgentSession.resume()` may help. */
  | { status: 'failed'; error: ModelError }
  | { status: 'paused'; reason: AgentPauseReason; message: string };

export type AgentEvent =
  /** The user's message, as it entered the history, with a chip for each mention or image attached to it. */
  | { type: 'user_message'; id: string; text: string; ts: number; attachments?: AttachmentChip[] }
  /** A new assistant text block starts (lazily, at its first text). */
  | { type: 'assistant_start'; id: string; ts: number }
  | { type: 'assistant_delta'; id: string; text: string }
  /** The block is complete: the turn ended, a tool call started after it, or the stream failed. */
  | { type: 'assistant_done'; id: string }
  /** The model's reasoning as it streams, shown folded as "Thinking" (the same lifecycle as assistant text). */
  | { type: 'thinking_start'; id: string; ts: number }
  | { type: 'thinking_delta'; id: string; text: string }
  | { type: 'thinking_done'; id: string }
  /**
   * A tool call's full merged status (tool-system.md §2), forwarded from the scheduler as is.
   * `parentCallId` is set for a sub-agent's calls: the chat id of the `new_task` card that owns the call
   * (for a grandchild, `parent/child` ids joined by "/"), so the UI can nest or prefix the card.
   */
  | { type: 'tool_status'; status: ToolCallStatus; parentCallId?: string }
  /** One model turn's usage (also a sub-agent's), and the task's totals after adding it. */
  | { type: 'usage'; turn: Usage; turnCostUsd?: number; total: TaskUsageTotals }
  /** For people: context shortened, step cap reached, task paused or cancelled, and so on. */
  /** `restoredTo`: a restore's notice names the chat item the files went back to. */
  | { type: 'notice'; id: string; text: string; level: 'info' | 'warning'; restoredTo?: string }
  /** A model failure shown in the chat; `retryable` mirrors `error.retryable`. */
  | { type: 'error'; id: string; error: ModelError }
  /** How a write or execute call was allowed or refused; stored with the task. */
  | { type: 'approval'; audit: ApprovalAudit }
  | { type: 'state'; state: AgentState }
  /** Older turns were replaced by a summary (condense.ts); the chat shows a "Context condensed" card. */
  | { type: 'condensed'; id: string; summary: string; tokensBefore: number; tokensAfter: number; trigger: 'auto' | 'manual'; ts: number }
  /** The files were checkpointed for this chat item (a card, or the user message the step followed). */
  | { type: 'checkpoint'; itemId: string; checkpointId: string }
  /** The conversation went back to an earlier point: the chat is redrawn from these items. */
  | { type: 'transcript_reset'; items: ChatItem[] };

export type AgentEventListener = (event: AgentEvent) => void;
