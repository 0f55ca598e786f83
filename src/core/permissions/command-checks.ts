// Checks for a command line (behaviour 31): each sub-command against the rules or the mode, the files it
// names or redirects to, and what the shell structure reveals (`curl | sh`, computed command names, syntax
// errors). One deny denies the whole line; any ask asks.
import { because, saidOf } from './reasons';
import { l10n, type Said, sentences, withoutStop } from '../l10n';
import type { CheckContext } from './check-context';
import type { ShellAnalysis, ShellAnalyzer, ShellAssignment, ShellFinding, ShellFindingKind } from './command-analysis';
import { type CommandEffect, describeEffect, effectOfCommand, ruleEffectOf } from './command-effects';
import { assignmentFamily } from './command-environment';
import { argvOf, type CommandFacts, positionalArgs } from './command-facts';
import { pathArguments } from './command-paths';
import { launchFileOf } from './launch-files';
import { asksOnlyBecauseItRunsCode } from './runs-code';
import { secretOutputChecks } from './secret-output';
import { decideByMode } from './modes';
import { checkCommandPath } from './path-checks';
import { checkRedirect, fileWrites } from './redirect-checks';
import { absolutePath, normalizePath } from './paths';
import { allowRulesHeldBack, describeRule, findDecidingRule, ruleVerdict, toRuleRef } from './rules';
import type { CheckSubject, DecisionBasis, PermissionAction, PermissionCheck, RuleRef } from './types';

const FINDINGS: Record<ShellFindingKind, { action: PermissionAction; basis: DecisionBasis }> = {
  'download-to-interpreter': { action: 'deny', basis: 'download-to-interpreter' },
  'fork-bomb': { action: 'deny', basis: 'fork-bomb' },
  unparseable: { action: 'ask', basis: 'unparseable' },
  'dynamic-command': { action: 'ask', basis: 'dynamic-command' },
  'opaque-script': { action: 'ask', basis: 'opaque-script' },
  'too-complex': { action: 'ask', basis: 'too-complex' },
};

export async function checkCommandLine(
  commandLine: string,
  ctx: CheckContext,
  analyzer: ShellAnalyzer | undefined,
): Promise<PermissionCheck[]> {
  let analysis: ShellAnalysis;
  try {
    if (!analyzer) throw new Error('no shell analyzer is configured');
    analysis = await analyzer.analyze(commandLine);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return [
      {
        subject: { type: 'command', text: commandLine, argv: [] },
        action: 'ask',
        basis: 'analysis-failed',
        ...because(l10n.both('The command could not be analysed ({0}), so it needs approval.', why)),
        allowRuleCanOverride: false,
      },
    ];
  }
  const checks = analysis.findings.map(findingCheck);
  for (const assignment of analysis.assignments) {
    const check = environmentCheck(assignment);
    if (check) checks.push(check);
  }
  const ci = ctx.facts.caseInsensitive;
  checks.push(...secretOutputChecks(analysis, ci));
  let cwd = ctx.cwd;
  for (const command of analysis.commands) {
    const facts: CommandFacts = { argv: argvOf(command, ci), command, cwd, context: ctx.commandContext };
    checks.push(await withLaunchFiles(subCommandCheck(facts, ctx), facts, ctx));
    for (const word of pathArguments(command.words, ci)) {
      checks.push(...(await checkCommandPath(word.value, 'read', command.text, word.glob, cwd, ctx)));
    }
    for (const redirect of command.redirects) {
      if (redirect.access !== 'read' || !redirect.target?.literal) continue;
      const { value, glob } = redirect.target;
      checks.push(...(await checkCommandPath(value, 'read', command.text, glob, cwd, ctx)));
    }
    for (const redirect of fileWrites(facts)) checks.push(...(await checkRedirect(redirect, facts, ctx)));
    cwd = directoryAfter(facts, ctx);
  }
  return dedupe(checks);
}

function findingCheck(finding: ShellFinding): PermissionCheck {
  const { action, basis } = FINDINGS[finding.kind];
  const detail = finding.detail;
  return {
    subject: { type: 'command', text: finding.text, argv: [] },
    action,
    basis,
    ...because(action === 'deny' ? l10n.both('Refused: {0}.', detail) : l10n.both('Needs approval: {0}.', detail)),
    allowRuleCanOverride: false,
  };
}

/** `LD_PRELOAD=/tmp/x.so ls`, `export PATH=/tmp:$PATH`: asks in every mode, and no rule can allow it. */
function environmentCheck(assignment: ShellAssignment): PermissionCheck | undefined {
  const family = assignmentFamily(assignment.name, assignment.value);
  if (!family) return undefined;
  const { name, text } = assignment;
  const value = assignment.value.value.length > 60 ? `${assignment.value.value.slice(0, 57)}…` : assignment.value.value;
  const scope = assignment.scope === 'command' ? l10n.both('for "{0}"', text) : l10n.both('for the shell and the commands after it ("{0}")', text);
  return {
    subject: { type: 'command', text, argv: [], cause: name },
    action: 'ask',
    basis: 'environment',
    ...because(l10n.both('Needs approval: the environment variable {0} {1} ({0}={2} {3}).', name, l10n.marked(family.does), value, scope)),
    allowRuleCanOverride: false,
  };
}

function subCommandCheck(facts: CommandFacts, ctx: CheckContext): PermissionCheck {
  const text = facts.command.text;
  const subject: CheckSubject = { type: 'command', text, argv: facts.argv };
  const target = { subject: 'command' as const, toolName: ctx.toolName, facts };
  const rule = facts.argv.length > 0 ? findDecidingRule(ctx.rules, target) : undefined;
  const effect = facts.argv.length > 0 ? effectOfCommand(facts) : undefined;
  if (rule) {
    const ref = toRuleRef(rule);
    const check: PermissionCheck = {
      subject,
      action: rule.action,
      basis: 'rule',
      ...because(l10n.both('"{0}" {1}.', text, ruleVerdict(ref))),
      rule: ref,
      allowRuleCanOverride: rule.action !== 'deny',
    };
    return rule.action === 'allow' || !effect ? check : withEffect(check, effect, []);
  }
  const verdict = decideByMode(ctx.mode, ctx.kind, false);
  const check: PermissionCheck = {
    subject,
    action: verdict.action,
    basis: 'mode',
    ...because(l10n.both('{0}: "{1}".', withoutStop(verdict.reason), text)),
    allowRuleCanOverride: true,
  };
  if (verdict.action === 'allow') return check;
  if (!effect) {
    if (asksOnlyBecauseItRunsCode(facts)) {
      const runs: PermissionCheck = { ...check, asksBecause: 'runs-code', uiWhy: l10n.t('"{0}" is not on the allow list, and Relay does not know it to be read-only.', text) };
      // An allow rule for the query tool did not cover this writing sub-command (`npm config` for `npm config set`): say so.
      const family = ruleEffectOf(facts);
      const held = family ? allowRulesHeldBack(ctx.rules, target).map(toRuleRef) : [];
      return family && held.length > 0 ? { ...withEffect(runs, family, held), asksBecause: 'runs-code' } : runs;
    }
    const deletes = facts.argv[0]?.split(/[\\/]/).pop()?.toLowerCase() !== 'git';
    return { ...check, uiWhy: deletes ? l10n.t('"{0}" deletes files, and no rule allows it.', text) : l10n.t('"{0}" can discard work or rewrite Git history, and no rule allows it.', text) };
  }
  return withEffect(check, effect, allowRulesHeldBack(ctx.rules, target).map(toRuleRef));
}

/**
 * A query Relay's own rules allow as read-only (`yarn --version`, `mvn -v`) is judged like any other command
 * when a workspace file makes the tool run code first (`yarnPath` in `.yarnrc.yml`). The user's rules decide as before.
 */
async function withLaunchFiles(check: PermissionCheck, facts: CommandFacts, ctx: CheckContext): Promise<PermissionCheck> {
  if (check.action !== 'allow' || check.rule?.origin !== 'default' || !check.rule.id?.startsWith('read-only:')) return check;
  const loads = await launchFileOf(facts, ctx.facts, ctx.style);
  if (!loads) return check;
  const verdict = decideByMode(ctx.mode, ctx.kind, false);
  const text = facts.command.text;
  const said = sentences(l10n.both('"{0}" is not read-only in this workspace: {1}.', text, loads.does), verdict.reason);
  const subject = check.subject.type === 'command' ? { ...check.subject, cause: loads.path } : check.subject;
  const runsCode = verdict.action === 'ask' ? { asksBecause: 'runs-code' as const, uiWhy: l10n.both('"{0}" is not read-only in this workspace: {1}.', text, loads.does).ui } : {};
  return { subject, action: verdict.action, basis: 'mode', ...because(said), allowRuleCanOverride: true, ...runsCode };
}

/** Names the flag or operand that makes the command more than a read, and the allow rules it takes it past. */
function withEffect(check: PermissionCheck, effect: CommandEffect, heldBack: RuleRef[]): PermissionCheck {
  const subject = check.subject.type === 'command' ? { ...check.subject, cause: effect.label } : check.subject;
  const so = l10n.both('{0}, because {1}.', withoutStop(saidOf(check)), describeEffect(effect));
  const held = heldBack[heldBack.length - 1];
  const said = held ? l10n.both('{0} {1} does not name "{2}", so it does not allow this.', so, capitalized(describeRule(held)), effect.label) : so;
  // Why this call asks: what the flag or operand does, and that no rule allows it.
  const does = describeEffect(effect).ui;
  const uiWhy = held
    ? l10n.t('{0}, and {1} does not name "{2}".', does, describeRule(held).ui, effect.label)
    : l10n.t('{0}, and no rule allows it.', does);
  return { ...check, subject, ...because(said), uiWhy };
}

/** Follows literal `cd`s so later relative paths resolve where the shell would be. */
function directoryAfter(facts: CommandFacts, ctx: CheckContext): string {
  const [name, ...args] = facts.argv;
  if (name !== 'cd' && name !== 'pushd') return facts.cwd;
  const target = positionalArgs(args)[0];
  const word = facts.command.words.find((w) => w.value === target);
  if (target === undefined) return normalizePath(ctx.facts.homeDir, ctx.style);
  if (target === '-' || !word?.literal) return facts.cwd;
  const next = absolutePath(target, facts.cwd, ctx.facts);
  return next === undefined ? facts.cwd : normalizePath(next, ctx.style);
}

function dedupe(checks: PermissionCheck[]): PermissionCheck[] {
  const seen = new Set<string>();
  return checks.filter((check) => {
    const subject = check.subject.type === 'path' ? check.subject.resolved : check.subject;
    const key = JSON.stringify([subject, check.basis, check.action, check.rule?.id ?? check.rule?.pattern]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A sentence starts with a capital ("Relay's default rule…", "The rule…") on both sides; scripts without case are unchanged. */
function capitalized(said: Said): Said {
  return { model: `${said.model.charAt(0).toUpperCase()}${said.model.slice(1)}`, ui: `${said.ui.charAt(0).toLocaleUpperCase()}${said.ui.slice(1)}` };
}
