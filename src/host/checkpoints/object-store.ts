// Content-addressed objects for checkpoints: file contents and directory trees, each stored once under its
// sha-256 (compressed with deflate), however many checkpoints and tasks refer to it. Never inside the
// workspace, never in the user's .git: the folder is under the extension's global storage.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';

const deflate = promisify(zlib.deflate);
const inflate = promisify(zlib.inflate);

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export class ObjectStore {
  /** Hashes known to be stored; filled by `open` and every write, emptied by `sweep`. */
  private readonly known = new Set<string>();
  private bytes = 0;
  private tempCounter = 0;

  private constructor(private readonly directory: string) {}

  /** Lists what is stored (one readdir per fan-out folder, no reads) and sums its size. */
  static async open(directory: string): Promise<ObjectStore> {
    const store = new ObjectStore(directory);
    await fs.mkdir(directory, { recursive: true });
    for (const fan of await fs.readdir(directory)) {
      if (fan.length !== 2) continue;
      const names = await fs.readdir(join(directory, fan)).catch(() => []);
      await Promise.all(
        names
          .filter((name) => /^[0-9a-f]{64}$/.test(name))
          .map(async (name) => {
            const stat = await fs.stat(join(directory, fan, name)).catch(() => undefined);
            if (!stat) return;
            store.known.add(name);
            store.bytes += stat.size;
          }),
      );
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

  /** Stores `bytes` unless an object with their hash is there already; returns the hash. */
  async put(bytes: Uint8Array, hash = hashBytes(bytes)): Promise<string> {
    if (this.known.has(hash)) return hash;
    const packed = await deflate(bytes);
    const target = this.path(hash);
    await fs.mkdir(join(this.directory, hash.slice(0, 2)), { recursive: true });
    const temp = `${target}.${process.pid}-${++this.tempCounter}.tmp`;
    await fs.writeFile(temp, packed);
    await fs.rename(temp, target);
    if (!this.known.has(hash)) {
      this.known.add(hash);
      this.bytes += packed.length;
    }
    return hash;
  }

  async get(hash: string): Promise<Buffer> {
    const bytes = await inflate(await fs.readFile(this.path(hash)));
    if (hashBytes(bytes) !== hash) throw new Error(`Checkpoint object ${hash} is damaged`);
    return bytes;
  }

  async putJson(value: unknown): Promise<string> {
    return this.put(Buffer.from(JSON.stringify(value)));
  }

  async getJson<T>(hash: string): Promise<T> {
    return JSON.parse((await this.get(hash)).toString('utf8')) as T;
  }

  /** Deletes every object not in `reachable`; returns the bytes freed. */
  async sweep(reachable: ReadonlySet<string>): Promise<number> {
    let freed = 0;
    for (const hash of [...this.known]) {
      if (reachable.has(hash)) continue;
      const path = this.path(hash);
      const stat = await fs.stat(path).catch(() => undefined);
      await fs.rm(path, { force: true });
      this.known.delete(hash);
      freed += stat?.size ?? 0;
    }
    this.bytes -= freed;
    return freed;
  }

  private path(hash: string): string {
    return join(this.directory, hash.slice(0, 2), hash);
  }
}
