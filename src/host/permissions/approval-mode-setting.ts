// The approval mode as the rest of the window sees it: read from `relay.approvalMode` (a plain string, so
// activation needs no validator), with an event when it changes. The status bar, the switch command and
// the chat share one instance.
import * as vscode from 'vscode';
import type { ApprovalMode } from '../../core/permissions/types';
import { decideApprovalMode, type Decision } from '../../core/permissions/workspace-values';
import type { WorkspaceConfirmations } from '../settings/workspace-confirmations';
import { settingLayers } from '../settings/workspace-layers';
import { APPROVAL_MODE_KEY } from './approval-modes';

/**
 * The mode in effect and the workspace's looser mode held back (if any): an unknown value (a typo in settings.json)
 * means the careful default; a workspace mode looser than the user's counts only once the user confirmed it.
 */
export function decideMode(confirmations: WorkspaceConfirmations): Decision<ApprovalMode> {
  const layers = settingLayers<unknown>(APPROVAL_MODE_KEY);
  return decideApprovalMode(layers.user, layers.workspace, (value) => confirmations.has(value));
}

export class ApprovalModeSetting implements vscode.Disposable {
  private current: ApprovalMode;
  private readonly changed = new vscode.EventEmitter<ApprovalMode>();
  private readonly disposables: vscode.Disposable[] = [this.changed];
  /** Fires with the new mode, whoever changed it (the picker, the chat, settings.json, a trust grant). */
  readonly onDidChangeMode = this.changed.event;

  constructor(readonly confirmations: WorkspaceConfirmations) {
    this.current = this.read();
    this.disposables.push(
      confirmations.onDidChange(() => this.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(APPROVAL_MODE_KEY)) this.refresh();
      }),
      // A workspace value of a restricted setting only counts once the workspace is trusted.
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.refresh()),
    );
  }

  get mode(): ApprovalMode {
    return this.current;
  }

  /**
   * Writes the mode where it will take effect: the workspace settings when they already set it (a user
   * value would be shadowed there), otherwise the user settings, so the choice follows the user.
   */
  async setMode(mode: ApprovalMode): Promise<void> {
    const config = vscode.workspace.getConfiguration();
    const inWorkspace = vscode.workspace.isTrusted && config.inspect(APPROVAL_MODE_KEY)?.workspaceValue !== undefined;
    await config.update(APPROVAL_MODE_KEY, mode, inWorkspace ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global);
    // The user chose this mode here: the value Relay itself wrote to the workspace needs no second confirmation.
    const written = settingLayers<unknown>(APPROVAL_MODE_KEY).workspace;
    if (inWorkspace && written) await this.confirmations.add([written]);
    this.refresh();
  }

  private read(): ApprovalMode {
    return decideMode(this.confirmations).value;
  }

  private refresh(): void {
    const next = this.read();
    if (next === this.current) return;
    this.current = next;
    this.changed.fire(next);
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
