// Runs one hook's command through the one spawner for short commands (processes/short-command.ts): a shell in its
// own process group, the event on stdin, output captured up to a limit; on timeout or cancellation the whole
// group is killed (a hook's children go with it). A repository hook goes through the OS sandbox when there is one
// (the sandbox host's `forCommands()`: none while it is off or unsupported), as any command a repository chose does.
import { isAbsolute, join } from 'node:path';
import type { HookProcessRunner } from '../../../core/customization/hooks/runner';
import type { HookDefinition, HookProcessResult } from '../../../core/customization/hooks/types';
import { runShortCommand, type SandboxSource } from '../../processes/short-command';

/** Output kept per stream; a hook's answer is small, a runaway one must not fill memory. */
const OUTPUT_LIMIT = 1024 * 1024;

export interface HookProcessOptions {
  /** The first workspace folder: default working directory, `CLAUDE_PROJECT_DIR`. */
  workspaceRoot: () => string | undefined;
  sandbox?: SandboxSource;
  taskId?: () => string | undefined;
}

export class SpawnedHookProcesses implements HookProcessRunner {
  constructor(private readonly options: HookProcessOptions) {}

  async run(hook: HookDefinition, stdin: string, signal: AbortSignal): Promise<HookProcessResult> {
    const root = this.options.workspaceRoot();
    const cwd = hook.cwd ? (isAbsolute(hook.cwd) || !root ? hook.cwd : join(root, hook.cwd)) : (root ?? process.cwd());
    const env: Record<string, string> = {
      ...stringEnv(process.env),
      ...(root ? { CLAUDE_PROJECT_DIR: root, RELAY_PROJECT_DIR: root } : {}),
      ...hook.env,
    };
    const taskId = this.options.taskId?.();
    const sandboxed = hook.origin === 'workspace' && this.options.sandbox !== undefined;
    return runShell(hook.command, {
      cwd,
      env,
      stdin,
      timeoutMs: hook.timeoutMs,
      signal,
      ...(sandboxed ? { sandbox: this.options.sandbox, scope: { cwd, writableRoots: root ? [root] : [], ...(taskId ? { taskId } : {}) } } : {}),
    });
  }
}

interface ShellRun {
  cwd: string;
  env: Record<string, string>;
  stdin: string;
  timeoutMs: number;
  signal: AbortSignal;
  sandbox?: SandboxSource;
  scope?: { cwd: string; writableRoots: readonly string[]; taskId?: string };
}

export async function runShell(command: string, run: ShellRun): Promise<HookProcessResult> {
  const result = await runShortCommand({ command, ...run, outputLimit: OUTPUT_LIMIT });
  return { exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr, timedOut: result.timedOut, ...(result.spawnError !== undefined ? { spawnError: result.spawnError } : {}) };
}

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}
