// Runs commands in a VS Code terminal with shell integration, so the user can watch them, and captures
// output and exit code through the shell-integration API. When shell integration does not come up in
// time, the same request goes to the fallback runner: output is never silently lost.
import * as vscode from 'vscode';
import type { CommandRequest, CommandResult, CommandRunner } from '../core/ports/command-runner';
import { AnsiStripper } from '../core/text/ansi';
import { HeadTailBuffer } from '../core/text/output-buffer';
import { killDescendants } from './process-tree';

const INTERRUPT_GRACE_MS = 1_500;

export class TerminalCommandRunner implements CommandRunner {
  constructor(
    private readonly fallback: CommandRunner,
    private readonly log: vscode.LogOutputChannel,
    private readonly shellIntegrationTimeoutMs = 5_000,
  ) {}

  async run(request: CommandRequest, signal: AbortSignal, onOutput?: (chunk: string) => void): Promise<CommandResult> {
    const started = Date.now();
    const terminal = vscode.window.createTerminal({
      name: 'Relay',
      cwd: request.cwd,
      env: request.env,
      iconPath: new vscode.ThemeIcon('terminal'),
      isTransient: true,
    });
    try {
      const integration = await waitForShellIntegration(terminal, this.shellIntegrationTimeoutMs, signal);
      if (!integration) {
        if (signal.aborted) return cancelledBeforeStart('shell-integration', started);
        const reason = `shell integration did not start within ${this.shellIntegrationTimeoutMs} ms`;
        this.log.info(`run_command: ${reason}; using a child process`);
        return { ...(await this.fallback.run(request, signal, onOutput)), fallbackReason: reason };
      }
      return await this.execute(terminal, integration, request, signal, started, onOutput);
    } finally {
      terminal.dispose();
    }
  }

  private async execute(
    terminal: vscode.Terminal,
    integration: vscode.TerminalShellIntegration,
    request: CommandRequest,
    signal: AbortSignal,
    started: number,
    onOutput?: (chunk: string) => void,
  ): Promise<CommandResult> {
    const buffer = new HeadTailBuffer();
    const stripper = new AnsiStripper();
    const emit = (text: string) => {
      if (!text) return;
      buffer.append(text);
      onOutput?.(text);
    };
    const execution = integration.executeCommand(request.command);
    const ended = new Promise<number | undefined>((resolve) => {
      const sub = vscode.window.onDidEndTerminalShellExecution((e) => {
        if (e.execution !== execution) return;
        sub.dispose();
        resolve(e.exitCode);
      });
    });
    let timedOut = false;
    let cancelled = false;
    const stop = async () => {
      terminal.sendText('\x03', false); // Ctrl+C first: let the command clean up
      await new Promise((r) => setTimeout(r, INTERRUPT_GRACE_MS));
      const shellPid = await terminal.processId;
      if (shellPid !== undefined) killDescendants(shellPid);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      void stop();
    }, request.timeoutMs);
    const onAbort = () => {
      cancelled = true;
      void stop();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const reading = (async () => {
        for await (const data of execution.read()) emit(stripper.push(data));
        emit(stripper.flush());
      })();
      // The read stream ends with the command; a killed command may never report an end, so race both.
      const exitCode = await Promise.race([ended, reading.then(() => ended)]);
      await reading;
      return {
        exitCode: timedOut || cancelled ? undefined : exitCode,
        output: buffer.toString(),
        droppedBytes: buffer.droppedChars,
        timedOut,
        cancelled,
        transport: 'shell-integration',
        durationMs: Date.now() - started,
      };
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }
}

function waitForShellIntegration(
  terminal: vscode.Terminal,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<vscode.TerminalShellIntegration | undefined> {
  if (terminal.shellIntegration) return Promise.resolve(terminal.shellIntegration);
  return new Promise((resolve) => {
    const done = (value: vscode.TerminalShellIntegration | undefined) => {
      clearTimeout(timer);
      sub.dispose();
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const sub = vscode.window.onDidChangeTerminalShellIntegration((e) => {
      if (e.terminal === terminal) done(e.shellIntegration);
    });
    const timer = setTimeout(() => done(undefined), timeoutMs);
    const onAbort = () => done(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function cancelledBeforeStart(transport: CommandResult['transport'], started: number): CommandResult {
  return { exitCode: undefined, output: '', droppedBytes: 0, timedOut: false, cancelled: true, transport, durationMs: Date.now() - started };
}
