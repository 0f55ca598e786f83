// Every modal Relay shows goes through `askModal`: what Enter and Escape answer follows one rule (button-order.ts),
// and Escape's button is one of Relay's own answers, so VS Code adds no "Cancel" meaning the same as a Deny or a
// Don't Run beside it (nor its English one when no language pack is installed). A unit test holds that no other
// file opens a modal.
import { isAbsolute } from 'node:path';
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import { modalButtons, type ModalQuestion } from './button-order';

export type { ModalOrigin, ModalQuestion } from './button-order';

/** Shows the question; the answer chosen (Escape and the close button give the last safe answer). */
export async function askModal(question: ModalQuestion): Promise<string> {
  const items: (vscode.MessageItem & { answer: string })[] = modalButtons(question).map((b) => ({ title: b.title, isCloseAffordance: b.isCloseAffordance === true, answer: b.answer }));
  const show = question.level === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  const choice = await show(question.message, { modal: true, ...(question.detail !== undefined ? { detail: question.detail } : {}) }, ...items);
  return (choice ?? items.find((i) => i.isCloseAffordance)!).answer;
}

/** What the user can look at before answering a question nobody asked: `show` opens it, the question comes back. */
export interface ModalLook {
  title: string;
  show: () => PromiseLike<unknown>;
}

/**
 * A question nobody asked (a repository, a server, an agent file or another extension did): Enter gives `look`,
 * which shows what the question is about and asks again; Escape gives `decline`. Nothing runs unless the user
 * picks an action, and VS Code adds no Cancel that would mean `decline` a second time.
 */
export async function askUnasked(question: Omit<ModalQuestion, 'origin' | 'safe'>, look: ModalLook, decline: string): Promise<string> {
  for (;;) {
    const answer = await askModal({ ...question, origin: 'unasked', safe: [look.title, decline] });
    if (answer !== look.title) return answer;
    try {
      await look.show();
    } catch {
      // A file gone since the question was asked: the question comes back all the same.
    }
  }
}

/** A question the user asked for, with Relay's own localised Cancel: the button chosen, if any (undefined: Cancel). */
export async function modalWithCancel(level: 'warning' | 'error', message: string, detail: string, buttons: readonly string[]): Promise<string | undefined> {
  const cancel = l10n.t('Cancel');
  const answer = await askModal({ level, message, detail, origin: 'user', actions: buttons, safe: [cancel] });
  return answer === cancel ? undefined : answer;
}

/** A look that opens a file (absolute, or relative to a workspace folder) at the first line holding `text`. */
export function fileLook(title: string, file: string, text?: string): ModalLook {
  return { title, show: () => showFileAt(file, text) };
}

async function showFileAt(file: string, text: string | undefined): Promise<void> {
  const candidates = isAbsolute(file) ? [vscode.Uri.file(file)] : (vscode.workspace.workspaceFolders ?? []).map((f) => vscode.Uri.joinPath(f.uri, file));
  for (const uri of candidates) {
    const document = await vscode.workspace.openTextDocument(uri).then(
      (d) => d,
      () => undefined,
    );
    if (!document) continue;
    const editor = await vscode.window.showTextDocument(document, { preview: true });
    const at = text ? document.getText().indexOf(text) : -1;
    if (at < 0) return;
    // Selected from its end back to its start, so the editor shows where it begins (a long command line scrolled
    // the view to its end, hiding the line's key).
    const start = document.positionAt(at);
    editor.selection = new vscode.Selection(document.positionAt(at + text!.length), start);
    editor.revealRange(new vscode.Range(start, start), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    return;
  }
}
