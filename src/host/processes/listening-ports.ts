// The TCP ports a process group listens on, from the kernel (Linux /proc): the group's processes, the socket
// inodes they hold, and the listening sockets with those inodes. Elsewhere undefined: callers fall back to the
// ports the process printed.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { type ListeningSocket, parseProcNetTcp, socketInode } from '../../core/processes/proc-net';

export function canReadListeningPorts(): boolean {
  return process.platform === 'linux';
}

/** The pids whose process group is `pgid` (Linux). */
export function groupMembers(pgid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After "pid (comm) ": state ppid pgrp ...
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp === pgid) out.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return out;
}

/** Listening sockets held by any of `pids`; undefined where the OS does not tell. */
export function listeningSockets(pids: readonly number[]): ListeningSocket[] | undefined {
  if (!canReadListeningPorts()) return undefined;
  const inodes = new Set<number>();
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = socketInode(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (inode !== undefined) inodes.add(inode);
      } catch {
        // closed while we looked
      }
    }
  }
  if (inodes.size === 0) return [];
  const sockets: ListeningSocket[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    try {
      sockets.push(...parseProcNetTcp(readFileSync(table, 'utf8')).filter((s) => inodes.has(s.inode)));
    } catch {
      // no IPv6 table on this machine
    }
  }
  return sockets;
}
