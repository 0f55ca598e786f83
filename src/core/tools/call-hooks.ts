// The hook point of a call: programs the user or the repository configured (src/core/customization/hooks) run
// before a call is approved and after it ran. Before: they may refuse the call, ask for it, allow it (as an allow
// rule would: never past a deny rule or Relay's own safety checks, which the approval gate still applies),
// change its input (validated again) or add context. After: they may add context the model reads with the result.
// What they did is shown on the call's card; a failing hook is shown, never silent.
import type { Said } from '../l10n';
import type { ToolCallOutcome } from './call-lifecycle';
import type { HookNote } from './status-types';
import type { ToolKind } from './types';

export interface ToolCallHookRequest {
  callId: string;
  toolName: string;
  kind: ToolKind;
  params: Record<string, unknown>;
  signal: AbortSignal;
}

export interface BeforeToolCall {
  /** `deny` refuses the call with `reason`; `ask` and `allow` are passed to the approval gate. */
  decision?: 'allow' | 'ask' | 'deny';
  reason?: Said;
  /** The hook's replacement input, in Relay's field names; validated with the tool's schema before use. */
  updatedParams?: Record<string, unknown>;
  /** For the model, with the call's result. */
  context?: string;
  /** Set when a hook asked to stop the whole task (`continue: false`). */
  stop?: Said;
  notes: HookNote[];
}

export interface AfterToolCall {
  context?: string;
  stop?: Said;
  notes: HookNote[];
}

export interface ToolCallHooks {
  beforeCall(request: ToolCallHookRequest): Promise<BeforeToolCall>;
  afterCall(request: ToolCallHookRequest & { outcome: ToolCallOutcome }): Promise<AfterToolCall>;
}

/** The hooks' verdict as the approval gate receives it. */
export interface HookApproval {
  action: 'allow' | 'ask';
  reason: Said;
}

/** Context from hooks after the call's own result, marked as such so the model knows where it came from. */
export function withHookContext(content: ToolCallOutcome['content'], context: string | undefined): ToolCallOutcome['content'] {
  if (!context) return content;
  const note = `\n\n<hook_context>\n${context}\n</hook_context>`;
  if (typeof content === 'string') return content + note;
  return { result: content, hook_context: context };
}
