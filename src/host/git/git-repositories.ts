// Which repository a git run of Relay's works on, resolved from what Relay knows instead of from a `.git` file a
// command could have rewritten: a workspace folder's repository is asked of git once (the user's own layout; a `.git`
// file there must be answered by its git directory pointing back), and a parallel task's worktree is found inside
// that repository's common directory, where Relay's `git worktree add` put it (`worktrees/<name>/gitdir` naming the
// worktree), never through the `.git` file or the `commondir` file a command in the task could have written.
import { lstat, readdir, readFile, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { runGit, type GitRepository } from './git-process';

export interface RepositoryFacts extends GitRepository {
  /** The checkout's top folder (the work tree). */
  root: string;
  head: string;
}

async function real(path: string): Promise<string> {
  return realpath(path).catch(() => resolve(path));
}

function sameOrInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}

/** The repository a folder belongs to, or undefined when it is in none (or its `.git` file does not check out). */
export async function discoverRepository(folder: string): Promise<RepositoryFacts | undefined> {
  const r = await runGit({ discover: folder }, ['rev-parse', '--path-format=absolute', '--show-toplevel', '--absolute-git-dir', '--git-common-dir', 'HEAD'], { allowFailure: true }).catch(
    () => undefined,
  );
  if (!r || r.code !== 0) return undefined;
  const [root, gitDir, commonDir, head] = r.stdout.trim().split('\n');
  if (!root || !gitDir || !commonDir || !head) return undefined;
  const facts = { root, workTree: root, gitDir: await real(gitDir), commonDir: await real(commonDir), head };
  return (await pointerChecksOut(facts)) ? facts : undefined;
}

/**
 * A `.git` file at the top of the checkout (the folder is a linked worktree or a submodule) is believed only when
 * what it points to points back: a worktree's git directory names this checkout's `.git` in its `gitdir` file, a
 * submodule's lives under a `.git/modules/` folder.
 */
async function pointerChecksOut(repo: RepositoryFacts): Promise<boolean> {
  const dotGit = join(repo.root, '.git');
  const stat = await lstat(dotGit).catch(() => undefined);
  if (!stat) return false;
  if (stat.isDirectory()) return repo.gitDir === (await real(dotGit));
  if (repo.gitDir !== repo.commonDir) return (await backPointer(repo.gitDir)) === (await real(dotGit));
  return repo.gitDir.replace(/\\/g, '/').includes('/.git/modules/');
}

/** What a worktree's git directory names as its checkout's `.git` (the `gitdir` file git wrote at `worktree add`). */
async function backPointer(gitDir: string): Promise<string | undefined> {
  const text = await readFile(join(gitDir, 'gitdir'), 'utf8').catch(() => undefined);
  const named = text?.trim();
  if (!named) return undefined;
  return real(isAbsolute(named) ? named : join(gitDir, named));
}

export class WorktreeNotFoundError extends Error {}

/**
 * The repository of a worktree Relay created in `main`: its git directory is the folder of `main.commonDir/worktrees`
 * whose `gitdir` names `worktree/.git`. The worktree's own `.git` file and the `commondir` file are not read (the
 * common directory is given to git explicitly).
 */
export async function worktreeRepository(main: Pick<GitRepository, 'commonDir'>, worktree: string): Promise<GitRepository> {
  const top = await real(worktree);
  const wanted = join(top, '.git');
  const folder = join(main.commonDir, 'worktrees');
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const gitDir = join(folder, name);
    const named = await readFile(join(gitDir, 'gitdir'), 'utf8').catch(() => undefined);
    if (!named) continue;
    const path = named.trim();
    // The `.git` entry itself may have been replaced by a link: compare its folder, resolved, and its name.
    const points = join(await real(dirname(isAbsolute(path) ? path : join(gitDir, path))), '.git');
    if (points === wanted && sameOrInside(gitDir, folder)) return { gitDir, commonDir: main.commonDir, workTree: top };
  }
  throw new WorktreeNotFoundError(`${worktree} is not a worktree of ${dirname(main.commonDir)} that git knows`);
}
