// The permission policy: one entry point, `evaluate`, that turns a tool call into allow, ask or deny with
// the reason, the trigger (the sub-command or path to show in the modal) and an audit record for history.
// Order of strength: deny > ask > allow. Refusals by mode (plan, Restricted Mode) come first; then every
// path and sub-command is checked; the loop guard can turn an allow into an ask.
import { because } from './reasons';
import { l10n, type Said } from '../l10n';
import type { CheckContext } from './check-context';
import { checkCommandLine } from './command-checks';
import type { ShellAnalyzer } from './command-analysis';
import { DEFAULT_RULES } from './default-rules';
import { decideByMode, planModeRefusal } from './modes';
import { absolutePath, normalizePath, resolvePath, resolveWorkspaceRoots } from './paths';
import { checkDomain } from './domain-checks';
import { applyHookVerdict } from './hook-verdict';
import { checkToolPath, checkWorkingDirectory } from './path-checks';
import { platformOfFacts } from './path-platform';
import { findToolRule, ruleDecided, fromSettings, type PolicyRule, toRuleRef } from './rules';
import type {
  ApprovalMode,
  Decision,
  DecisionAudit,
  FileSystemFacts,
  PermissionCheck,
  PermissionRequest,
  PermissionRule,
} from './types';

export interface PermissionPolicyOptions {
  mode: ApprovalMode;
  /** Rules from settings, in order (user, then workspace); appended after the shipped defaults. */
  rules?: readonly PermissionRule[];
  /** Leave the shipped rules out (tests, or a user who manages every rule). Defaults to true. */
  includeDefaultRules?: boolean;
  fileSystem: FileSystemFacts;
  /** From `createShellAnalyzer`; without it every command asks. */
  shell?: ShellAnalyzer;
  /** False in Restricted Mode (untrusted workspace): only read-only tools may run. Defaults to true. */
  workspaceTrusted?: boolean;
}

export class PermissionPolicy {
  private currentMode: ApprovalMode;
  private settingsRules: PolicyRule[];
  private trusted: boolean;
  private readonly includeDefaults: boolean;
  private readonly fileSystem: FileSystemFacts;
  private readonly shell: ShellAnalyzer | undefined;

  constructor(options: PermissionPolicyOptions) {
    this.currentMode = options.mode;
    this.settingsRules = fromSettings(options.rules ?? []);
    this.trusted = options.workspaceTrusted ?? true;
    this.includeDefaults = options.includeDefaultRules ?? true;
    this.fileSystem = options.fileSystem;
    this.shell = options.shell;
  }

  get mode(): ApprovalMode {
    return this.currentMode;
  }

  setMode(mode: ApprovalMode): void {
    this.currentMode = mode;
  }

  setRules(rules: readonly PermissionRule[]): void {
    this.settingsRules = fromSettings(rules);
  }

  setWorkspaceTrusted(trusted: boolean): void {
    this.trusted = trusted;
  }

  /** Every rule in effect, shipped defaults first. */
  get rules(): readonly PolicyRule[] {
    return this.includeDefaults ? [...DEFAULT_RULES, ...this.settingsRules] : this.settingsRules;
  }

  async evaluate(request: PermissionRequest): Promise<Decision> {
    const mode = request.mode ?? this.currentMode;
    const changes = request.kind !== 'readonly';
    if (changes && !this.trusted) {
      const reason = l10n.both('This workspace is in Restricted Mode: only read-only tools may run until it is trusted.');
      return refuse(request, mode, 'restricted-mode', reason);
    }
    if (changes && mode === 'plan') return refuse(request, mode, 'plan-mode', planModeRefusal(request.kind));

    let checks: PermissionCheck[];
    try {
      checks = await this.check(request, mode);
    } catch (error) {
      // A host fault (a failing realpath, say) must not crash the agent loop: ask instead.
      const why = error instanceof Error ? error.message : String(error);
      checks = [
        {
          subject: { type: 'call' },
          action: 'ask',
          basis: 'analysis-failed',
          ...because(l10n.both('The call could not be checked ({0}), so it needs approval.', why)),
          allowRuleCanOverride: false,
        },
      ];
    }
    if (request.loop?.repeated) {
      checks.push({
        subject: { type: 'call' },
        action: 'ask',
        basis: 'loop-guard',
        ...because(l10n.both('The same {0} call has been made {1} times in a row; it may be stuck in a loop.', toolNames(request), request.loop.consecutive)),
        allowRuleCanOverride: false,
      });
    }
    return decide(request, mode, applyHookVerdict(checks, request.hook));
  }

  private async check(request: PermissionRequest, mode: ApprovalMode): Promise<PermissionCheck[]> {
    const ctx = await this.contextFor(request, mode);
    const checks: PermissionCheck[] = [];
    const targets = request.targets ?? {};
    for (const path of targets.paths ?? []) checks.push(...(await checkToolPath(path, ctx)));
    if (targets.cwd !== undefined) checks.push(...checkWorkingDirectory(targets.cwd, ctx));
    if (targets.command !== undefined) {
      if (targets.cwd !== undefined && !(await isInsideWorkspace(ctx.cwd, ctx))) {
        checks.push({
          subject: { type: 'path', path: targets.cwd, resolved: ctx.cwd, access: 'read' },
          action: 'ask',
          basis: 'outside-workspace',
          ...because(l10n.both('The command would run in "{0}", outside the workspace.', targets.cwd)),
          allowRuleCanOverride: false,
        });
      }
      checks.push(...(await checkCommandLine(targets.command, ctx, this.shell)));
    }
    if (targets.url !== undefined) checks.push(checkDomain(targets.url, ctx));
    if (checks.length === 0) checks.push(this.checkWithoutTarget(request, mode));
    return checks;
  }

  /** A call with no path and no command: a catch-all rule for the tool, else its kind and the mode. */
  private checkWithoutTarget(request: PermissionRequest, mode: ApprovalMode): PermissionCheck {
    const rule = findToolRule(this.rules, request.toolName);
    if (rule) {
      const ref = toRuleRef(rule);
      return {
        subject: { type: 'call' },
        action: rule.action,
        basis: 'rule',
        ...because(ruleDecided(toolNames(request), ref)),
        rule: ref,
        allowRuleCanOverride: rule.action !== 'deny',
      };
    }
    const verdict = decideByMode(mode, request.kind, false, request.risk);
    // This call's own reason: the tool's risk when it gave one, else that no rule allows a tool that is not read-only.
    const uiWhy = request.risk ? request.risk.ui : l10n.t('No rule allows {0}, and it is not a read-only tool.', request.displayName ?? request.toolName);
    const check: PermissionCheck = { subject: { type: 'call' }, action: verdict.action, basis: 'no-target', ...because(verdict.reason), allowRuleCanOverride: true };
    return verdict.action === 'ask' ? { ...check, uiWhy } : check;
  }

  private async contextFor(request: PermissionRequest, mode: ApprovalMode): Promise<CheckContext> {
    const facts = this.fileSystem;
    const style = facts.pathStyle ?? 'posix';
    const roots = await resolveWorkspaceRoots(facts);
    const home = normalizePath(facts.homeDir, style);
    const base = roots.lexical[0] ?? home;
    const cwdInput = request.targets?.cwd;
    const cwd = cwdInput === undefined ? base : normalizePath(absolutePath(cwdInput, base, facts) ?? cwdInput, style);
    return {
      toolName: request.toolName,
      kind: request.kind,
      mode,
      rules: this.rules,
      facts,
      style,
      roots,
      cwd,
      commandContext: { homeDir: home, workspaceFolders: roots.lexical, caseInsensitive: facts.caseInsensitive, style },
      pathMatch: { homeDir: home, caseInsensitive: facts.caseInsensitive, style, unicodeInsensitive: platformOfFacts(facts).unicodeInsensitive },
    };
  }
}

async function isInsideWorkspace(dir: string, ctx: CheckContext): Promise<boolean> {
  return (await resolvePath(dir, ctx.cwd, ctx.facts, ctx.roots)).folder !== undefined;
}

const STRENGTH = { allow: 0, ask: 1, deny: 2 } as const;

/**
 * The strongest verdict wins. Its trigger is the first check with that verdict, preferring one no rule
 * can change (a sensitive file, a syntax error) because that is what the user most needs to see.
 */
function decide(request: PermissionRequest, mode: ApprovalMode, checks: PermissionCheck[]): Decision {
  const rank = (c: PermissionCheck): number => STRENGTH[c.action] * 2 + (c.allowRuleCanOverride ? 0 : 1);
  const deciding = checks.reduce((best, c) => (rank(c) > rank(best) ? c : best), checks[0]!);
  const audit: DecisionAudit = {
    toolName: request.toolName,
    kind: request.kind,
    mode,
    action: deciding.action,
    basis: deciding.basis,
    checks,
  };
  if (deciding.rule) audit.rule = deciding.rule;
  if (request.loop) audit.loop = request.loop;
  const decision: Decision = { action: deciding.action, reason: deciding.reason, uiReason: deciding.uiReason, audit };
  if (deciding.uiWhy !== undefined) decision.uiWhy = filesWithoutRule(checks, deciding) ?? deciding.uiWhy;
  if (deciding.subject.type !== 'call') decision.trigger = deciding.subject;
  if (deciding.rule) decision.rule = deciding.rule;
  return decision;
}

/**
 * A call that changes several files no rule covers asks once, for all of them: its reason counts them ("No allow
 * rule covers changes to these 3 files.") instead of saying "this file" of three.
 */
function filesWithoutRule(checks: readonly PermissionCheck[], deciding: PermissionCheck): string | undefined {
  if (deciding.basis !== 'mode' || deciding.subject.type !== 'path' || deciding.action !== 'ask') return undefined;
  const files = new Set(checks.flatMap((c) => (c.basis === 'mode' && c.action === 'ask' && c.subject.type === 'path' ? [c.subject.resolved] : [])));
  return files.size > 1 ? l10n.t('No allow rule covers changes to these {0} files.', files.size) : undefined;
}

function refuse(request: PermissionRequest, mode: ApprovalMode, basis: 'plan-mode' | 'restricted-mode', said: Said): Decision {
  const check: PermissionCheck = { subject: { type: 'call' }, action: 'deny', basis, ...because(said), allowRuleCanOverride: false };
  return {
    action: 'deny',
    ...because(said),
    audit: {
      toolName: request.toolName,
      kind: request.kind,
      mode,
      action: 'deny',
      basis,
      checks: [check],
      ...(request.loop ? { loop: request.loop } : {}),
    },
  };
}

/** The tool's name in both channels: the model's (run_command), and the one people read (Run Command). */
function toolNames(request: PermissionRequest): Said {
  return { model: request.toolName, ui: request.displayName ?? request.toolName };
}
