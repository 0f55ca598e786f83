// What the terminal's Relay actions do (the terminal's context menu, the failed command's status bar item): take the
// command as it is now (the right-clicked terminal's last one, or the latest anywhere), build the message
// (core/prompts/terminal-prompts.ts) and hand it to the chat through the task entry. Fix works through the agent's
// own tools and approvals: nothing here, or in the agent, types into the person's terminal. In the runtime bundle.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import type { TerminalOutput } from '../../core/ports/mention-sources';
import { type TerminalAction, terminalActionMessage } from '../../core/prompts/terminal-prompts';
import { EXPLAIN_TERMINAL_COMMAND, FIX_TERMINAL_COMMAND, LATEST_COMMAND } from './terminal-action-ids';

export interface TerminalActionServices {
  /** The TerminalRecorder (src/host/mentions/terminal-recorder.ts). */
  recorder: { readonly lastCommand: TerminalOutput | undefined; lastIn(terminal: vscode.Terminal): TerminalOutput | undefined };
  /** Sends a message to the chat, in a new task or the current one (task-entry/task-entry.ts). */
  start(text: string): Promise<unknown>;
}

export function terminalActionHandlers(services: TerminalActionServices) {
  const run = async (action: TerminalAction, target: unknown) => {
    const command = commandFor(services.recorder, target);
    if (!command) {
      void vscode.window.showInformationMessage(l10n.t('Relay: no finished command is known in this terminal. Run the command in a terminal with shell integration, then try again.'));
      return;
    }
    await services.start(terminalActionMessage(action, command));
  };
  return {
    [EXPLAIN_TERMINAL_COMMAND]: (target?: unknown) => run('explain', target),
    [FIX_TERMINAL_COMMAND]: (target?: unknown) => run('fix', target),
  } as const;
}

/**
 * The command an action is about: the terminal's context menu passes the terminal (its last command); the status
 * bar item passes LATEST_COMMAND (the last command anywhere, the failed one it shows); run any other way (a
 * keybinding), the active terminal's last command.
 */
function commandFor(recorder: TerminalActionServices['recorder'], target: unknown): TerminalOutput | undefined {
  if (target === LATEST_COMMAND) return recorder.lastCommand;
  const terminal = isTerminal(target) ? target : vscode.window.activeTerminal;
  return terminal ? recorder.lastIn(terminal) : undefined;
}

function isTerminal(value: unknown): value is vscode.Terminal {
  return vscode.window.terminals.includes(value as vscode.Terminal);
}
