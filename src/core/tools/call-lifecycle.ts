// The per-call lifecycle (behaviour 22) in one place: every state change of every call goes through
// `CallLifecycle.transition`, which refuses illegal moves and sends the merged status to the UI.
import type { Said } from '../l10n';
import type { Emitter } from './emitter';
import type { Disposable } from './emitter';
import { ToolErrorType } from './errors';
import { queuedCancelResult } from './model-results';
import { ToolStatusMerger } from './status';
import type { HookNote, ToolCallState, ToolCallStatus, ToolStatusKind, ToolStatusOptions } from './status-types';
import type { AnyTool, ToolLogger, ToolPreparation, ToolResultContent, ToolResultImage, ToolResultOptions } from './types';

const NEXT: Record<ToolCallState, readonly ToolCallState[]> = {
  streaming: ['validating', 'error', 'cancelled'],
  validating: ['scheduled', 'error', 'cancelled'],
  scheduled: ['awaiting_approval', 'error', 'cancelled'],
  awaiting_approval: ['executing', 'error', 'cancelled'],
  executing: ['success', 'error', 'cancelled'],
  success: [],
  error: [],
  cancelled: [],
};

export function canTransition(from: ToolCallState, to: ToolCallState): boolean {
  return NEXT[from].includes(to);
}

/** What the model reads for one call: exactly one per call, whatever happened. */
export interface ToolCallOutcome {
  callId: string;
  toolName: string;
  state: 'success' | 'error' | 'cancelled';
  content: ToolResultContent;
  isError: boolean;
  errorType?: ToolErrorType;
  /** Execution time; absent when the call never executed. */
  durationMs?: number;
  /** Where the full output was saved when it was truncated. */
  savedOutputPath?: string;
  /** Images the tool attached to a successful result (see `ToolResultOptions.images`). */
  images?: readonly ToolResultImage[];
}

/** Everything the runtime knows about one call. */
export interface CallRecord {
  readonly callId: string;
  readonly requestedName: string;
  name: string;
  displayName: string;
  tool: AnyTool | undefined;
  lookupError?: { type: ToolErrorType; message: Said };
  state: ToolCallState;
  readonly controller: AbortController;
  taskLink: Disposable;
  args?: unknown;
  argsError?: string;
  params?: unknown;
  result?: { content: ToolResultContent; options: ToolResultOptions };
  heldTerminal?: { status: 'SUCCESS' | 'ERROR'; options: ToolStatusOptions };
  completion?: string;
  outcome?: ToolCallOutcome;
  /** What `Tool.prepare` said the call touches, once it was prepared. */
  targets?: ToolPreparation['targets'];
  summary?: string;
  /** What PreToolUse hooks added for the model, sent with the call's result. */
  hookContext?: string[];
  /** A hook asked to stop the whole task (`continue: false`): the batch pauses with this. */
  hookStop?: Said;
  /** What hooks did, for the card. */
  hookNotes?: HookNote[];
}

export class CallLifecycle {
  readonly merger: ToolStatusMerger;

  constructor(
    private readonly statusEmitter: Emitter<ToolCallStatus>,
    private readonly logger: ToolLogger,
    now: () => number,
  ) {
    this.merger = new ToolStatusMerger(now);
  }

  /** The first status of a call: a fresh WAIT (behaviour 1). */
  begin(record: CallRecord, partial: boolean): void {
    const params = isRecord(record.args) ? { params: record.args } : {};
    this.emit(this.merger.send(record.callId, identity(record), 'WAIT', params, { state: record.state, partial }));
  }

  transition(record: CallRecord, to: ToolCallState): void {
    if (!canTransition(record.state, to)) {
      this.logger.warn(`Ignored illegal transition ${record.state} -> ${to} for call ${record.callId}`);
      return;
    }
    record.state = to;
    const status: ToolStatusKind | undefined = to === 'executing' ? 'DOING' : undefined;
    const patched = this.merger.patch(record.callId, { state: to, partial: false }, status);
    if (patched) this.emit(patched);
  }

  /** Adds what hooks did to the call's card. */
  addHookNotes(record: CallRecord, notes: readonly HookNote[]): void {
    if (notes.length === 0) return;
    record.hookNotes = [...(record.hookNotes ?? []), ...notes];
    const patched = this.merger.patch(record.callId, { hooks: record.hookNotes });
    if (patched) this.emit(patched);
  }

  /** A status sent by the tool (or by the runtime on its behalf), merged and forwarded. */
  send(record: CallRecord, status: ToolStatusKind, options: ToolStatusOptions, partial: boolean): void {
    this.emit(this.merger.send(record.callId, identity(record), status, options, { state: record.state, partial }));
  }

  /** Ends the call: one terminal status carrying the outcome, and the outcome kept for the model. */
  finish(record: CallRecord, outcome: ToolCallOutcome, options: ToolStatusOptions = {}): void {
    if (record.outcome) return;
    if (record.state !== outcome.state && !canTransition(record.state, outcome.state)) {
      this.logger.warn(`Call ${record.callId} finished from state ${record.state}`);
    }
    record.state = outcome.state;
    record.outcome = outcome;
    record.taskLink.dispose();
    const terminal = outcome.state === 'success' ? 'SUCCESS' : outcome.state === 'error' ? 'ERROR' : 'CANCELLED';
    this.emit(this.merger.send(record.callId, identity(record), terminal, options));
  }

  /**
   * Ends a call that never ran (unknown tool, bad arguments, failed preparation, denial) with an error result:
   * `content` for the model (English), `uiError` for the card, in the display language (its first line shows).
   */
  reject(record: CallRecord, errorType: ToolErrorType, content: ToolResultContent, uiError: string): void {
    this.finish(record, notRunOutcome(record, 'error', errorType, content), { error: uiError.split('\n', 1)[0], errorType });
  }

  /** False (and the call finished as "cancelled while in queue") once its signal has aborted (behaviour 20). */
  stillQueued(record: CallRecord): boolean {
    if (record.outcome) return false;
    if (!record.controller.signal.aborted) return true;
    const cancelled = queuedCancelResult();
    this.finish(record, notRunOutcome(record, 'cancelled', ToolErrorType.CANCELLED, cancelled.model), {
      error: cancelled.ui,
      errorType: ToolErrorType.CANCELLED,
    });
    return false;
  }

  private emit(status: ToolCallStatus): void {
    this.statusEmitter.fire(status, (error) => this.logger.warn('A status listener threw', error));
  }
}

function notRunOutcome(
  record: CallRecord,
  state: 'error' | 'cancelled',
  errorType: ToolErrorType,
  content: ToolResultContent,
): ToolCallOutcome {
  return { callId: record.callId, toolName: record.name, state, content, isError: true, errorType };
}

function identity(record: CallRecord) {
  return { toolName: record.name, displayName: record.displayName };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
