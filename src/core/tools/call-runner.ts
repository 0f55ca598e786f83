// The final execution of one approved call: run it under its limits, turn whatever happened into exactly one
// model result (truncated, with just-in-time guidance) and one terminal status, and count it.
import type { ToolCallHooks } from './call-hooks';
import { runAfterCallHooks } from './call-hook-steps';
import type { CallLifecycle, CallRecord, ToolCallOutcome } from './call-lifecycle';
import { isRecord } from './call-lifecycle';
import { createCallContext } from './call-context';
import { errorSaid, ToolError, ToolErrorType } from './errors';
import { executeWithLimits } from './executor';
import {
  asText,
  cancelledResult,
  failedResult,
  noResultResult,
  timeoutResult,
  withGuidance,
} from './model-results';
import type { OutputStore } from './output-store';
import type { ToolStatistics } from './stats';
import type { ToolStatusOptions } from './status-types';
import { type OutputLimits, truncateForModel } from './truncation';
import type { AnyTool, ToolDescription, ToolLogger, ToolResultContent } from './types';
import type { Said } from '../l10n';

export interface CallRunnerDeps {
  lifecycle: CallLifecycle;
  taskId: string;
  logger: ToolLogger;
  now: () => number;
  defaultTimeoutMs: number;
  abortGraceMs: number;
  outputStore: OutputStore | undefined;
  outputLimits: OutputLimits;
  statistics: ToolStatistics;
  /** Tools that already got their first-result guidance in this task. */
  guidedTools: Set<string>;
  /** Configured hooks (PostToolUse). */
  hooks?: ToolCallHooks;
}

export async function runFinalCall(record: CallRecord, deps: CallRunnerDeps): Promise<void> {
  const tool = record.tool!;
  deps.lifecycle.transition(record, 'executing');
  deps.lifecycle.send(record, 'DOING', isRecord(record.params) ? { params: record.params } : {}, false);
  const ctx = createCallContext(record, deps.lifecycle, deps.taskId, deps.logger, 'final');
  const started = deps.now();
  const end = await executeWithLimits(
    () => tool.execute(record.params, ctx, false),
    record.controller,
    tool.timeoutMs ?? deps.defaultTimeoutMs,
    deps.abortGraceMs,
  );
  const durationMs = deps.now() - started;
  const partial = record.result?.content;
  let state: ToolCallOutcome['state'] = 'error';
  let errorType: ToolErrorType | undefined;
  let content!: ToolResultContent; // set in every branch, directly or by runtimeSays
  /** The runtime's words for the card when the tool did not report its own end. */
  let uiError: string | undefined;
  const runtimeSays = (said: Said) => {
    content = said.model;
    uiError = said.ui;
  };
  switch (end.kind) {
    case 'completed':
      if (record.result) {
        content = record.result.content;
        errorType = record.result.options.error ?? heldErrorType(record);
        state = errorType ? 'error' : 'success';
      } else {
        errorType = ToolErrorType.NO_RESULT;
        runtimeSays(noResultResult(record.name));
      }
      break;
    case 'threw':
      errorType = end.error instanceof ToolError ? end.error.type : ToolErrorType.EXECUTION_FAILED;
      runtimeSays(failedResult(record.name, errorSaid(end.error)));
      break;
    case 'timeout':
      errorType = ToolErrorType.TOOL_TIMEOUT;
      runtimeSays(timeoutResult(record.name, end.timeoutMs, partial));
      break;
    case 'cancelled':
      state = 'cancelled';
      errorType = ToolErrorType.CANCELLED;
      runtimeSays(cancelledResult(partial, end.reason));
      break;
  }

  const options = end.kind === 'completed' ? (record.result?.options ?? {}) : {};
  const truncated = await truncateForModel(
    content,
    {
      toolName: record.name,
      callId: record.callId,
      keep: options.keep ?? (tool.kind === 'execute' ? 'head_and_tail' : 'head'),
      alreadyTruncated: options.alreadyTruncated,
    },
    deps.outputStore,
    deps.outputLimits,
  );
  const firstResult = state === 'success' && !deps.guidedTools.has(record.name);
  const moment = state === 'error' ? 'error' : firstResult ? 'first_result' : 'none';
  const guided = withGuidance(truncated.content, await describe(tool, deps.logger), moment);
  if (moment === 'first_result' && guided !== truncated.content) deps.guidedTools.add(record.name);

  deps.statistics.record(record.name, state, durationMs);
  const outcome: ToolCallOutcome = {
    callId: record.callId,
    toolName: record.name,
    state,
    content: guided,
    isError: state !== 'success',
    durationMs,
    ...(errorType && state !== 'success' ? { errorType } : {}),
    ...(truncated.savedPath ? { savedOutputPath: truncated.savedPath } : {}),
    ...(state === 'success' && options.images?.length ? { images: options.images } : {}),
  };
  outcome.content = await runAfterCallHooks(record, outcome, { lifecycle: deps.lifecycle, hooks: deps.hooks });
  deps.lifecycle.finish(record, outcome, terminalStatusOptions(record, outcome, uiError));
}

function heldErrorType(record: CallRecord): ToolErrorType | undefined {
  const held = record.heldTerminal;
  if (held?.status !== 'ERROR') return undefined;
  return held.options.errorType ?? ToolErrorType.EXECUTION_FAILED;
}

/**
 * The tool's own terminal report when it made one; otherwise the runtime's words (`uiError`, in the display
 * language), or the first line of what the tool set as its error result. Blocks already sent stay.
 */
function terminalStatusOptions(record: CallRecord, outcome: ToolCallOutcome, uiError: string | undefined): ToolStatusOptions {
  if (outcome.state === 'success') return record.heldTerminal?.options ?? { result: outcome.content };
  if (record.heldTerminal?.status === 'ERROR' && outcome.errorType !== ToolErrorType.TOOL_TIMEOUT && outcome.state === 'error') {
    return record.heldTerminal.options;
  }
  return { error: firstLine(uiError ?? asText(outcome.content)), ...(outcome.errorType ? { errorType: outcome.errorType } : {}) };
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0]!;
}

export async function describe(tool: AnyTool | undefined, logger: ToolLogger): Promise<ToolDescription | undefined> {
  if (!tool) return undefined;
  try {
    return await tool.getDescription();
  } catch (error) {
    logger.warn(`${tool.name}.getDescription failed`, error);
    return undefined;
  }
}
