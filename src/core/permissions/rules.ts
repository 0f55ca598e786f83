// Rule matching and precedence (behaviour 30).
// - A deny always wins: if any matching rule denies, the call is denied (by the most specific deny).
// - Otherwise the most specific matching rule wins:
//     1. an exact tool name beats `*`;
//     2. then the longer literal prefix of the pattern (`git push` beats `git`, `src/gen/` beats `src/`);
//     3. then more literal characters in all (`git push * --force` beats `git push`);
//     4. then the later rule: settings come after the shipped defaults, so on a tie the user wins.
// - No matching rule: the mode decides.
// - An allow rule covers a flag or operand that makes a command write or run something (`find -delete`,
//   `git diff --output=x`, see command-effects.ts) only when its pattern names it (`find * -delete`).
import { l10n, type Said } from '../l10n';
import { ruleEffectOf, ruleGrantsEffect } from './command-effects';
import type { CommandFacts } from './command-facts';
import { compileCommandPattern, matchesCommandPattern } from './command-pattern';
import { matchesPathPattern, measurePathPattern, type PathMatchContext } from './path-pattern';
import type { ResolvedPath } from './paths';
import type { PermissionRule, RuleOrigin, RuleRef, RuleSubject } from './types';

/** A rule in effect: settings fields, where it came from, and for shipped rules a condition. */
export interface PolicyRule extends PermissionRule {
  origin: RuleOrigin;
  id?: string;
  /** Shipped rules only: a condition on the analysed sub-command beyond its pattern. */
  when?: (facts: CommandFacts) => boolean;
}

export type RuleTarget =
  | { subject: 'command'; toolName: string; facts: CommandFacts }
  | { subject: 'path'; toolName: string; path: ResolvedPath; match: PathMatchContext };

/** A rule's `tool`: `*`, an exact name, or a glob such as `mcp__github__*` (`*` matches any characters). */
export function toolNameMatches(ruleTool: string, toolName: string): boolean {
  if (ruleTool === '*' || ruleTool === toolName) return true;
  if (!ruleTool.includes('*')) return false;
  const source = ruleTool.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`).test(toolName);
}

export function ruleApplies(rule: PolicyRule, target: RuleTarget): boolean {
  if (!toolNameMatches(rule.tool, target.toolName)) return false;
  if (rule.subject && rule.subject !== target.subject) return false;
  if (target.subject === 'command') {
    if (!matchesCommandPattern(rule.pattern, target.facts.argv, target.facts.context.caseInsensitive)) return false;
    if (rule.when) return rule.when(target.facts);
    return !(rule.action === 'allow' && heldBack(rule, target.facts));
  }
  if (rule.when) return false; // conditions read sub-commands; they never apply to paths
  return matchesPathPattern(rule.pattern, target.path, target.match);
}

/** An allow rule whose pattern matches but does not name the command's effect. */
function heldBack(rule: PermissionRule, facts: CommandFacts): boolean {
  const effect = ruleEffectOf(facts);
  return effect !== undefined && !ruleGrantsEffect(rule.pattern, facts, effect);
}

/** Allow rules that would match this sub-command but for its effect: the modal says why they did not apply. */
export function allowRulesHeldBack(rules: readonly PolicyRule[], target: Extract<RuleTarget, { subject: 'command' }>): PolicyRule[] {
  return rules.filter(
    (r) =>
      r.action === 'allow' &&
      !r.when &&
      toolNameMatches(r.tool, target.toolName) &&
      (!r.subject || r.subject === 'command') &&
      matchesCommandPattern(r.pattern, target.facts.argv, target.facts.context.caseInsensitive) &&
      heldBack(r, target.facts),
  );
}

export function specificityOf(rule: PermissionRule, subject: RuleSubject): [number, number, number] {
  const measure = subject === 'command' ? compileCommandPattern(rule.pattern) : measurePathPattern(rule.pattern); // domains: globs like paths
  // `*` < a tool glob (`mcp__github__*`) < an exact tool name.
  return [rule.tool === '*' ? 0 : rule.tool.includes('*') ? 1 : 2, measure.literalPrefixLength, measure.literalLength];
}

/** Negative when `a` is less specific than `b`, zero on a tie. */
export function compareSpecificity(a: PermissionRule, b: PermissionRule, subject: RuleSubject): number {
  const sa = specificityOf(a, subject);
  const sb = specificityOf(b, subject);
  for (let i = 0; i < sa.length; i++) if (sa[i] !== sb[i]) return sa[i]! - sb[i]!;
  return 0;
}

/** The deciding rule among those that match, in list order; undefined when none match. */
export function pickRule<R extends PermissionRule>(matches: readonly R[], subject: RuleSubject): R | undefined {
  const denies = matches.filter((r) => r.action === 'deny');
  const pool = denies.length > 0 ? denies : matches;
  let best: R | undefined;
  for (const rule of pool) if (!best || compareSpecificity(rule, best, subject) >= 0) best = rule;
  return best;
}

export function findDecidingRule(rules: readonly PolicyRule[], target: RuleTarget): PolicyRule | undefined {
  return pickRule(
    rules.filter((r) => ruleApplies(r, target)),
    target.subject,
  );
}

export function toRuleRef(rule: PolicyRule): RuleRef {
  const ref: RuleRef = { tool: rule.tool, pattern: rule.pattern, action: rule.action, origin: rule.origin };
  if (rule.subject) ref.subject = rule.subject;
  if (rule.reason) ref.reason = rule.reason;
  if (rule.id) ref.id = rule.id;
  return ref;
}

/** e.g. the rule "docs.python.org" for web_fetch in settings. */
export function describeRule(rule: RuleRef | PolicyRule): Said {
  if (rule.origin === 'default') {
    return rule.tool === '*' ? l10n.both('Relay\'s default rule "{0}"', rule.pattern) : l10n.both('Relay\'s default rule "{0}" for {1}', rule.pattern, rule.tool);
  }
  return rule.tool === '*' ? l10n.both('the rule "{0}" in settings', rule.pattern) : l10n.both('the rule "{0}" for {1} in settings', rule.pattern, rule.tool);
}

/** `npm: allow by the rule "npm" in settings (why).`: a tool or domain settled by a catch-all rule. */
export function ruleDecided(name: string | Said, rule: RuleRef | PolicyRule): Said {
  const named = describeRule(rule);
  const why = rule.reason ? l10n.same(rule.reason) : undefined;
  if (rule.action === 'allow') return why ? l10n.both('{0}: allow by {1} ({2}).', name, named, why) : l10n.both('{0}: allow by {1}.', name, named);
  if (rule.action === 'deny') return why ? l10n.both('{0}: deny by {1} ({2}).', name, named, why) : l10n.both('{0}: deny by {1}.', name, named);
  return why ? l10n.both('{0}: ask by {1} ({2}).', name, named, why) : l10n.both('{0}: ask by {1}.', name, named);
}

/** "allowed by the rule …", "denied by …", "needs approval under …": how a rule decided, before its name. */
export function ruleVerdict(rule: RuleRef | PolicyRule): Said {
  const named = describeRule(rule);
  const why = rule.reason ? l10n.same(rule.reason) : undefined;
  if (rule.action === 'allow') return why ? l10n.both('is allowed by {0} ({1})', named, why) : l10n.both('is allowed by {0}', named);
  if (rule.action === 'deny') return why ? l10n.both('is denied by {0} ({1})', named, why) : l10n.both('is denied by {0}', named);
  return why ? l10n.both('needs approval under {0} ({1})', named, why) : l10n.both('needs approval under {0}', named);
}

export function fromSettings(rules: readonly PermissionRule[]): PolicyRule[] {
  return rules.map((r) => ({ ...r, origin: 'settings' as const }));
}

/** For calls with no path and no command: rules that name the tool with a catch-all pattern (`*`, `**`). */
export function findToolRule(rules: readonly PolicyRule[], toolName: string): PolicyRule | undefined {
  const matches = rules.filter(
    (r) => toolNameMatches(r.tool, toolName) && !r.when && !r.subject && (r.pattern === '*' || r.pattern === '**'),
  );
  return pickRule(matches, 'path');
}
