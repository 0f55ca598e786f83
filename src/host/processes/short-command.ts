// A command that runs to its end and is read whole: a repository's hook, a parallel task's setup, a slash command's
// `!cmd`. It starts through the one spawner (its own process group, pipes, the OS sandbox when given), gets its input
// on stdin, keeps a bounded tail of its output, and is killed with its whole group on timeout or cancellation and
// once its shell exited (what it left running would hold the pipes open). Relay's own credentials never reach it.
import type { CommandSandbox, SandboxScope, SandboxViolation } from '../../core/ports/command-sandbox';
import { withoutRelaySecrets } from '../platform/environment';
import { signalGroup, spawnCommand } from './spawn';

/** The sandbox itself, or how to get it (`CommandSandboxing.forCommands`: undefined while it is off or unsupported). */
export type SandboxSource = CommandSandbox | (() => CommandSandbox | undefined | Promise<CommandSandbox | undefined>);

export interface ShortCommandRequest {
  command: string;
  cwd: string;
  env: Record<string, string>;
  sandbox?: SandboxSource;
  /** The sandbox's boundary for it; default: writes in `cwd`. */
  scope?: SandboxScope;
  stdin?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Characters kept of each stream and of the interleaved output (the last ones); default 1 MiB. */
  outputLimit?: number;
  /** The shell; default /bin/sh (cmd.exe on Windows). */
  shell?: string;
}

export interface ShortCommandResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr as they came. */
  output: string;
  timedOut: boolean;
  cancelled: boolean;
  /** It could not be started (the spawn failed, the sandbox could not wrap it). */
  spawnError?: string;
  /** Whether it ran in the OS sandbox, and what the sandbox refused it. */
  sandboxed: boolean;
  violations: readonly SandboxViolation[];
}

const DEFAULT_LIMIT = 1024 * 1024;

async function sandboxOf(source: SandboxSource | undefined): Promise<CommandSandbox | undefined> {
  const sandbox = typeof source === 'function' ? await source() : source;
  if (sandbox && 'prepare' in sandbox && typeof sandbox.prepare === 'function') await (sandbox.prepare as () => Promise<boolean>)();
  return sandbox?.available ? sandbox : undefined;
}

export async function runShortCommand(request: ShortCommandRequest): Promise<ShortCommandResult> {
  const limit = request.outputLimit ?? DEFAULT_LIMIT;
  const failed = (spawnError: string, sandboxed: boolean): ShortCommandResult => ({ exitCode: null, stdout: '', stderr: '', output: '', timedOut: false, cancelled: false, spawnError, sandboxed, violations: [] });
  let sandbox: CommandSandbox | undefined;
  let spawned;
  try {
    sandbox = await sandboxOf(request.sandbox);
    spawned = await spawnCommand({
      command: request.command,
      cwd: request.cwd,
      env: withoutRelaySecrets(request.env),
      ...(sandbox ? { sandbox, scope: request.scope ?? { cwd: request.cwd, writableRoots: [request.cwd] } } : {}),
      shell: request.shell ?? (process.platform === 'win32' ? undefined : '/bin/sh'),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return failed(sandbox ? `the sandbox could not wrap it: ${message}` : message, sandbox !== undefined);
  }
  const { child, wrapped } = spawned;
  return new Promise<ShortCommandResult>((resolve) => {
    let stdout = '';
    let stderr = '';
    let output = '';
    let timedOut = false;
    let cancelled = false;
    let settled = false;
    const killGroup = () => {
      if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    };
    const timer = request.timeoutMs !== undefined ? setTimeout(() => ((timedOut = true), killGroup()), request.timeoutMs) : undefined;
    const onAbort = () => ((cancelled = true), killGroup());
    request.signal?.addEventListener('abort', onAbort, { once: true });
    if (request.signal?.aborted) onAbort();
    const finish = (exitCode: number | null, spawnError?: string) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      if (spawnError === undefined) killGroup();
      const violations = wrapped ? wrapped.violations(output) : [];
      wrapped?.dispose();
      resolve({ exitCode: timedOut || cancelled ? null : exitCode, stdout, stderr, output, timedOut, cancelled, sandboxed: wrapped !== undefined, violations, ...(spawnError !== undefined ? { spawnError } : {}) });
    };
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout = (stdout + d).slice(-limit);
      output = (output + d).slice(-limit);
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr = (stderr + d).slice(-limit);
      output = (output + d).slice(-limit);
    });
    child.stdin.on('error', () => undefined); // a command that does not read its stdin closes it early: not a failure
    child.on('error', (error) => finish(null, error.message));
    // The shell is done: anything it left running in its group would hold the pipes open, so it goes now.
    child.on('exit', () => killGroup());
    child.on('close', (code) => finish(code));
    child.stdin.end(request.stdin ?? '');
  });
}
