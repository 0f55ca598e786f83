// The two questions "Relay: Set Up Provider" asks, behind one small interface: VS Code's own QuickPick and
// InputBox in use; integration tests answer them (and read what was asked) through the real command.
import * as vscode from 'vscode';

export interface SetupPrompts {
  pick<T extends vscode.QuickPickItem>(items: readonly T[] | Promise<readonly T[]>, options: vscode.QuickPickOptions): Promise<T | undefined>;
  input(options: vscode.InputBoxOptions): Promise<string | undefined>;
}

export const vscodeSetupPrompts: SetupPrompts = {
  pick: async <T extends vscode.QuickPickItem>(items: readonly T[] | Promise<readonly T[]>, options: vscode.QuickPickOptions) =>
    vscode.window.showQuickPick<T>(Promise.resolve(items).then((list) => [...list]), options),
  input: async (options) => vscode.window.showInputBox(options),
};
