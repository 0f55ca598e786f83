// `relay.approvalMode` and `relay.permissions` read from and written to VS Code's settings. Rules from
// the user settings come first, then those of the workspace, which count only in a trusted workspace (a
// cloned repository must not be able to allow itself anything: both settings are also
// `restrictedConfigurations` in package.json).
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import { parsePermissionRules } from '../../core/permissions/settings-schema';
import type { ApprovalMode, PermissionRule } from '../../core/permissions/types';
import type { Subscribe, WorkspaceTrust } from '../../core/ports/approval';
import { readApprovalMode } from './approval-mode-setting';
import { APPROVAL_MODE_KEY, PERMISSION_RULES_KEY } from './approval-modes';
import type { ApprovalSettings } from './approval-service';

export class VsCodePermissionSettings implements ApprovalSettings {
  private lastProblems = '';

  constructor(
    private readonly trust: WorkspaceTrust,
    /** Told about rules that were ignored because they are malformed; each distinct set once. */
    private readonly warn: (message: string) => void = () => undefined,
  ) {}

  get mode(): ApprovalMode {
    return readApprovalMode();
  }

  get rules(): PermissionRule[] {
    const inspected = vscode.workspace.getConfiguration().inspect<unknown>(PERMISSION_RULES_KEY);
    const user = parsePermissionRules(inspected?.globalValue);
    const workspace = this.trust.trusted ? parsePermissionRules(inspected?.workspaceValue) : { rules: [], problems: [] };
    this.report([...user.problems, ...workspace.problems]);
    return [...user.rules, ...workspace.rules];
  }

  readonly onDidChange: Subscribe<void> = (listener) =>
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(APPROVAL_MODE_KEY) || e.affectsConfiguration(PERMISSION_RULES_KEY)) listener();
    });

  get saveTarget(): string {
    return hasWorkspace() ? 'Workspace settings' : 'User settings';
  }

  /**
   * Appends to the raw setting value at the save target, so entries this version cannot read (or that
   * another Relay version wrote) are kept as they are. A rule already there is not added twice.
   */
  async appendRules(rules: readonly PermissionRule[]): Promise<void> {
    const config = vscode.workspace.getConfiguration();
    const inspected = config.inspect<unknown>(PERMISSION_RULES_KEY);
    const inWorkspace = hasWorkspace();
    const current = inWorkspace ? inspected?.workspaceValue : inspected?.globalValue;
    if (current !== undefined && !Array.isArray(current)) {
      throw new Error(`${PERMISSION_RULES_KEY} in ${this.saveTarget} is not a list of rules`);
    }
    const existing: unknown[] = current ?? [];
    const known = new Set(existing.map(ruleKey));
    const added = rules.filter((r) => !known.has(ruleKey(r)));
    if (added.length === 0) return;
    const target = inWorkspace ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    await config.update(PERMISSION_RULES_KEY, [...existing, ...added], target);
  }

  private report(problems: string[]): void {
    const key = problems.join('\n');
    if (key === this.lastProblems) return;
    this.lastProblems = key;
    if (problems.length > 0) this.warn(l10n.t('Some approval rules are ignored: {0}', problems.join('; ')));
  }
}

/** Equal rules give equal keys whatever the order of their fields. */
function ruleKey(rule: unknown): string {
  return rule !== null && typeof rule === 'object' ? JSON.stringify(rule, Object.keys(rule).sort()) : JSON.stringify(rule);
}

function hasWorkspace(): boolean {
  return (vscode.workspace.workspaceFolders?.length ?? 0) > 0 || vscode.workspace.workspaceFile !== undefined;
}
