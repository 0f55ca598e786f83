// `relay.switchApprovalMode`: from the command palette and the status bar it opens a picker; the chat
// (or a test) passes the mode as the argument and no picker appears. Resolves with the mode in effect.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import type { ApprovalMode } from '../../core/permissions/types';
import type { ApprovalModeSetting } from './approval-mode-setting';
import { APPROVAL_MODE_ORDER, isApprovalMode, MODE_PRESENTATION, SWITCH_APPROVAL_MODE_COMMAND } from './approval-modes';

export function registerSwitchApprovalModeCommand(setting: ApprovalModeSetting): vscode.Disposable {
  return vscode.commands.registerCommand(SWITCH_APPROVAL_MODE_COMMAND, async (requested?: unknown) => {
    // Anything else (a URI from a menu, nothing from the palette) opens the picker.
    const next = isApprovalMode(requested) ? requested : await pickApprovalMode(setting.mode);
    if (next !== undefined && next !== setting.mode) {
      try {
        await setting.setMode(next);
      } catch (error) {
        void vscode.window.showErrorMessage(l10n.t('Relay could not switch the approval mode: {0}', error instanceof Error ? error.message : String(error)));
      }
    }
    return setting.mode;
  });
}

interface ModeItem extends vscode.QuickPickItem {
  mode: ApprovalMode;
}

async function pickApprovalMode(current: ApprovalMode): Promise<ApprovalMode | undefined> {
  const items: ModeItem[] = APPROVAL_MODE_ORDER.map((mode) => {
    const p = MODE_PRESENTATION[mode];
    return {
      mode,
      label: `$(${p.icon}) ${p.label}`,
      description: mode === current ? `$(check) ${l10n.t('current')}` : '',
      detail: p.description,
    };
  });
  const pick = vscode.window.createQuickPick<ModeItem>();
  pick.title = l10n.t('Relay: Approval Mode');
  pick.placeholder = l10n.t('When should Relay ask before it changes files or runs commands?');
  pick.items = items;
  pick.activeItems = items.filter((i) => i.mode === current);
  pick.matchOnDetail = true;
  try {
    return await new Promise<ApprovalMode | undefined>((resolve) => {
      pick.onDidAccept(() => resolve(pick.selectedItems[0]?.mode));
      pick.onDidHide(() => resolve(undefined));
      pick.show();
    });
  } finally {
    pick.dispose();
  }
}
