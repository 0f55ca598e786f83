// The approval prompt as a native VS Code modal. "Always Allow…" shows the exact rule in a second modal
// before anything is saved (Escape there goes back to the question); "Deny with Reason…" asks for the
// reason in an input box; "Review Changes…" closes the modal and lets the user decide hunk by hunk in the diff
// editor. Escape on the question, or on the reason box, denies.
import * as vscode from 'vscode';
import type { ApprovalPrompt, ApprovalPrompter, PromptAnswer } from '../../core/ports/approval';
import { describeRuleToSave } from './approval-prompt';
import { l10n } from '../../core/l10n';
import { PERMISSION_RULES_KEY } from './approval-modes';
import { describeAllowance } from '../../core/sandbox/allowance';

export class ModalPrompter implements ApprovalPrompter {
  async ask(prompt: ApprovalPrompt): Promise<PromptAnswer> {
    const ALLOW: vscode.MessageItem = { title: l10n.t('Allow') };
    const OPEN_DIFF: vscode.MessageItem = { title: l10n.t('Open Diff') };
    /** Hands the decision to the diff editor: accept or reject each hunk there. */
    const REVIEW: vscode.MessageItem = { title: l10n.t('Review Changes…') };
    /**
     * VS Code makes the first item that is not the close affordance the default button (focused, Enter presses
     * it; `defaultId: 0` in the native dialog) and the close affordance the one Escape picks. So Deny is the
     * close affordance, unless the call is dangerous: then Deny comes first, as the default, and VS Code adds
     * its own Cancel for Escape (dismissed: a denial too).
     */
    const DENY: vscode.MessageItem = { title: l10n.t('Deny'), isCloseAffordance: !prompt.denyByDefault };
    const DENY_WITH_REASON: vscode.MessageItem = { title: l10n.t('Deny with Reason…') };
    for (;;) {
      const alwaysAllow = alwaysAllowButton(prompt);
      // On "Run outside the sandbox…": what it needed goes into the sandbox instead, and the command stays in it.
      const inSandbox: vscode.MessageItem | undefined = prompt.sandboxAllowance && { title: l10n.t('Always Allow in the Sandbox: {0}', describeAllowance(prompt.sandboxAllowance)) };
      const buttons = [
        ...(prompt.denyByDefault ? [DENY] : []),
        ALLOW,
        ...(inSandbox ? [inSandbox] : []),
        ...(prompt.alwaysAllow ? [alwaysAllow] : []),
        ...(prompt.offersReview ? [REVIEW] : prompt.offersDiff ? [OPEN_DIFF] : []),
        DENY_WITH_REASON,
        ...(prompt.denyByDefault ? [] : [DENY]),
      ];
      const choice = await vscode.window.showWarningMessage(prompt.message, { modal: true, detail: prompt.detail }, ...buttons);
      if (choice !== undefined && choice === inSandbox) return { type: 'allow-in-sandbox' };
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
        case DENY:
          return { type: 'deny' };
        default:
          return { type: 'dismissed' };
      }
    }
  }
}

/** "Always Allow docs.python.org…" for a web domain: the domain is the whole rule. */
function alwaysAllowButton(prompt: ApprovalPrompt): vscode.MessageItem {
  const rules = prompt.alwaysAllow?.rules ?? [];
  return rules.length === 1 && rules[0]!.subject === 'domain' ? { title: l10n.t('Always Allow {0}…', rules[0]!.pattern) } : { title: l10n.t('Always Allow…') };
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
  const SAVE_RULE: vscode.MessageItem = { title: l10n.t('Save Rule and Allow') };
  const BACK: vscode.MessageItem = { title: l10n.t('Back'), isCloseAffordance: true };
  const choice = await vscode.window.showWarningMessage(message, { modal: true, detail }, SAVE_RULE, BACK);
  return choice === SAVE_RULE;
}

async function askReason(prompt: ApprovalPrompt): Promise<string | undefined> {
  const reason = await vscode.window.showInputBox({
    title: l10n.t('Deny {0}', prompt.toolName),
    prompt: l10n.t('Why? Relay passes your reason to the model, so it can do something else instead.'),
    placeHolder: l10n.t('e.g. use pnpm, not npm'),
    ignoreFocusOut: true,
  });
  return reason?.trim() || undefined;
}
