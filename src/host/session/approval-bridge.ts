// Joins the tool scheduler's approval hook to the approval gate (tool-system.md §9): the tool's own
// preparation says what the call touches and shows its diff; the gate decides by rule, mode or by asking;
// every decision is kept for the task's audit trail. No `vscode` here: unit-tested in plain Node.
import type { ApprovalAudit, ApprovalGate } from '../../core/ports/approval';
import type { ApprovalDecision, ApprovalHook, ApprovalRequest } from '../../core/tools';

export interface ApprovalBridgeOptions {
  gate: ApprovalGate;
  /** Called with every decision reached, allowed or not, in order. */
  onAudit(audit: ApprovalAudit): void;
  /** Called when the gate is about to decide a call: the card shows "awaiting approval" meanwhile. */
  onAsking?(callId: string): void;
}

export function createApprovalHook(options: ApprovalBridgeOptions): ApprovalHook {
  return async (request: ApprovalRequest): Promise<ApprovalDecision> => {
    const preparation = request.preparation;
    options.onAsking?.(request.callId);
    const outcome = await options.gate.approve(
      {
        callId: request.callId,
        toolName: request.toolName,
        kind: request.kind,
        targets: preparation?.targets ?? {},
        args: request.params,
        summary: preparation?.summary,
        diff: preparation?.diff,
      },
      request.signal,
    );
    options.onAudit(outcome.audit);
    return outcome.allowed ? { decision: 'allow' } : { decision: 'deny', reason: outcome.messageForModel };
  };
}
