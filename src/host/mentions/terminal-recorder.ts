// Keeps the last command run in any terminal with shell integration (its command line, the end of its output,
// its exit code, its folder), and the last one of each open terminal, for the `@terminal` mention and the terminal's
// Explain and Fix with Relay. Registered at activation because a command run before Relay's first use is exactly the
// one a person wants to ask about; it costs one event listener until a command runs. What it keeps has its
// credentials scrubbed (core/text/secret-scrub.ts): everything read from here may go to the model.
import * as vscode from 'vscode';
import { AnsiStripper } from '../../core/text/ansi';
import { credentialValues, scrubTerminalSecrets } from '../../core/text/secret-scrub';
import type { TerminalOutput } from '../../core/ports/mention-sources';

/** A finished command and the terminal it ran in. */
export interface RecordedCommand {
  terminal: vscode.Terminal;
  output: TerminalOutput;
}

/** Twice the mention's cap, so the cap (applied later, at a line end) has room. */
const KEEP_CHARS = 40_000;

export class TerminalRecorder implements vscode.Disposable {
  private last: TerminalOutput | undefined;
  private readonly perTerminal = new Map<vscode.Terminal, TerminalOutput>();
  private readonly running = new Map<vscode.TerminalShellExecution, Promise<string>>();
  private readonly recorded = new vscode.EventEmitter<RecordedCommand>();
  private readonly disposables: vscode.Disposable[] = [this.recorded];
  /** The credential values of the environment terminals inherit, read at the first command. */
  private secrets: string[] | undefined;
  /** A command ended and was kept. */
  readonly onDidRecord = this.recorded.event;

  constructor() {
    this.disposables.push(
      vscode.window.onDidStartTerminalShellExecution((e) => this.running.set(e.execution, readTail(e.execution))),
      vscode.window.onDidEndTerminalShellExecution((e) => void this.finish(e)),
      vscode.window.onDidCloseTerminal((terminal) => this.perTerminal.delete(terminal)),
    );
  }

  /** The last finished command of an open terminal. */
  lastIn(terminal: vscode.Terminal): TerminalOutput | undefined {
    return this.perTerminal.get(terminal);
  }

  /** The last finished command, or the one still running (its output so far is not waited for). */
  get lastCommand(): TerminalOutput | undefined {
    return this.last;
  }

  private async finish(e: vscode.TerminalShellExecutionEndEvent): Promise<void> {
    const reading = this.running.get(e.execution);
    this.running.delete(e.execution);
    const command = e.execution.commandLine.value.trim();
    if (!command) return;
    const output = reading ? await reading : '';
    this.secrets ??= credentialValues(process.env);
    const scrub = (text: string) => scrubTerminalSecrets(text, this.secrets);
    // The execution's folder, or the shell's as it reported it after the command (a `cd` in it moves that one).
    const cwd = (e.execution.cwd ?? e.terminal.shellIntegration?.cwd)?.fsPath;
    this.last = { command: scrub(command), output: scrub(output), ...(e.exitCode !== undefined ? { exitCode: e.exitCode } : {}), ...(cwd ? { cwd } : {}) };
    // A terminal closed while its command's output was read is not kept by terminal.
    if (vscode.window.terminals.includes(e.terminal)) this.perTerminal.set(e.terminal, this.last);
    this.recorded.fire({ terminal: e.terminal, output: this.last });
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.running.clear();
    this.perTerminal.clear();
  }
}

async function readTail(execution: vscode.TerminalShellExecution): Promise<string> {
  const stripper = new AnsiStripper();
  let tail = '';
  try {
    for await (const data of execution.read()) {
      tail += stripper.push(data);
      if (tail.length > KEEP_CHARS * 2) tail = tail.slice(-KEEP_CHARS);
    }
  } catch {
    // A terminal closed mid-command: keep what was read.
  }
  tail += stripper.flush();
  return tail.slice(-KEEP_CHARS);
}
