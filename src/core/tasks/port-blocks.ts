// Each parallel task gets a block of loopback ports; RELAY_PORT is the block's first. Two dev servers started by
// two tasks then never fight for one port. The host checks that a block's ports are free before handing it out.

import { l10n } from '../l10n';
export const DEFAULT_PORT_BASE = 41_000;
export const DEFAULT_BLOCK_SIZE = 10;
const MAX_PORT = 65_535;

export interface PortBlock {
  first: number;
  size: number;
}

export class PortBlocks {
  private readonly byTask = new Map<string, PortBlock>();

  constructor(
    private readonly base = DEFAULT_PORT_BASE,
    private readonly size = DEFAULT_BLOCK_SIZE,
  ) {}

  /**
   * The task's block (the same one when asked again). `isFree` is asked for each port of a candidate block; a
   * block with a taken port is skipped. Throws when no block is left below 65536.
   */
  async allocate(taskId: string, isFree: (port: number) => Promise<boolean> | boolean = () => true): Promise<PortBlock> {
    const held = this.byTask.get(taskId);
    if (held) return held;
    const taken = new Set([...this.byTask.values()].map((b) => b.first));
    for (let first = this.base; first + this.size - 1 <= MAX_PORT; first += this.size) {
      if (taken.has(first)) continue;
      if (!(await allFree(first, this.size, isFree))) continue;
      // Another allocation may have taken it while the ports were probed.
      if ([...this.byTask.values()].some((b) => b.first === first)) continue;
      const block = { first, size: this.size };
      this.byTask.set(taskId, block);
      return block;
    }
    throw new Error(l10n.t('No free block of {0} ports between {1} and {2}.', this.size, this.base, MAX_PORT));
  }

  /** Keeps a block recorded before a restart (so a restored task keeps its ports). */
  restore(taskId: string, first: number): void {
    this.byTask.set(taskId, { first, size: this.size });
  }

  release(taskId: string): void {
    this.byTask.delete(taskId);
  }

  blockOf(taskId: string): PortBlock | undefined {
    return this.byTask.get(taskId);
  }
}

async function allFree(first: number, size: number, isFree: (port: number) => Promise<boolean> | boolean): Promise<boolean> {
  for (let port = first; port < first + size; port++) if (!(await isFree(port))) return false;
  return true;
}
