// A redirection into a file is a write, whatever the command (issue 25): `ls > files.txt` under an allow rule
// `ls`, or under Relay's own read-only rules, writes files.txt, so it is judged as `write_file` would be. The
// mode decides (default asks, auto-edit allows inside the workspace, yolo allows) unless a rule names the
// redirection itself (`ls > files.txt`, `echo * >> notes.md`). Writing outside the workspace, into a
// sensitive or protected file, or onto a disk is checked by the path checks as before. `/dev/null`,
// `/dev/stdout`, `/dev/stderr`, `/dev/tty`, `/dev/fd/N` and descriptor copies (`2>&1`) change no file.
import { because } from './reasons';
import { l10n, withoutStop } from '../l10n';
import type { CheckContext } from './check-context';
import type { ShellRedirect } from './command-analysis';
import { isHarmlessDevice, type CommandFacts } from './command-facts';
import { matchesCommandPattern, patternNamesWord } from './command-pattern';
import { decideByMode } from './modes';
import { checkCommandPath } from './path-checks';
import { resolvePath } from './paths';
import { pickRule, ruleVerdict, toolNameMatches, toRuleRef, type PolicyRule } from './rules';
import type { CheckSubject, PermissionCheck } from './types';

/** The redirections of a sub-command that write a file (or a place only known when the shell runs). */
export function fileWrites(facts: CommandFacts): ShellRedirect[] {
  if (facts.command.wraps) return []; // the wrapped commands carry them
  return facts.command.redirects.filter((r) => r.access === 'write' && !(r.target?.literal && isHarmlessDevice(r.target.value)));
}

/** Every check one redirection into a file needs: the path's own checks, then the rule or the mode. */
export async function checkRedirect(redirect: ShellRedirect, facts: CommandFacts, ctx: CheckContext): Promise<PermissionCheck[]> {
  const target = redirect.target;
  const text = facts.command.text;
  const shown = target?.raw ?? '';
  const words = [...facts.argv, redirect.operator, target?.value ?? ''];
  const subject: CheckSubject = { type: 'command', text, argv: words, cause: `${redirect.operator} ${shown}`.trim() };
  const checks: PermissionCheck[] = [];
  // A target the shell computes (`> $OUT`, `> "$(pwd)/x"`) or expands (`> *.txt`) may be anywhere.
  const known = target !== undefined && target.literal && !target.glob;
  let inside = false;
  if (target?.literal) {
    checks.push(...(await checkCommandPath(target.value, 'write', text, target.glob, facts.cwd, ctx)));
    inside = known && (await resolvePath(target.value, facts.cwd, ctx.facts, ctx.roots)).folder !== undefined;
  }
  const rule = known ? ruleNamingRedirect(ctx, words, redirect.operator) : undefined;
  if (rule) {
    const ref = toRuleRef(rule);
    const said = l10n.both('Writing {0} with "{1}" {2}.', shown, text, ruleVerdict(ref));
    checks.push({ subject, action: rule.action, basis: 'rule', ...because(said), rule: ref, allowRuleCanOverride: rule.action !== 'deny' });
    return checks;
  }
  const verdict = decideByMode(ctx.mode, 'write', inside);
  const said = known
    ? l10n.both('{0}: "{1}" writes {2}.', withoutStop(verdict.reason), text, shown)
    : l10n.both('{0}: "{1}" writes to {2}, which is only known when the shell runs it.', withoutStop(verdict.reason), text, shown);
  const uiWhy = known
    ? l10n.t('"{0}" writes {1}, and no rule allows that.', text, shown)
    : l10n.t('"{0}" writes to {1}, which is only known when the shell runs it.', text, shown);
  checks.push({ subject, action: verdict.action, basis: 'redirect', ...because(said), allowRuleCanOverride: known, ...(verdict.action === 'ask' ? { uiWhy } : {}) });
  return checks;
}

/**
 * The rule that decides a redirection: one whose pattern matches the command followed by the operator and
 * the target (`ls > files.txt`, `npm run build > *`) with a literal word on the operator. A rule that only
 * names the command (`ls`, `*`) says nothing about the file it may write.
 */
function ruleNamingRedirect(ctx: CheckContext, words: readonly string[], operator: string): PolicyRule | undefined {
  const ci = ctx.commandContext.caseInsensitive;
  const matches = ctx.rules.filter(
    (r) =>
      !r.when &&
      toolNameMatches(r.tool, ctx.toolName) &&
      (!r.subject || r.subject === 'command') &&
      matchesCommandPattern(r.pattern, words, ci) &&
      patternNamesWord(r.pattern, words, operator, ci),
  );
  return pickRule(matches, 'command');
}
