// Commands that apply, accept, discard or start paid work can be run by anyone: the palette, a keybinding, and
// every other installed extension (vscode.commands.executeCommand with any arguments). Such a command acts only on
// what the person is looking at, takes no argument that changes what it acts on, and where nothing shows that the
// person just clicked it (a menu on Relay's own row or editor), asks in a modal whose focused default does nothing.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';

/** An argument Relay's own UI never passes (an id, a made-up object or URI): nothing is done, and the person is told. */
export function refuseArgument(command: string): undefined {
  void vscode.window.showWarningMessage(
    l10n.t('Relay ignored a request to run {0} on something you did not choose: it acts only on what you pick in its own views and editors.', command),
  );
  return undefined;
}
