// What a fresh worktree needs beyond the checkout: the user's uncommitted changes (when asked), the ignored files
// `.worktreeinclude` names (never overwriting), and heavy folders such as node_modules linked from the main
// checkout when the lockfile is the same, else copied (copy-on-write where the file system offers it).
import { constants } from 'node:fs';
import { cp, lstat, readFile, symlink, writeFile, mkdir, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { HEAVY_FOLDERS, INCLUDE_FILE, includedPaths, planHeavyFolder } from '../../core/tasks/worktree-include';
import { runGit, type GitRepository } from '../git/git-process';

export interface SetupReport {
  /** Relative paths copied from the main checkout (ignored files). */
  copied: string[];
  /** Relative folders linked from the main checkout. */
  linked: string[];
  /** Relative folders copied because their lockfile differs (or is missing). */
  copiedFolders: string[];
  /** Whether the user's uncommitted changes were carried over. */
  uncommitted: boolean;
}

/** Copy-on-write when the file system can (btrfs, XFS, APFS), a plain copy otherwise; links copied as links. */
const COPY = { recursive: true, force: false, errorOnExist: false, mode: constants.COPYFILE_FICLONE, verbatimSymlinks: true } as const;

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Ignored files the include rules name, copied without overwriting anything the worktree has. */
export async function copyIncludedFiles(repo: GitRepository, worktree: string): Promise<string[]> {
  const repoRoot = repo.workTree;
  const listed = await runGit(repo, ['ls-files', '--others', '--ignored', '--exclude-standard', '--directory', '-z']);
  const ignored = listed.stdout.split('\0').filter(Boolean);
  const rules = await readIfExists(join(repoRoot, INCLUDE_FILE));
  const copied: string[] = [];
  for (const rel of includedPaths(ignored, rules)) {
    const from = join(repoRoot, rel);
    const to = join(worktree, rel);
    if (await exists(to)) continue;
    await mkdir(dirname(to), { recursive: true });
    await cp(from, to, COPY);
    copied.push(rel.replace(/\/$/, ''));
  }
  return copied;
}

/** Links or copies each heavy folder the main checkout has at its root. */
export async function provideHeavyFolders(repoRoot: string, worktree: string): Promise<{ linked: string[]; copied: string[] }> {
  const linked: string[] = [];
  const copied: string[] = [];
  for (const [folder, lockfiles] of Object.entries(HEAVY_FOLDERS)) {
    const source = join(repoRoot, folder);
    const target = join(worktree, folder);
    if (!(await exists(source)) || (await exists(target))) continue;
    const lock = await firstLock(repoRoot, worktree, lockfiles);
    const plan = planHeavyFolder(lock?.main, lock?.worktree);
    if (plan.action === 'link') {
      // A junction on Windows needs no privilege; elsewhere a symbolic link. Removal unlinks it, never recurses.
      await symlink(source, target, process.platform === 'win32' ? 'junction' : 'dir');
      linked.push(folder);
    } else {
      await cp(source, target, COPY);
      copied.push(folder);
    }
  }
  return { linked, copied };
}

async function firstLock(repoRoot: string, worktree: string, lockfiles: readonly string[]): Promise<{ main?: string; worktree?: string } | undefined> {
  for (const name of lockfiles) {
    const main = await readIfExists(join(repoRoot, name));
    if (main !== undefined) return { main, worktree: await readIfExists(join(worktree, name)) };
  }
  return undefined;
}

/**
 * Carries the user's uncommitted work over: tracked changes (staged or not) as a binary patch against HEAD,
 * untracked files that are not ignored as copies. Returns false when there was nothing to carry.
 */
export async function copyUncommittedChanges(repo: GitRepository, worktree: GitRepository): Promise<boolean> {
  const repoRoot = repo.workTree;
  const diff = await runGit(repo, ['diff', '--binary', 'HEAD']);
  const untracked = (await runGit(repo, ['ls-files', '--others', '--exclude-standard', '-z'])).stdout.split('\0').filter(Boolean);
  if (diff.stdout.length > 0) {
    const patch = join(tmpdir(), `relay-uncommitted-${process.pid}-${Date.now()}.diff`);
    await writeFile(patch, diff.stdout);
    try {
      await runGit(worktree, ['apply', '--binary', '--whitespace=nowarn', patch]);
    } finally {
      await unlink(patch).catch(() => undefined);
    }
  }
  for (const rel of untracked) {
    const to = join(worktree.workTree, rel);
    if (await exists(to)) continue;
    await mkdir(dirname(to), { recursive: true });
    await cp(join(repoRoot, rel), to, COPY);
  }
  return diff.stdout.length > 0 || untracked.length > 0;
}
