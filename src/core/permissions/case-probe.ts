// Whether a volume ignores case, asked of the file system rather than assumed from the OS: macOS volumes can be
// case-sensitive APFS, Linux can mount case-insensitive ones (vfat, ntfs3, ext4 casefold), and Windows can make a
// folder case-sensitive. The host gives an entry's identity (device and inode); the core decides.
import { type PathStyle, rootOf, toSlashes } from './paths';

/**
 * Looks up the folder's deepest name that has letters with its case swapped (`/Users/Dev/Work` as
 * `/Users/Dev/wORK`): the same entry means the volume ignores case, nothing or another entry means it does not.
 * Undefined when the folder does not exist or no name in it has a letter: keep the platform default then.
 */
export function probeCaseInsensitive(folder: string, identity: (path: string) => string | undefined, style: PathStyle): boolean | undefined {
  const slashed = toSlashes(folder, style);
  const root = rootOf(slashed, style) ?? '';
  const segments = slashed.slice(root.length).split('/').filter((s) => s !== '');
  for (let i = segments.length - 1; i >= 0; i--) {
    const swapped = swapCase(segments[i]!);
    if (swapped === segments[i]) continue;
    const original = identity(root + segments.slice(0, i + 1).join('/'));
    if (original === undefined) return undefined;
    return identity(root + [...segments.slice(0, i), swapped].join('/')) === original;
  }
  return undefined;
}

function swapCase(name: string): string {
  return [...name].map((ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase())).join('');
}
