// Keeps the last command run in any terminal with shell integration (its command line, the end of its output,
// its exit code) for the `@terminal` mention. Registered at activation because a command run before Relay's
// first use is exactly the one a person wants to ask about; it costs one event listener until a command runs.
import * as vscode from 'vscode';
import { AnsiStripper } from '../../core/text/ansi';
import type { TerminalOutput } from '../../core/ports/mention-sources';

/** Twice the mention's cap, so the cap (applied later, at a line end) has room. */
const KEEP_CHARS = 40_000;

export class TerminalRecorder implements vscode.Disposable {
  private last: TerminalOutput | undefined;
  private readonly running = new Map<vscode.TerminalShellExecution, Promise<string>>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor() {
    this.disposables.push(
      vscode.window.onDidStartTerminalShellExecution((e) => this.running.set(e.execution, readTail(e.execution))),
      vscode.window.onDidEndTerminalShellExecution((e) => void this.finish(e)),
    );
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
    this.last = { command, output, ...(e.exitCode !== undefined ? { exitCode: e.exitCode } : {}) };
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.running.clear();
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
