// What the model reads when the runtime, not the tool, decides a call's result: unknown tools, bad
// arguments, denials, timeouts, cancellation. Each says what happened and what to do next.
import { l10n, type Said } from '../l10n';
import type { ParamIssue, ToolDescription, ToolResultContent } from './types';

// Each gives both channels (docs/tool-system.md): `model` is what the model reads (stable English), `ui` the
// card's error in the display language. A reason from elsewhere (a parser's, zod's or a server's own words) is
// quoted as it came inside the localised frame.

export function invalidJsonResult(toolName: string, parseError: string): Said {
  return l10n.both('The arguments of {0} are not valid JSON: {1}. Call {0} again with one JSON object as arguments.', toolName, parseError);
}

/** The model reads every issue on its own line; the card one line naming each bad argument and zod's words. */
export function invalidParamsResult(toolName: string, validation: { message: string; issues: readonly ParamIssue[] }): Said {
  const head = l10n.both('Invalid arguments for {0}:', toolName);
  const again = l10n.both('Call {0} again with corrected arguments.', toolName);
  const issues = validation.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return {
    model: `${validation.message.replace(/^Invalid arguments:/, head.model)}\n${again.model}`,
    ui: l10n.t('Invalid arguments for {0}: {1}', toolName, issues),
  };
}

/** `reason` is the permission layer's whole sentence ("The user denied this call: use pnpm", "Permission denied: …"). */
export function deniedResult(toolName: string, reason: string | undefined): string {
  const why = reason?.trim();
  const head = why ? `The ${toolName} call did not run. ${why}` : `The user denied this ${toolName} call.`;
  return `${head} Do not repeat it unchanged; adjust your approach.`;
}

export function queuedCancelResult(): Said {
  return l10n.both('The call was cancelled while in queue; it did not run.');
}

/** The model also reads what the call printed before it stopped; the card says why it stopped. */
export function cancelledResult(partial: ToolResultContent | undefined, reason: Said): Said {
  const head = l10n.both('The call was cancelled while running ({0}).', reason);
  return { model: withPartial(head.model, partial), ui: head.ui };
}

export function timeoutResult(toolName: string, timeoutMs: number, partial: ToolResultContent | undefined): Said {
  const head = l10n.both('{0} timed out after {1} and was stopped.', toolName, durationSaid(timeoutMs));
  const tail = l10n.both('If it needs longer, split the work or use a faster approach.');
  return { model: withPartial(`${head.model} ${tail.model}`, partial), ui: `${head.ui} ${tail.ui}` };
}

function withPartial(head: string, partial: ToolResultContent | undefined): string {
  return partial === undefined ? head : `${head} Partial output before it stopped:\n${asText(partial)}`;
}

export function failedResult(toolName: string, message: Said): Said {
  return l10n.both('{0} failed: {1}', toolName, message);
}

export function noResultResult(toolName: string): Said {
  return l10n.both('{0} finished without reporting a result; treat its outcome as unknown.', toolName);
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
  return durationSaid(ms).model;
}

/** "2 min", "1.5 s", "300 ms" for the model; the same in the display language for people. */
export function durationSaid(ms: number): Said {
  if (ms >= 60_000 && ms % 60_000 === 0) return l10n.both('{0} min', ms / 60_000);
  if (ms >= 1000) return l10n.both('{0} s', Math.round(ms / 100) / 10);
  return l10n.both('{0} ms', ms);
}
