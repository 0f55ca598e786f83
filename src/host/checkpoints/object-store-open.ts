// Opening the checkpoint object store: lists what is stored and sums its size (names, sizes and pack indexes, no
// object reads) into an ObjectIndex, and deletes what a crash can leave: temporary files of processes no longer
// running, and packs a repacked one replaces.
import * as fsSync from 'node:fs';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { emptyPack, type ObjectIndex } from './object-index';
import { PACK_SUFFIX, readPackContents } from './object-pack';
import { isRunning } from '../storage/stale-temps';

/** A loose object's file name: its hash, and for a delta the hash of the full copy it applies to. */
const NAME = /^([0-9a-f]{64})(?:\.([0-9a-f]{64}))?$/;
/** A temporary file, loose (`<name>.<pid>-<n>.tmp`) or a pack's (`<id>.pack.<pid>-<n>.tmp`). */
const TEMP = /\.(\d+)-\d+\.tmp$/;
/** The folder of the packs, beside the loose objects' fan-out folders. */
export const PACKS = 'packs';

export async function loadObjects(directory: string, index: ObjectIndex): Promise<void> {
  await fs.mkdir(directory, { recursive: true });
  await loadPacks(directory, index);
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
      if (!match || index.known.has(match[1]!)) continue;
      const stat = fsSync.statSync(join(directory, fan, name), { throwIfNoEntry: false });
      if (!stat) continue;
      index.addLoose(match[1]!, { size: stat.size, ...(match[2] ? { base: match[2] } : {}) });
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Reads the sealed packs' indexes; deletes the packs a repacked one replaces, and dead processes' temporary packs. */
async function loadPacks(directory: string, index: ObjectIndex): Promise<void> {
  const folder = join(directory, PACKS);
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
    const pack = emptyPack(id, path);
    index.packs.set(id, pack);
    for (const record of contents.records) {
      if (index.known.has(record.hash)) pack.dead++;
      else index.adoptRecord(record.hash, { size: record.length, ...(record.base ? { base: record.base } : {}), pack, record });
    }
  }
}

/** Deletes a temporary file a process no longer running left behind; true when the name is a temporary file's. */
function removeStaleTemp(folder: string, name: string): boolean {
  const temp = TEMP.exec(name);
  if (!temp) return false;
  if (!isRunning(Number(temp[1]))) fsSync.rmSync(join(folder, name), { force: true });
  return true;
}
