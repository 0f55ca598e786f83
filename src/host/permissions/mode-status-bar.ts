// The approval mode, always visible in the status bar; a click opens the mode picker.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import type { ApprovalMode } from '../../core/permissions/types';
import type { ApprovalModeSetting } from './approval-mode-setting';
import { statusBarContent, SWITCH_APPROVAL_MODE_COMMAND } from './approval-modes';

export class ModeStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('relay.approvalMode', vscode.StatusBarAlignment.Right, 100);
  private readonly subscription: vscode.Disposable;

  constructor(setting: ApprovalModeSetting) {
    this.item.name = l10n.t('Relay Approval Mode');
    this.item.command = SWITCH_APPROVAL_MODE_COMMAND;
    this.render(setting.mode);
    this.subscription = setting.onDidChangeMode((mode) => this.render(mode));
    this.item.show();
  }

  private render(mode: ApprovalMode): void {
    const content = statusBarContent(mode);
    this.item.text = content.text;
    this.item.tooltip = content.tooltip;
    this.item.accessibilityInformation = { label: content.accessibilityLabel };
    this.item.backgroundColor = content.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
