// The inline edit's input: VS Code's InputBox (QuickInput), titled with the file and the lines it acts on. Chosen over
// a comment thread's reply box (the only editor-anchored input in the stable API): a comment widget lists itself in
// the Comments panel, adds a commenting affordance to the gutter and collapses (without telling the extension) on
// Escape, while the InputBox is one keystroke, handles IME and screen readers, and Escape there is a plain cancel.
// The diff itself is what appears in place (the proposal replaces the file's editor in its group).
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';

export interface InstructionQuestion {
  /** The input's title: the file and its lines, or the proposal being refined. */
  title: string;
  /** The instructions already in the proposal (refining), oldest first. */
  earlier: readonly string[];
}

/** Asks for an instruction; undefined when the person pressed Escape or left the input. */
export type InstructionPrompt = (question: InstructionQuestion) => Promise<string | undefined>;

export const askInstruction: InstructionPrompt = (question) =>
  new Promise((resolve) => {
    const input = vscode.window.createInputBox();
    input.title = question.title;
    input.placeholder = question.earlier.length
      ? l10n.t('Refine the proposal, e.g. keep the old name (Enter runs it, Escape cancels)')
      : l10n.t('Describe the change, e.g. add error handling (Enter runs it, Escape cancels)');
    if (question.earlier.length) input.prompt = l10n.t('So far: {0}', question.earlier.join(' → '));
    let answer: string | undefined;
    input.onDidChangeValue(() => (input.validationMessage = undefined));
    input.onDidAccept(() => {
      if (!input.value.trim()) {
        input.validationMessage = l10n.t('Type what Relay should change.');
        return;
      }
      answer = input.value.trim();
      input.hide();
    });
    input.onDidHide(() => {
      input.dispose();
      resolve(answer);
    });
    input.show();
  });
