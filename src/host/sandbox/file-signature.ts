// A cheap fingerprint of some files (size, mtime and inode of each, or "missing"): a cached reading of them stays
// valid while it is the same. Used by the git configuration scan and the git configuration masking.
import { statSync } from 'node:fs';

/** Synchronous: a handful of stats, each a few microseconds in place against tens through the thread pool. */
export async function fileSignature(paths: readonly string[]): Promise<string> {
  return paths
    .map((p) => {
      let s;
      try {
        s = statSync(p, { throwIfNoEntry: false });
      } catch {
        s = undefined; // not a folder on the way, or unreadable: as missing
      }
      return s ? `${p}:${s.size}:${s.mtimeMs}:${s.ino}` : `${p}:-`;
    })
    .join('\n');
}
