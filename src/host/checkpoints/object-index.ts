// What the checkpoint object store holds, in memory: every object's size, where it lives (loose, or a record in a
// pack) and the full copy a delta applies to, each pack's live, raw and freed counts, and the bytes the live
// objects take. Filled when the store opens (object-store-open.ts) and by every write; read by garbage collection
// and the repack (object-repack.ts). No file access here.
import { randomUUID } from 'node:crypto';
import type { PackRecord } from './object-pack';

/** A pack under this size is merged with the others when they are repacked. */
const SMALL_PACK = 1024 * 1024;

export interface Pack {
  id: string;
  path: string;
  /** Objects in it that are still stored there, and how many of them are raw. */
  live: number;
  raw: number;
  /** Objects in it that garbage collection freed (their bytes go when it is repacked). */
  dead: number;
  liveBytes: number;
}

export interface StoredObject {
  size: number;
  /** The full copy a delta applies to. */
  base?: string;
  /** Where in a pack it is; loose when absent. */
  pack?: Pack;
  record?: PackRecord;
}

/** A new pack's id: sortable by time, unique across processes. */
export function newPackId(): string {
  return `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
}

export function emptyPack(id: string, path = ''): Pack {
  return { id, path, live: 0, raw: 0, dead: 0, liveBytes: 0 };
}

export class ObjectIndex {
  readonly known = new Map<string, StoredObject>();
  readonly packs = new Map<string, Pack>();
  /** Bytes the live objects take on disk. */
  bytes = 0;

  get deltaCount(): number {
    let n = 0;
    for (const entry of this.known.values()) if (entry.base) n++;
    return n;
  }

  get rawCount(): number {
    let n = 0;
    for (const pack of this.packs.values()) n += pack.raw;
    return n;
  }

  /** The packs a repack would rewrite: those with raw or freed objects, and the small ones when there are several. */
  packsToRepack(): string[] {
    const all = [...this.packs.values()];
    const small = all.filter((pack) => pack.liveBytes < SMALL_PACK);
    return all.filter((pack) => pack.raw > 0 || pack.dead > 0 || pack.live === 0 || (small.length > 1 && small.includes(pack))).map((pack) => pack.id);
  }

  /** The live bytes of those packs: the work a repack has to do. */
  repackBytes(ids: readonly string[]): number {
    return ids.reduce((sum, id) => sum + (this.packs.get(id)?.liveBytes ?? 0), 0);
  }

  /** A loose object (one file). */
  addLoose(hash: string, entry: StoredObject): void {
    this.known.set(hash, entry);
    this.bytes += entry.size;
  }

  /** An object stored as a record of its pack. */
  adoptRecord(hash: string, entry: StoredObject): void {
    const pack = entry.pack!;
    this.known.set(hash, entry);
    this.bytes += entry.size;
    pack.live++;
    pack.liveBytes += entry.size;
    if (entry.record!.form === 'raw') pack.raw++;
  }

  /** The object no longer lives in its pack (freed, or moved by a repack). */
  release(entry: StoredObject, freed: boolean): void {
    const pack = entry.pack!;
    pack.live--;
    pack.liveBytes -= entry.size;
    if (entry.record!.form === 'raw') pack.raw--;
    if (freed) pack.dead++;
    else this.bytes -= entry.size;
  }
}
