// Repacking checkpoint packs: the packs named are rewritten into one, raw objects deflated, freed ones left out,
// in steps of about `stepBytes` of objects with `between` awaited before each step and before the swap (the
// checkpoint store runs each step as a turn of its queue). The new pack names the packs it replaces and is
// renamed into place before they are deleted; objects freed or moved meanwhile are left out of the swap.
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import { emptyPack, newPackId, type ObjectIndex, type Pack, type StoredObject } from './object-index';
import { PackWriter, readRecord } from './object-pack';
import { PACKS } from './object-store-open';
import * as fs from 'node:fs/promises';

const deflate = promisify(zlib.deflate);

export type Between = <T>(step: () => Promise<T>) => Promise<T>;

/** Returns the bytes the packs took before and after. */
export async function repackInto(
  index: ObjectIndex,
  directory: string,
  sources: Pack[],
  stepBytes: number,
  between: Between,
  tempSuffix: string,
): Promise<{ before: number; after: number }> {
  const before = sources.reduce((sum, pack) => sum + pack.liveBytes, 0);
  const entries = [...index.known].filter(([, entry]) => entry.pack && sources.includes(entry.pack));
  const writer = PackWriter.create(join(directory, PACKS), newPackId(), tempSuffix);
  const pack = emptyPack(writer.id, writer.finalPath);
  const moved: [string, StoredObject, StoredObject][] = [];
  try {
    for (let next = 0; next < entries.length; ) {
      next = await between(async () => {
        let budget = stepBytes;
        let end = next;
        while (end < entries.length && budget > 0) budget -= entries[end++]![1].size;
        // Read and deflated side by side (zlib works on the thread pool), appended in order.
        const step = entries.slice(next, end).filter(([hash, entry]) => index.known.get(hash) === entry); // not freed meanwhile
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
        if (index.known.get(hash) !== old) {
          pack.dead++; // freed while it was copied
          continue;
        }
        index.release(old, false);
        index.adoptRecord(hash, now);
      }
      for (const source of sources) {
        index.packs.delete(source.id);
        await fs.rm(source.path, { force: true });
      }
      index.packs.set(pack.id, pack);
      if (pack.live === 0) {
        index.packs.delete(pack.id);
        await fs.rm(pack.path, { force: true });
      }
    });
  } catch (error) {
    writer.abort();
    throw error;
  }
  return { before, after: pack.liveBytes };
}
