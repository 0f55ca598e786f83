// What "Relay: Set Up Provider" asks and shows, behind one small interface: VS Code's own QuickPick, InputBox and
// modal error in use; integration tests answer them (and read what was asked) through the real command.
import * as vscode from 'vscode';
import { modalWithCancel } from '../dialogs/modal';

export interface SetupPrompts {
  pick<T extends vscode.QuickPickItem>(items: readonly T[] | Promise<readonly T[]>, options: vscode.QuickPickOptions): Promise<T | undefined>;
  input(options: vscode.InputBoxOptions): Promise<string | undefined>;
  /** A failed Test connection: what went wrong, the fix, and the buttons; the button chosen, if any. */
  failure(message: string, detail: string, buttons: readonly string[]): Promise<string | undefined>;
}

export const vscodeSetupPrompts: SetupPrompts = {
  pick: async <T extends vscode.QuickPickItem>(items: readonly T[] | Promise<readonly T[]>, options: vscode.QuickPickOptions) =>
    vscode.window.showQuickPick<T>(Promise.resolve(items).then((list) => [...list]), options),
  input: async (options) => vscode.window.showInputBox(options),
  failure: async (message, detail, buttons) => modalWithCancel('error', message, detail, buttons),
};
