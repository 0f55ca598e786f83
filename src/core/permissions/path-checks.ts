// Checks for one file: the "always ask" cases (outside the workspace, sensitive files), then rules, then
// the mode (behaviour 32). A tool's path first passes validateModelPath (a refusal denies, before any rule or
// prompt); then paths are resolved (`..`, symlinks, and `~` for shell commands only) before anything is compared.
import { because } from './reasons';
import { l10n } from '../l10n';
import type { CheckContext } from './check-context';
import { isHarmlessDevice } from './command-facts';
import { isDiskDevice } from './dangerous-commands';
import { decideByMode } from './modes';
import { normalizePath, relativeInside, resolvePath, type ResolvedPath } from './paths';
import { platformOfFacts } from './path-platform';
import { checkLength, commandPathProblem, type PathRefusal, validateModelPath } from './path-validation';
import { findDecidingRule, ruleVerdict, toRuleRef, type PolicyRule } from './rules';
import {
  globMaySelectSensitive,
  isProtectedFile,
  protectedFileSensitivity,
  sensitivityOfPath,
  type Sensitivity,
} from './sensitive-files';
import type { CheckSubject, PermissionCheck } from './types';

type PathSubject = Extract<CheckSubject, { type: 'path' }>;

/** A path a file tool reads or writes: always-ask checks, then a rule or the mode. */
export async function checkToolPath(input: string, ctx: CheckContext): Promise<PermissionCheck[]> {
  const access = ctx.kind === 'readonly' ? 'read' : 'write';
  // The same validation the tools run before resolving: a path the OS would read otherwise is refused, not asked.
  const platform = platformOfFacts(ctx.facts);
  const validation = validateModelPath(input, platform);
  if (!validation.ok) return [invalidPath({ type: 'path', path: input, resolved: input, access }, validation.refusal, 'deny')];
  const resolved = await resolvePath(validation.path, ctx.cwd, ctx.facts, ctx.roots);
  const subject: PathSubject = { type: 'path', path: input, resolved: resolved.real, access };
  const tooLong = checkLength(resolved.lexical, platform);
  if (tooLong && !tooLong.ok) return [invalidPath(subject, tooLong.refusal, 'deny')];
  if (resolved.relative !== undefined) subject.workspacePath = resolved.relative;
  // Relay's saved tool output: the model was told to read it there, so reading it is no step outside the workspace.
  if (access === 'read' && isRelayReadable(resolved, ctx)) {
    return [{ subject, action: 'allow', basis: 'relay-output', ...because(l10n.both('Relay saved this tool output for the model to read.')), allowRuleCanOverride: true }];
  }
  const checks = alwaysAskChecks(resolved, subject, ctx, false);
  const rule = findDecidingRule(ctx.rules, { subject: 'path', toolName: ctx.toolName, path: resolved, match: ctx.pathMatch });
  if (rule) checks.push(ruleCheck(rule, subject));
  else {
    const verdict = decideByMode(ctx.mode, ctx.kind, resolved.folder !== undefined);
    const check: PermissionCheck = { subject, action: verdict.action, basis: 'mode', ...because(verdict.reason), allowRuleCanOverride: true };
    // Why this call asks: no rule covers this file (the mode's sentence says only what the mode does in general).
    if (verdict.action === 'ask') check.uiWhy = l10n.t('No allow rule covers changes to this file.');
    checks.push(check);
  }
  return checks;
}

/** The directory a command runs in, as the tool gave it: refused like a tool path when the OS would read it otherwise. */
export function checkWorkingDirectory(input: string, ctx: CheckContext): PermissionCheck[] {
  const validation = validateModelPath(input, platformOfFacts(ctx.facts));
  return validation.ok ? [] : [invalidPath({ type: 'path', path: input, resolved: input, access: 'read' }, validation.refusal, 'deny')];
}

/**
 * A file a sub-command names or redirects to: always-ask checks and deny/ask path rules. Whether the
 * sub-command may run at all is its own check; a path allow rule cannot allow a command.
 */
export async function checkCommandPath(
  input: string,
  access: 'read' | 'write',
  command: string,
  isGlob: boolean,
  cwd: string,
  ctx: CheckContext,
): Promise<PermissionCheck[]> {
  if (isHarmlessDevice(input)) return [];
  const resolved = await resolvePath(input, cwd, ctx.facts, ctx.roots);
  const subject: PathSubject = { type: 'path', path: input, resolved: resolved.real, access, command };
  if (resolved.relative !== undefined) subject.workspacePath = resolved.relative;
  // The shell expands `~` and variables itself; what the OS reads otherwise (`.env.` on Windows) asks.
  const problem = commandPathProblem(input, platformOfFacts(ctx.facts));
  const invalid = problem ? [invalidPath(subject, { ...problem, message: l10n.both('In "{0}": {1}', command, problem.message) }, 'ask')] : [];
  if (access === 'write' && (isDiskDevice(input) || isDiskDevice(resolved.real))) {
    const reason = l10n.both('"{0}" would overwrite the disk device {1}.', command, input);
    return [{ subject, action: 'deny', basis: 'device-write', ...because(reason), allowRuleCanOverride: false }];
  }
  const checks = [...invalid, ...alwaysAskChecks(resolved, subject, ctx, isGlob)];
  const restrictive = ctx.rules.filter((r) => r.action !== 'allow' && r.subject !== 'command');
  const rule = findDecidingRule(restrictive, { subject: 'path', toolName: ctx.toolName, path: resolved, match: ctx.pathMatch });
  if (rule) checks.push(ruleCheck(rule, subject));
  return checks;
}

function isRelayReadable(resolved: ResolvedPath, ctx: CheckContext): boolean {
  if (resolved.unresolvable) return false;
  return (ctx.facts.readableDirs ?? []).some((dir) => relativeInside(resolved.real, normalizePath(dir, ctx.facts.pathStyle ?? 'posix'), ctx.facts.caseInsensitive) !== undefined);
}

function alwaysAskChecks(resolved: ResolvedPath, subject: PathSubject, ctx: CheckContext, isGlob: boolean): PermissionCheck[] {
  const checks: PermissionCheck[] = [];
  const resolves = resolved.real !== resolved.lexical && !resolved.unresolvable;
  const named = resolves ? l10n.both('"{0}" (it resolves to {1})', subject.path, resolved.real) : l10n.same(`"${subject.path}"`);
  if (resolved.folder === undefined) {
    checks.push({
      subject,
      action: 'ask',
      basis: 'outside-workspace',
      ...because(resolves ? l10n.both('"{0}" is outside the workspace (it resolves to {1}).', subject.path, resolved.real) : l10n.both('"{0}" is outside the workspace.', subject.path)),
      allowRuleCanOverride: false,
    });
  }
  const sensitive = sensitivityOf(resolved, ctx, isGlob);
  if (sensitive) {
    checks.push({
      subject,
      action: 'ask',
      basis: 'sensitive-path',
      ...because(l10n.both('{0} {1}.', named, sensitive.reason)),
      allowRuleCanOverride: false,
    });
  }
  return checks;
}

function sensitivityOf(resolved: ResolvedPath, ctx: CheckContext, isGlob: boolean): Sensitivity | undefined {
  const ci = ctx.facts.caseInsensitive;
  const protectedFiles = (ctx.facts.protectedFiles ?? []).map((f) => normalizePath(f, ctx.style));
  if (isProtectedFile(resolved.real, protectedFiles, ci) || isProtectedFile(resolved.lexical, protectedFiles, ci)) {
    return protectedFileSensitivity();
  }
  // Both names count: the one asked for (a symlink `notes -> .env`) and the one it resolves to.
  return (
    sensitivityOfPath(resolved.relative ?? resolved.real, ci) ??
    sensitivityOfPath(resolved.lexicalRelative ?? resolved.lexical, ci) ??
    (isGlob ? globMaySelectSensitive(resolved.input, ci) : undefined)
  );
}

function invalidPath(subject: PathSubject, refusal: PathRefusal, action: 'deny' | 'ask'): PermissionCheck {
  // The refusal's wording comes from path validation, which also answers the model: English on both channels.
  return { subject, action, basis: 'invalid-path', ...because(refusal.message), allowRuleCanOverride: false };
}

function ruleCheck(rule: PolicyRule, subject: PathSubject): PermissionCheck {
  const ref = toRuleRef(rule);
  return {
    subject,
    action: rule.action,
    basis: 'rule',
    ...because(l10n.both('"{0}" {1}.', subject.path, ruleVerdict(ref))),
    rule: ref,
    allowRuleCanOverride: rule.action !== 'deny',
  };
}
