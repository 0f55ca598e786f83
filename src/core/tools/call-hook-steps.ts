// The two moments the call lifecycle asks the configured hooks (call-hooks.ts): before approval (refuse, ask,
// allow, change the input, add context) and after the call ran (add context). A hook point that throws is a
// failing hook: shown on the card, the call goes on as if no hook had answered.
import { l10n, type Said } from '../l10n';
import type { AfterToolCall, BeforeToolCall, HookApproval, ToolCallHooks } from './call-hooks';
import { withHookContext } from './call-hooks';
import type { CallLifecycle, CallRecord, ToolCallOutcome } from './call-lifecycle';
import { isRecord } from './call-lifecycle';
import { errorMessage, ToolErrorType } from './errors';
import { deniedResult } from './model-results';

export interface HookStepDeps {
  lifecycle: CallLifecycle;
  hooks: ToolCallHooks | undefined;
  /** The task's own checks on a call's input (an agent's file restrictions), run again on an input a hook changed. */
  recheck?: (record: CallRecord) => Said | undefined;
}

export type BeforeHooksResult = { ok: false } | { ok: true; approval?: HookApproval };

/** Runs the PreToolUse hooks of a scheduled call; on a refusal or an invalid changed input the call ends here. */
export async function runBeforeCallHooks(record: CallRecord, deps: HookStepDeps): Promise<BeforeHooksResult> {
  const { hooks, lifecycle } = deps;
  if (!hooks || !record.tool) return { ok: true };
  let answer: BeforeToolCall;
  try {
    answer = await hooks.beforeCall(request(record));
  } catch (error) {
    answer = { notes: [{ kind: 'failed', text: l10n.t('The hooks could not run: {0}', errorMessage(error)) }] };
  }
  lifecycle.addHookNotes(record, answer.notes);
  if (!lifecycle.stillQueued(record)) return { ok: false };
  if (answer.context) record.hookContext = [...(record.hookContext ?? []), answer.context];
  if (answer.stop) {
    record.hookStop = answer.stop;
    // The card's hook note says which hook and why; its error line does not repeat it.
    lifecycle.reject(record, ToolErrorType.POLICY_VIOLATION, withHookContext(deniedResult(record.name, answer.stop.model), joined(record)), l10n.t('Not run: a hook stopped the task.'));
    return { ok: false };
  }
  if (answer.decision === 'deny') {
    const reason = answer.reason ?? l10n.both('A hook refused it.');
    lifecycle.reject(record, ToolErrorType.POLICY_VIOLATION, withHookContext(deniedResult(record.name, reason.model), joined(record)), answer.notes.some((n) => n.kind === 'blocked') ? l10n.t('Not run: a hook blocked it.') : reason.ui);
    return { ok: false };
  }
  if (answer.updatedParams) {
    const validation = await record.tool.validate(answer.updatedParams).catch((error: unknown) => ({ ok: false as const, message: errorMessage(error) }));
    if (!validation.ok) {
      const said = l10n.both('A hook changed the input of this call into one that is not valid: {0}', validation.message);
      lifecycle.reject(record, ToolErrorType.INVALID_PARAMS, said.model, said.ui);
      return { ok: false };
    }
    record.params = validation.params;
    const refused = deps.recheck?.(record);
    if (refused) {
      lifecycle.reject(record, ToolErrorType.POLICY_VIOLATION, refused.model, refused.ui);
      return { ok: false };
    }
    lifecycle.send(record, 'WAIT', isRecord(record.params) ? { params: record.params } : {}, false);
  }
  if (answer.decision === 'allow' || answer.decision === 'ask') {
    return { ok: true, approval: { action: answer.decision, reason: answer.reason ?? l10n.both('A hook answered "{0}".', answer.decision) } };
  }
  return { ok: true };
}

/** Runs the PostToolUse hooks of a finished call; returns the content the model reads. */
export async function runAfterCallHooks(record: CallRecord, outcome: ToolCallOutcome, deps: HookStepDeps): Promise<ToolCallOutcome['content']> {
  const { hooks, lifecycle } = deps;
  let content = withHookContext(outcome.content, joined(record));
  if (!hooks || !record.tool || outcome.state === 'cancelled') return content;
  let answer: AfterToolCall;
  try {
    answer = await hooks.afterCall({ ...request(record), outcome });
  } catch (error) {
    answer = { notes: [{ kind: 'failed', text: l10n.t('The hooks could not run: {0}', errorMessage(error)) }] };
  }
  lifecycle.addHookNotes(record, answer.notes);
  if (answer.stop) record.hookStop = answer.stop;
  content = withHookContext(content, answer.context);
  return content;
}

function request(record: CallRecord) {
  return {
    callId: record.callId,
    toolName: record.name,
    kind: record.tool!.kind,
    params: isRecord(record.params) ? record.params : {},
    signal: record.controller.signal,
  };
}

function joined(record: CallRecord): string | undefined {
  return record.hookContext?.length ? record.hookContext.join('\n\n') : undefined;
}
