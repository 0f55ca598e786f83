// A snapshot of the workspace's non-ignored files, cheap when little changed: each directory becomes a tree
// object (like git's), so unchanged directories are shared between snapshots, and a stat cache remembers each
// file's hash by size, mtime, ctime and inode, so an unchanged file costs one stat and no read. `.gitignore`
// and `.relayignore` apply as the file tools apply them; `.git` is never entered; symbolic links are kept as
// links; files over the size limit are recorded by size only. A changed file is stored against its previous
// version (a delta when the change is small, see object-store.ts).
// The walk lists and stats synchronously, one directory at a time, yielding to the event loop every few
// milliseconds: an unchanged snapshot is thousands of stats, and promise-based ones cost several times as much
// (profiled on the VS Code server tree: most of the time went to lstat promises and their garbage).
import * as fsSync from 'node:fs';
import type { Dirent, Stats } from 'node:fs';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import type { FileState } from '../../core/checkpoints/types';
import { GITIGNORE, IgnoreRules } from '../../tools/ignore-rules';
import { writeAtomically } from '../storage/stale-temps';
import { hashBytes, type ObjectStore } from './object-store';

/** A directory's entries, sorted by name: [name, 'f', hash, size, executable] | [name, 'l', target] | [name, 's', size] | [name, 'd', treeHash]. */
export type TreeEntry = [string, 'f', string, number, boolean] | [string, 'l', string] | [string, 's', number] | [string, 'd', string];

interface CacheEntry {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  hash: string;
  /** Hashed within the racy window: the hash is the file's last stored version, but its stat is not trusted. */
  racy?: true;
}

/** A file changed this close to when it was hashed may change again within the same mtime tick ("racy git"). */
const RACY_MS = 2_000;

export interface SnapshotStats {
  files: number;
  /** Files read and hashed (new or changed, or not trusted from the cache). */
  read: number;
  skipped: { path: string; size: number }[];
}

export class StatCache {
  private entries = new Map<string, CacheEntry>();
  private dirty = false;

  constructor(private readonly file: string) {}

  async load(): Promise<void> {
    try {
      const parsed = JSON.parse(await fs.readFile(this.file, 'utf8')) as Record<string, CacheEntry>;
      this.entries = new Map(Object.entries(parsed));
    } catch {
      this.entries = new Map(); // none yet, or damaged: it is only a cache
    }
  }

  lookup(path: string, stat: Stats, store: ObjectStore): string | undefined {
    const entry = this.entries.get(path);
    if (!entry || entry.racy || !store.has(entry.hash)) return undefined;
    const same = entry.size === stat.size && entry.mtimeMs === stat.mtimeMs && entry.ctimeMs === stat.ctimeMs && entry.ino === stat.ino;
    return same ? entry.hash : undefined;
  }

  /** The hash last stored for the path, trusted or not: the base a changed version is stored against. */
  previous(path: string): string | undefined {
    return this.entries.get(path)?.hash;
  }

  remember(path: string, stat: Stats, hash: string, now: number): void {
    const entry: CacheEntry = { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino, hash };
    // Not trusted next time if written just now: a second write within the clock's tick would look the same.
    if (now - stat.mtimeMs < RACY_MS) entry.racy = true;
    this.entries.set(path, entry);
    this.dirty = true;
  }

  async save(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    await writeAtomically(this.file, JSON.stringify(Object.fromEntries(this.entries)), 'stat-cache');
  }
}

export interface SnapshotOptions {
  objects: ObjectStore;
  cache: StatCache;
  maxFileBytes: number;
  now?: () => number;
}

/** Snapshots one workspace folder; returns its root tree's hash. */
export async function snapshotFolder(root: string, options: SnapshotOptions, stats: SnapshotStats): Promise<string> {
  const rules = await IgnoreRules.forDirectory(root, readOptional);
  return snapshotDirectory(root, rules, options, stats, new Yielder());
}

async function snapshotDirectory(dir: string, outer: IgnoreRules, options: SnapshotOptions, stats: SnapshotStats, yielder: Yielder): Promise<string> {
  await yielder.maybeYield();
  let dirents: Dirent[];
  try {
    dirents = fsSync.readdirSync(dir, { withFileTypes: true });
  } catch {
    dirents = []; // vanished or unreadable meanwhile: recorded as empty
  }
  const gitignore = dirents.some((d) => d.name === GITIGNORE && d.isFile()) ? readOptionalSync(join(dir, GITIGNORE)) : undefined;
  const rules = gitignore === undefined ? outer : outer.withGitignore(dir, gitignore);
  const entries: TreeEntry[] = [];
  const reads: Promise<void>[] = [];
  for (const dirent of dirents) {
    const path = join(dir, dirent.name);
    if (dirent.isDirectory()) {
      if (!rules.ignores(path, true)) entries.push([dirent.name, 'd', await snapshotDirectory(path, rules, options, stats, yielder)]);
      continue;
    }
    if ((!dirent.isFile() && !dirent.isSymbolicLink()) || rules.ignores(path, false)) continue;
    await yielder.maybeYield();
    const known = inspectFile(path, options, stats);
    if (known === null) continue;
    if (!('isFile' in known)) {
      entries.push(toEntry(dirent.name, known));
      continue;
    }
    reads.push(
      storeFile(path, known, options, stats).then((state) => {
        if (state) entries.push(toEntry(dirent.name, state));
      }),
    );
  }
  await Promise.all(reads);
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return options.objects.putJson(entries);
}

/** One path's state now, stored; null when nothing (or a directory, socket…) is there. */
export async function captureFile(path: string, options: SnapshotOptions, stats: SnapshotStats): Promise<FileState | null> {
  const known = inspectFile(path, options, stats);
  return known === null || !('isFile' in known) ? known : storeFile(path, known, options, stats);
}

/** What a stat alone tells: the state (a link, a file over the limit, a file the cache vouches for), or the stat of a file to read. */
function inspectFile(path: string, options: SnapshotOptions, stats: SnapshotStats): FileState | Stats | null {
  const stat = fsSync.lstatSync(path, { throwIfNoEntry: false });
  if (!stat) return null;
  if (stat.isSymbolicLink()) {
    let target: string;
    try {
      target = fsSync.readlinkSync(path);
    } catch {
      return null;
    }
    stats.files++;
    return { type: 'symlink', target };
  }
  if (!stat.isFile()) return null;
  stats.files++;
  if (stat.size > options.maxFileBytes) {
    stats.skipped.push({ path, size: stat.size });
    return { type: 'skipped', size: stat.size };
  }
  const cached = options.cache.lookup(path, stat, options.objects);
  return cached === undefined ? stat : fileState(cached, stat.size, stat);
}

/** Read synchronously, like the walk's stats: a promise-based read costs several thread-pool round trips per file. */
async function storeFile(path: string, stat: Stats, options: SnapshotOptions, stats: SnapshotStats): Promise<FileState | null> {
  let bytes: Buffer;
  try {
    bytes = fsSync.readFileSync(path);
  } catch {
    return null;
  }
  stats.read++;
  const hash = await options.objects.put(bytes, hashBytes(bytes), options.cache.previous(path));
  options.cache.remember(path, stat, hash, (options.now ?? Date.now)());
  return fileState(hash, bytes.length, stat);
}

function fileState(hash: string, size: number, stat: Stats): FileState {
  const executable = (stat.mode & 0o111) !== 0;
  return { type: 'file', hash, size, ...(executable ? { executable } : {}) };
}

/** Hands the event loop back every few milliseconds of synchronous walking. */
class Yielder {
  private last = performance.now();

  async maybeYield(): Promise<void> {
    if (performance.now() - this.last < 10) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.last = performance.now();
  }
}

function toEntry(name: string, state: FileState): TreeEntry {
  switch (state.type) {
    case 'file':
      return [name, 'f', state.hash, state.size, Boolean(state.executable)];
    case 'symlink':
      return [name, 'l', state.target];
    case 'skipped':
      return [name, 's', state.size];
  }
}

/** Every file a tree holds, by absolute path. */
export async function flattenTree(objects: ObjectStore, root: string, hash: string, into = new Map<string, FileState>()): Promise<Map<string, FileState>> {
  const tree = await objects.getJson<TreeEntry[]>(hash);
  await Promise.all(
    tree.map(async (entry) => {
      const path = join(root, entry[0]);
      switch (entry[1]) {
        case 'd':
          await flattenTree(objects, path, entry[2], into);
          return;
        case 'f':
          into.set(path, { type: 'file', hash: entry[2], size: entry[3], ...(entry[4] ? { executable: true } : {}) });
          return;
        case 'l':
          into.set(path, { type: 'symlink', target: entry[2] });
          return;
        case 's':
          into.set(path, { type: 'skipped', size: entry[2] });
          return;
      }
    }),
  );
  return into;
}

/** Every object a tree refers to (itself, subtrees, file contents), for garbage collection. */
export async function collectTree(objects: ObjectStore, hash: string, into: Set<string>): Promise<void> {
  if (into.has(hash)) return;
  into.add(hash);
  if (!objects.has(hash)) return;
  const tree = await objects.getJson<TreeEntry[]>(hash);
  for (const entry of tree) {
    if (entry[1] === 'd') await collectTree(objects, entry[2], into);
    else if (entry[1] === 'f') into.add(entry[2]);
  }
}

function readOptionalSync(file: string): string | undefined {
  try {
    return fsSync.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}
