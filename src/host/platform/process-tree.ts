// Finds every descendant of a process (a command may leave its process group: setsid, a shell with job control
// puts pipelines in their own groups), and when a process started. Linux reads /proc; elsewhere `ps` lists parents.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Each process in /proc with the fields of its stat after the command name (state, ppid, pgrp, …); throws without /proc. */
function* procStats(): Generator<{ pid: number; fields: string[] }> {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields start after its last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      yield { pid: Number(entry), fields: stat.slice(stat.lastIndexOf(')') + 2).split(' ') };
    } catch {
      // exited while we looked
    }
  }
}

function parentMap(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  const add = (pid: number, ppid: number) => children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  try {
    for (const { pid, fields } of procStats()) add(pid, Number(fields[1]));
  } catch {
    const out = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' });
    for (const line of out.split('\n')) {
      const [pid, ppid] = line.trim().split(/\s+/).map(Number);
      if (pid && ppid !== undefined) add(pid, ppid);
    }
  }
  return children;
}

/**
 * Linux: whether a member of process group `pgid` is more than a zombie. `kill -0` succeeds for a group whose
 * members have all exited but are not reaped yet (an orphan waits for init, which in a container may reap late or
 * never), so a group that is gone would be recorded and waited for as if it ran. Unreadable /proc: assume it runs.
 */
export function groupHasLiveMember(pgid: number): boolean {
  try {
    for (const { fields } of procStats()) {
      const [state, , pgrp] = fields;
      if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') return true;
    }
    return false;
  } catch {
    return true;
  }
}

export function descendantsOf(pid: number): number[] {
  const children = parentMap();
  const out: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length) {
    const next = queue.shift()!;
    out.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return out;
}

/** Kills the descendants of `pid` (deepest first), leaving `pid` itself to its owner. */
export function killDescendants(pid: number, signal: NodeJS.Signals = 'SIGKILL'): number {
  const victims = descendantsOf(pid).reverse();
  for (const victim of victims) {
    try {
      process.kill(victim, signal);
    } catch {
      // already gone
    }
  }
  return victims.length;
}

/**
 * When the process started, in clock ticks since boot (field 22 of /proc/<pid>/stat): with the pid it names one
 * process, so a pid the system reused is not mistaken for it. Undefined where /proc is not available or it is gone.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is field 3, starttime field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}
