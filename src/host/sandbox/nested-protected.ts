// The protected files below a writable root. The sandbox runtime looks for its dangerous files (Git hooks and
// config, .vscode/, .mcp.json, shell profiles…) a few levels below its working directory on every command, with a
// ripgrep process; but its working directory is `process.cwd()`, which in the extension host is not the workspace,
// so the workspace's own were left writable. Relay looks for them itself, below each folder a command may write
// that it runs in, and hands them to the runtime as read-only paths; the runtime's scan is switched off in the
// bundle (no-cwd-scan.ts). The walk is in-process (a few readdir calls, no process to start) and a superset of
// the runtime's: every protected name of the boundary, in any folder down to the same depth, whether Git ignores
// it or not, case-insensitively, skipping node_modules as the runtime does. Nothing is remembered between
// commands: each wrap walks again, so a file made a moment before is found. Folders are read in place (dir-reader.ts).
import { lstatSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { DirReader } from './dir-reader';
import { PROTECTED_NAMES, PROTECTED_SUFFIXES } from '../../core/sandbox/boundary';

/** How deep below a root protected files are looked for: the runtime's default (mandatoryDenySearchDepth). */
export const NESTED_DEPTH = 3;

/** The protected paths by their first component (lower-cased), with what follows it. */
const BY_FIRST = new Map<string, string[][]>();
for (const rel of PROTECTED_NAMES) {
  const [first, ...rest] = rel.split('/');
  const key = first!.toLowerCase();
  BY_FIRST.set(key, [...(BY_FIRST.get(key) ?? []), rest]);
}

/**
 * The folders to look below: the writable roots, and the command's and this process's working directories where
 * they lie in a writable folder (the runtime's own scan started at its working directory).
 */
export function scanRoots(writableRoots: readonly string[], allowWrite: readonly string[], cwds: readonly string[]): string[] {
  const inside = (p: string) => allowWrite.some((w) => p === w || p.startsWith(w.endsWith(sep) ? w : w + sep));
  return [...new Set([...writableRoots, ...cwds.filter(inside)])];
}

/** How deep below a root `.git` entries are looked for: VS Code's git extension opens a repository at any depth. */
export const GIT_DEPTH = 6;

/** What one walk below the roots finds: the protected paths, and every `.git` entry (folder or pointer file). */
export interface WorkspaceScan {
  protected: string[];
  gitEntries: string[];
  /**
   * The `node_modules` folders the walk did not enter that no repository holds (no `.git` in them, in a folder above
   * them or above the root): a `.git` a command makes in one is opened by VS Code's git as soon as a file below it
   * is opened in an editor (Go to Definition), so they are swept after the command (module-sweep.ts).
   */
  unownedModules: string[];
}

/** The protected paths that exist in the folders below these roots, down to `depth` levels (absolute paths). */
export async function nestedProtected(roots: readonly string[], depth = NESTED_DEPTH): Promise<string[]> {
  return (await scanBelow(roots, depth, depth)).protected;
}

/** One walk: protected names down to `depth` levels, `.git` entries down to `gitDepth` (not into node_modules). */
export async function scanBelow(roots: readonly string[], depth = NESTED_DEPTH, gitDepth = GIT_DEPTH, options: { rootsUnowned?: boolean } = {}): Promise<WorkspaceScan> {
  const found = { protected: new Set<string>(), gitEntries: new Set<string>(), unownedModules: new Set<string>() };
  const reader = new DirReader();
  // rootsUnowned: the caller knows no repository held each root (a `.git` there now is a mount point of bubblewrap's).
  for (const root of roots) await walk(reader, root, 0, depth, Math.max(depth, gitDepth), found, options.rootsUnowned ? 'unowned' : inRepositoryAbove(root));
  return { protected: [...found.protected], gitEntries: [...found.gitEntries], unownedModules: [...found.unownedModules] };
}

type Found = { protected: Set<string>; gitEntries: Set<string>; unownedModules: Set<string> };

/** Whether a folder above `root` holds a `.git` (git, and VS Code's git, would take `root` as part of that repository). */
export function inRepositoryAbove(root: string): boolean {
  for (let dir = dirname(root); ; dir = dirname(dir)) {
    try {
      if (lstatSync(join(dir, '.git'), { throwIfNoEntry: false })) return true;
    } catch {
      // unreadable: git could not use it either
    }
    if (dirname(dir) === dir) return false;
  }
}

async function walk(reader: DirReader, dir: string, level: number, depth: number, maxDepth: number, found: Found, owned: boolean | 'unowned'): Promise<void> {
  // Gone or unreadable: no entries, and nothing in it can be written either way that the walk could see.
  const entries = await reader.entries(dir);
  const below: string[] = [];
  const ownedHere = owned === 'unowned' ? false : owned || entries.some((e) => e.name === '.git');
  for (const entry of entries) {
    const lower = entry.name.toLowerCase();
    if (lower === 'node_modules' && entry.isDirectory() && !ownedHere) found.unownedModules.add(join(dir, entry.name));
    if (lower === '.git') found.gitEntries.add(join(dir, entry.name));
    if (level < depth) {
      if (PROTECTED_SUFFIXES.some((suffix) => lower.endsWith(suffix))) found.protected.add(join(dir, entry.name));
      for (const rest of BY_FIRST.get(lower) ?? []) {
        if (rest.length === 0) found.protected.add(join(dir, entry.name));
        else if (entry.isDirectory()) await addExisting(reader, join(dir, entry.name), rest, found.protected);
      }
    }
    // Symbolic links are not followed (a link is not a directory entry here), as ripgrep does not follow them.
    if (entry.isDirectory() && level + 1 < maxDepth && lower !== 'node_modules' && lower !== '.git') below.push(join(dir, entry.name));
  }
  for (const sub of below) await walk(reader, sub, level + 1, depth, maxDepth, found, ownedHere);
}

/** `dir/rest…` when it exists (any case of each component, as the runtime's case-insensitive globs match). */
async function addExisting(reader: DirReader, dir: string, rest: string[], found: Set<string>): Promise<void> {
  const [next, ...more] = rest;
  for (const entry of await reader.entries(dir)) {
    if (entry.name.toLowerCase() !== next!.toLowerCase()) continue;
    if (more.length === 0) found.add(join(dir, entry.name));
    else if (entry.isDirectory()) await addExisting(reader, join(dir, entry.name), more, found);
  }
}
