// The protected files below a writable root. The sandbox runtime looks for its dangerous files (Git hooks and
// config, .vscode/, .mcp.json, shell profiles…) a few levels below its working directory on every command, with a
// ripgrep process; but its working directory is `process.cwd()`, which in the extension host is not the workspace,
// so the workspace's own were left writable. Relay looks for them itself, below each folder a command may write
// that it runs in, and hands them to the runtime as read-only paths; the runtime's scan is switched off in the
// bundle (no-cwd-scan.ts). The walk is in-process (a few readdir calls, no process to start) and a superset of
// the runtime's: every protected name of the boundary, in any folder down to the same depth, whether Git ignores
// it or not, case-insensitively, skipping node_modules as the runtime does. Nothing is remembered between
// commands: each wrap walks again, so a file made a moment before is found. Folders are read in place (dir-reader.ts).
import { join, sep } from 'node:path';
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
}

/** The protected paths that exist in the folders below these roots, down to `depth` levels (absolute paths). */
export async function nestedProtected(roots: readonly string[], depth = NESTED_DEPTH): Promise<string[]> {
  return (await scanBelow(roots, depth, depth)).protected;
}

/** One walk: protected names down to `depth` levels, `.git` entries down to `gitDepth` (not into node_modules). */
export async function scanBelow(roots: readonly string[], depth = NESTED_DEPTH, gitDepth = GIT_DEPTH): Promise<WorkspaceScan> {
  const found = { protected: new Set<string>(), gitEntries: new Set<string>() };
  const reader = new DirReader();
  for (const root of roots) await walk(reader, root, 0, depth, Math.max(depth, gitDepth), found);
  return { protected: [...found.protected], gitEntries: [...found.gitEntries] };
}

type Found = { protected: Set<string>; gitEntries: Set<string> };

async function walk(reader: DirReader, dir: string, level: number, depth: number, maxDepth: number, found: Found): Promise<void> {
  // Gone or unreadable: no entries, and nothing in it can be written either way that the walk could see.
  const entries = await reader.entries(dir);
  const below: string[] = [];
  for (const entry of entries) {
    const lower = entry.name.toLowerCase();
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
  for (const sub of below) await walk(reader, sub, level + 1, depth, maxDepth, found);
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
