// The approval decision with and without the OS sandbox. A command the policy asks about only because it runs code
// (every ask is `asksBecause: 'runs-code'`) runs without asking when it will run sandboxed: writes stay in the
// workspace (a checkpoint undoes them), credentials are unreadable and the network is limited. Anything else the
// policy asks about (a rule, a delete, history rewriting, a path, the environment, the loop guard) still asks.
import { l10n } from '../l10n';
import type { ApprovalMode, Decision, PermissionCheck } from '../permissions/types';
import type { SandboxViolation } from '../ports/command-sandbox';
import { outsideSandboxReason } from './report';

/** Modes in which a sandboxed command need not ask: those that would ask only to run it. */
const MODES: readonly ApprovalMode[] = ['default', 'auto-edit'];

export function sandboxSettles(decision: Decision): boolean {
  if (decision.action !== 'ask' || !MODES.includes(decision.audit.mode)) return false;
  const asks = decision.audit.checks.filter((c) => c.action !== 'allow');
  return asks.length > 0 && asks.every((c) => c.action === 'ask' && c.asksBecause === 'runs-code');
}

/**
 * The decision to act on. `sandboxed`: the command will run inside the sandbox (it is enabled and available here,
 * and the call is not one the user asked to run outside it).
 */
export function decideWithSandbox(decision: Decision, sandboxed: boolean): Decision {
  if (!sandboxed || !sandboxSettles(decision)) return decision;
  const said = l10n.both('Runs in the sandbox: writes stay in the workspace, credentials are unreadable and only allowed domains are reachable.');
  return {
    ...decision,
    action: 'allow',
    reason: said.model,
    uiReason: said.ui,
    audit: { ...decision.audit, action: 'allow', basis: 'sandbox' },
  };
}

/** How a call's command would run: in the sandbox, outside it at the model's request (what it needed there), or as before. */
export type SandboxUse = { type: 'sandboxed' } | { type: 'outside'; needed: readonly SandboxViolation[] } | { type: 'none' };

/**
 * Running outside an available sandbox is its own, explicit approval in every mode but plan (which already
 * refuses): the prompt names what the sandboxed run needed, and no allow rule settles it.
 */
export function decideOutsideSandbox(decision: Decision, needed: readonly SandboxViolation[]): Decision {
  if (decision.action === 'deny') return decision;
  const said = outsideSandboxReason(needed);
  const check: PermissionCheck = { subject: { type: 'call' }, action: 'ask', basis: 'sandbox', reason: said.model, uiReason: said.ui, allowRuleCanOverride: false };
  return {
    action: 'ask',
    reason: said.model,
    uiReason: said.ui,
    audit: { ...decision.audit, action: 'ask', basis: 'sandbox', checks: [check, ...decision.audit.checks] },
  };
}

export function decideWithSandboxUse(decision: Decision, use: SandboxUse): Decision {
  if (use.type === 'outside') return decideOutsideSandbox(decision, use.needed);
  return decideWithSandbox(decision, use.type === 'sandboxed');
}
