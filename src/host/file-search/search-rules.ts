// The contract both search engines (ripgrep and JavaScript) implement, where it goes beyond the FileSearch port:
// which files count, how globs match, in what order results come, and how large a searched file may be.
// Both engines filter their results through these functions, so their answers are the same.
import picomatch from 'picomatch';
import * as path from 'node:path';

/** Files larger than this are not searched for text (ripgrep's --max-filesize gets the same number). */
export const MAX_SEARCHED_FILE_BYTES = 10 * 1024 * 1024;

/** A file with a NUL byte in its first 64 KiB is binary and not searched (ripgrep looks at one buffer too). */
export const BINARY_SNIFF_BYTES = 64 * 1024;

/** `./src/*.ts` and `src/*.ts` are the same glob; backslashes (Windows habits) become slashes. */
export function normaliseGlob(glob: string): string {
  return glob.trim().replace(/\\/g, '/').replace(/^(\.\/)+/, '');
}

/**
 * find_files globs match the whole path relative to the searched directory (`*.ts` only at the top,
 * `**\/*.ts` at any depth), dotfiles included.
 */
export function pathGlobMatcher(glob: string): (relativePath: string) => boolean {
  return picomatch(normaliseGlob(glob), { dot: true });
}

/** The literal directory a glob starts with (`src/app` for `src/app/**\/*.ts`): the walk can start there. */
export function globBase(glob: string): string {
  const normalised = normaliseGlob(glob);
  const scanned = picomatch.scan(normalised);
  if (!scanned.isGlob) return path.posix.dirname(normalised) === '.' ? '' : path.posix.dirname(normalised);
  return scanned.base;
}

/**
 * search_text include globs work as ripgrep's -g: a glob without a slash matches the file name at any depth
 * (`*.ts`), one with a slash matches the path relative to the searched directory (`src/**\/*.ts`); a leading
 * `!` excludes. With only exclusions, everything else is included.
 */
export function includeMatcher(globs: readonly string[] | undefined): (relativePath: string) => boolean {
  const cleaned = (globs ?? []).map((g) => g.trim()).filter((g) => g !== '' && g !== '!');
  if (cleaned.length === 0) return () => true;
  const positive = cleaned.filter((g) => !g.startsWith('!')).map((g) => globTest(normaliseGlob(g)));
  const negative = cleaned.filter((g) => g.startsWith('!')).map((g) => globTest(normaliseGlob(g.slice(1))));
  return (relativePath) =>
    (positive.length === 0 || positive.some((test) => test(relativePath))) && !negative.some((test) => test(relativePath));
}

/** ripgrep's reading of one glob (picomatch's own `basename` option misreads globs such as `src/**`). */
function globTest(glob: string): (relativePath: string) => boolean {
  const matches = picomatch(glob, { dot: true });
  if (glob.includes('/')) return matches;
  return (relativePath) => matches(relativePath.slice(relativePath.lastIndexOf('/') + 1));
}

/** Path order, directory by directory (`a/b` before `a-c`), as ripgrep's --sort path and a sorted walk give it. */
export function comparePaths(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    if (as[i] !== bs[i]) return as[i]! < bs[i]! ? -1 : 1;
  }
  return as.length - bs.length;
}

export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A path below `cwd`, as the port returns it: relative, with `/`. */
export function relativeSlashed(cwd: string, absolute: string): string {
  return path.relative(cwd, absolute).split(path.sep).join('/');
}
