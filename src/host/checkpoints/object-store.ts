// Content-addressed objects for checkpoints: file contents and directory trees, each stored once under its
// sha-256, however many checkpoints and tasks refer to it. Never inside the workspace, never in the user's
// .git: the folder is under the extension's global storage.
// An object is stored loose, one file each, deflated (`ab/<hash>`), or, when the caller names the previous
// version of the same file and the change is small, as a deflated delta against that version's full copy
// (`ab/<hash>.<base>`). A delta's base is always a full copy, so reading any object costs at most two reads; a
// new full copy is written when the delta would be over half its size, and garbage collection keeps every
// base a kept delta needs.
// Between `beginBatch` and `commitBatch` (a workspace snapshot), new objects go into one pack file instead
// (object-pack.ts), as they are: a first snapshot then costs little more than reading and hashing the files.
// `repack` later deflates them and drops what garbage collection freed, into a new pack that names the packs
// it replaces; they are deleted once it is in place. Every file is written under a temporary name and renamed
// when whole, so a crash leaves whole objects and at worst a temporary file, which the next `open` deletes,
// or a repacked pack beside the packs it replaces, which `open` deletes: repacking again is harmless.
// What is stored is kept in memory by object-index.ts, read from disk by object-store-open.ts; object-repack.ts repacks.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import { applyDelta, encodeDelta } from '../../core/checkpoints/delta';
import { emptyPack, newPackId, ObjectIndex, type Pack } from './object-index';
import { PackWriter, readRecord } from './object-pack';
import { type Between, repackInto } from './object-repack';
import { loadObjects, PACKS } from './object-store-open';
import { faultPoint } from '../storage/fault-point';

const deflate = promisify(zlib.deflate);
const inflate = promisify(zlib.inflate);

/** Below this (deflated) size a delta saves too little to be worth a second read. */
const MIN_DELTA_SOURCE = 2048;

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface ObjectStoreOptions {
  /** Store small changes as deltas (default); off measures the full-copy baseline. */
  deltas?: boolean;
}

export interface VerifyResult {
  checked: number;
  damaged: { hash: string; error: string }[];
}

export class ObjectStore {
  /** What is stored; filled by `open` and every write, emptied by `sweep`. */
  private readonly index = new ObjectIndex();
  /** Puts under way, so two puts of the same content store it once. */
  private readonly writing = new Map<string, Promise<string>>();
  private batch: { writer?: PackWriter; pack: Pack; hashes: string[] } | undefined;
  private repacking = false;
  private tempCounter = 0;

  private constructor(
    private readonly directory: string,
    private readonly options: ObjectStoreOptions,
  ) {}

  /**
   * Lists what is stored and sums its size: names, sizes and pack indexes, no object reads. Deletes what a
   * crash can leave: temporary files of processes no longer running, and packs a repacked one replaces.
   */
  static async open(directory: string, options: ObjectStoreOptions = {}): Promise<ObjectStore> {
    const store = new ObjectStore(directory, options);
    await loadObjects(directory, store.index);
    return store;
  }

  /** Bytes the live objects take on disk (a freed object in a pack stops counting at once; its bytes go at the next repack). */
  get size(): number {
    return this.index.bytes;
  }

  get count(): number {
    return this.index.known.size;
  }

  has(hash: string): boolean {
    return this.index.known.has(hash);
  }

  /** How many objects are stored as deltas. */
  get deltaCount(): number {
    return this.index.deltaCount;
  }

  get packCount(): number {
    return this.index.packs.size;
  }

  /** Live objects kept raw in packs, waiting for `repack` to deflate them. */
  get rawCount(): number {
    return this.index.rawCount;
  }

  /** The packs a repack would rewrite: those with raw or freed objects, and the small ones when there are several. */
  packsToRepack(): string[] {
    return this.index.packsToRepack();
  }

  /** The live bytes of those packs: the work a repack has to do. */
  repackBytes(ids = this.index.packsToRepack()): number {
    return this.index.repackBytes(ids);
  }

  /** From now until `commitBatch`, new objects go into one pack, as they are. */
  beginBatch(): void {
    if (this.batch) throw new Error('A checkpoint batch is already open');
    this.batch = { pack: emptyPack(newPackId()), hashes: [] };
  }

  /** Seals the batch's pack (if anything went into it), so its objects outlive this process. */
  async commitBatch(): Promise<void> {
    const batch = this.batch;
    if (!batch) return;
    await Promise.all(batch.hashes.map((hash) => this.writing.get(hash)));
    this.batch = undefined;
    if (!batch.writer) return;
    batch.writer.seal();
    batch.pack.path = batch.writer.finalPath;
    this.index.packs.set(batch.pack.id, batch.pack);
  }

  /** Drops the batch: its objects are forgotten and its pack deleted. */
  async abortBatch(): Promise<void> {
    const batch = this.batch;
    if (!batch) return;
    await Promise.allSettled(batch.hashes.map((hash) => this.writing.get(hash)));
    this.batch = undefined;
    for (const hash of batch.hashes) {
      const entry = this.index.known.get(hash);
      if (entry?.pack !== batch.pack) continue;
      this.index.known.delete(hash);
      this.index.bytes -= entry.size;
    }
    batch.writer?.abort();
  }

  /**
   * Stores `bytes` unless an object with their hash is there already; returns the hash. `previous` is the hash
   * of the same file's previous version, if known: the new version may then be stored as a delta.
   */
  put(bytes: Uint8Array, hash = hashBytes(bytes), previous?: string): Promise<string> {
    if (this.index.known.has(hash)) return Promise.resolve(hash);
    let run = this.writing.get(hash);
    if (!run) {
      run = this.store(bytes, hash, previous).finally(() => this.writing.delete(hash));
      this.writing.set(hash, run);
    }
    return run;
  }

  async get(hash: string): Promise<Buffer> {
    const entry = this.index.known.get(hash);
    if (!entry) throw new Error(`Checkpoint object ${hash} is missing from ${this.directory} (was the checkpoint storage changed outside Relay?)`);
    let packed: Buffer;
    try {
      packed = entry.pack && entry.record ? await readRecord(entry.pack.path, entry.record) : await fs.readFile(this.path(hash, entry.base));
    } catch (error) {
      // Repacked while this read was under way: the object is in the new pack now.
      const now = this.index.known.get(hash);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && now !== undefined && now !== entry) return this.get(hash);
      throw new Error(`Checkpoint object ${hash} could not be read from ${this.directory}: ${(error as Error).message}`);
    }
    let bytes: Buffer;
    try {
      if (entry.record?.form === 'raw') bytes = packed;
      else {
        const unpacked = await inflate(packed);
        bytes = entry.base ? Buffer.from(applyDelta(await this.get(entry.base), unpacked)) : unpacked;
      }
    } catch (error) {
      throw new Error(`Checkpoint object ${hash} is damaged: ${(error as Error).message}`);
    }
    if (hashBytes(bytes) !== hash) throw new Error(`Checkpoint object ${hash} is damaged: its content does not match its hash`);
    return bytes;
  }

  async putJson(value: unknown): Promise<string> {
    const bytes = Buffer.from(JSON.stringify(value));
    const hash = hashBytes(bytes);
    return this.index.known.has(hash) ? hash : this.put(bytes, hash);
  }

  async getJson<T>(hash: string): Promise<T> {
    return JSON.parse((await this.get(hash)).toString('utf8')) as T;
  }

  /** Reads every object back and checks it against its hash. */
  async verify(): Promise<VerifyResult> {
    const damaged: VerifyResult['damaged'] = [];
    let checked = 0;
    for (const hash of [...this.index.known.keys()]) {
      checked++;
      try {
        await this.get(hash);
      } catch (error) {
        damaged.push({ hash, error: (error as Error).message });
      }
    }
    return { checked, damaged };
  }

  /** Deletes every object not in `reachable` (or the base of a reachable delta); returns the bytes freed. */
  async sweep(reachable: ReadonlySet<string>): Promise<number> {
    const keep = new Set(reachable);
    for (const hash of reachable) {
      const base = this.index.known.get(hash)?.base;
      if (base) keep.add(base);
    }
    // Forgotten before any file goes, so a repack under way sees at once what is gone.
    const victims: string[] = [];
    let freed = 0;
    for (const [hash, entry] of [...this.index.known]) {
      if (keep.has(hash) || (entry.pack && entry.pack === this.batch?.pack)) continue;
      this.index.known.delete(hash);
      freed += entry.size;
      if (entry.pack) this.index.release(entry, true);
      else victims.push(this.path(hash, entry.base));
    }
    this.index.bytes -= freed;
    for (const path of victims) await fs.rm(path, { force: true });
    return freed;
  }

  /**
   * Rewrites the packs named (default: `packsToRepack`) into one: raw objects deflated, freed ones left out.
   * Runs in steps of about `stepBytes` of objects; `between` is awaited before each step and before the swap,
   * so a caller can let other work run in between (the checkpoint store runs each step as a turn of its queue).
   * The new pack names the packs it replaces and is renamed into place before they are deleted; objects freed
   * or moved meanwhile are left out of the swap. Returns the bytes the packs took before and after.
   */
  async repack(ids = this.index.packsToRepack(), stepBytes = 4 * 1024 * 1024, between: Between = (step) => step()): Promise<{ before: number; after: number }> {
    const sources = ids.map((id) => this.index.packs.get(id)).filter((pack): pack is Pack => pack !== undefined);
    if (sources.length === 0) return { before: 0, after: 0 };
    if (this.repacking) throw new Error('Checkpoint packs are being repacked already');
    this.repacking = true;
    try {
      return await repackInto(this.index, this.directory, sources, stepBytes, between, this.tempSuffix());
    } finally {
      this.repacking = false;
    }
  }

  private async store(bytes: Uint8Array, hash: string, previous: string | undefined): Promise<string> {
    const batch = this.batch;
    if (batch) batch.hashes.push(hash);
    let full: Buffer | undefined;
    let delta: { packed: Buffer; base: string } | undefined;
    // In a batch a new object is kept raw unless it may be a delta: deflating is left to the repack.
    if (!batch || (this.options.deltas !== false && previous !== undefined && this.index.known.has(previous) && bytes.length >= MIN_DELTA_SOURCE)) {
      full = await deflate(bytes);
      delta = await this.tryDelta(bytes, full.length, previous);
    }
    if (batch) {
      if (this.batch !== batch) throw new Error('The checkpoint batch ended before its objects were stored');
      if (!batch.writer) {
        batch.writer = PackWriter.create(join(this.directory, PACKS), batch.pack.id, this.tempSuffix());
        batch.pack.path = batch.writer.tempPath;
      }
      const data = delta?.packed ?? full ?? bytes;
      const record = batch.writer.append(hash, delta ? 'delta' : full ? 'deflated' : 'raw', data, delta?.base);
      if (!this.index.known.has(hash)) this.index.adoptRecord(hash, { size: data.length, ...(delta ? { base: delta.base } : {}), pack: batch.pack, record });
      return hash;
    }
    const packed = delta?.packed ?? full!;
    const target = this.path(hash, delta?.base);
    await fs.mkdir(join(this.directory, hash.slice(0, 2)), { recursive: true });
    const temp = `${target}.${this.tempSuffix()}.tmp`;
    await fs.writeFile(temp, packed);
    faultPoint('checkpoint-object');
    await fs.rename(temp, target);
    if (!this.index.known.has(hash)) {
      this.index.known.set(hash, { size: packed.length, ...(delta ? { base: delta.base } : {}) });
      this.index.bytes += packed.length;
    }
    return hash;
  }

  /** A delta against the full copy under `previous`, when it is under half the full copy's size. */
  private async tryDelta(bytes: Uint8Array, fullSize: number, previous: string | undefined): Promise<{ packed: Buffer; base: string } | undefined> {
    if (this.options.deltas === false || previous === undefined || fullSize < MIN_DELTA_SOURCE) return undefined;
    const previousEntry = this.index.known.get(previous);
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

  private tempSuffix(): string {
    return `${process.pid}-${++this.tempCounter}`;
  }

  private path(hash: string, base?: string): string {
    return join(this.directory, hash.slice(0, 2), base ? `${hash}.${base}` : hash);
  }
}
