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
import { createHash, randomUUID } from 'node:crypto';
import * as fsSync from 'node:fs';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import { applyDelta, encodeDelta } from '../../core/checkpoints/delta';
import { PACK_SUFFIX, type PackRecord, PackWriter, readPackContents, readRecord } from './object-pack';
import { faultPoint } from '../fault-point';
import { isRunning } from '../stale-temps';

const deflate = promisify(zlib.deflate);
const inflate = promisify(zlib.inflate);

const NAME = /^([0-9a-f]{64})(?:\.([0-9a-f]{64}))?$/;
/** A temporary file, loose (`<name>.<pid>-<n>.tmp`) or a pack's (`<id>.pack.<pid>-<n>.tmp`). */
const TEMP = /\.(\d+)-\d+\.tmp$/;
const PACKS = 'packs';
/** Below this (deflated) size a delta saves too little to be worth a second read. */
const MIN_DELTA_SOURCE = 2048;
/** A pack under this size is merged with the others when they are repacked. */
const SMALL_PACK = 1024 * 1024;

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

interface Pack {
  id: string;
  path: string;
  /** Objects in it that are still stored there, and how many of them are raw. */
  live: number;
  raw: number;
  /** Objects in it that garbage collection freed (their bytes go when it is repacked). */
  dead: number;
  liveBytes: number;
}

interface StoredObject {
  size: number;
  /** The full copy a delta applies to. */
  base?: string;
  /** Where in a pack it is; loose when absent. */
  pack?: Pack;
  record?: PackRecord;
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
  private readonly known = new Map<string, StoredObject>();
  private readonly packs = new Map<string, Pack>();
  /** Puts under way, so two puts of the same content store it once. */
  private readonly writing = new Map<string, Promise<string>>();
  private batch: { writer?: PackWriter; pack: Pack; hashes: string[] } | undefined;
  private repacking = false;
  private bytes = 0;
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
    await fs.mkdir(directory, { recursive: true });
    await store.openPacks();
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
        if (removeStaleTemp(join(directory, fan), name)) continue;
        const match = NAME.exec(name);
        if (!match || store.known.has(match[1]!)) continue;
        const stat = fsSync.statSync(join(directory, fan, name), { throwIfNoEntry: false });
        if (!stat) continue;
        store.known.set(match[1]!, { size: stat.size, ...(match[2] ? { base: match[2] } : {}) });
        store.bytes += stat.size;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    return store;
  }

  /** Bytes the live objects take on disk (a freed object in a pack stops counting at once; its bytes go at the next repack). */
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

  get packCount(): number {
    return this.packs.size;
  }

  /** Live objects kept raw in packs, waiting for `repack` to deflate them. */
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
  repackBytes(ids = this.packsToRepack()): number {
    return ids.reduce((sum, id) => sum + (this.packs.get(id)?.liveBytes ?? 0), 0);
  }

  /** From now until `commitBatch`, new objects go into one pack, as they are. */
  beginBatch(): void {
    if (this.batch) throw new Error('A checkpoint batch is already open');
    const id = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
    this.batch = { pack: { id, path: '', live: 0, raw: 0, dead: 0, liveBytes: 0 }, hashes: [] };
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
    this.packs.set(batch.pack.id, batch.pack);
  }

  /** Drops the batch: its objects are forgotten and its pack deleted. */
  async abortBatch(): Promise<void> {
    const batch = this.batch;
    if (!batch) return;
    await Promise.allSettled(batch.hashes.map((hash) => this.writing.get(hash)));
    this.batch = undefined;
    for (const hash of batch.hashes) {
      const entry = this.known.get(hash);
      if (entry?.pack !== batch.pack) continue;
      this.known.delete(hash);
      this.bytes -= entry.size;
    }
    batch.writer?.abort();
  }

  /**
   * Stores `bytes` unless an object with their hash is there already; returns the hash. `previous` is the hash
   * of the same file's previous version, if known: the new version may then be stored as a delta.
   */
  put(bytes: Uint8Array, hash = hashBytes(bytes), previous?: string): Promise<string> {
    if (this.known.has(hash)) return Promise.resolve(hash);
    let run = this.writing.get(hash);
    if (!run) {
      run = this.store(bytes, hash, previous).finally(() => this.writing.delete(hash));
      this.writing.set(hash, run);
    }
    return run;
  }

  async get(hash: string): Promise<Buffer> {
    const entry = this.known.get(hash);
    if (!entry) throw new Error(`Checkpoint object ${hash} is missing from ${this.directory} (was the checkpoint storage changed outside Relay?)`);
    let packed: Buffer;
    try {
      packed = entry.pack && entry.record ? await readRecord(entry.pack.path, entry.record) : await fs.readFile(this.path(hash, entry.base));
    } catch (error) {
      // Repacked while this read was under way: the object is in the new pack now.
      const now = this.known.get(hash);
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
    return this.known.has(hash) ? hash : this.put(bytes, hash);
  }

  async getJson<T>(hash: string): Promise<T> {
    return JSON.parse((await this.get(hash)).toString('utf8')) as T;
  }

  /** Reads every object back and checks it against its hash. */
  async verify(): Promise<VerifyResult> {
    const damaged: VerifyResult['damaged'] = [];
    let checked = 0;
    for (const hash of [...this.known.keys()]) {
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
      const base = this.known.get(hash)?.base;
      if (base) keep.add(base);
    }
    // Forgotten before any file goes, so a repack under way sees at once what is gone.
    const victims: string[] = [];
    let freed = 0;
    for (const [hash, entry] of [...this.known]) {
      if (keep.has(hash) || (entry.pack && entry.pack === this.batch?.pack)) continue;
      this.known.delete(hash);
      freed += entry.size;
      if (entry.pack) this.release(entry, true);
      else victims.push(this.path(hash, entry.base));
    }
    this.bytes -= freed;
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
  async repack(ids = this.packsToRepack(), stepBytes = 4 * 1024 * 1024, between: <T>(step: () => Promise<T>) => Promise<T> = (step) => step()): Promise<{ before: number; after: number }> {
    const sources = ids.map((id) => this.packs.get(id)).filter((pack): pack is Pack => pack !== undefined);
    if (sources.length === 0) return { before: 0, after: 0 };
    if (this.repacking) throw new Error('Checkpoint packs are being repacked already');
    this.repacking = true;
    try {
      return await this.repackInto(sources, stepBytes, between);
    } finally {
      this.repacking = false;
    }
  }

  private async repackInto(sources: Pack[], stepBytes: number, between: <T>(step: () => Promise<T>) => Promise<T>): Promise<{ before: number; after: number }> {
    const before = sources.reduce((sum, pack) => sum + pack.liveBytes, 0);
    const entries = [...this.known].filter(([, entry]) => entry.pack && sources.includes(entry.pack));
    const id = `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
    const writer = PackWriter.create(join(this.directory, PACKS), id, this.tempSuffix());
    const pack: Pack = { id, path: writer.finalPath, live: 0, raw: 0, dead: 0, liveBytes: 0 };
    const moved: [string, StoredObject, StoredObject][] = [];
    try {
      for (let next = 0; next < entries.length; ) {
        next = await between(async () => {
          let budget = stepBytes;
          let end = next;
          while (end < entries.length && budget > 0) budget -= entries[end++]![1].size;
          // Read and deflated side by side (zlib works on the thread pool), appended in order.
          const step = entries.slice(next, end).filter(([hash, entry]) => this.known.get(hash) === entry); // not freed meanwhile
          const data = await Promise.all(
            step.map(async ([, entry]) => {
              const stored = await readRecord(entry.pack!.path, entry.record!);
              return entry.record!.form === 'raw' ? deflate(stored) : stored;
            }),
          );
          for (const [i, [hash, entry]] of step.entries()) {
            const form = entry.record!.form === 'raw' ? 'deflated' : entry.record!.form;
            const record = writer.append(hash, form, data[i]!, entry.base);
            moved.push([hash, entry, { size: data[i]!.length, ...(entry.base ? { base: entry.base } : {}), pack, record }]);
          }
          return end;
        });
      }
      await between(async () => {
        writer.seal(sources.map((source) => source.id));
        for (const [hash, old, now] of moved) {
          if (this.known.get(hash) !== old) {
            pack.dead++; // freed while it was copied
            continue;
          }
          this.release(old, false);
          this.adoptRecord(hash, now);
        }
        for (const source of sources) {
          this.packs.delete(source.id);
          await fs.rm(source.path, { force: true });
        }
        this.packs.set(pack.id, pack);
        if (pack.live === 0) {
          this.packs.delete(pack.id);
          await fs.rm(pack.path, { force: true });
        }
      });
    } catch (error) {
      writer.abort();
      throw error;
    }
    return { before, after: pack.liveBytes };
  }

  private async store(bytes: Uint8Array, hash: string, previous: string | undefined): Promise<string> {
    const batch = this.batch;
    if (batch) batch.hashes.push(hash);
    let full: Buffer | undefined;
    let delta: { packed: Buffer; base: string } | undefined;
    // In a batch a new object is kept raw unless it may be a delta: deflating is left to the repack.
    if (!batch || (this.options.deltas !== false && previous !== undefined && this.known.has(previous) && bytes.length >= MIN_DELTA_SOURCE)) {
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
      if (!this.known.has(hash)) this.adoptRecord(hash, { size: data.length, ...(delta ? { base: delta.base } : {}), pack: batch.pack, record });
      return hash;
    }
    const packed = delta?.packed ?? full!;
    const target = this.path(hash, delta?.base);
    await fs.mkdir(join(this.directory, hash.slice(0, 2)), { recursive: true });
    const temp = `${target}.${this.tempSuffix()}.tmp`;
    await fs.writeFile(temp, packed);
    faultPoint('checkpoint-object');
    await fs.rename(temp, target);
    if (!this.known.has(hash)) {
      this.known.set(hash, { size: packed.length, ...(delta ? { base: delta.base } : {}) });
      this.bytes += packed.length;
    }
    return hash;
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

  /** Reads the sealed packs' indexes; deletes the packs a repacked one replaces, and dead processes' temporary packs. */
  private async openPacks(): Promise<void> {
    const folder = join(this.directory, PACKS);
    const names = await fs.readdir(folder).catch(() => [] as string[]);
    const found: { id: string; path: string; contents: Awaited<ReturnType<typeof readPackContents>> }[] = [];
    for (const name of names) {
      if (removeStaleTemp(folder, name) || !name.endsWith(PACK_SUFFIX)) continue;
      const path = join(folder, name);
      try {
        found.push({ id: name.slice(0, -PACK_SUFFIX.length), path, contents: await readPackContents(path) });
      } catch {
        // Not a whole pack (never one this store renamed into place): its objects are reported missing by verify.
      }
    }
    const replaced = new Set(found.flatMap((pack) => pack.contents.replaces));
    for (const { id, path, contents } of found) {
      if (replaced.has(id)) {
        await fs.rm(path, { force: true });
        continue;
      }
      const pack: Pack = { id, path, live: 0, raw: 0, dead: 0, liveBytes: 0 };
      this.packs.set(id, pack);
      for (const record of contents.records) {
        if (this.known.has(record.hash)) pack.dead++;
        else this.adoptRecord(record.hash, { size: record.length, ...(record.base ? { base: record.base } : {}), pack, record });
      }
    }
  }

  private adoptRecord(hash: string, entry: StoredObject): void {
    const pack = entry.pack!;
    this.known.set(hash, entry);
    this.bytes += entry.size;
    pack.live++;
    pack.liveBytes += entry.size;
    if (entry.record!.form === 'raw') pack.raw++;
  }

  /** The object no longer lives in its pack (freed, or moved by a repack). */
  private release(entry: StoredObject, freed: boolean): void {
    const pack = entry.pack!;
    pack.live--;
    pack.liveBytes -= entry.size;
    if (entry.record!.form === 'raw') pack.raw--;
    if (freed) pack.dead++;
    else this.bytes -= entry.size;
  }

  private tempSuffix(): string {
    return `${process.pid}-${++this.tempCounter}`;
  }

  private path(hash: string, base?: string): string {
    return join(this.directory, hash.slice(0, 2), base ? `${hash}.${base}` : hash);
  }
}

/** Deletes a temporary file a process no longer running left behind; true when the name is a temporary file's. */
function removeStaleTemp(folder: string, name: string): boolean {
  const temp = TEMP.exec(name);
  if (!temp) return false;
  if (!isRunning(Number(temp[1]))) fsSync.rmSync(join(folder, name), { force: true });
  return true;
}
