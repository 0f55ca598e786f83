// Finding customisation files with plain Node (unit tests, the bench): walks each folder once, skipping the
// folders no one keeps instructions in, and matches with picomatch. The extension uses vscode-files.ts.
import { readdirSync, statSync } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import type { FoundFile } from '../../core/customization/registry';
import type { CustomizationFiles, Disposable } from './customization-service';
import { MAX_CUSTOMIZATION_BYTES, SKIPPED_FOLDERS } from './limits';

export class NodeCustomizationFiles implements CustomizationFiles {
  private readonly roots: () => readonly string[];

  /** `roots`: the workspace folders now (they may change while the window is open). */
  constructor(roots: readonly string[] | (() => readonly string[])) {
    this.roots = typeof roots === 'function' ? roots : () => roots;
  }

  async find(patterns: readonly string[], userPatterns: readonly string[]): Promise<FoundFile[]> {
    const found = new Map<string, FoundFile>();
    for (const root of this.roots()) {
      // One listing per base folder, however many patterns share it.
      const byBase = new Map<string, string[]>();
      for (const pattern of patterns) {
        const base = picomatch.scan(pattern).base;
        byBase.set(base, [...(byBase.get(base) ?? []), pattern]);
      }
      for (const [base, shared] of byBase) {
        const isMatch = picomatch(shared, { dot: true });
        for (const path of await this.filesUnder(root, base, shared)) {
          const rel = relative(root, path).split(sep).join('/');
          if (isMatch(rel)) found.set(path, { path, root, relative: rel });
        }
      }
    }
    for (const pattern of userPatterns) {
      const base = picomatch.scan(pattern).base;
      const isMatch = picomatch(pattern, { dot: true });
      for (const path of await walk(base)) {
        if (isMatch(path.split(sep).join('/'))) found.set(path, { path, root: undefined, relative: relative(base, path).split(sep).join('/') });
      }
    }
    return [...found.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /**
   * The files under `base` (relative to `root`) that `patterns` may match (the caller filters); a pattern like
   * `**\/AGENTS.md` has no base and walks the folder.
   */
  protected filesUnder(root: string, base: string, _patterns: readonly string[]): Promise<string[]> {
    const folder = join(root, base);
    // A pattern naming a single file (`AGENTS.md`) has that file as its "base": list the folder holding it.
    return stat(folder).then(
      (info) => (info.isDirectory() ? walk(folder) : [folder]),
      () => [],
    );
  }

  stamp(patterns: readonly string[], userPatterns: readonly string[]): Promise<string> {
    const bases = new Set<string>();
    for (const root of this.roots()) {
      for (const pattern of patterns) {
        const base = fixedBase(pattern);
        if (base !== '') bases.add(join(root, base));
      }
    }
    for (const pattern of userPatterns) {
      const base = fixedBase(pattern);
      if (base !== '') bases.add(base);
    }
    // Synchronous on purpose: a turn re-checks these folders (a few small ones, a few hundred entries at most) before
    // choosing its rules, and a promise per entry cost ~4× the CPU of the stats themselves (bench/turn-rules.bench.ts).
    // The walk stops at MAX_STAMPED_ENTRIES, so a huge folder costs a bounded pause; past it, the watcher alone.
    const lines: string[] = [];
    for (const base of [...bases].sort()) describe(base, lines);
    return Promise.resolve(lines.join('\n'));
  }

  watch(_patterns: readonly string[], _userPatterns: readonly string[], _changed: () => void): Disposable {
    return { dispose: () => {} }; // tests call invalidate() instead
  }

  async read(path: string): Promise<string | undefined> {
    try {
      const info = await stat(path);
      if (!info.isFile() || info.size > MAX_CUSTOMIZATION_BYTES) return undefined;
      return await readFile(path, 'utf8');
    } catch {
      return undefined;
    }
  }

  async realPath(path: string): Promise<string> {
    return realpath(path).catch(() => path);
  }

  inWorkspace(path: string): boolean {
    return this.roots().some((root) => {
      const rel = relative(root, path);
      return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
    });
  }
}

async function walk(folder: string, out: string[] = []): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) await walk(path, out);
    } else if (entry.isFile() || entry.isSymbolicLink()) out.push(path);
  }
  return out;
}

const fixedBases = new Map<string, string>();

/** The fixed folder (or file) a pattern starts with, '' when it can match anywhere; scanned once per pattern. */
function fixedBase(pattern: string): string {
  let base = fixedBases.get(pattern);
  if (base === undefined) {
    base = picomatch.scan(pattern).base;
    fixedBases.set(pattern, base);
  }
  return base;
}

/** Entries one stamp looks at, at most. */
export const MAX_STAMPED_ENTRIES = 5000;

/** `path`'s time and size, and its entries' when it is a folder (skipped folders left out), one line each. */
function describe(path: string, out: string[]): void {
  if (out.length >= MAX_STAMPED_ENTRIES) return;
  let info;
  try {
    info = statSync(path, { throwIfNoEntry: false });
  } catch {
    info = undefined; // unreadable (permissions): stamped as absent, as a failed stat always was
  }
  if (!info) {
    out.push(`${path} -`);
    return;
  }
  out.push(`${path} ${info.mtimeMs} ${info.ctimeMs} ${info.size}`);
  if (!info.isDirectory()) return;
  let entries: string[];
  try {
    entries = readdirSync(path);
  } catch {
    entries = [];
  }
  for (const entry of entries.filter((name) => !SKIPPED_FOLDERS.has(name)).sort()) describe(join(path, entry), out);
}
