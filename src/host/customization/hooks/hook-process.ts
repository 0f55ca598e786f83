// Runs one hook's command: a shell in its own process group, the event on stdin, output captured up to a limit.
// On timeout or cancellation the whole group is killed (a hook's children go with it). A repository hook goes
// through the OS sandbox when one is available (CommandSandbox port), as any command a repository chose does.
import { spawn } from 'node:child_process';
import { isAbsolute, join } from 'node:path';
import type { HookProcessRunner } from '../../../core/customization/hooks/runner';
import type { HookDefinition, HookProcessResult } from '../../../core/customization/hooks/types';
import type { CommandSandbox } from '../../../core/ports/command-sandbox';

/** Output kept per stream; a hook's answer is small, a runaway one must not fill memory. */
const OUTPUT_LIMIT = 1024 * 1024;

export interface HookProcessOptions {
  /** The first workspace folder: default working directory, `CLAUDE_PROJECT_DIR`. */
  workspaceRoot: () => string | undefined;
  sandbox?: CommandSandbox;
  taskId?: () => string | undefined;
}

export class SpawnedHookProcesses implements HookProcessRunner {
  constructor(private readonly options: HookProcessOptions) {}

  async run(hook: HookDefinition, stdin: string, signal: AbortSignal): Promise<HookProcessResult> {
    const root = this.options.workspaceRoot();
    const cwd = hook.cwd ? (isAbsolute(hook.cwd) || !root ? hook.cwd : join(root, hook.cwd)) : (root ?? process.cwd());
    let env: Record<string, string> = {
      ...stringEnv(process.env),
      ...(root ? { CLAUDE_PROJECT_DIR: root, RELAY_PROJECT_DIR: root } : {}),
      ...hook.env,
    };
    let command = hook.command;
    let release = () => {};
    const sandbox = this.options.sandbox;
    if (hook.origin === 'workspace' && sandbox?.available) {
      try {
        const taskId = this.options.taskId?.();
        const wrapped = await sandbox.wrap(command, env, { cwd, writableRoots: root ? [root] : [], ...(taskId ? { taskId } : {}) });
        command = wrapped.command;
        env = wrapped.env;
        release = () => wrapped.dispose();
      } catch (error) {
        return { exitCode: null, stdout: '', stderr: '', timedOut: false, spawnError: `the sandbox could not wrap it: ${error instanceof Error ? error.message : String(error)}` };
      }
    }
    try {
      return await runShell(command, { cwd, env, stdin, timeoutMs: hook.timeoutMs, signal });
    } finally {
      release();
    }
  }
}

interface ShellRun {
  cwd: string;
  env: Record<string, string>;
  stdin: string;
  timeoutMs: number;
  signal: AbortSignal;
}

export function runShell(command: string, run: ShellRun): Promise<HookProcessResult> {
  return new Promise((resolve) => {
    let child;
    try {
      // detached: the shell leads a new process group, so the group id is its pid.
      child = spawn(command, { cwd: run.cwd, env: run.env, shell: true, detached: process.platform !== 'win32', stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    } catch (error) {
      resolve({ exitCode: null, stdout: '', stderr: '', timedOut: false, spawnError: error instanceof Error ? error.message : String(error) });
      return;
    }
    const stdout = new Capture();
    const stderr = new Capture();
    let timedOut = false;
    let settled = false;
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        if (process.platform === 'win32') child.kill('SIGKILL');
        else process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, run.timeoutMs);
    const onAbort = () => killGroup();
    run.signal.addEventListener('abort', onAbort, { once: true });
    if (run.signal.aborted) killGroup();
    const finish = (result: HookProcessResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      run.signal.removeEventListener('abort', onAbort);
      // Whatever the shell left behind in its group goes with it.
      if (result.spawnError === undefined) killGroup();
      resolve(result);
    };
    child.stdout.on('data', (chunk: Buffer) => stdout.add(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.add(chunk));
    child.stdin.on('error', () => {}); // a hook that does not read its stdin closes it early: not a failure
    child.on('error', (error) => finish({ exitCode: null, stdout: stdout.text(), stderr: stderr.text(), timedOut: false, spawnError: error.message }));
    // The shell is done: anything it left running in its group would hold the pipes open, so it goes now.
    child.on('exit', () => killGroup());
    child.on('close', (code) => finish({ exitCode: timedOut ? null : code, stdout: stdout.text(), stderr: stderr.text(), timedOut }));
    child.stdin.end(run.stdin);
  });
}

class Capture {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  add(chunk: Buffer): void {
    if (this.size >= OUTPUT_LIMIT) return;
    this.chunks.push(chunk.subarray(0, OUTPUT_LIMIT - this.size));
    this.size += chunk.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}
