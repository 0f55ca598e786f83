// The one place Relay starts a command a model or a repository chose: a shell in its own process group
// (signals go to the whole group, -pgid), stdout and stderr through pipes, stdin a pipe kept open for answers.
// With a CommandSandbox the command line and environment are the sandbox's wrapping of them.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { CommandSandbox, SandboxScope, WrappedCommand } from '../../core/ports/command-sandbox';

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

/**
 * Linux: whether a member of process group `pgid` is more than a zombie. `kill -0` succeeds for a group whose
 * members have all exited but are not reaped yet (an orphan waits for init, which in a container may reap late or
 * never), so a group that is gone would be recorded and waited for as if it ran. Unreadable /proc: assume it runs.
 */
export function groupHasLiveMember(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name: state, ppid, pgrp.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') return true;
    } catch {
      // exited while we looked
    }
  }
  return false;
}
