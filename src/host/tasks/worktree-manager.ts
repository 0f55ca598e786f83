// Git worktrees for parallel tasks, driven through the git CLI: created in Relay's storage (outside the
// workspace, so the user's search, watchers and linters never see them) on `relay/<short-name>` at the exact
// commit the user has checked out; listed, measured and removed. Git writes to one repository are serialised.
import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, unlink, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { branchFor, shortName } from '../../core/tasks/task-record';
import { findOrphans, parseWorktreeList, type OrphanReport, type RecordedWorktree, type WorktreeEntry } from '../../core/tasks/worktree-list';
import { GitError, runGit, type GitRepository } from '../git/git-process';
import { discoverRepository, worktreeRepository, type RepositoryFacts } from '../git/git-repositories';
import { GitWriteQueue } from './git';
import { withoutLinks } from './task-changes';
import { copyIncludedFiles, copyUncommittedChanges, provideHeavyFolders, type SetupReport } from './worktree-setup';

export type { RepositoryFacts };

export interface CreatedWorktree {
  path: string;
  branch: string;
  baseCommit: string;
  setup: SetupReport;
  /** What a checkout hook printed when it failed after the worktree existed (the worktree is kept). */
  hookWarning?: string;
}

export interface CreateOptions {
  title: string;
  /** Carry the user's uncommitted changes over as a patch. */
  copyUncommitted?: boolean;
}

export class WorktreeManager {
  private readonly writes = new GitWriteQueue();

  /** `storageRoot`: Relay's folder for worktrees, outside every workspace (the extension's global storage). */
  constructor(readonly storageRoot: string) {}

  /** The repository a folder belongs to, or undefined when it is not inside a git work tree. */
  async repository(folder: string): Promise<RepositoryFacts | undefined> {
    return discoverRepository(folder);
  }

  /** The repository of a task's worktree in `repo`, found where Relay created it (never through its `.git` file). */
  worktree(repo: Pick<GitRepository, 'commonDir'>, worktree: string): Promise<GitRepository> {
    return worktreeRepository(repo, worktree);
  }

  /** A task's worktree repository from its user's folder and worktree path. */
  async taskWorktree(task: { repoRoot: string; workRoot: string }): Promise<GitRepository> {
    const repo = await this.repository(task.repoRoot);
    if (!repo) throw new Error(`${task.repoRoot} is not a git repository`);
    return this.worktree(repo, task.workRoot);
  }

  /** Serialises a git write to this repository behind the ones already running. */
  write<T>(repo: RepositoryFacts, work: () => Promise<T>): Promise<T> {
    return this.writes.run(repo.commonDir, work);
  }

  async create(repo: RepositoryFacts, options: CreateOptions): Promise<CreatedWorktree> {
    const branches = await runGit(repo, ['for-each-ref', '--format=%(refname:short)', 'refs/heads/relay/']);
    const taken = new Set(branches.stdout.split('\n').filter(Boolean));
    const folder = join(this.storageRoot, repoFolderName(repo));
    const { path, branch, hookWarning } = await this.write(repo, async () => {
      const name = branchFor(options.title, taken);
      // The folder is named after the branch; a leftover folder of that name (a crash) gets a fresh suffix.
      let path = join(folder, name.slice('relay/'.length));
      for (let n = 2; await exists(path); n++) path = join(folder, `${name.slice('relay/'.length)}-${n}`);
      // The checkout is most of a start: git writes the files with one worker per core (its default is one in all).
      const added = await runGit(repo, ['-c', 'checkout.workers=0', 'worktree', 'add', '-b', name, path, repo.head], { allowFailure: true });
      if (added.code === 0) return { path, branch: name };
      // `worktree add` failing after the worktree exists (a checkout git could not finish): keep it, say why.
      const listed = parseWorktreeList((await runGit(repo, ['worktree', 'list', '--porcelain'])).stdout);
      if (listed.some((e) => samePath(e.path, path))) return { path, branch: name, hookWarning: added.stderr.trim() };
      throw new GitError(['worktree', 'add', '-b', name, path, repo.head], added);
    });
    const worktree = await this.worktree(repo, path);
    const uncommitted = options.copyUncommitted ? await copyUncommittedChanges(repo, worktree) : false;
    const copied = await copyIncludedFiles(repo, path);
    const heavy = await provideHeavyFolders(repo.root, path);
    return {
      path,
      branch,
      baseCommit: repo.head,
      setup: { copied, linked: heavy.linked, copiedFolders: heavy.copied, uncommitted },
      ...(hookWarning ? { hookWarning } : {}),
    };
  }

  async list(repo: GitRepository): Promise<WorktreeEntry[]> {
    return parseWorktreeList((await runGit(repo, ['worktree', 'list', '--porcelain', '-z'])).stdout);
  }

  async orphans(repo: GitRepository, records: readonly RecordedWorktree[]): Promise<OrphanReport> {
    return findOrphans(await this.list(repo), records, this.storageRoot);
  }

  /** Files changed in the worktree against the base commit (committed, staged, unstaged and untracked). */
  async changedFiles(worktree: GitRepository, baseCommit: string, links: readonly string[] = []): Promise<string[]> {
    const tracked = await runGit(worktree, ['diff', '--name-only', '-z', baseCommit, ...withoutLinks(links)]);
    const untracked = await runGit(worktree, ['ls-files', '--others', '--exclude-standard', '-z', ...withoutLinks(links)]);
    return [...new Set([...tracked.stdout.split('\0'), ...untracked.stdout.split('\0')].filter(Boolean))];
  }

  /** Whether the task has work that was never applied or merged anywhere: removing it then needs the user's yes. */
  async hasUnappliedWork(worktree: GitRepository, baseCommit: string, links: readonly string[] = []): Promise<boolean> {
    return (await this.changedFiles(worktree, baseCommit, links)).length > 0;
  }

  /**
   * Removes the worktree: linked folders are unlinked first (never deleted through), then `git worktree remove`
   * (refused with changes unless `force`, after the user agreed), then the branch when `deleteBranch`. The check for
   * changes is Relay's own: git's would run `git status` in the worktree entering every nested repository there.
   */
  async remove(repo: RepositoryFacts, worktree: string, branch: string | undefined, options: { links?: readonly string[]; force?: boolean; deleteBranch?: boolean } = {}): Promise<void> {
    for (const rel of options.links ?? []) {
      const link = join(worktree, rel);
      const stat = await lstat(link).catch(() => undefined);
      if (stat?.isSymbolicLink() || (process.platform === 'win32' && stat?.isDirectory())) await unlink(link).catch(async () => rm(link)); // rm of a junction removes the junction only
    }
    await this.write(repo, async () => {
      if (await exists(worktree)) {
        const at = await this.worktree(repo, worktree);
        if (!options.force) await refuseChanges(at, worktree);
        await restorePointer(at);
        await runGit(repo, ['worktree', 'remove', '--force', worktree]);
      }
      await runGit(repo, ['worktree', 'prune']);
      if (branch && options.deleteBranch) await runGit(repo, ['branch', '-D', branch], { allowFailure: true });
    });
  }
}

/** Git's refusal to remove a worktree with modified or untracked files, without entering nested repositories. */
async function refuseChanges(at: GitRepository, worktree: string): Promise<void> {
  const status = await runGit(at, ['status', '--porcelain', '--ignore-submodules=dirty']);
  if (status.stdout.trim()) throw new GitError(['worktree', 'remove', worktree], { stdout: '', stderr: `'${worktree}' contains modified or untracked files, use --force to delete it`, code: 128 });
}

/**
 * The worktree's `.git` file as Relay's `worktree add` wrote it: git refuses to remove a worktree whose `.git` does
 * not point back, and a command in the task may have rewritten it (or put a folder there). Relay's own git never
 * reads it; the worktree is about to go.
 */
async function restorePointer(at: GitRepository): Promise<void> {
  const dotGit = join(at.workTree, '.git');
  const pointer = `gitdir: ${at.gitDir}\n`;
  if ((await readFile(dotGit, 'utf8').catch(() => undefined)) === pointer) return;
  await rm(dotGit, { recursive: true, force: true });
  await writeFile(dotGit, pointer);
}

/** One folder per repository under the storage root: its name and a hash of its common git directory. */
function repoFolderName(repo: RepositoryFacts): string {
  const hash = createHash('sha256').update(repo.commonDir).digest('hex').slice(0, 8);
  return `${shortName(basename(repo.root))}-${hash}`;
}

function samePath(a: string, b: string): boolean {
  const n = (p: string) => p.replace(/\\/g, '/').replace(/\/+$/, '');
  return n(a) === n(b);
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Bytes a folder takes on disk (allocated blocks, so copy-on-write copies are counted as the file system reports
 * them), links not followed (a linked node_modules costs nothing here) and `skip` names left out.
 */
export async function diskUsage(folder: string, skip: ReadonlySet<string> = new Set()): Promise<number> {
  let total = 0;
  const stack = [folder];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (skip.has(entry.name)) continue;
      const path = join(dir, entry.name);
      const stat = await lstat(path).catch(() => undefined);
      if (!stat) continue;
      total += stat.blocks !== undefined ? stat.blocks * 512 : stat.size;
      if (entry.isDirectory()) stack.push(path);
    }
  }
  return total;
}
