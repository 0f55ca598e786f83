// One command Relay started: its child process (a shell leading its own process group), its cleaned output in
// a ring with the model's read cursor, the full log on disk, the URLs it printed, whether its last line is a
// question, and its lifecycle. Plain Node: the terminal that mirrors it is attached from outside.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { isLive, ProcessLifecycle } from '../../core/processes/lifecycle';
import { OutputReader } from '../../core/processes/output-reader';
import { OutputRing } from '../../core/processes/output-ring';
import { PROMPT_QUIET_MS, pendingPrompt } from '../../core/processes/prompt-detection';
import { findLocalUrls, findPorts } from '../../core/processes/url-detection';
import type { ProcessInfo } from '../../core/ports/processes';
import type { SandboxViolation, WrappedCommand } from '../../core/ports/command-sandbox';
import { AnsiStripper } from '../../core/text/ansi';
import { startDrain } from './kept-processes';
import { OutputLogFile } from './output-log-file';
import { descendantsOf, processStartTime } from '../platform/process-tree';
import { groupAlive, signalGroup } from './spawn';

/** Interrupt, then terminate, then kill: how long each step waits for the group to go. */
export const STOP_STEPS_MS = { interrupt: 1_000, terminate: 1_500 } as const;
/** After the shell exits, how long its pipes may stay open (a leftover holding them) before the rest is killed. */
const CLOSE_GRACE_MS = 500;
/** How much of the end of a sandboxed command's output is searched for refusals only its error messages show. */
const VIOLATION_OUTPUT_CHARS = 64 * 1024;
/**
 * A server listens a moment before it prints where (Vite prints its banner from the listen callback, and the pipe
 * is read later on a busy machine): seen listening with no URL printed yet, it is called ready once it prints one,
 * or after this long without one (then its ports are all there is to say).
 */
export const BANNER_WAIT_MS = 2_000;

export interface ManagedProcessOptions {
  id: string;
  taskId: string;
  command: string;
  cwd: string;
  background: boolean;
  readyPattern?: RegExp;
  logPath: string;
  ringLimit?: number;
  /** Counts prompts with a shorter quiet, for tests. */
  promptQuietMs?: { explicit: number; question: number };
  /** How long a listening server may take to print its URL before it is called ready without one. */
  bannerWaitMs?: number;
}

export type ProcessEvent = { kind: 'output'; text: string; raw: string } | { kind: 'state' };

export class ManagedProcess {
  readonly id: string;
  readonly taskId: string;
  readonly command: string;
  readonly cwd: string;
  readonly startedAt = Date.now();
  readonly lifecycle = new ProcessLifecycle();
  readonly ring: OutputRing;
  readonly reader: OutputReader;
  readonly log: OutputLogFile;
  background: boolean;
  lastOutputAt: number | undefined;
  exitCode: number | null | undefined;
  exitSignal: string | undefined;
  /** Set when the model or the user asked it to stop (so an exit then reads "stopped"). */
  stopRequested = false;
  /** An ended change the model has not been told about yet. */
  unreported = false;
  /** The user chose to keep it running past a window reload. */
  keep = false;
  /** Let go at deactivation (kept): its pipes went to a drain, and nothing here watches or signals it any more. */
  private handedOff = false;
  private readonly urls: string[] = [];
  private readonly printedPorts: number[] = [];
  private readonly stripper = new AnsiStripper();
  private readonly readyPattern: RegExp | undefined;
  private readonly quiet: { explicit: number; question: number };
  private carry = '';
  private promptTimer: NodeJS.Timeout | undefined;
  /** Seen listening, waiting (at most bannerWaitMs) for the URL it is about to print. */
  private bannerTimer: NodeJS.Timeout | undefined;
  private readonly bannerWaitMs: number;
  private child: ChildProcessWithoutNullStreams | undefined;
  private wrapped: WrappedCommand | undefined;
  /** What the sandbox refused, read once the process ended (before its wrapping is released). */
  private violations: readonly SandboxViolation[] = [];
  private readonly listeners = new Set<(event: ProcessEvent) => void>();
  private endedPromise: Promise<void>;
  private resolveEnded!: () => void;
  private stopping: Promise<void> | undefined;

  constructor(options: ManagedProcessOptions) {
    this.id = options.id;
    this.taskId = options.taskId;
    this.command = options.command;
    this.cwd = options.cwd;
    this.background = options.background;
    this.readyPattern = options.readyPattern;
    this.quiet = options.promptQuietMs ?? PROMPT_QUIET_MS;
    this.bannerWaitMs = options.bannerWaitMs ?? BANNER_WAIT_MS;
    this.ring = new OutputRing(options.ringLimit);
    this.reader = new OutputReader(this.ring);
    this.log = new OutputLogFile(options.logPath);
    this.endedPromise = new Promise((resolve) => (this.resolveEnded = resolve));
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get live(): boolean {
    return isLive(this.lifecycle.state);
  }

  /** Resolves once the process has ended and its output is complete. */
  get ended(): Promise<void> {
    return this.endedPromise;
  }

  on(listener: (event: ProcessEvent) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  info(ports: readonly number[] = this.printedPorts): ProcessInfo {
    return {
      id: this.id,
      taskId: this.taskId,
      command: this.command,
      cwd: this.cwd,
      state: this.lifecycle.state,
      ...(this.live ? {} : { exitCode: this.exitCode ?? null }),
      ...(this.exitSignal ? { exitSignal: this.exitSignal } : {}),
      ...(this.lifecycle.prompt !== undefined ? { prompt: this.lifecycle.prompt } : {}),
      // A sandboxed process listens inside the sandbox's own network: only the ports bridged out of it (the
      // manager's `ports`) are reachable from here, and only the URLs on them.
      urls: this.wrapped ? this.urls.filter((url) => ports.includes(urlPort(url))) : [...this.urls],
      ports: [...ports],
      startedAt: this.startedAt,
      ...(this.lastOutputAt !== undefined ? { lastOutputAt: this.lastOutputAt } : {}),
      logPath: this.log.path,
      background: this.background,
      ...(this.wrapped ? { sandbox: { violations: this.violations } } : {}),
      ...(this.keep ? { keep: true } : {}),
    };
  }

  /** Set by the manager where a sandboxed server's ports are bridged out: printing a URL does not make it ready. */
  readyWhenReachable = false;

  /** Whether it runs in the OS sandbox (whose network is its own: servers in it cannot be reached from outside). */
  get sandboxed(): boolean {
    return this.wrapped !== undefined;
  }

  /** The ports it printed (the OS's view, where there is one, is the manager's). */
  get ownPorts(): readonly number[] {
    return this.printedPorts;
  }

  attach(child: ChildProcessWithoutNullStreams, wrapped?: WrappedCommand): void {
    this.child = child;
    this.wrapped = wrapped;
    child.stdout.setEncoding('utf8').on('data', (d: string) => this.output(d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => this.output(d));
    child.stdin.on('error', () => undefined); // a closed stdin is reported by sendInput, not thrown
    let exited = false;
    child.on('error', (error) => {
      this.output(`\n[failed to start: ${error.message}]\n`);
      if (!exited) this.finish(null, undefined);
    });
    child.on('exit', (code, signal) => {
      if (this.handedOff) return;
      exited = true;
      this.exitCode = code;
      this.exitSignal = signal ?? undefined;
      // Leftovers of the group holding the pipes open would keep `close` away: give them a moment, then kill them.
      setTimeout(() => {
        if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
      }, CLOSE_GRACE_MS).unref();
    });
    child.on('close', (code, signal) => !this.handedOff && this.finish(this.exitCode ?? code, this.exitSignal ?? signal ?? undefined));
  }

  /** Input for the process, as typed or sent; false when its input is closed. */
  write(text: string): boolean {
    const stdin = this.child?.stdin;
    if (!this.live || !stdin || stdin.destroyed || !stdin.writable) return false;
    stdin.write(text);
    if (this.lifecycle.resumed()) this.emit({ kind: 'state' });
    return true;
  }

  /** Interrupt, then terminate, then kill the whole group (and any descendant that left it). */
  stop(): Promise<void> {
    if (!this.live) return this.ended;
    this.stopRequested = true;
    this.stopping ??= (async () => {
      const pid = this.pid;
      if (pid === undefined) return;
      const family = descendantsWithStart(pid);
      for (const [signal, waitMs] of [['SIGINT', STOP_STEPS_MS.interrupt], ['SIGTERM', STOP_STEPS_MS.terminate]] as const) {
        if (!signalGroup(pid, signal)) break;
        if (await this.endsWithin(waitMs)) break;
      }
      signalGroup(pid, 'SIGKILL');
      // A descendant that left the group (setsid) is still ours: the same pid with the same start time.
      for (const { pid: descendant, start } of family) {
        if (start !== undefined && processStartTime(descendant) === start) {
          try {
            process.kill(descendant, 'SIGKILL');
          } catch {
            // gone already
          }
        }
      }
      await this.endsWithin(2_000);
    })();
    return this.stopping.then(() => this.ended);
  }

  /** Kill at once (deactivation). */
  kill(): void {
    this.stopRequested = true;
    if (this.pid !== undefined) signalGroup(this.pid, 'SIGKILL');
  }

  /**
   * Deactivation of a kept process: its output and input go to a drain (kept-processes.ts) and Relay lets go of
   * it, so it outlives the extension host. False (and nothing changed) where that cannot be done.
   */
  handOff(): boolean {
    const child = this.child;
    if (!child || !this.live || this.wrapped || this.handedOff) return false;
    void this.log.close();
    if (startDrain(child, this.log) === undefined) return false;
    this.handedOff = true;
    if (this.promptTimer) clearTimeout(this.promptTimer);
    this.clearBannerWait();
    for (const stream of [child.stdout, child.stderr, child.stdin]) {
      stream.removeAllListeners('data');
      stream.on('error', () => undefined);
      stream.destroy();
    }
    child.unref();
    return true;
  }

  /** Whether it was let go at deactivation (kept past the reload). */
  get released(): boolean {
    return this.handedOff;
  }

  groupAlive(): boolean {
    return this.pid !== undefined && groupAlive(this.pid);
  }

  private endsWithin(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void this.ended.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private output(raw: string): void {
    const text = this.stripper.push(raw);
    this.lastOutputAt = Date.now();
    if (text) {
      this.ring.append(text);
      this.log.append(text);
    }
    const changed = this.scan(text) || (text.trim() !== '' && this.lifecycle.resumed());
    this.emit({ kind: 'output', text, raw });
    if (changed) this.emit({ kind: 'state' });
    this.watchForPrompt();
  }

  /** URLs, ports and the ready pattern, on complete lines. Returns whether the state changed. */
  private scan(text: string): boolean {
    const all = this.carry + text;
    const cut = all.lastIndexOf('\n') + 1;
    this.carry = all.slice(cut).slice(-4096);
    const lines = all.slice(0, cut);
    if (!lines) return false;
    let found = false;
    let urlFound = false;
    for (const url of findLocalUrls(lines)) {
      if (!this.urls.includes(url)) {
        this.urls.push(url);
        found = urlFound = true;
      }
    }
    for (const port of findPorts(lines)) {
      if (!this.printedPorts.includes(port)) {
        this.printedPorts.push(port);
        found = true;
      }
    }
    const pattern = this.readyPattern;
    const patternFound = pattern !== undefined && lines.split('\n').some((line) => ((pattern.lastIndex = 0), pattern.test(line)));
    if (patternFound) found = true;
    // Seen listening (reachable, for a sandboxed one) and waiting for its URL: this is it.
    const listenedFirst = urlFound && this.bannerTimer !== undefined;
    // A sandboxed server is ready once it can be reached from here (the manager's bridge), not when it says so.
    if (!found || (this.wrapped && this.readyWhenReachable && !patternFound && !listenedFirst)) return false;
    this.clearBannerWait();
    return this.lifecycle.ready();
  }

  /**
   * Marks the process ready from outside (a listening socket seen by the manager). A server that has printed no
   * URL yet is about to (the socket is open before the banner is written): it becomes ready with its URL when it
   * prints one, or without after bannerWaitMs, so that `ready` never comes with `urls: []` for a server that
   * names its URL.
   */
  markReady(): void {
    if (!this.live || this.lifecycle.state === 'ready' || this.bannerTimer !== undefined) return;
    if (this.urls.length > 0 || this.bannerWaitMs <= 0) {
      if (this.lifecycle.ready()) this.emit({ kind: 'state' });
      return;
    }
    this.bannerTimer = setTimeout(() => {
      this.bannerTimer = undefined;
      if (this.live && this.lifecycle.ready()) this.emit({ kind: 'state' });
    }, this.bannerWaitMs);
    this.bannerTimer.unref?.();
  }

  private clearBannerWait(): void {
    if (this.bannerTimer) clearTimeout(this.bannerTimer);
    this.bannerTimer = undefined;
  }

  private watchForPrompt(): void {
    if (this.promptTimer) clearTimeout(this.promptTimer);
    this.promptTimer = undefined;
    if (!this.live) return;
    const prompt = pendingPrompt(this.ring.tail(2048));
    if (!prompt) return;
    const { line, kind } = prompt;
    // A server that is up prints log lines ending in ':' now and then; only explicit questions count for it.
    if (kind === 'question' && this.lifecycle.wasReady) return;
    const at = this.ring.end;
    this.promptTimer = setTimeout(() => {
      this.promptTimer = undefined;
      if (this.ring.end !== at || !this.live) return;
      if (this.lifecycle.waitingForInput(line)) {
        this.unreported = true;
        this.emit({ kind: 'state' });
      }
    }, kind === 'explicit' ? this.quiet.explicit : this.quiet.question);
    this.promptTimer.unref?.();
  }

  private finish(code: number | null, signal: string | undefined): void {
    if (!this.live) return;
    const rest = this.stripper.flush();
    if (rest) {
      this.ring.append(rest);
      this.log.append(rest);
      this.emit({ kind: 'output', text: rest, raw: '' });
    }
    if (this.carry) {
      this.carry += '\n';
      this.scan('');
    }
    if (this.promptTimer) clearTimeout(this.promptTimer);
    this.clearBannerWait();
    this.exitCode = code;
    this.exitSignal = signal;
    this.lifecycle.ended(this.stopRequested ? 'stop' : 'exit');
    this.unreported = !this.stopRequested;
    if (this.pid !== undefined) signalGroup(this.pid, 'SIGKILL'); // orphans left in the group
    if (this.wrapped) {
      this.violations = this.wrapped.violations(this.ring.tail(VIOLATION_OUTPUT_CHARS));
      this.wrapped.dispose();
    }
    void this.log.close();
    this.emit({ kind: 'state' });
    this.resolveEnded();
  }

  private emit(event: ProcessEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}

function descendantsWithStart(pid: number): { pid: number; start: string | undefined }[] {
  try {
    return descendantsOf(pid).map((d) => ({ pid: d, start: processStartTime(d) }));
  } catch {
    return [];
  }
}

function urlPort(url: string): number {
  try {
    const u = new URL(url);
    return Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  } catch {
    return -1;
  }
}
