// Every modal Relay shows goes through `askModal`: what Enter and Escape answer follows one rule (button-order.ts),
// and Escape's button is Relay's own localised word, never the English "Cancel" VS Code adds to a modal without a
// close affordance when no language pack is installed. A unit test holds that no other file opens a modal.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import { modalButtons, type ModalQuestion } from './button-order';

export type { ModalOrigin, ModalQuestion } from './button-order';

/** Shows the question; the answer chosen (Escape and the close button give the last safe answer). */
export async function askModal(question: ModalQuestion): Promise<string> {
  const buttons = modalButtons(question, l10n.t('Cancel'));
  const items: (vscode.MessageItem & { answer: string })[] = buttons.map((b) => ({ title: b.title, isCloseAffordance: b.isCloseAffordance === true, answer: b.answer }));
  const show = question.level === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  const choice = await show(question.message, { modal: true, ...(question.detail !== undefined ? { detail: question.detail } : {}) }, ...items);
  return (choice ?? items.find((i) => i.isCloseAffordance)!).answer;
}

/** A question the user asked for, with Relay's own localised Cancel: the button chosen, if any (undefined: Cancel). */
export async function modalWithCancel(level: 'warning' | 'error', message: string, detail: string, buttons: readonly string[]): Promise<string | undefined> {
  const cancel = l10n.t('Cancel');
  const answer = await askModal({ level, message, detail, origin: 'user', actions: buttons, safe: [cancel] });
  return answer === cancel ? undefined : answer;
}
