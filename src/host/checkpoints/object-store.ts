// Content-addressed objects for checkpoints: file contents and directory trees, each stored once under its
// sha-256, however many checkpoints and tasks refer to it. Never inside the workspace, never in the user's
// .git: the folder is under the extension's global storage.
// An object is stored deflated (`ab/<hash>`), or, when the caller names the previous version of the same file
// and the change is small, as a deflated delta against that version's full copy (`ab/<hash>.<base>`). A delta's
// base is always a full copy, so reading any object costs at most two reads; a new full copy is written when
// the delta would be over half its size, and garbage collection keeps every base a kept delta needs.
import { createHash } from 'node:crypto';
import * as fsSync from 'node:fs';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import { applyDelta, encodeDelta } from '../../core/checkpoints/delta';
import { faultPoint } from '../fault-point';
import { staleTempTarget } from '../stale-temps';

const deflate = promisify(zlib.deflate);
const inflate = promisify(zlib.inflate);

const NAME = /^([0-9a-f]{64})(?:\.([0-9a-f]{64}))?$/;
/** Below this (deflated) size a delta saves too little to be worth a second read. */
const MIN_DELTA_SOURCE = 2048;

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

interface StoredObject {
  size: number;
  /** The full copy a delta applies to. */
  base?: string;
}

export interface ObjectStoreOptions {
  /** Store small changes as deltas (default); off measures the full-copy baseline. */
  deltas?: boolean;
}

export class ObjectStore {
  /** What is stored; filled by `open` and every write, emptied by `sweep`. */
  private readonly known = new Map<string, StoredObject>();
  private bytes = 0;
  private tempCounter = 0;

  private constructor(
    private readonly directory: string,
    private readonly options: ObjectStoreOptions,
  ) {}

  /** Lists what is stored and sums its size: names and sizes only, no reads. A crashed writer's temporary files go. */
  static async open(directory: string, options: ObjectStoreOptions = {}): Promise<ObjectStore> {
    const store = new ObjectStore(directory, options);
    await fs.mkdir(directory, { recursive: true });
    // Synchronous calls, one fan-out folder at a time between yields: thousands of promise-based stats cost
    // several times more (and far more under load) than the listing itself.
    for (const fan of await fs.readdir(directory)) {
      if (fan.length !== 2) continue;
      let names: string[];
      try {
        names = fsSync.readdirSync(join(directory, fan));
      } catch {
        continue;
      }
      for (const name of names) {
        const match = NAME.exec(name);
        if (!match) {
          const target = staleTempTarget(name);
          if (target !== undefined && NAME.test(target)) fsSync.rmSync(join(directory, fan, name), { force: true });
          continue;
        }
        const stat = fsSync.statSync(join(directory, fan, name), { throwIfNoEntry: false });
        if (!stat) continue;
        store.known.set(match[1]!, { size: stat.size, ...(match[2] ? { base: match[2] } : {}) });
        store.bytes += stat.size;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    return store;
  }

  /** Bytes on disk. */
  get size(): number {
    return this.bytes;
  }

  get count(): number {
    return this.known.size;
  }

  has(hash: string): boolean {
    return this.known.has(hash);
  }

  /** How many objects are stored as deltas. */
  get deltaCount(): number {
    let n = 0;
    for (const entry of this.known.values()) if (entry.base) n++;
    return n;
  }

  /**
   * Stores `bytes` unless an object with their hash is there already; returns the hash. `previous` is the hash
   * of the same file's previous version, if known: the new version may then be stored as a delta.
   */
  async put(bytes: Uint8Array, hash = hashBytes(bytes), previous?: string): Promise<string> {
    if (this.known.has(hash)) return hash;
    const full = await deflate(bytes);
    const delta = await this.tryDelta(bytes, full.length, previous);
    const packed = delta?.packed ?? full;
    const target = this.path(hash, delta?.base);
    await fs.mkdir(join(this.directory, hash.slice(0, 2)), { recursive: true });
    const temp = `${target}.${process.pid}-${++this.tempCounter}.tmp`;
    await fs.writeFile(temp, packed);
    faultPoint('checkpoint-object');
    await fs.rename(temp, target);
    if (!this.known.has(hash)) {
      this.known.set(hash, { size: packed.length, ...(delta ? { base: delta.base } : {}) });
      this.bytes += packed.length;
    }
    return hash;
  }

  async get(hash: string): Promise<Buffer> {
    const entry = this.known.get(hash);
    if (!entry) throw new Error(`Checkpoint object ${hash} is missing from ${this.directory} (was the checkpoint storage changed outside Relay?)`);
    let packed: Buffer;
    try {
      packed = await fs.readFile(this.path(hash, entry.base));
    } catch (error) {
      throw new Error(`Checkpoint object ${hash} could not be read from ${this.directory}: ${(error as Error).message}`);
    }
    let bytes: Buffer;
    try {
      const unpacked = await inflate(packed);
      bytes = entry.base ? Buffer.from(applyDelta(await this.get(entry.base), unpacked)) : unpacked;
    } catch (error) {
      throw new Error(`Checkpoint object ${hash} is damaged: ${(error as Error).message}`);
    }
    if (hashBytes(bytes) !== hash) throw new Error(`Checkpoint object ${hash} is damaged: its content does not match its hash`);
    return bytes;
  }

  async putJson(value: unknown): Promise<string> {
    const bytes = Buffer.from(JSON.stringify(value));
    const hash = hashBytes(bytes);
    return this.known.has(hash) ? hash : this.put(bytes, hash);
  }

  async getJson<T>(hash: string): Promise<T> {
    return JSON.parse((await this.get(hash)).toString('utf8')) as T;
  }

  /** Deletes every object not in `reachable` (or the base of a reachable delta); returns the bytes freed. */
  async sweep(reachable: ReadonlySet<string>): Promise<number> {
    const keep = new Set(reachable);
    for (const hash of reachable) {
      const base = this.known.get(hash)?.base;
      if (base) keep.add(base);
    }
    let freed = 0;
    for (const [hash, entry] of [...this.known]) {
      if (keep.has(hash)) continue;
      await fs.rm(this.path(hash, entry.base), { force: true });
      this.known.delete(hash);
      freed += entry.size;
    }
    this.bytes -= freed;
    return freed;
  }

  /** A delta against the full copy under `previous`, when it is under half the full copy's size. */
  private async tryDelta(bytes: Uint8Array, fullSize: number, previous: string | undefined): Promise<{ packed: Buffer; base: string } | undefined> {
    if (this.options.deltas === false || previous === undefined || fullSize < MIN_DELTA_SOURCE) return undefined;
    const previousEntry = this.known.get(previous);
    if (!previousEntry) return undefined;
    const base = previousEntry.base ?? previous;
    let baseBytes: Buffer;
    try {
      baseBytes = await this.get(base);
    } catch {
      return undefined; // a damaged base: store a full copy rather than build on it
    }
    const packed = await deflate(encodeDelta(baseBytes, bytes));
    return packed.length * 2 < fullSize ? { packed, base } : undefined;
  }

  private path(hash: string, base?: string): string {
    return join(this.directory, hash.slice(0, 2), base ? `${hash}.${base}` : hash);
  }
}
