// The one-click action on a failed terminal command: when the last command run in a terminal with shell integration
// exits with a non-zero code, a status bar item offers Fix with Relay (its tooltip names the command and its code,
// and offers Explain too). It is withdrawn when a later command succeeds or the failed command's terminal closes.
// Part of the activation bundle: it only listens to the TerminalRecorder, which already runs there.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import type { TerminalOutput } from '../../core/ports/mention-sources';
import { shortCommand } from '../../core/text/short-command';
import type { RecordedCommand } from '../mentions/terminal-recorder';
import { EXPLAIN_TERMINAL_COMMAND, FIX_TERMINAL_COMMAND, LATEST_COMMAND } from './terminal-action-ids';

export class FailedCommandItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('relay.failedCommand', vscode.StatusBarAlignment.Left, 10);
  private readonly subscriptions: vscode.Disposable[];
  private offered: RecordedCommand | undefined;

  constructor(recorded: vscode.Event<RecordedCommand>) {
    this.item.name = l10n.t('Relay: Failed Terminal Command');
    this.item.command = { title: l10n.t('Fix with Relay'), command: FIX_TERMINAL_COMMAND, arguments: [LATEST_COMMAND] };
    this.subscriptions = [
      recorded((command) => this.show(command.output.exitCode !== undefined && command.output.exitCode !== 0 ? command : undefined)),
      vscode.window.onDidCloseTerminal((terminal) => {
        if (this.offered?.terminal === terminal) this.show(undefined);
      }),
    ];
  }

  /** The failed command on offer (tests read it; a click sends it). */
  get failed(): TerminalOutput | undefined {
    return this.offered?.output;
  }

  private show(command: RecordedCommand | undefined): void {
    this.offered = command;
    if (!command) {
      this.item.hide();
      return;
    }
    const { output } = command;
    this.item.text = `$(sparkle) ${l10n.t('Fix with Relay')}`;
    const summary = l10n.t('"{0}" failed with exit code {1}.', shortCommand(output.command), output.exitCode!);
    this.item.accessibilityInformation = { label: `${l10n.t('Fix with Relay')}: ${summary}` };
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.isTrusted = { enabledCommands: [FIX_TERMINAL_COMMAND, EXPLAIN_TERMINAL_COMMAND] };
    tooltip.appendText(summary);
    tooltip.appendMarkdown('\n\n');
    const args = encodeURIComponent(JSON.stringify([LATEST_COMMAND]));
    tooltip.appendMarkdown(`[$(sparkle) ${escapeLabel(l10n.t('Fix with Relay'))}](command:${FIX_TERMINAL_COMMAND}?${args}) · `);
    tooltip.appendMarkdown(`[$(question) ${escapeLabel(l10n.t('Explain with Relay'))}](command:${EXPLAIN_TERMINAL_COMMAND}?${args})`);
    this.item.tooltip = tooltip;
    this.item.show();
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.item.dispose();
  }
}

/** A translated label inside a Markdown link's brackets. */
function escapeLabel(text: string): string {
  return text.replace(/[\\[\]]/g, '\\$&');
}
