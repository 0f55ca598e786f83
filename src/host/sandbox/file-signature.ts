// A cheap fingerprint of some files (size, mtime and inode of each, or "missing"): a cached reading of them stays
// valid while it is the same. Used by the git configuration scan and the git configuration masking.
import { stat } from 'node:fs/promises';

export async function fileSignature(paths: readonly string[]): Promise<string> {
  const parts = await Promise.all(
    paths.map(async (p) => {
      const s = await stat(p).catch(() => undefined);
      return s ? `${p}:${s.size}:${s.mtimeMs}:${s.ino}` : `${p}:-`;
    }),
  );
  return parts.join('\n');
}
