// The approval prompt as a native VS Code modal. "Always Allow…" shows the exact rule in a second modal
// before anything is saved (Escape there goes back to the question); "Deny with Reason…" asks for the
// reason in an input box; "Review Changes…" closes the modal and lets the user decide hunk by hunk in the diff
// editor. Escape on the question denies (on a dangerous call's, it asks for the reason first); Escape on the reason
// box denies without one. The buttons' order, and so what Enter presses, follows Relay's one rule (dialogs/).
import * as vscode from 'vscode';
import type { ApprovalPrompt, ApprovalPrompter, PromptAnswer } from '../../core/ports/approval';
import { describeRuleToSave } from './approval-prompt';
import { l10n } from '../../core/l10n';
import { PERMISSION_RULES_KEY } from './approval-modes';
import { describeAllowance } from '../../core/sandbox/allowance';
import { askModal } from '../dialogs/modal';

export class ModalPrompter implements ApprovalPrompter {
  async ask(prompt: ApprovalPrompt): Promise<PromptAnswer> {
    const ALLOW = l10n.t('Allow');
    const OPEN_DIFF = l10n.t('Open Diff');
    /** Hands the decision to the diff editor: accept or reject each hunk there. */
    const REVIEW = l10n.t('Review Changes…');
    const DENY = l10n.t('Deny');
    const DENY_WITH_REASON = l10n.t('Deny with Reason…');
    for (;;) {
      const alwaysAllow = alwaysAllowButton(prompt);
      // On "Run outside the sandbox…": what it needed goes into the sandbox instead, and the command stays in it.
      const inSandbox = prompt.sandboxAllowance && l10n.t('Always Allow in the Sandbox: {0}', describeAllowance(prompt.sandboxAllowance));
      // At most four buttons: Allow, the one other way to allow that fits the call best, and the two denials.
      const other = inSandbox ?? (prompt.offersReview ? REVIEW : prompt.offersDiff ? OPEN_DIFF : prompt.alwaysAllow ? alwaysAllow : undefined);
      // The rule of every Relay modal (dialogs/button-order.ts): Enter allows a call of the user's task, unless the
      // call is dangerous; then Enter denies and Escape asks for a reason (Escape there denies without one).
      const choice = await askModal({
        message: prompt.message,
        detail: prompt.detail,
        origin: prompt.denyByDefault ? 'dangerous' : 'user',
        actions: [ALLOW, ...(other ? [other] : [])],
        safe: prompt.denyByDefault ? [DENY, DENY_WITH_REASON] : [DENY_WITH_REASON, DENY],
      });
      if (choice === inSandbox) return { type: 'allow-in-sandbox' };
      switch (choice) {
        case ALLOW:
          return { type: 'allow-once' };
        case alwaysAllow:
          if (await confirmRules(prompt)) return { type: 'always-allow' };
          continue; // the user backed out of saving: ask the question again
        case OPEN_DIFF:
          return { type: 'open-diff' };
        case REVIEW:
          return { type: 'review' };
        case DENY_WITH_REASON: {
          const reason = await askReason(prompt);
          return reason ? { type: 'deny-with-reason', reason } : { type: 'deny' };
        }
        default:
          return { type: 'deny' };
      }
    }
  }
}

/** "Always Allow docs.python.org…" for a web domain: the domain is the whole rule. */
function alwaysAllowButton(prompt: ApprovalPrompt): string {
  const rules = prompt.alwaysAllow?.rules ?? [];
  return rules.length === 1 && rules[0]!.subject === 'domain' ? l10n.t('Always Allow {0}…', rules[0]!.pattern) : l10n.t('Always Allow…');
}

/** Shows the rule exactly as it will be written, and where. */
async function confirmRules(prompt: ApprovalPrompt): Promise<boolean> {
  const offer = prompt.alwaysAllow;
  if (!offer) return false;
  const rules = offer.rules;
  const message = rules.length === 1 ? l10n.t('Always allow {0}?', describeRuleToSave(rules[0]!)) : l10n.t('Always allow these {0} rules?', rules.length);
  const detail = [
    rules.length === 1
      ? l10n.t('This rule will be added to {0} in {1}, and Relay will no longer ask for matching calls:', PERMISSION_RULES_KEY, offer.target)
      : l10n.t('These rules will be added to {0} in {1}, and Relay will no longer ask for matching calls:', PERMISSION_RULES_KEY, offer.target),
    rules.map((r) => JSON.stringify(r)).join('\n'),
    l10n.t('You can edit or remove rules in settings.json at any time.'),
  ].join('\n\n');
  const SAVE_RULE = l10n.t('Save Rule and Allow');
  return (await askModal({ message, detail, origin: 'user', actions: [SAVE_RULE], safe: [l10n.t('Back')] })) === SAVE_RULE;
}

async function askReason(prompt: ApprovalPrompt): Promise<string | undefined> {
  const reason = await vscode.window.showInputBox({
    title: l10n.t('Deny {0}', prompt.displayName ?? prompt.toolName),
    prompt: l10n.t('Why? Relay passes your reason to the model, so it can do something else instead.'),
    placeHolder: l10n.t('e.g. use pnpm, not npm'),
    ignoreFocusOut: true,
  });
  return reason?.trim() || undefined;
}
