// The one place Relay starts a command a model or a repository chose: a shell in its own process group
// (signals go to the whole group, -pgid), stdout and stderr through pipes, stdin a pipe kept open for answers.
// With a CommandSandbox the command line and environment are the sandbox's wrapping of them.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import type { CommandSandbox, SandboxScope, WrappedCommand } from '../../core/ports/command-sandbox';
import { groupHasLiveMember } from '../platform/process-tree';

export interface SpawnRequest {
  command: string;
  cwd: string;
  env: Record<string, string>;
  sandbox?: CommandSandbox;
  scope?: SandboxScope;
  /** The shell that runs the line; default $SHELL, else /bin/bash (cmd.exe on Windows). */
  shell?: string;
}

export interface SpawnedCommand {
  child: ChildProcessWithoutNullStreams;
  /** The sandbox's wrapping, released by the caller once the command ended. */
  wrapped?: WrappedCommand;
}

export async function spawnCommand(request: SpawnRequest): Promise<SpawnedCommand> {
  let command = request.command;
  let env = request.env;
  let wrapped: WrappedCommand | undefined;
  if (request.sandbox) {
    wrapped = await request.sandbox.wrap(command, env, request.scope ?? { cwd: request.cwd, writableRoots: [request.cwd] });
    command = wrapped.command;
    env = wrapped.env;
  }
  const windows = process.platform === 'win32';
  // The sandbox's wrapping is a POSIX shell line.
  const shell = request.shell ?? (windows ? process.env.ComSpec || 'cmd.exe' : wrapped ? '/bin/sh' : process.env.SHELL || '/bin/bash');
  const args = windows ? ['/d', '/s', '/c', command] : ['-c', command];
  const child = spawn(shell, args, {
    cwd: request.cwd,
    env,
    detached: !windows, // its own process group
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
    windowsVerbatimArguments: windows,
  });
  if (wrapped && child.pid !== undefined) wrapped.started?.(child.pid);
  return { child, wrapped };
}

/** Signals the process group led by `pid`; false when it is gone. Windows has no groups: taskkill ends the tree. */
export function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  if (process.platform === 'win32') {
    if (signal === 'SIGINT') return false;
    try {
      spawn('taskkill', ['/pid', String(pid), '/T', ...(signal === 'SIGKILL' ? ['/F'] : [])], { stdio: 'ignore', windowsHide: true });
      return true;
    } catch {
      return false;
    }
  }
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Whether any process of the group led by `pid` is alive. */
export function groupAlive(pid: number): boolean {
  if (process.platform === 'win32') {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  try {
    process.kill(-pid, 0);
  } catch {
    return false;
  }
  return process.platform !== 'linux' || groupHasLiveMember(pid);
}
