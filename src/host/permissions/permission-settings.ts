// `relay.approvalMode` and `relay.permissions` read from and written to VS Code's settings. Rules from
// the user settings come first, then those of the workspace, which count only in a trusted workspace (both
// settings are also `restrictedConfigurations` in package.json), and even there a cloned repository cannot allow
// itself anything: its ask and deny rules apply, each allow rule only once the user confirmed it (see
// core/permissions/workspace-values.ts); the same holds for a looser approval mode.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import { parsePermissionRules } from '../../core/permissions/settings-schema';
import type { ApprovalMode, PermissionRule } from '../../core/permissions/types';
import type { Subscribe, WorkspaceTrust } from '../../core/ports/approval';
import { canonicalJson, decideWorkspaceRules, type Decision, type WorkspaceValue } from '../../core/permissions/workspace-values';
import type { WorkspaceConfirmations } from '../settings/workspace-confirmations';
import { settingLayers, workspaceSettingsFile } from '../settings/workspace-layers';
import { decideMode } from './approval-mode-setting';
import { APPROVAL_MODE_KEY, PERMISSION_RULES_KEY } from './approval-modes';
import type { ApprovalSettings } from './approval-service';

/** The workspace's rules that count now, and its allow rules held back until confirmed. */
export function decidePermissionRules(confirmations: WorkspaceConfirmations): Decision<PermissionRule[]> & { user: PermissionRule[]; problems: string[] } {
  const layers = settingLayers<unknown>(PERMISSION_RULES_KEY);
  const user = parsePermissionRules(layers.user);
  if (!layers.workspace) return { user: user.rules, value: [], pending: [], problems: user.problems };
  const workspace = parsePermissionRules(layers.workspace.value);
  const decided = decideWorkspaceRules(PERMISSION_RULES_KEY, workspace.rules, layers.workspace.file, (value) => confirmations.has(value));
  return { user: user.rules, ...decided, problems: [...user.problems, ...workspace.problems] };
}

export class VsCodePermissionSettings implements ApprovalSettings {
  private lastProblems = '';

  constructor(
    private readonly trust: WorkspaceTrust,
    private readonly confirmations: WorkspaceConfirmations,
    /** Told about rules that were ignored because they are malformed; each distinct set once. */
    private readonly warn: (message: string) => void = () => undefined,
  ) {}

  get mode(): ApprovalMode {
    return decideMode(this.confirmations).value;
  }

  get rules(): PermissionRule[] {
    const decided = decidePermissionRules(this.confirmations);
    this.report(decided.problems);
    return this.trust.trusted ? [...decided.user, ...decided.value] : decided.user;
  }

  readonly onDidChange: Subscribe<void> = (listener) =>
    vscode.Disposable.from(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(APPROVAL_MODE_KEY) || e.affectsConfiguration(PERMISSION_RULES_KEY)) listener();
      }),
      this.confirmations.onDidChange(() => listener()),
    );

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
    const known = new Set(existing.map(canonicalJson));
    const added = rules.filter((r) => !known.has(canonicalJson(r)));
    if (added.length === 0) return;
    const target = inWorkspace ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    await config.update(PERMISSION_RULES_KEY, [...existing, ...added], target);
    // The user saw and chose these rules (Always Allow…): written to the workspace, they need no second confirmation.
    const file = workspaceSettingsFile();
    if (inWorkspace && file) await this.confirmations.add(added.map((rule): WorkspaceValue => ({ setting: PERMISSION_RULES_KEY, value: rule, file })));
  }

  private report(problems: string[]): void {
    const key = problems.join('\n');
    if (key === this.lastProblems) return;
    this.lastProblems = key;
    if (problems.length > 0) this.warn(l10n.t('Some approval rules are ignored: {0}', problems.join('; ')));
  }
}

function hasWorkspace(): boolean {
  return (vscode.workspace.workspaceFolders?.length ?? 0) > 0 || vscode.workspace.workspaceFile !== undefined;
}
