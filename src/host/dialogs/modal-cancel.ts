// A modal with Relay's own localised Cancel: VS Code adds an English "Cancel" to a modal without a close
// affordance when no language pack is installed, the last English word in a Chinese dialog.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';

/** Shows `message` as a modal with `buttons` and a localised Cancel (Escape too); the button chosen, if any. */
export async function modalWithCancel(level: 'warning' | 'error', message: string, detail: string, buttons: readonly string[]): Promise<string | undefined> {
  const items: vscode.MessageItem[] = buttons.map((title) => ({ title }));
  const cancel: vscode.MessageItem = { title: l10n.t('Cancel'), isCloseAffordance: true };
  const show = level === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  const choice = await show<vscode.MessageItem>(message, { modal: true, detail }, ...items, cancel);
  return choice && choice !== cancel ? choice.title : undefined;
}
