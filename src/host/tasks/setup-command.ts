// A parallel task's setup command (`relay.parallel.setupCommand`, or the repository's `.relay/setup`), run in the
// task's worktree with RELAY_WORKTREE, RELAY_REPO and RELAY_PORT, through the OS sandbox when one is given (writes
// confined to the worktree). Its output is kept: a failed setup shows it.
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs';
import { join } from 'node:path';
import type { CommandSandbox } from '../../core/ports/command-sandbox';

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
  sandbox?: CommandSandbox;
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
  const baseEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) baseEnv[k] = v;
  Object.assign(baseEnv, { RELAY_WORKTREE: ctx.worktree, RELAY_REPO: ctx.repoRoot, RELAY_PORT: String(ctx.port) });
  const wrapped = ctx.sandbox?.available ? await ctx.sandbox.wrap(command, baseEnv, { cwd: ctx.worktree, writableRoots: [ctx.worktree], taskId: ctx.taskId }) : undefined;
  try {
    return await new Promise<SetupRun>((resolve, reject) => {
      // Its own process group, so a cancelled setup stops everything it started.
      const child = spawn(wrapped?.command ?? command, { cwd: ctx.worktree, env: wrapped?.env ?? baseEnv, shell: true, detached: process.platform !== 'win32', stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const add = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-MAX_OUTPUT);
      };
      child.stdout.on('data', add);
      child.stderr.on('data', add);
      const abort = () => {
        if (child.pid !== undefined) {
          try {
            process.kill(process.platform === 'win32' ? child.pid : -child.pid, 'SIGTERM');
          } catch {
            // already gone
          }
        }
      };
      ctx.signal?.addEventListener('abort', abort, { once: true });
      child.on('error', reject);
      child.on('close', (code) => {
        ctx.signal?.removeEventListener('abort', abort);
        resolve({ code, output });
      });
    });
  } finally {
    wrapped?.dispose();
  }
}
