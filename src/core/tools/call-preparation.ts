// `Tool.prepare` in the call lifecycle: after validation, before the approval hook. It works out what the call
// touches (paths, command, proposed diff) so the approval question can show it. It runs under the same limits
// as the final execution (timeout, cancellation), and a failure here ends the call before anyone is asked.
import type { CallLifecycle, CallRecord } from './call-lifecycle';
import { createCallContext } from './call-context';
import { describe } from './call-runner';
import { errorSaid, ToolError, ToolErrorType } from './errors';
import { executeWithLimits } from './executor';
import { failedResult, timeoutResult, withGuidance } from './model-results';
import type { ToolLogger, ToolPreparation } from './types';

export interface PreparationDeps {
  lifecycle: CallLifecycle;
  taskId: string;
  logger: ToolLogger;
  defaultTimeoutMs: number;
  abortGraceMs: number;
}

export type PreparationResult = { ok: true; preparation?: ToolPreparation } | { ok: false };

/**
 * Runs the tool's `prepare`, when it has one. On failure the call is finished here (an error result, or
 * "cancelled while in queue") and `{ ok: false }` comes back. Never throws.
 */
export async function prepareCall(record: CallRecord, deps: PreparationDeps): Promise<PreparationResult> {
  const tool = record.tool!;
  if (!tool.prepare) return { ok: true };
  const ctx = createCallContext(record, deps.lifecycle, deps.taskId, deps.logger, 'prepare');
  let preparation: ToolPreparation | undefined;
  const end = await executeWithLimits(
    async () => {
      preparation = await tool.prepare!(record.params, ctx);
    },
    record.controller,
    tool.timeoutMs ?? deps.defaultTimeoutMs,
    deps.abortGraceMs,
  );
  switch (end.kind) {
    case 'completed':
      return { ok: true, ...(preparation === undefined ? {} : { preparation }) };
    case 'threw': {
      // A ToolError is the tool saying "this call cannot work" (e.g. an edit with no match): its type stands.
      const errorType = end.error instanceof ToolError ? end.error.type : ToolErrorType.EXECUTION_FAILED;
      const failed = failedResult(record.name, errorSaid(end.error));
      deps.lifecycle.reject(record, errorType, withGuidance(failed.model, await describe(tool, deps.logger), 'error'), failed.ui);
      return { ok: false };
    }
    case 'timeout': {
      const timedOut = timeoutResult(record.name, end.timeoutMs, undefined);
      deps.lifecycle.reject(record, ToolErrorType.TOOL_TIMEOUT, timedOut.model, timedOut.ui);
      return { ok: false };
    }
    case 'cancelled':
      deps.lifecycle.stillQueued(record); // the call never ran: "cancelled while in queue"
      return { ok: false };
  }
}
