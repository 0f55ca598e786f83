// A configured hook's answer inside the policy. An allow is treated like a user's allow rule: it settles the
// checks an allow rule could settle (the mode's asks), never a rule's deny or ask, nor Relay's own "always ask"
// safety checks (protected and sensitive files, environment injection, paths outside the workspace), nor any
// deny. An ask adds a check that asks, which no rule can turn into an allow.
import { because } from './reasons';
import type { PermissionCheck, PermissionRequest } from './types';

export function applyHookVerdict(checks: PermissionCheck[], hook: PermissionRequest['hook']): PermissionCheck[] {
  if (!hook) return checks;
  if (hook.action === 'ask') {
    return [...checks, { subject: { type: 'call' }, action: 'ask', basis: 'hook', ...because(hook.reason), allowRuleCanOverride: false }];
  }
  return checks.map((check) =>
    check.action === 'ask' && check.allowRuleCanOverride && check.basis !== 'rule' ? { ...check, action: 'allow', basis: 'hook', ...because(hook.reason) } : check,
  );
}
