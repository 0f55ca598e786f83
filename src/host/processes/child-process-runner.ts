// A command run to its end with no process manager around it (hosts without one: plain-Node tests, the
// code-intelligence bench): the same spawner as every other command (own process group, so a timeout or a
// cancel kills the whole tree), with its input closed at once.
import type { CommandRequest, CommandResult, CommandRunner } from '../../core/ports/command-runner';
import { AnsiStripper } from '../../core/text/ansi';
import { HeadTailBuffer } from '../../core/text/output-buffer';
import { commandEnvironment } from '../platform/environment';
import { signalGroup, spawnCommand } from './spawn';

const KILL_GRACE_MS = 2_000;

export class ChildProcessRunner implements CommandRunner {
  constructor(private readonly shell?: string) {}

  async run(request: CommandRequest, signal: AbortSignal, onOutput?: (chunk: string) => void): Promise<CommandResult> {
    const started = Date.now();
    const buffer = new HeadTailBuffer();
    const stripper = new AnsiStripper();
    const emit = (text: string) => {
      if (!text) return;
      buffer.append(text);
      onOutput?.(text);
    };
    const result = (exitCode: number | undefined, timedOut: boolean, cancelled: boolean): CommandResult => ({
      exitCode: timedOut || cancelled ? undefined : exitCode,
      output: buffer.toString(),
      droppedBytes: buffer.droppedChars,
      timedOut,
      cancelled,
      transport: 'child-process',
      durationMs: Date.now() - started,
    });
    if (signal.aborted) return result(undefined, false, true);
    const { child } = await spawnCommand({ command: request.command, cwd: request.cwd, env: commandEnvironment(process.env, request.env), shell: this.shell });
    child.stdin.end();
    return new Promise((resolve) => {
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
      child.stdin.on('error', () => undefined);
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
  }
}
