// The processes a task started and keeps running (dev servers, watchers): what the tools, the permission
// policy (a task may reach its own server), the status bar and the cards need of the host's process manager.

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
}
