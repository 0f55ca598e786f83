// Finding a program to run: whether a file is one this process may execute, the first such file of a list, and
// where a name is found on PATH (as `which` finds it, without starting a process). Shared by the sandbox runtime's
// remembered `which` (sandbox/cached-which.ts) and the ripgrep VS Code ships (file-search/ripgrep-locator.ts); each
// keeps its own policy (what to remember, where to look).
import { accessSync, constants, statSync } from 'node:fs';
import * as path from 'node:path';

/** A regular file (not a folder of that name) this process may execute. */
export function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first of `candidates` that is executable, or undefined. */
export function firstExecutable(candidates: Iterable<string>): string | undefined {
  for (const candidate of candidates) if (isExecutable(candidate)) return candidate;
  return undefined;
}

export interface PathLookup {
  /** PATH's value (default: this process's). */
  path?: string;
  /** Windows: the extensions a bare name may have (PATHEXT). */
  pathExt?: string;
  platform?: string;
}

/**
 * Where `bin` is found on PATH: the first folder in PATH's order holding an executable file of that name (on
 * Windows also with each PATHEXT extension). A name with a folder in it is taken as it is. Empty PATH entries
 * (the current folder to some shells) are skipped: the extension host's working folder is no place to run from.
 */
export function findOnPath(bin: string, lookup: PathLookup = {}): string | undefined {
  const platform = lookup.platform ?? process.platform;
  if (bin === '') return undefined;
  const names = [bin, ...(platform === 'win32' ? (lookup.pathExt ?? process.env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean).map((ext) => bin + ext) : [])];
  if (bin.includes('/') || (platform === 'win32' && bin.includes('\\'))) return firstExecutable(names);
  const dirs = (lookup.path ?? process.env.PATH ?? '').split(platform === 'win32' ? ';' : ':').filter((dir) => dir !== '');
  return firstExecutable(dirs.flatMap((dir) => names.map((name) => path.join(dir, name))));
}
