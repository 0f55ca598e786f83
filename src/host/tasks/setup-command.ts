// A parallel task's setup command (`relay.parallel.setupCommand`, or the repository's `.relay/setup`), run in the
// task's worktree with RELAY_WORKTREE, RELAY_REPO and RELAY_PORT, through the one spawner for short commands and
// the OS sandbox when one is given (writes confined to the worktree). Its output is kept: a failed setup shows it.
import { access, constants } from 'node:fs';
import { join } from 'node:path';
import { taskEnvironment } from '../../core/tasks/task-record';
import { runShortCommand, type SandboxSource } from '../processes/short-command';

export const SETUP_SCRIPT = join('.relay', 'setup');
const MAX_OUTPUT = 64 * 1024;

export interface SetupRun {
  code: number | null;
  /** The last 64 KB of stdout and stderr, interleaved as they came. */
  output: string;
}

export interface SetupContext {
  taskId: string;
  worktree: string;
  repoRoot: string;
  port: number;
  /** The sandbox host's `forCommands()` (none while the sandbox is off or unsupported), or a sandbox. */
  sandbox?: SandboxSource;
  signal?: AbortSignal;
}

/** The command to run: the setting wins; else `.relay/setup` when the worktree has one; else none. */
export async function setupCommandFor(worktree: string, setting: string | undefined): Promise<string | undefined> {
  if (setting?.trim()) return setting.trim();
  const script = join(worktree, SETUP_SCRIPT);
  const executable = await new Promise<boolean>((resolve) => access(script, constants.X_OK, (e) => resolve(!e)));
  if (executable) return `"${script}"`;
  const readable = await new Promise<boolean>((resolve) => access(script, constants.R_OK, (e) => resolve(!e)));
  return readable ? `sh "${script}"` : undefined;
}

export async function runSetupCommand(command: string, ctx: SetupContext): Promise<SetupRun> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  Object.assign(env, taskEnvironment({ isolation: 'worktree', workRoot: ctx.worktree, repoRoot: ctx.repoRoot, portBase: ctx.port }));
  // Its own process group, so a cancelled setup stops everything it started.
  const run = await runShortCommand({
    command,
    cwd: ctx.worktree,
    env,
    ...(ctx.sandbox ? { sandbox: ctx.sandbox, scope: { cwd: ctx.worktree, writableRoots: [ctx.worktree], taskId: ctx.taskId } } : {}),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
    outputLimit: MAX_OUTPUT,
  });
  if (run.spawnError !== undefined) throw new Error(run.spawnError);
  return { code: run.exitCode, output: run.output };
}
