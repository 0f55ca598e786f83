// The ports each of the manager's processes listens on, as its ProcessInfo tells them: read from the kernel
// (listening-ports.ts), cached for PORT_CACHE_MS and refreshed in the background (a change is reported), and for a
// sandboxed process the ports bridged out of its network to this machine's loopback (sandbox/port-bridge.ts).
import type { ProcessChange, ProcessInfo } from '../../core/ports/processes';
import { servesLoopback } from '../../core/processes/proc-net';
import { canReadListeningPorts, groupMembers, listeningSockets } from './listening-ports';
import type { ManagedProcess } from './managed-process';
import { SandboxPortBridges } from '../sandbox/port-bridge';

/** Where a sandboxed server's ports can be carried out of its network (Linux: nsenter and /proc). */
export function canBridgeSandboxPorts(): boolean {
  return process.platform === 'linux';
}

/** Listening sockets are read at most this often per process for list() and the status. */
const PORT_CACHE_MS = 500;

export class ProcessPorts {
  private readonly portCache = new Map<string, { at: number; ports: number[]; valid: boolean }>();
  private readonly refreshing = new Set<string>();
  /** The ports of sandboxed processes bridged out to this machine's loopback, by process id. */
  private readonly bridges = new Map<string, SandboxPortBridges>();

  constructor(
    private readonly fire: (change: ProcessChange) => void,
    private readonly log?: (message: string) => void,
  ) {}

  /** Carries a sandboxed process's ports out of its network until it ends; it is ready once one is reachable. */
  bridge(p: ManagedProcess): void {
    const id = p.id;
    const bridges = new SandboxPortBridges(this.log);
    this.bridges.set(id, bridges);
    p.readyWhenReachable = true;
    void p.ended.then(() => {
      bridges.dispose();
      this.bridges.delete(id);
    });
  }

  /** A state change (ready, ended) is when the sockets change: the cached reading is stale. */
  invalidate(p: ManagedProcess): void {
    const cached = this.portCache.get(p.id);
    if (cached) cached.valid = false;
  }

  servesLoopbackPort(p: ManagedProcess, port: number): boolean {
    // A permission decision: the kernel's answer now, not a cached one.
    // A sandboxed process's sockets are in the sandbox's network namespace: only its bridged ports are its own here.
    return (canReadListeningPorts() ? this.listeningPorts(p) : p.sandboxed ? [] : p.ownPorts).includes(port);
  }

  /**
   * The process as the port describes it. Its listening ports are the last ones read from the kernel (reading
   * /proc takes milliseconds on a busy machine: never on the path from a URL to the call's return); a stale
   * reading is refreshed in the background and reported as a change. Without a reading yet, the printed ports.
   */
  infoOf(p: ManagedProcess): ProcessInfo {
    if (!p.live) return p.info([]);
    if (!canReadListeningPorts()) return p.info(p.sandboxed ? [] : p.ownPorts);
    const cached = this.portCache.get(p.id);
    if (!cached || !cached.valid || Date.now() - cached.at >= PORT_CACHE_MS) this.refreshPorts(p);
    // Until the kernel is asked again after a change, what it said last and what the process printed since; never
    // what a sandboxed process printed: it listens in the sandbox's network, and only its bridged ports are reachable.
    const printed = p.sandboxed ? [] : p.ownPorts;
    return p.info(cached?.valid ? cached.ports : [...new Set([...(cached?.ports ?? []), ...printed])]);
  }

  /** Reads the ports again in the background; a change is reported. */
  refreshPorts(p: ManagedProcess): void {
    if (!canReadListeningPorts() || this.refreshing.has(p.id)) return;
    this.refreshing.add(p.id);
    setTimeout(() => {
      this.refreshing.delete(p.id);
      if (!p.live) return;
      const before = this.portCache.get(p.id)?.ports.join(',');
      const after = this.listeningPorts(p).join(',');
      if (before !== after) this.fire({ info: p.info(this.portCache.get(p.id)!.ports) });
    }, 0).unref?.();
  }

  /** The loopback ports the group listens on now, read from the kernel (and cached). */
  listeningPorts(p: ManagedProcess): number[] {
    const pid = p.pid;
    if (p.sandboxed) {
      const bridges = this.bridges.get(p.id);
      const ports = bridges?.ports ?? [];
      this.portCache.set(p.id, { at: Date.now(), ports, valid: true });
      // The sandbox's sockets are looked at now; a port opened or closed is bridged and reported when it is done.
      if (bridges && pid !== undefined && p.live) {
        void bridges.sync(pid).then((changed) => {
          if (!changed || !p.live) return;
          this.portCache.set(p.id, { at: Date.now(), ports: bridges.ports, valid: true });
          if (bridges.ports.length > 0) p.markReady();
          this.fire({ info: p.info(bridges.ports) });
        });
      }
      return ports;
    }
    const sockets = pid === undefined ? [] : (listeningSockets(groupMembers(pid)) ?? []);
    const ports = [...new Set(sockets.filter((s) => servesLoopback(s.address)).map((s) => s.port))];
    this.portCache.set(p.id, { at: Date.now(), ports, valid: true });
    return ports;
  }
}
