// The processes a task started and keeps running (dev servers, watchers): what the tools, the permission
// policy (a task may reach its own server), the status bar and the cards need of the host's process manager.
import type { SandboxViolation } from './command-sandbox';

export type ProcessState = 'starting' | 'ready' | 'waiting-for-input' | 'exited' | 'stopped';

export interface ProcessInfo {
  /** Short id the model uses (`p1`, `p2`, …), unique in the window. */
  id: string;
  taskId: string;
  /** The command line as the model wrote it. */
  command: string;
  /** Absolute working directory. */
  cwd: string;
  state: ProcessState;
  /** Set once exited (null when ended by a signal). */
  exitCode?: number | null;
  /** The line that looks like a question, while `state` is `waiting-for-input`. */
  prompt?: string;
  /** Local URLs the process printed (`http://localhost:5173/`), in order of appearance. */
  urls: readonly string[];
  /** Loopback ports its process group listens on (or printed, where the OS does not tell). */
  ports: readonly number[];
  /** Epoch ms. */
  startedAt: number;
  /** Epoch ms of the last output, if any. */
  lastOutputAt?: number;
  /** Path of the full output log on disk. */
  logPath?: string;
  /** Started with `background: true`, or moved there when its foreground call ended first. */
  background: boolean;
  /** The signal that ended it, when one did. */
  exitSignal?: string;
  /** The user chose to keep it running past a window reload (deactivation leaves it running). */
  keep?: boolean;
  /** Kept running by an earlier session of this window: this one can show its log and stop it, nothing more. */
  earlier?: boolean;
  /**
   * Set when it runs in the OS sandbox: what the sandbox refused it (filled once it ended). Its network is the
   * sandbox's own, so its urls and ports are left empty: nothing outside can reach them.
   */
  sandbox?: { violations: readonly SandboxViolation[] };
}

export interface ProcessStartRequest {
  taskId: string;
  /** The command line as the model wrote it. */
  command: string;
  /** Absolute working directory. */
  cwd: string;
  background: boolean;
  /** A regular expression (source) whose match in the output marks the process ready. */
  readyPattern?: string;
  /** Folders the sandbox lets the command write to (the workspace); the cwd when left out. */
  writableRoots?: readonly string[];
  /** The user approved running it outside the OS sandbox. Background commands never run in it. */
  outsideSandbox?: boolean;
  /** Variables added to the command's environment (a parallel task's RELAY_PORT, RELAY_WORKTREE, RELAY_REPO). */
  env?: Readonly<Record<string, string>>;
}

export interface ProcessStarted {
  info: ProcessInfo;
  /** The same command in the same folder was already running for this task: that one is returned. */
  reused: boolean;
}

/** Why `settle` returned. */
export type SettleReason = 'ready' | 'waiting-for-input' | 'ended' | 'timeout' | 'cancelled';

export interface ProcessOutputRead {
  info: ProcessInfo;
  text: string;
  /** Characters that left memory before they were read; the log at `info.logPath` has them. */
  dropped: number;
  /** With `dropped`: how the unread output began (it comes before the dropped part, `text` after it). */
  head?: string;
  /** For a filtered read: how many lines matched, and how many lines stay unread (matching or not). */
  matchedLines?: number;
  unreadLines?: number;
}

/** Thrown by `start` when the workspace already runs the most background processes allowed. */
export class ProcessLimitError extends Error {
  constructor(readonly limit: number) {
    super(`At most ${limit} background processes may run at once in this workspace.`);
  }
}

export interface ProcessChange {
  info: ProcessInfo;
  /** Cleaned output that arrived with this change, for live tails. */
  output?: string;
}

export interface TaskProcesses {
  list(taskId?: string): readonly ProcessInfo[];
  get(id: string): ProcessInfo | undefined;
  /** The last `maxChars` of a process's cleaned output. */
  tail(id: string, maxChars: number): string;
  /** Interrupt, then terminate, then kill the whole process group; resolves with the final state. */
  stop(id: string): Promise<ProcessInfo | undefined>;
  stopAll(taskId?: string): Promise<void>;
  /** Whether a process this task started, still running, serves this loopback port. */
  servesLoopbackPort(taskId: string, port: number): boolean;
  onDidChange(listener: (change: ProcessChange) => void): { dispose(): void };
  /** Starts a command (or returns the task's running one with the same command and folder, when in the background). */
  start(request: ProcessStartRequest): Promise<ProcessStarted>;
  /**
   * Waits until the process ends, waits for input, or (with `until: 'ready'`) becomes ready, or `timeoutMs` passes,
   * or `signal` aborts.
   */
  settle(id: string, options: { until: 'ready' | 'end'; timeoutMs: number; signal?: AbortSignal }): Promise<SettleReason>;
  /** Output since the model's last read (see OutputReader); undefined for an unknown id. */
  read(id: string, filter?: RegExp): ProcessOutputRead | undefined;
  /**
   * Resolves true once there is output a read (with `filter`, or a plain one) has not passed, or the process has
   * ended; false after `timeoutMs` or on abort.
   */
  waitForOutput(id: string, timeoutMs: number, signal?: AbortSignal, filter?: RegExp): Promise<boolean>;
  /** Writes `text` to the process's standard input; false when it has ended or its input is closed. */
  sendInput(id: string, text: string): boolean;
  /** A foreground process whose call ended first goes on in the background (it counts toward the limit from then on). */
  moveToBackground(id: string): void;
  /** Changes since the task's last call that its model should hear about: exits, crashes, questions. */
  takeNotices(taskId: string): readonly ProcessInfo[];
}
