// Pause rules (behaviours 18, 19): signs that the task is stuck. The runtime only reports a PauseSignal with a
// human explanation; the agent loop decides to stop and show it.
import { ToolErrorType } from './errors';
import { l10n } from '../l10n';

/** `hook_stop`: a configured hook asked to stop the task (`continue: false`). */
export type PauseReason = 'repeated_timeouts' | 'repeated_error' | 'no_tool_calls' | 'hook_stop';

export interface PauseSignal {
  reason: PauseReason;
  /** For the user, shown as is. */
  message: string;
  toolName?: string;
  count: number;
}

/** What the loop should do after a model turn: send a reminder to the model, or pause. */
export interface TurnCheck {
  reminder?: string;
  pause?: PauseSignal;
}

export interface CompletedCall {
  toolName: string;
  state: 'success' | 'error' | 'cancelled';
  errorType?: string;
  message?: string;
}

export const DEFAULT_PAUSE_THRESHOLD = 3;

export const NO_TOOL_REMINDER =
  'You did not use a tool. If the task is done, call attempt_completion with the result; otherwise call the tool you need next.';

export class PauseRules {
  private readonly timeoutsByTool = new Map<string, number>();
  private lastErrorSignature: string | undefined;
  private sameErrorCount = 0;
  private turnsWithoutTools = 0;

  constructor(private readonly threshold = DEFAULT_PAUSE_THRESHOLD) {}

  /** Feeds one completed call; returns a pause when this call completes a streak. */
  recordCall(call: CompletedCall): PauseSignal | undefined {
    this.turnsWithoutTools = 0;
    if (call.state === 'cancelled') return undefined;
    const timedOut = call.errorType === ToolErrorType.TOOL_TIMEOUT;
    const timeouts = timedOut ? (this.timeoutsByTool.get(call.toolName) ?? 0) + 1 : 0;
    this.timeoutsByTool.set(call.toolName, timeouts);

    const signature = call.state === 'error' ? errorSignature(call) : undefined;
    this.sameErrorCount = signature !== undefined && signature === this.lastErrorSignature ? this.sameErrorCount + 1 : signature ? 1 : 0;
    this.lastErrorSignature = signature;

    if (timeouts >= this.threshold) {
      this.reset();
      return {
        reason: 'repeated_timeouts',
        toolName: call.toolName,
        count: timeouts,
        message: l10n.t('Paused: {0} timed out {1} times in a row. Check whether it waits for input or needs a longer timeout, then resume.', call.toolName, timeouts),
      };
    }
    if (this.sameErrorCount >= this.threshold) {
      const count = this.sameErrorCount;
      this.reset();
      return {
        reason: 'repeated_error',
        toolName: call.toolName,
        count,
        message: l10n.t(
          'Paused: the same error happened {0} times in a row ({1}: {2}). The agent looks stuck; give it a hint or change the approach, then resume.',
          count,
          call.toolName,
          firstLine(call.message),
        ),
      };
    }
    return undefined;
  }

  /** Feeds one model turn (behaviour 19): reminders first, a pause at the threshold. */
  recordTurn(toolCallCount: number): TurnCheck {
    if (toolCallCount > 0) {
      this.turnsWithoutTools = 0;
      return {};
    }
    this.turnsWithoutTools++;
    if (this.turnsWithoutTools < this.threshold) return { reminder: NO_TOOL_REMINDER };
    const count = this.turnsWithoutTools;
    this.turnsWithoutTools = 0;
    return {
      pause: {
        reason: 'no_tool_calls',
        count,
        message: l10n.t('Paused: the model answered {0} times in a row without using a tool or completing the task.', count),
      },
    };
  }

  reset(): void {
    this.timeoutsByTool.clear();
    this.lastErrorSignature = undefined;
    this.sameErrorCount = 0;
    this.turnsWithoutTools = 0;
  }
}

function errorSignature(call: CompletedCall): string {
  return `${call.toolName}\u0000${call.errorType ?? ''}\u0000${firstLine(call.message)}`;
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n', 1)[0]!.slice(0, 200);
}
