// `relay.switchApprovalMode`: from the command palette and the status bar it opens a picker; a caller may pass
// the mode as the argument and no picker appears. Any extension can run a command with arguments, so a mode that
// asks less than the current one (default → auto-edit or yolo) is asked about in a modal whose Enter keeps the
// current mode; a stricter one needs no question. The chat switches through its own message, not this command.
// Resolves with the mode in effect.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import type { ApprovalMode } from '../../core/permissions/types';
import { askModal } from '../dialogs/modal';
import type { ApprovalModeSetting } from './approval-mode-setting';
import { APPROVAL_MODE_ORDER, isApprovalMode, MODE_PRESENTATION, SWITCH_APPROVAL_MODE_COMMAND } from './approval-modes';

export function registerSwitchApprovalModeCommand(setting: ApprovalModeSetting): vscode.Disposable {
  return vscode.commands.registerCommand(SWITCH_APPROVAL_MODE_COMMAND, async (requested?: unknown) => {
    // Anything else (a URI from a menu, nothing from the palette) opens the picker.
    let next = isApprovalMode(requested) ? requested : await pickApprovalMode(setting.mode);
    if (isApprovalMode(requested) && asksLess(requested, setting.mode)) {
      const answer = await confirmLooserMode(requested, setting.mode);
      // "Choose Mode…": the person picks in the list themselves (the current mode selected), or nothing changes.
      next = answer === 'switch' ? requested : answer === 'choose' ? await pickApprovalMode(setting.mode) : undefined;
    }
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

/** How much a mode lets run without asking: plan least, yolo most. */
const LOOSENESS: Record<ApprovalMode, number> = { plan: 0, default: 1, 'auto-edit': 2, yolo: 3 };

export function asksLess(next: ApprovalMode, current: ApprovalMode): boolean {
  return LOOSENESS[next] > LOOSENESS[current];
}

async function confirmLooserMode(next: ApprovalMode, current: ApprovalMode): Promise<'switch' | 'choose' | 'keep'> {
  const allow = l10n.t('Switch to {0}', MODE_PRESENTATION[next].label);
  const choose = l10n.t('Choose Mode…');
  const keep = l10n.t('Keep {0}', MODE_PRESENTATION[current].label);
  // Nobody in Relay asked: Enter opens the list of modes (a choice the person makes), Escape keeps the mode.
  // A host that cannot show the modal (a refused dialog) keeps the mode: nobody said yes.
  const answer = await askModal({
    level: 'warning',
    message: l10n.t('Switch Relay to the {0} approval mode?', MODE_PRESENTATION[next].label),
    detail: l10n.t('A command asked Relay to ask you less often ({0}). You did not pick this in Relay: another extension may have run the command. {1}', MODE_PRESENTATION[next].description, l10n.t('Your mode stays {0} unless you switch.', MODE_PRESENTATION[current].label)),
    origin: 'unasked',
    actions: [allow],
    safe: [choose, keep],
  }).catch(() => keep);
  return answer === allow ? 'switch' : answer === choose ? 'choose' : 'keep';
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
