// The approval step of a call (behaviours 8, 21; tool-system.md §9 plugs in through `ApprovalHook`): the tool
// prepares what the question shows, the loop guard observes the call, then the hook decides. A call that fails
// or is denied here never runs; one that is allowed waits in `awaiting_approval` until its turn to execute.
import { l10n, type Said } from '../l10n';
import { raceAbort } from './abort';
import type { CallRecord } from './call-lifecycle';
import type { HookApproval, ToolCallHooks } from './call-hooks';
import { runBeforeCallHooks } from './call-hook-steps';
import { type PreparationDeps, prepareCall } from './call-preparation';
import { errorMessage, ToolErrorType } from './errors';
import { deniedResult } from './model-results';
import type { ToolKind, ToolPreparation } from './types';

export interface ApprovalRequest {
  callId: string;
  toolName: string;
  displayName: string;
  kind: ToolKind;
  /** Validated parameters. */
  params: unknown;
  /** From the loop guard (behaviour 34), when one is plugged in. */
  loop?: { consecutive: number; repeated: boolean };
  /** From `Tool.prepare`, when the tool has one: what the call touches and its proposed change. */
  preparation?: ToolPreparation;
  /** What the PreToolUse hooks answered, when they allowed or asked (a refusal never reaches the gate). */
  hook?: HookApproval;
  /** Aborted when the call or task is cancelled while the question is open: close the prompt then. */
  signal: AbortSignal;
}

/** `reason` is the model's (English); `uiReason` what the card says, in the display language. */
export type ApprovalDecision = { decision: 'allow' } | { decision: 'deny'; reason?: string; uiReason?: string };

/** Called once per final call before it runs (state awaiting_approval); src/core/permissions plugs in here. */
export type ApprovalHook = (request: ApprovalRequest) => Promise<ApprovalDecision>;

/** Structurally the permission module's LoopGuard. */
export interface LoopGuardHook {
  observe(toolName: string, args: unknown): { consecutive: number; repeated: boolean };
}

export const allowAll: ApprovalHook = async () => ({ decision: 'allow' });

export interface ApprovalDeps extends PreparationDeps {
  approve: ApprovalHook;
  loopGuard: LoopGuardHook | undefined;
  /** Configured hooks (PreToolUse); they run before the call is prepared, as they may change its input. */
  hooks?: ToolCallHooks;
  /** The task's checks on a call's input, run again when a hook changed it (ToolManager.refusal). */
  recheck?: (record: CallRecord) => Said | undefined;
}

/** Takes a `scheduled` call to `awaiting_approval` with an allow, or finishes it. Never throws. */
export async function approveCall(record: CallRecord, deps: ApprovalDeps): Promise<void> {
  const { lifecycle } = deps;
  if (!lifecycle.stillQueued(record)) return;
  const hooked = await runBeforeCallHooks(record, { lifecycle, hooks: deps.hooks, ...(deps.recheck ? { recheck: deps.recheck } : {}) });
  if (!hooked.ok || !lifecycle.stillQueued(record)) return;
  const prepared = await prepareCall(record, deps);
  if (!prepared.ok || !lifecycle.stillQueued(record)) return;
  lifecycle.transition(record, 'awaiting_approval');
  if (prepared.preparation) {
    record.targets = prepared.preparation.targets;
    if (prepared.preparation.summary !== undefined) record.summary = prepared.preparation.summary;
  }
  const loop = deps.loopGuard?.observe(record.name, record.params);
  const request: ApprovalRequest = {
    callId: record.callId,
    toolName: record.name,
    displayName: record.displayName,
    kind: record.tool!.kind,
    params: record.params,
    ...(loop ? { loop } : {}),
    ...(prepared.preparation ? { preparation: prepared.preparation } : {}),
    ...(hooked.approval ? { hook: hooked.approval } : {}),
    signal: record.controller.signal,
  };
  let answer: { value: ApprovalDecision } | undefined;
  try {
    answer = await raceAbort(deps.approve(request), record.controller.signal);
  } catch (error) {
    const failed = l10n.both('The approval check failed: {0}', errorMessage(error));
    return lifecycle.reject(record, ToolErrorType.POLICY_VIOLATION, failed.model, failed.ui);
  }
  if (!answer) return void lifecycle.stillQueued(record);
  if (answer.value.decision === 'deny') {
    const { reason, uiReason } = answer.value;
    lifecycle.reject(record, ToolErrorType.USER_DENIED, deniedResult(record.name, reason), uiReason?.trim() ? uiReason : l10n.t('Not run: denied.'));
    // The call will never run: what its preparation opened (an edit's diff tab) goes with it, as on a cancel.
    record.controller.abort();
  }
}
