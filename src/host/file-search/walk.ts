// The JavaScript engine's directory walk: depth first, each directory's entries in name order (so results come
// in the same order as ripgrep's --sort path), pruning ignored directories and reading each directory's
// .gitignore on the way down. Symbolic links are skipped, as ripgrep does without --follow.
import * as path from 'node:path';
import type { DirectoryEntry } from '../../core/ports/workspace-files';
import { GITIGNORE, type IgnoreRules } from '../../tools/ignore-rules';
import { compareNames } from './search-rules';

/** The file access the walk needs; WorkspaceFiles has this shape, and so does the node:fs version. */
export interface SearchFileSystem {
  list(directory: string): Promise<DirectoryEntry[]>;
  readBytes(path: string, maxBytes?: number): Promise<Uint8Array>;
}

export interface WalkOptions {
  /** Apply .gitignore rules (.relayignore always applies). */
  gitignore: boolean;
  signal: AbortSignal;
}

/** Reads a small text file, or undefined when it cannot be read (missing, a directory, no permission). */
export async function readOptionalText(fs: SearchFileSystem, file: string): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await fs.readBytes(file));
  } catch {
    return undefined;
  }
}

/** Yields the absolute path of every file under `start` that the rules do not ignore. */
export async function* walkFiles(
  fs: SearchFileSystem,
  start: string,
  rules: IgnoreRules,
  options: WalkOptions,
): AsyncGenerator<string> {
  let entries: DirectoryEntry[];
  try {
    entries = await fs.list(start);
  } catch {
    return; // unreadable or vanished meanwhile: nothing to list, as ripgrep skips it too
  }
  entries.sort((a, b) => compareNames(a.name, b.name));
  for (const entry of entries) {
    if (options.signal.aborted) return;
    const full = path.join(start, entry.name);
    if (entry.type === 'file') {
      if (!rules.ignores(full, false, { gitignore: options.gitignore })) yield full;
    } else if (entry.type === 'directory') {
      if (rules.ignores(full, true, { gitignore: options.gitignore })) continue;
      yield* walkFiles(fs, full, await rulesInside(fs, full, rules, options.gitignore), options);
    }
  }
}

async function rulesInside(fs: SearchFileSystem, dir: string, outer: IgnoreRules, gitignore: boolean): Promise<IgnoreRules> {
  if (!gitignore) return outer;
  const text = await readOptionalText(fs, path.join(dir, GITIGNORE));
  return text === undefined ? outer : outer.withGitignore(dir, text);
}
