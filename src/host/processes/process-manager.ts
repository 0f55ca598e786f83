// The task's processes (TaskProcesses): starts commands through the one spawner, keeps each as a
// ManagedProcess, answers the tools, the permission policy and the status bar, enforces the background limit,
// saves records for reaping after a reload, and stops everything on dispose within DISPOSE_DEADLINE_MS.
// Plain Node: the terminal that mirrors each process comes in as a view factory.
import { readdir, rm, stat } from 'node:fs/promises';
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
import { servesLoopback } from '../../core/processes/proc-net';
import { commandEnvironment } from './environment';
import { canReadListeningPorts, groupMembers, listeningSockets } from './listening-ports';
import { EarlierProcesses } from './kept-processes';
import { ManagedProcess } from './managed-process';
import { type ProcessRecord, type ProcessRecordFile, stillRunning } from './process-records';
import { processStartTime } from './process-tree';
import { spawnCommand } from './spawn';
import { SandboxPortBridges } from '../sandbox/port-bridge';

/** Where a sandboxed server's ports can be carried out of its network (Linux: nsenter and /proc). */
function canBridgeSandboxPorts(): boolean {
  return process.platform === 'linux';
}

export const DEFAULT_MAX_BACKGROUND = 8;
/** Deactivation must have stopped everything within 3 s; this leaves room for VS Code's own shutdown. */
export const DISPOSE_DEADLINE_MS = 2_500;
/** How often a starting process's listening sockets are looked at while a call waits for it to be ready. */
const PORT_POLL_MS = 200;
const LOG_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Listening sockets are read at most this often per process for list() and the status. */
const PORT_CACHE_MS = 500;

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
  log?: (message: string) => void;
}

export class ProcessManager implements TaskProcesses {
  private readonly processes = new Map<string, ManagedProcess>();
  private readonly views = new Map<string, ProcessView>();
  private readonly listeners = new Set<(change: ProcessChange) => void>();
  private readonly portCache = new Map<string, { at: number; ports: number[]; valid: boolean }>();
  private readonly refreshing = new Set<string>();
  /** The ports of sandboxed processes bridged out to this machine's loopback, by process id. */
  private readonly bridges = new Map<string, SandboxPortBridges>();
  private nextId = 1;
  private disposed = false;
  /** This extension host, so a window still running keeps its processes when another window reaps. */
  private readonly host = { pid: process.pid, startTime: processStartTime(process.pid) };
  /** Processes an earlier session of this window kept running past the reload, at the user's choice. */
  private readonly earlierKept: EarlierProcesses;

  constructor(private readonly options: ProcessManagerOptions) {
    void pruneLogs(options.logDir, LOG_MAX_AGE_MS);
    this.earlierKept = new EarlierProcesses(options.records);
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
    // A permission decision: the kernel's answer now, not a cached one.
    // A sandboxed process's sockets are in the sandbox's network namespace: only its bridged ports are its own here.
    return [...this.processes.values()].some((p) => p.taskId === taskId && p.live && (canReadListeningPorts() ? this.listeningPorts(p) : p.sandboxed ? [] : p.ownPorts).includes(port));
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
    if (wrapped && canBridgeSandboxPorts()) {
      const bridges = new SandboxPortBridges(this.options.log);
      this.bridges.set(id, bridges);
      p.readyWhenReachable = true;
      void p.ended.then(() => {
        bridges.dispose();
        this.bridges.delete(id);
      });
    }
    this.processes.set(id, p);
    p.on((event) => {
      if (event.kind === 'output') return this.fire({ info: this.infoOf(p), output: event.text });
      const cached = this.portCache.get(p.id);
      if (cached) cached.valid = false; // a state change (ready, ended) is when the sockets change
      this.fire({ info: this.infoOf(p) });
      this.refreshPorts(p);
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
    return new Promise<SettleReason>((resolve) => {
      let poll: NodeJS.Timeout | undefined;
      const check = (): SettleReason | undefined => {
        if (!p.live) return 'ended';
        if (p.lifecycle.state === 'waiting-for-input') return 'waiting-for-input';
        if (options.until === 'ready' && p.lifecycle.state === 'ready') return 'ready';
        return undefined;
      };
      const done = (reason: SettleReason) => {
        clearTimeout(timer);
        if (poll) clearInterval(poll);
        sub.dispose();
        options.signal?.removeEventListener('abort', onAbort);
        if (reason !== 'timeout' && reason !== 'cancelled') p.unreported = false; // the caller tells the model
        resolve(reason);
      };
      const onAbort = () => done('cancelled');
      const sub = p.on((event) => {
        if (event.kind !== 'state') return;
        const reason = check();
        if (reason) done(reason);
      });
      const timer = setTimeout(() => done('timeout'), options.timeoutMs);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const now = check();
      if (now) return done(now);
      if (options.signal?.aborted) return done('cancelled');
      if (options.until === 'ready' && canReadListeningPorts()) {
        poll = setInterval(() => {
          if (this.listeningPorts(p).length > 0) p.markReady();
        }, PORT_POLL_MS);
      }
    });
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
    if (p.reader.hasUnreadFor(filter, !p.live) || !p.live) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (value: boolean) => {
        clearTimeout(timer);
        sub.dispose();
        signal?.removeEventListener('abort', onAbort);
        resolve(value);
      };
      const onAbort = () => done(false);
      const sub = p.on((event) => {
        if ((event.kind === 'output' && event.text !== '') || !p.live) done(true);
      });
      const timer = setTimeout(() => done(false), timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
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
    for (const p of this.processes.values()) if (p.keep && p.live && p.handOff()) this.options.log?.(`process ${p.id} (pid ${p.pid}) kept running past the reload`);
    const live = [...this.processes.values()].filter((p) => p.live && !p.released);
    for (const p of live) p.stopRequested = true;
    for (const p of live) if (p.pid !== undefined) processSignal(p.pid, 'SIGTERM');
    const deadline = new Promise((resolve) => setTimeout(resolve, DISPOSE_DEADLINE_MS / 2));
    await Promise.race([Promise.all(live.map((p) => p.ended)), deadline]);
    for (const p of live) if (p.live) p.kill();
    await Promise.race([Promise.all(live.map((p) => p.ended)), new Promise((resolve) => setTimeout(resolve, DISPOSE_DEADLINE_MS / 2))]);
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
    for (const p of this.processes.values()) {
      if (!p.live || p.released || (p.keep && p.handOff())) continue;
      p.kill();
    }
    for (const view of this.views.values()) view.dispose();
    this.views.clear();
  }

  private closeView(id: string): void {
    this.views.get(id)?.dispose();
    this.views.delete(id);
  }

  /**
   * The process as the port describes it. Its listening ports are the last ones read from the kernel (reading
   * /proc takes milliseconds on a busy machine: never on the path from a URL to the call's return); a stale
   * reading is refreshed in the background and reported as a change. Without a reading yet, the printed ports.
   */
  private infoOf(p: ManagedProcess): ProcessInfo {
    if (!p.live) return p.info([]);
    if (!canReadListeningPorts()) return p.info(p.sandboxed ? [] : p.ownPorts);
    const cached = this.portCache.get(p.id);
    if (!cached || !cached.valid || Date.now() - cached.at >= PORT_CACHE_MS) this.refreshPorts(p);
    // Until the kernel is asked again after a change, what it said last and what the process printed since.
    return p.info(cached?.valid ? cached.ports : [...new Set([...(cached?.ports ?? []), ...p.ownPorts])]);
  }

  private refreshPorts(p: ManagedProcess): void {
    if (!canReadListeningPorts() || this.refreshing.has(p.id)) return;
    this.refreshing.add(p.id);
    setTimeout(() => {
      this.refreshing.delete(p.id);
      if (!p.live) return;
      const before = this.portCache.get(p.id)?.ports.join(',');
      const after = this.listeningPorts(p).join(',');
      if (before !== after) this.fire({ info: p.info(this.portCache.get(p.id)!.ports) });
    }, 0).unref?.();
  }

  /** The loopback ports the group listens on now, read from the kernel (and cached). */
  private listeningPorts(p: ManagedProcess): number[] {
    const pid = p.pid;
    if (p.sandboxed) {
      const bridges = this.bridges.get(p.id);
      const ports = bridges?.ports ?? [];
      this.portCache.set(p.id, { at: Date.now(), ports, valid: true });
      // The sandbox's sockets are looked at now; a port opened or closed is bridged and reported when it is done.
      if (bridges && pid !== undefined && p.live) {
        void bridges.sync(pid).then((changed) => {
          if (!changed || !p.live) return;
          this.portCache.set(p.id, { at: Date.now(), ports: bridges.ports, valid: true });
          if (bridges.ports.length > 0) p.markReady();
          this.fire({ info: p.info(bridges.ports) });
        });
      }
      return ports;
    }
    const sockets = pid === undefined ? [] : (listeningSockets(groupMembers(pid)) ?? []);
    const ports = [...new Set(sockets.filter((s) => servesLoopback(s.address)).map((s) => s.port))];
    this.portCache.set(p.id, { at: Date.now(), ports, valid: true });
    return ports;
  }

  private saveRecords(): void {
    if (!this.options.records) return;
    // Records of other windows' processes, or ones an earlier session kept across a reload, stay while they run.
    const records: ProcessRecord[] = this.options.records.load().filter((r) => r.host?.pid !== process.pid && stillRunning(r));
    for (const r of this.earlierKept.recordsToKeep()) if (!records.some((o) => o.pid === r.pid && o.startTime === r.startTime)) records.push(r);
    for (const p of this.processes.values()) {
      if (p.pid === undefined || !(p.live || p.groupAlive())) continue;
      const info = p.info();
      records.push({
        id: p.id,
        taskId: p.taskId,
        pid: p.pid,
        pgid: p.pid,
        startTime: processStartTime(p.pid),
        command: p.command,
        cwd: p.cwd,
        host: this.host,
        startedAt: p.startedAt,
        ...(p.keep ? { keep: true, logPath: p.log.path, urls: [...info.urls] } : {}),
      });
    }
    this.options.records.save(records);
  }

  private fire(change: ProcessChange): void {
    for (const listener of [...this.listeners]) listener(change);
  }
}

/** Logs of processes from earlier sessions go after a week (a log path a result named may still be read a while). */
async function pruneLogs(dir: string, maxAgeMs: number): Promise<void> {
  try {
    const cutoff = Date.now() - maxAgeMs;
    for (const name of await readdir(dir)) {
      if (!name.endsWith('.log')) continue;
      const path = join(dir, name);
      if ((await stat(path)).mtimeMs < cutoff) await rm(path, { force: true });
    }
  } catch {
    // no log folder yet
  }
}

function processSignal(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // gone
  }
}
