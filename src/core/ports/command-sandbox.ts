// Running a command inside an operating-system sandbox (writes confined, credentials unreadable, network
// limited). Every place that spawns a command a model or a repository chose asks this port to wrap it.

export interface SandboxScope {
  /** Absolute working directory of the command. */
  cwd: string;
  /** The task's workspace (or its worktree): the folders writes are confined to, besides temp and caches. */
  writableRoots: readonly string[];
  /** The task, for loopback access to its own servers. */
  taskId?: string;
}

export interface SandboxViolation {
  /** `restored`: the audit after the command found git's control data (or a file that runs code) changed and put it back. */
  kind: 'write' | 'read' | 'network' | 'restored' | 'other';
  /** The path or host the command was refused. */
  target: string;
  /** The line the sandbox reported, for people; for `restored`, what the command did (`changed`, `removed`, `created`). */
  detail: string;
  /** For `restored`: false when it could not be put back. */
  putBack?: boolean;
}

export interface WrappedCommand {
  /** The shell command line to run instead of the original. */
  command: string;
  /** Environment to run it with (credentials for Relay itself already removed). */
  env: Record<string, string>;
  /**
   * What the sandbox refused while the command ran; call after it ended. With the command's output, refusals that
   * only its error messages show (a write to a read-only folder, a denied credential that reads as missing) count too.
   */
  violations(output?: string): readonly SandboxViolation[];
  /** The spawner tells the process group the wrapped line runs in, once it started. */
  started?(pid: number): void;
  /** Releases what the wrapping holds (temporary files, proxy routes). */
  dispose(): void;
}

export interface CommandSandbox {
  /** Whether commands can run sandboxed here; when false, `unavailableReason` says why and how to enable it. */
  readonly available: boolean;
  readonly unavailableReason?: string;
  wrap(command: string, env: Record<string, string>, scope: SandboxScope): Promise<WrappedCommand>;
}
