// Checks for a command line (behaviour 31): each sub-command against the rules or the mode, the files it
// names or redirects to, and what the shell structure reveals (`curl | sh`, computed command names, syntax
// errors). One deny denies the whole line; any ask asks.
import type { CheckContext } from './check-context';
import type { ShellAnalysis, ShellAnalyzer, ShellFinding, ShellFindingKind } from './command-analysis';
import { argvOf, type CommandFacts, positionalArgs } from './command-facts';
import { pathArguments } from './command-paths';
import { decideByMode } from './modes';
import { checkCommandPath } from './path-checks';
import { absolutePath, normalizePath } from './paths';
import { describeRule, findDecidingRule, toRuleRef } from './rules';
import type { CheckSubject, DecisionBasis, PermissionAction, PermissionCheck } from './types';

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
        reason: `The command could not be analysed (${why}), so it needs approval.`,
        allowRuleCanOverride: false,
      },
    ];
  }
  const checks = analysis.findings.map(findingCheck);
  const ci = ctx.facts.caseInsensitive;
  let cwd = ctx.cwd;
  for (const command of analysis.commands) {
    const facts: CommandFacts = { argv: argvOf(command, ci), command, cwd, context: ctx.commandContext };
    checks.push(subCommandCheck(facts, ctx));
    for (const word of pathArguments(command.words, ci)) {
      checks.push(...(await checkCommandPath(word.value, 'read', command.text, word.glob, cwd, ctx)));
    }
    for (const redirect of command.redirects) {
      if (redirect.access === 'none' || !redirect.target?.literal) continue;
      const { value, glob } = redirect.target;
      checks.push(...(await checkCommandPath(value, redirect.access, command.text, glob, cwd, ctx)));
    }
    cwd = directoryAfter(facts, ctx);
  }
  return dedupe(checks);
}

function findingCheck(finding: ShellFinding): PermissionCheck {
  const { action, basis } = FINDINGS[finding.kind];
  const lead = action === 'deny' ? 'Refused' : 'Needs approval';
  return {
    subject: { type: 'command', text: finding.text, argv: [] },
    action,
    basis,
    reason: `${lead}: ${finding.detail}.`,
    allowRuleCanOverride: false,
  };
}

function subCommandCheck(facts: CommandFacts, ctx: CheckContext): PermissionCheck {
  const text = facts.command.text;
  const subject: CheckSubject = { type: 'command', text, argv: facts.argv };
  const rule = facts.argv.length > 0 ? findDecidingRule(ctx.rules, { subject: 'command', toolName: ctx.toolName, facts }) : undefined;
  if (rule) {
    const ref = toRuleRef(rule);
    const verb = rule.action === 'allow' ? 'is allowed by' : rule.action === 'deny' ? 'is denied by' : 'needs approval under';
    const why = rule.reason ? ` (${rule.reason})` : '';
    return {
      subject,
      action: rule.action,
      basis: 'rule',
      reason: `"${text}" ${verb} ${describeRule(ref)}${why}.`,
      rule: ref,
      allowRuleCanOverride: rule.action !== 'deny',
    };
  }
  const verdict = decideByMode(ctx.mode, ctx.kind, false);
  return {
    subject,
    action: verdict.action,
    basis: 'mode',
    reason: `${verdict.reason.replace(/\.$/, '')}: "${text}".`,
    allowRuleCanOverride: true,
  };
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
