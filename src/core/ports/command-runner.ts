// How tools run shell commands. The host runs them in a VS Code terminal with shell integration, or in a
// child process when shell integration is unavailable; both honour this one contract.
import type { SandboxViolation } from './command-sandbox';

export interface CommandRequest {
  command: string;
  /** Absolute working directory. */
  cwd: string;
  timeoutMs: number;
  env?: Record<string, string>;
  /** The task running it: its writable roots and its own servers bound the OS sandbox. */
  taskId?: string;
  /** `outside`: the user approved running this command outside the OS sandbox. */
  sandbox?: 'outside';
  /** False: run with exactly `env` (the sandbox built it), not the extension host's environment plus `env`. */
  inheritEnv?: boolean;
}

export type CommandTransport = 'shell-integration' | 'child-process';

export interface CommandResult {
  /** undefined when the process was killed or the shell did not report one. */
  exitCode: number | undefined;
  /** Combined output with terminal escape sequences removed. Never silently dropped: see `truncated`. */
  output: string;
  /** Bytes of output that were dropped from the middle to keep memory bounded (head and tail are kept). */
  droppedBytes: number;
  timedOut: boolean;
  cancelled: boolean;
  transport: CommandTransport;
  durationMs: number;
  /** Why the preferred transport was not used, when it was not. */
  fallbackReason?: string;
  /** Set when the command ran in the OS sandbox: what the sandbox refused it (empty when nothing). */
  sandbox?: { violations: readonly SandboxViolation[] };
}

export interface CommandRunner {
  /** Runs the command; `onOutput` receives cleaned output as it arrives. Aborting `signal` kills the process tree. */
  run(request: CommandRequest, signal: AbortSignal, onOutput?: (chunk: string) => void): Promise<CommandResult>;
}
