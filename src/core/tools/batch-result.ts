// What a batch of tool calls comes back as: the outcomes, a pause or the completion (shared by the scheduler and
// the stream of calls that starts them while the model is still speaking).
import type { ToolCallOutcome } from './call-lifecycle';
import type { PauseSignal } from './pause-rules';

export interface ToolBatchResult {
  /** One per call, in call order: the model reads these next turn. */
  outcomes: ToolCallOutcome[];
  /** Set when the task should pause (behaviours 18, 19); the loop stops and shows `message`. */
  pause?: PauseSignal;
  /** Set when attempt_completion succeeded: the loop ends with this result. */
  completion?: { callId: string; result: string };
}
