// The scheduler's approval hook for one session: the loop guard's verdict first (behaviour 34: the same call
// several times in a row is stopped before it runs and the task pauses for the user), then the host's
// ApprovalGate (policy, rules, native prompt), whose audit of every decision is kept with the task.
import { l10n } from '../l10n';
import type { ApprovalAudit, ApprovalGate, ApprovalRequest as GateRequest } from '../ports/approval';
import type { ApprovalDecision, ApprovalHook, ApprovalRequest } from '../tools';

export interface RepeatedCall {
  toolName: string;
  consecutive: number;
}

export class SessionApprovals {
  private repeated: RepeatedCall | undefined;

  constructor(
    private readonly gate: ApprovalGate | undefined,
    private readonly onAudit: (audit: ApprovalAudit) => void,
  ) {}

  /** The first call the loop guard stopped since the last `takeRepeatedCall`. */
  takeRepeatedCall(): RepeatedCall | undefined {
    const repeated = this.repeated;
    this.repeated = undefined;
    return repeated;
  }

  readonly hook: ApprovalHook = async (request) => {
    if (request.loop?.repeated) {
      this.repeated ??= { toolName: request.toolName, consecutive: request.loop.consecutive };
      const said = l10n.both(
        'Relay stopped it: this is the same {0} call, with the same arguments, {1} times in a row. The task is paused for the user.',
        request.toolName,
        request.loop.consecutive,
      );
      return { decision: 'deny', reason: said.model, uiReason: said.ui };
    }
    if (!this.gate) return { decision: 'allow' };
    return this.askGate(this.gate, request);
  };

  private async askGate(gate: ApprovalGate, request: ApprovalRequest): Promise<ApprovalDecision> {
    let outcome;
    try {
      outcome = await gate.approve(toGateRequest(request), request.signal);
    } catch (error) {
      // Cancelled while asking: the scheduler already settles the call as cancelled when the signal aborts,
      // so this answer must never arrive first and turn the cancellation into an error.
      if (request.signal.aborted) return new Promise<never>(() => {});
      throw error;
    }
    this.onAudit(outcome.audit);
    return outcome.allowed ? { decision: 'allow' } : { decision: 'deny', reason: outcome.messageForModel, uiReason: outcome.reason };
  }
}

/** The gate's request for a call: what the tool prepared, its names and what the hooks said. */
export function toGateRequest(request: ApprovalRequest): GateRequest {
  const preparation = request.preparation;
  return {
    callId: request.callId,
    toolName: request.toolName,
    ...(request.displayName && request.displayName !== request.toolName ? { displayName: request.displayName } : {}),
    kind: request.kind,
    targets: preparation?.targets ?? {},
    args: request.params,
    ...(preparation?.summary ? { summary: preparation.summary } : {}),
    ...(preparation?.risk ? { risk: preparation.risk } : {}),
    ...(preparation?.destructive ? { destructive: true } : {}),
    ...(preparation?.diff ? { diff: preparation.diff } : {}),
    ...(request.hook ? { hook: request.hook } : {}),
  };
}
