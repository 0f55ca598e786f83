// Which private addresses one web call may reach: those a relay.permissions rule allows, and the loopback ports a
// process this task started is listening on while it runs (the task's own dev server). web_fetch and check_page
// use it for the page and for every request the page makes; it remembers loopback refusals so the error can say
// that no process of this task serves that port.
import type { TaskProcesses } from '../ports/processes';
import { isLoopbackAddress } from './ip-ranges';

/** The user's rules on private addresses (see `privateAddressAllowed`). */
export type PrivateAddressRules = (toolName: string, host: string, address: string) => boolean;

export interface AddressGateOptions {
  toolName: string;
  taskId: string;
  rules: PrivateAddressRules;
  /** Without it (no process manager), only the rules open private addresses. */
  processes?: Pick<TaskProcesses, 'servesLoopbackPort'>;
}

export class PrivateAddressGate {
  private readonly refusedPorts = new Set<number>();

  constructor(private readonly options: AddressGateOptions) {}

  /** The `allowPrivateAddress` callback of a fetch (and of check_page's request check). */
  readonly allows = (host: string, address: string, port: number): boolean => {
    const { toolName, taskId, rules, processes } = this.options;
    if (rules(toolName, host, address)) return true;
    if (!isLoopbackAddress(address)) return false;
    if (processes?.servesLoopbackPort(taskId, port)) return true;
    this.refusedPorts.add(port);
    return false;
  };

  /** Loopback ports refused so far because no running process of this task listens on them. */
  get refusedLoopbackPorts(): readonly number[] {
    return [...this.refusedPorts];
  }

  /** The sentence a refusal adds for the model (English), or undefined when no loopback address was refused. */
  refusalNote(): string | undefined {
    const ports = this.refusedLoopbackPorts;
    if (ports.length === 0) return undefined;
    const which = ports.length === 1 ? `port ${ports[0]}` : `ports ${ports.join(', ')}`;
    return this.options.processes
      ? `No process this task started is listening on ${which} of the local machine. A task may reach its own server only: start it with run_command (background: true) and use the URL it prints, while it runs.`
      : `A task may reach the local machine only through its own background processes, which are not available here.`;
  }
}
