// Git's control data below a command's writable folders, found before it runs (issue 36): every git directory (a
// `.git` folder, a submodule's `.git/modules/…`, a linked worktree's `.git/worktrees/<name>`, the one a `.git` file
// points to when it lies in a writable folder), the `.git` pointer files themselves, and the folders
// `core.hooksPath` names in the configuration git reads for each repository. What the sandbox keeps read-only is
// every entry of each git directory that ordinary git work does not write (git-control.ts), the pointer files,
// the hooks folders and configuration files that lie in a writable folder (an `include.path` into the tree).
// The reads are synchronous: a few dozen small ones before every sandboxed command, each a few microseconds in place
// against tens through the thread pool and a promise, on the command's way to starting (the sandbox bench).
import { execFile } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { homedir } from 'node:os';
import { fileSignature } from './file-signature';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { GIT_CONTAINERS, isGitControlEntry, parseGitConfigList, parseGitFile, type GitConfigFacts } from '../../core/sandbox/git-control';

export interface GitControl {
  /** Paths a sandboxed command may not write. */
  readOnly: string[];
  /** Every git directory found (absolute). */
  gitDirs: string[];
  /** `.git` files (and links) that point git elsewhere. */
  pointers: string[];
  /** Folders named by `core.hooksPath` that lie in a writable folder. */
  hooksFolders: string[];
  /** Every `.git` entry found below the roots, to tell a new one afterwards. */
  gitEntries: string[];
  /**
   * The `.gitmodules` beside each `.git` entry that exist in a writable folder, for the audit. VS Code's git extension
   * opens every path one lists as a repository and runs `git status` there, so one naming a repository a command
   * planted where no scan looks (`node_modules/x/.git`) would run its code: each is in `readOnly`, there or not (a
   * missing one is bubblewrap's empty mount point while the command runs).
   */
  submoduleLists: string[];
}

/** How deep below `modules/` a submodule's git directory is looked for (its name may hold slashes). */
const MODULE_DEPTH = 4;

export interface GitControlOptions {
  /** Whether the command may write this path (inside a writable folder). */
  writable: (path: string) => boolean;
  config?: GitConfigReader;
}

export async function scanGitControl(gitEntries: readonly string[], options: GitControlOptions): Promise<GitControl> {
  const gitDirs = new Map<string, string | undefined>(); // git directory -> its working tree, when known
  // Every repository whose configuration git reads for a working tree here, its git directory writable or not (a
  // parallel task's worktree points into the main repository): its hooks folder may lie in a writable folder.
  const repositories = new Map<string, string>();
  const pointers: string[] = [];
  const lists = gitEntries.map((entry) => join(dirname(entry), '.gitmodules')).filter(options.writable);
  const submoduleLists = lists.filter((list) => quiet(() => lstatSync(list, { throwIfNoEntry: false })));
  for (const entry of gitEntries) {
    const info = quiet(() => lstatSync(entry, { throwIfNoEntry: false }));
    if (!info) continue;
    if (info.isDirectory()) {
      gitDirs.set(entry, dirname(entry));
      repositories.set(entry, dirname(entry));
      continue;
    }
    pointers.push(entry);
    if (!info.isFile()) continue;
    const target = parseGitFile(quiet(() => readFileSync(entry, 'utf8')) ?? '');
    if (target === undefined) continue;
    const dir = resolve(dirname(entry), target);
    repositories.set(dir, dirname(entry));
    if (options.writable(dir)) gitDirs.set(dir, dirname(entry));
  }
  // The git directories held inside each: submodules' and linked worktrees'.
  for (const dir of [...gitDirs.keys()]) for (const inner of innerGitDirs(dir)) if (!gitDirs.has(inner)) gitDirs.set(inner, undefined);
  const readOnly = new Set<string>([...pointers.filter((p) => options.writable(p)), ...lists]);
  for (const dir of gitDirs.keys()) for (const entry of controlEntries(dir)) readOnly.add(entry);
  const hooksFolders = new Set<string>();
  const reader = options.config ?? new GitConfigReader();
  await Promise.all(
    [...new Map([...gitDirs, ...repositories])].map(async ([dir, worktree]) => {
      const facts = await reader.read(dir);
      for (const origin of facts.origins) if (options.writable(origin)) readOnly.add(origin);
      for (const hooks of facts.hooksPaths) {
        const folder = isAbsolute(hooks) ? hooks : worktree ? resolve(worktree, hooks) : undefined;
        if (folder && options.writable(folder)) hooksFolders.add(folder);
      }
    }),
  );
  for (const folder of hooksFolders) readOnly.add(folder);
  return { readOnly: [...readOnly], gitDirs: [...gitDirs.keys()], pointers, hooksFolders: [...hooksFolders], gitEntries: [...gitEntries], submoduleLists };
}

/** The entries of a git directory that stay read-only: all that exist but what ordinary git work writes. */
export function controlEntries(gitDir: string): string[] {
  const names = quiet(() => readdirSync(gitDir)) ?? [];
  return names.filter(isGitControlEntry).map((name) => join(gitDir, name));
}

/** Submodules' git directories below `modules/` (any depth up to MODULE_DEPTH), and each linked worktree's. */
function innerGitDirs(gitDir: string): string[] {
  const found: string[] = [];
  const visit = (dir: string, level: number): void => {
    const entries: Dirent[] = quiet(() => readdirSync(dir, { withFileTypes: true })) ?? [];
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const path = join(dir, entry.name);
      if (isGitDir(path)) {
        found.push(path, ...innerGitDirs(path));
      } else if (level < MODULE_DEPTH) visit(path, level + 1);
    }
  };
  for (const container of GIT_CONTAINERS) visit(join(gitDir, container), 1);
  return found;
}

function isGitDir(dir: string): boolean {
  return quiet(() => statSync(join(dir, 'HEAD'), { throwIfNoEntry: false }))?.isFile() ?? false;
}

/** The value, or undefined where reading failed (gone, unreadable, not a folder). */
function quiet<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/**
 * `git config --list` for one git directory (the system, global, repository and included files git reads for it),
 * run again only when one of the files it came from, or the repository's own, changed. Git is run with the
 * directory given explicitly and no GIT_* variables of the host; listing the configuration runs no repository code.
 */
export class GitConfigReader {
  private readonly cache = new Map<string, { key: string; facts: GitConfigFacts }>();

  constructor(private readonly git = 'git') {}

  async read(gitDir: string): Promise<GitConfigFacts> {
    const cached = this.cache.get(gitDir);
    const watched = (origins: readonly string[]) => [...new Set([join(gitDir, 'config'), join(gitDir, 'config.worktree'), join(gitDir, 'commondir'), ...GLOBAL_CONFIGS(), ...origins])];
    if (cached && cached.key === (await fileSignature(watched(cached.facts.origins)))) return cached.facts;
    const facts = await this.list(gitDir);
    this.cache.set(gitDir, { key: await fileSignature(watched(facts.origins)), facts });
    return facts;
  }

  private list(gitDir: string): Promise<GitConfigFacts> {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('GIT_')) env[k] = v;
    return new Promise((done) => {
      execFile(this.git, ['--git-dir', gitDir, 'config', '--list', '--show-origin', '--null', '--includes'], { env, timeout: 10_000, maxBuffer: 4 * 1024 * 1024 }, (error, stdout) => {
        // No git, or not a repository git can read: nothing it would run from there either.
        done(error && !stdout ? { hooksPaths: [], origins: [] } : parseGitConfigList(String(stdout)));
      });
    });
  }
}

/** The user's configuration files, which may not exist yet when first listed. */
const GLOBAL_CONFIGS = (): string[] => [join(homedir(), '.gitconfig'), join(process.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'git', 'config')];
