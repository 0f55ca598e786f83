// A sandboxed server listens in the sandbox's own network (bubblewrap's --unshare-net): nothing outside can reach
// it. For the task's own servers Relay opens the same port on this machine's loopback and carries each connection
// into the sandbox's network (nsenter into its namespaces, socat to the server there), so check_page, web_fetch,
// the other sandboxed commands (through the proxy) and the user's browser reach it at the URL it printed. Only
// inward: the server gains no way out. Linux only (nsenter, /proc).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { type ListeningSocket, parseProcNetTcp, servesLoopback, socketInode } from '../../core/processes/proc-net';
import { descendantsOf } from '../platform/process-tree';

/** The runtime's own bridges to its proxy inside every sandbox (socat on 3128 for HTTP, 1080 for SOCKS): never a server's. */
const RUNTIME_PORTS = new Set([3128, 1080]);

/** A process of the group, inside the sandbox's network namespace (not this one), or undefined. */
export function namespaceMember(pid: number): number | undefined {
  const own = nsLink('self', 'net');
  for (const member of [pid, ...descendantsOf(pid)]) {
    const link = nsLink(member, 'net');
    if (link && link !== own) return member;
  }
  return undefined;
}

/** The loopback sockets the processes under `pid` listen on inside the sandbox's network. */
export function sandboxListeningSockets(pid: number): { member: number; sockets: ListeningSocket[] } | undefined {
  const member = namespaceMember(pid);
  if (member === undefined) return undefined;
  const inodes = new Set<number>();
  for (const p of [pid, ...descendantsOf(pid)]) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${p}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = socketInode(readlinkSync(`/proc/${p}/fd/${fd}`));
        if (inode !== undefined) inodes.add(inode);
      } catch {
        // closed while we looked
      }
    }
  }
  const sockets: ListeningSocket[] = [];
  for (const table of ['tcp', 'tcp6']) {
    try {
      const all = parseProcNetTcp(readFileSync(`/proc/${member}/net/${table}`, 'utf8'));
      sockets.push(...all.filter((s) => inodes.has(s.inode) && servesLoopback(s.address) && !RUNTIME_PORTS.has(s.port)));
    } catch {
      // no IPv6 table
    }
  }
  return { member, sockets };
}

function nsLink(pid: number | 'self', ns: string): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/ns/${ns}`);
  } catch {
    return undefined;
  }
}

interface Bridge {
  servers: Server[];
  target: string;
}

/** The bridges of one sandboxed process: one per port it listens on. */
export class SandboxPortBridges {
  private readonly bridges = new Map<number, Bridge>();
  private readonly failed = new Set<number>();
  private member: number | undefined;
  private disposed = false;
  private syncing: Promise<boolean> | undefined;

  constructor(private readonly log?: (message: string) => void) {}

  /** The ports reachable on this machine's loopback now. */
  get ports(): number[] {
    return [...this.bridges.keys()];
  }

  /**
   * Opens a bridge for each port the sandbox's processes listen on and closes those of ports no longer listened on;
   * resolves with whether the reachable ports changed.
   */
  sync(pid: number): Promise<boolean> {
    // One look at a time: two would both try to open a new port.
    this.syncing ??= this.syncNow(pid).finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private async syncNow(pid: number): Promise<boolean> {
    if (this.disposed) return false;
    const found = sandboxListeningSockets(pid);
    if (!found) return false;
    this.member = found.member;
    const wanted = new Map<number, string>();
    for (const s of found.sockets) {
      // A server on ::1 alone answers on IPv6 only; anything else answers on 127.0.0.1.
      if (!wanted.has(s.port) || s.address !== '::1') wanted.set(s.port, s.address === '::1' ? 'TCP6:[::1]' : 'TCP4:127.0.0.1');
    }
    let changed = false;
    for (const [port, bridge] of this.bridges) {
      if (wanted.has(port)) continue;
      for (const server of bridge.servers) server.close();
      this.bridges.delete(port);
      changed = true;
    }
    for (const [port, target] of wanted) {
      if (this.bridges.has(port) || this.failed.has(port)) continue;
      const servers = await this.listen(port, target);
      if (this.disposed) {
        for (const server of servers) server.close();
        return false;
      }
      if (servers.length === 0) {
        this.failed.add(port);
        this.log?.(`The sandboxed server's port ${port} cannot be opened here (already in use); it is not reachable from outside the sandbox.`);
        continue;
      }
      this.bridges.set(port, { servers, target });
      changed = true;
    }
    return changed;
  }

  dispose(): void {
    this.disposed = true;
    for (const bridge of this.bridges.values()) for (const server of bridge.servers) server.close();
    this.bridges.clear();
  }

  /** Listens on 127.0.0.1 (and ::1 where there is one) at `port`; the servers that could listen. */
  private async listen(port: number, target: string): Promise<Server[]> {
    const servers: Server[] = [];
    for (const host of ['127.0.0.1', '::1']) {
      const server = createServer((socket) => this.carry(socket, port, target));
      const ok = await new Promise<boolean>((resolve) => {
        server.once('error', () => resolve(false));
        server.listen({ host, port, exclusive: true }, () => resolve(true));
      });
      if (ok) {
        server.on('error', () => undefined);
        servers.push(server);
      } else if (host === '127.0.0.1') {
        return [];
      }
    }
    return servers;
  }

  /** One connection, carried into the sandbox's network by a socat started in its namespaces. */
  private carry(socket: Socket, port: number, target: string): void {
    const member = this.member;
    if (member === undefined) return void socket.destroy();
    // The sandbox has its own user namespace: joining its network needs it (not when it is ours, as for root without one).
    const user = nsLink(member, 'user') !== nsLink('self', 'user') ? ['--user', '--preserve-credentials'] : [];
    const child = spawn('nsenter', [...user, '--net', '--target', String(member), 'socat', 'STDIO', `${target}:${port}`], { stdio: ['pipe', 'pipe', 'ignore'] });
    socket.pipe(child.stdin);
    child.stdout.pipe(socket);
    const end = () => {
      socket.destroy();
      child.kill();
    };
    socket.on('error', end);
    socket.on('close', () => child.stdin.end());
    child.stdin.on('error', () => undefined);
    child.on('error', end);
    child.on('close', () => socket.end());
  }
}
