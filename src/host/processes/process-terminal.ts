// Each process Relay starts shows in its own VS Code terminal, named after the command, never one of the user's:
// a Pseudoterminal that mirrors the output as it arrives and sends what the user types to the process's input
// (echoed here, as the process has no terminal of its own to echo it). Closing the terminal stops the process.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import type { ManagedProcess } from './managed-process';
import type { ProcessView } from './process-manager';

const NAME_CHARS = 40;

export function processTerminal(p: ManagedProcess): ProcessView {
  const write = new vscode.EventEmitter<string>();
  const close = new vscode.EventEmitter<number | void>();
  let opened = false;
  let disposed = false;
  let line = '';
  const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');
  const sub = p.on((event) => {
    if (!opened) return;
    if (event.kind === 'output') write.fire(crlf(event.raw || event.text));
    else if (!p.live) write.fire(crlf(`\n${ended(p)}\n`));
  });
  const pty: vscode.Pseudoterminal = {
    onDidWrite: write.event,
    onDidClose: close.event,
    open: () => {
      opened = true;
      write.fire(crlf(`$ ${p.command}\n`));
      const earlier = p.ring.tail(64 * 1024);
      if (earlier) write.fire(crlf(earlier));
      if (!p.live) write.fire(crlf(`\n${ended(p)}\n`));
    },
    close: () => {
      if (!disposed) void p.stop();
    },
    handleInput: (data) => {
      if (!p.live) return;
      // Line editing is the terminal's job here: Enter sends the line, Backspace edits it, Ctrl+C interrupts.
      for (const ch of data) {
        if (ch === '\r') {
          write.fire('\r\n');
          p.write(`${line}\n`);
          line = '';
        } else if (ch === '\x7f') {
          if (line) {
            line = line.slice(0, -1);
            write.fire('\b \b');
          }
        } else if (ch === '\x03') {
          void p.stop();
        } else if (ch >= ' ') {
          line += ch;
          write.fire(ch);
        }
      }
    },
  };
  const terminal = vscode.window.createTerminal({ name: terminalName(p.command), pty, iconPath: new vscode.ThemeIcon('server-process'), isTransient: true });
  return {
    show: () => terminal.show(true),
    dispose: () => {
      disposed = true;
      sub.dispose();
      terminal.dispose();
      write.dispose();
      close.dispose();
    },
  };
}

function terminalName(command: string): string {
  const short = command.length > NAME_CHARS ? `${command.slice(0, NAME_CHARS - 1)}…` : command;
  return l10n.t('Relay: {0}', short);
}

function ended(p: ManagedProcess): string {
  const info = p.info();
  if (info.state === 'stopped') return l10n.t('[stopped]');
  return info.exitSignal ? l10n.t('[ended by {0}]', info.exitSignal) : l10n.t('[exited with code {0}]', String(info.exitCode ?? '?'));
}
