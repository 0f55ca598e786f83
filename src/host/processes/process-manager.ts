// The task's processes (TaskProcesses): starts commands through the one spawner, keeps each as a
// ManagedProcess, answers the tools, the permission policy and the status bar, enforces the background limit,
// saves records for reaping after a reload, and stops everything on dispose within DISPOSE_DEADLINE_MS.
// Plain Node: the terminal that mirrors each process comes in as a view factory. Beside it: the ports a process
// listens on (process-ports.ts), waits on one process (process-waits.ts), stopping at deactivation
// (process-shutdown.ts), the records (process-records.ts) and the logs (output-log-file.ts).
import { join } from 'node:path';
import type { CommandSandbox } from '../../core/ports/command-sandbox';
import {
  type ProcessChange,
  type ProcessInfo,
  ProcessLimitError,
  type ProcessOutputRead,
  type ProcessStarted,
  type ProcessStartRequest,
  type SettleReason,
  type TaskProcesses,
} from '../../core/ports/processes';
import { commandEnvironment } from '../platform/environment';
import { EarlierProcesses } from './kept-processes';
import { ManagedProcess } from './managed-process';
import { pruneLogs } from './output-log-file';
import { canBridgeSandboxPorts, ProcessPorts } from './process-ports';
import { type ProcessRecordFile, saveWindowRecords } from './process-records';
import { killAllNow, stopForShutdown } from './process-shutdown';
import { processStartTime } from '../platform/process-tree';
import { settleProcess, waitForProcessOutput } from './process-waits';
import { spawnCommand } from './spawn';

export { DISPOSE_DEADLINE_MS } from './process-shutdown';
export const DEFAULT_MAX_BACKGROUND = 8;
const LOG_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface ProcessView {
  /** Reveals the view (the process's terminal), for "Show Output". */
  show?(): void;
  dispose(): void;
}

export interface ProcessManagerOptions {
  /** Where each process's output log goes. */
  logDir: string;
  maxBackground?: () => number;
  /**
   * The OS sandbox commands run in, when the user turned it on and it works here (undefined otherwise). Its
   * network is its own: on Linux the ports a sandboxed server listens on are bridged out to this machine's
   * loopback (sandbox/port-bridge.ts); elsewhere background commands run without it, so their servers can be reached.
   */
  sandbox?: () => CommandSandbox | undefined | Promise<CommandSandbox | undefined>;
  /** The terminal that mirrors a process (VS Code's pseudoterminal); none in plain-Node tests. */
  view?: (process: ManagedProcess) => ProcessView;
  records?: ProcessRecordFile;
  /** Shorter prompt quiet, for tests. */
  promptQuietMs?: { explicit: number; question: number };
  /** How long a server seen listening may take to print its URL (managed-process.ts BANNER_WAIT_MS), for tests. */
  bannerWaitMs?: number;
  log?: (message: string) => void;
}

export class ProcessManager implements TaskProcesses {
  private readonly processes = new Map<string, ManagedProcess>();
  private readonly views = new Map<string, ProcessView>();
  private readonly listeners = new Set<(change: ProcessChange) => void>();
  private readonly ports: ProcessPorts;
  private nextId = 1;
  private disposed = false;
  /** This extension host, so a window still running keeps its processes when another window reaps. */
  private readonly host = { pid: process.pid, startTime: processStartTime(process.pid) };
  /** Processes an earlier session of this window kept running past the reload, at the user's choice. */
  private readonly earlierKept: EarlierProcesses;

  constructor(private readonly options: ProcessManagerOptions) {
    void pruneLogs(options.logDir, LOG_MAX_AGE_MS);
    this.earlierKept = new EarlierProcesses(options.records);
    this.ports = new ProcessPorts((change) => this.fire(change), options.log);
  }

  /** The processes an earlier session of this window kept running (the user chose to): listed, logged, stoppable. */
  earlier(): readonly ProcessInfo[] {
    return this.earlierKept.list();
  }

  /**
   * Keeps a live background process running past a window reload (or stops doing so): deactivation then leaves
   * it running and the next activation lists it instead of stopping it. False for a process that cannot be kept.
   */
  setKeep(id: string, keep: boolean): boolean {
    const p = this.processes.get(id);
    if (!p || !p.live || !p.background || p.sandboxed) return false;
    if (p.keep === keep) return true;
    p.keep = keep;
    this.saveRecords();
    this.fire({ info: this.infoOf(p) });
    this.options.log?.(`process ${id} ${keep ? 'is kept running past a reload' : 'is stopped at a reload again'}`);
    return true;
  }

  list(taskId?: string): readonly ProcessInfo[] {
    return [...this.processes.values()].filter((p) => taskId === undefined || p.taskId === taskId).map((p) => this.infoOf(p));
  }

  get(id: string): ProcessInfo | undefined {
    const p = this.processes.get(id);
    return p && this.infoOf(p);
  }

  /** Resolves once the process has ended (at once for an unknown id). */
  ended(id: string): Promise<void> {
    return this.processes.get(id)?.ended ?? Promise.resolve();
  }

  /** The process itself, for the terminal and tests. */
  process(id: string): ManagedProcess | undefined {
    return this.processes.get(id);
  }

  /** Reveals the process's terminal; false when it has none (plain-Node hosts, or it was closed). */
  showOutput(id: string): boolean {
    const view = this.views.get(id);
    if (!view?.show) return false;
    view.show();
    return true;
  }

  tail(id: string, maxChars: number): string {
    return this.processes.get(id)?.ring.tail(maxChars) ?? '';
  }

  async stop(id: string): Promise<ProcessInfo | undefined> {
    const p = this.processes.get(id);
    if (!p) {
      const earlier = this.earlierKept.list().find((e) => e.id === id);
      if (!earlier) return undefined;
      await this.earlierKept.stop(id);
      const stopped: ProcessInfo = { ...earlier, state: 'stopped', exitCode: null };
      this.fire({ info: stopped });
      return stopped;
    }
    await p.stop();
    return this.infoOf(p);
  }

  async stopAll(taskId?: string): Promise<void> {
    await Promise.all([...this.processes.values()].filter((p) => p.live && (taskId === undefined || p.taskId === taskId)).map((p) => p.stop()));
  }

  /** Forgets a task's ended processes (the task was deleted); live ones are stopped first. */
  async forgetTask(taskId: string): Promise<void> {
    await this.stopAll(taskId);
    for (const p of [...this.processes.values()]) {
      if (p.taskId !== taskId) continue;
      this.processes.delete(p.id);
      this.views.get(p.id)?.dispose();
      this.views.delete(p.id);
    }
  }

  servesLoopbackPort(taskId: string, port: number): boolean {
    return [...this.processes.values()].some((p) => p.taskId === taskId && p.live && this.ports.servesLoopbackPort(p, port));
  }

  onDidChange(listener: (change: ProcessChange) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  async start(request: ProcessStartRequest): Promise<ProcessStarted> {
    if (this.disposed) throw new Error('Relay is shutting down; no new process starts.');
    if (request.background) {
      const same = [...this.processes.values()].find((p) => p.live && p.background && p.taskId === request.taskId && p.command === request.command && p.cwd === request.cwd);
      if (same) return { info: this.infoOf(same), reused: true };
      const limit = this.options.maxBackground?.() ?? DEFAULT_MAX_BACKGROUND;
      if (this.liveBackground() >= limit) throw new ProcessLimitError(limit);
    }
    const readyPattern = request.readyPattern !== undefined ? new RegExp(request.readyPattern) : undefined;
    const id = `p${this.nextId++}`;
    const p = new ManagedProcess({
      id,
      taskId: request.taskId,
      command: request.command,
      cwd: request.cwd,
      background: request.background,
      readyPattern,
      logPath: join(this.options.logDir, `${id}-${Date.now()}.log`),
      promptQuietMs: this.options.promptQuietMs,
      bannerWaitMs: this.options.bannerWaitMs,
    });
    const sandbox = request.outsideSandbox || (request.background && !canBridgeSandboxPorts()) ? undefined : await this.options.sandbox?.();
    const { child, wrapped } = await spawnCommand({
      command: request.command,
      cwd: request.cwd,
      env: commandEnvironment(process.env, request.env),
      sandbox,
      scope: { cwd: request.cwd, writableRoots: request.writableRoots ?? [request.cwd], taskId: request.taskId },
    });
    p.attach(child, wrapped);
    if (wrapped && canBridgeSandboxPorts()) this.ports.bridge(p);
    this.processes.set(id, p);
    p.on((event) => {
      if (event.kind === 'output') return this.fire({ info: this.infoOf(p), output: event.text });
      this.ports.invalidate(p);
      this.fire({ info: this.infoOf(p) });
      this.ports.refreshPorts(p);
    });
    void p.ended.then(() => {
      this.saveRecords();
      if (!p.background) this.closeView(p.id);
    });
    if (this.options.view) this.views.set(id, this.options.view(p));
    this.saveRecords();
    this.options.log?.(`process ${id} (pid ${child.pid ?? '?'}) started for task ${request.taskId}: ${request.command}`);
    this.fire({ info: this.infoOf(p) });
    return { info: this.infoOf(p), reused: false };
  }

  settle(id: string, options: { until: 'ready' | 'end'; timeoutMs: number; signal?: AbortSignal }): Promise<SettleReason> {
    const p = this.processes.get(id);
    if (!p) return Promise.resolve('ended');
    return settleProcess(p, options, () => this.ports.listeningPorts(p));
  }

  read(id: string, filter?: RegExp): ProcessOutputRead | undefined {
    const p = this.processes.get(id);
    if (!p) return undefined;
    const read = p.reader.read(filter, !p.live);
    p.unreported = false;
    return { info: this.infoOf(p), ...read };
  }

  waitForOutput(id: string, timeoutMs: number, signal?: AbortSignal, filter?: RegExp): Promise<boolean> {
    const p = this.processes.get(id);
    if (!p) return Promise.resolve(false);
    return waitForProcessOutput(p, timeoutMs, signal, filter);
  }

  sendInput(id: string, text: string): boolean {
    return this.processes.get(id)?.write(text) ?? false;
  }

  moveToBackground(id: string): void {
    const p = this.processes.get(id);
    if (!p || p.background) return;
    p.background = true;
    this.fire({ info: this.infoOf(p) });
  }

  takeNotices(taskId: string): readonly ProcessInfo[] {
    const out: ProcessInfo[] = [];
    for (const p of this.processes.values()) {
      if (p.taskId !== taskId || !p.unreported || !p.background) continue;
      p.unreported = false;
      out.push(this.infoOf(p));
    }
    return out;
  }

  /** Live background processes in this window (the limit counts these). */
  liveBackground(): number {
    return [...this.processes.values()].filter((p) => p.live && p.background).length;
  }

  /**
   * Deactivation: terminate every group, kill what is left before the deadline, keep records of survivors. A
   * process the user chose to keep is handed off instead (kept-processes.ts) and left running.
   */
  async dispose(): Promise<void> {
    this.disposed = true;
    await stopForShutdown(this.processes.values(), this.options.log);
    this.saveRecords();
    for (const view of this.views.values()) view.dispose();
    this.views.clear();
  }

  /**
   * The last resort when disposal cannot wait: kill every live group now, except the ones the user chose to keep
   * (handed off here if dispose did not already; one handed off is no longer Relay's to signal).
   */
  killAll(): void {
    this.disposed = true;
    killAllNow(this.processes.values());
    for (const view of this.views.values()) view.dispose();
    this.views.clear();
  }

  private closeView(id: string): void {
    this.views.get(id)?.dispose();
    this.views.delete(id);
  }

  private infoOf(p: ManagedProcess): ProcessInfo {
    return this.ports.infoOf(p);
  }

  private saveRecords(): void {
    if (this.options.records) saveWindowRecords(this.options.records, this.earlierKept.recordsToKeep(), this.processes.values(), this.host);
  }

  private fire(change: ProcessChange): void {
    for (const listener of [...this.listeners]) listener(change);
  }
}
