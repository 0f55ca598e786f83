// The fallback transport: a plain child process in its own process group, so a timeout or a cancel
// kills the whole tree (the shell and everything it started), not just the shell.
import { spawn } from 'node:child_process';
import type { CommandRequest, CommandResult, CommandRunner } from '../core/ports/command-runner';
import { AnsiStripper } from '../core/text/ansi';
import { HeadTailBuffer } from '../core/text/output-buffer';
import { withoutRelaySecrets } from './sandbox/secret-env';

const KILL_GRACE_MS = 2_000;

export class ChildProcessRunner implements CommandRunner {
  constructor(private readonly shell: string = process.env.SHELL || '/bin/bash') {}

  run(request: CommandRequest, signal: AbortSignal, onOutput?: (chunk: string) => void): Promise<CommandResult> {
    const started = Date.now();
    const buffer = new HeadTailBuffer();
    const stripper = new AnsiStripper();
    const emit = (text: string) => {
      if (!text) return;
      buffer.append(text);
      onOutput?.(text);
    };
    return new Promise((resolve) => {
      if (signal.aborted) {
        resolve(result(undefined, false, true));
        return;
      }
      const child = spawn(this.shell, ['-c', request.command], {
        cwd: request.cwd,
        env: { ...(request.inheritEnv === false ? {} : withoutRelaySecrets(inherited())), ...request.env, TERM: 'dumb', NO_COLOR: '1' },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let timedOut = false;
      let cancelled = false;
      let escalation: NodeJS.Timeout | undefined;
      const killTree = () => {
        if (child.pid === undefined) return;
        signalGroup(child.pid, 'SIGTERM');
        escalation ??= setTimeout(() => child.pid !== undefined && signalGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS);
      };
      const timer = setTimeout(() => {
        timedOut = true;
        killTree();
      }, request.timeoutMs);
      const onAbort = () => {
        cancelled = true;
        killTree();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      child.stdout.setEncoding('utf8').on('data', (d: string) => emit(stripper.push(d)));
      child.stderr.setEncoding('utf8').on('data', (d: string) => emit(stripper.push(d)));
      child.on('error', (error) => emit(`\n[failed to start: ${error.message}]\n`));
      child.on('close', (code) => {
        clearTimeout(timer);
        if (escalation) clearTimeout(escalation);
        signal.removeEventListener('abort', onAbort);
        if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL'); // orphans left in the group
        emit(stripper.flush());
        resolve(result(code ?? undefined, timedOut, cancelled));
      });
    });

    function result(exitCode: number | undefined, timedOut: boolean, cancelled: boolean): CommandResult {
      return {
        exitCode: timedOut || cancelled ? undefined : exitCode,
        output: buffer.toString(),
        droppedBytes: buffer.droppedChars,
        timedOut,
        cancelled,
        transport: 'child-process',
        durationMs: Date.now() - started,
      };
    }
  }
}

function signalGroup(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig);
  } catch {
    // the group is already gone
  }
}

/** The extension host's environment, without unset entries. */
export function inherited(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
}
