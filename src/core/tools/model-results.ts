// What the model reads when the runtime, not the tool, decides a call's result: unknown tools, bad
// arguments, denials, timeouts, cancellation. Each says what happened and what to do next.
import type { ToolDescription, ToolResultContent } from './types';

export function invalidJsonResult(toolName: string, parseError: string): string {
  return `The arguments of ${toolName} are not valid JSON: ${parseError}. Call ${toolName} again with one JSON object as arguments.`;
}

export function invalidParamsResult(toolName: string, validationMessage: string): string {
  return `${validationMessage.replace(/^Invalid arguments:/, `Invalid arguments for ${toolName}:`)}\nCall ${toolName} again with corrected arguments.`;
}

/** `reason` is the permission layer's whole sentence ("The user denied this call: use pnpm", "Permission denied: …"). */
export function deniedResult(toolName: string, reason: string | undefined): string {
  const why = reason?.trim();
  const head = why ? `The ${toolName} call did not run. ${why}` : `The user denied this ${toolName} call.`;
  return `${head} Do not repeat it unchanged; adjust your approach.`;
}

export const QUEUED_CANCEL_RESULT = 'The call was cancelled while in queue; it did not run.';

export function cancelledResult(partial: ToolResultContent | undefined, reason: string): string {
  const head = `The call was cancelled while running (${reason}).`;
  return partial === undefined ? head : `${head} Partial output before it stopped:\n${asText(partial)}`;
}

export function timeoutResult(toolName: string, timeoutMs: number, partial: ToolResultContent | undefined): string {
  const head = `${toolName} timed out after ${formatDuration(timeoutMs)} and was stopped.`;
  const tail = ' If it needs longer, split the work or use a faster approach.';
  return partial === undefined ? head + tail : `${head}${tail} Partial output before it stopped:\n${asText(partial)}`;
}

export function failedResult(toolName: string, message: string): string {
  return `${toolName} failed: ${message}`;
}

export function noResultResult(toolName: string): string {
  return `${toolName} finished without reporting a result; treat its outcome as unknown.`;
}

/** Behaviour 28: guidance rides with this tool's errors or first result, never in the system prompt. */
export function withGuidance(
  content: ToolResultContent,
  description: ToolDescription | undefined,
  moment: 'error' | 'first_result' | 'none',
): ToolResultContent {
  const guidance = moment === 'error' ? description?.guidance?.onError : moment === 'first_result' ? description?.guidance?.onFirstResult : undefined;
  if (!guidance) return content;
  return `${asText(content)}\n\nGuidance: ${guidance}`;
}

export function asText(content: ToolResultContent): string {
  return typeof content === 'string' ? content : JSON.stringify(content, null, 2);
}

export function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1000) return `${Math.round(ms / 100) / 10} s`;
  return `${ms} ms`;
}
