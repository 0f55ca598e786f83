// Commits of a parallel task's worktree onto its own branch, made with git's plumbing (no hooks run, no signing
// asked for, Relay's own author so the user's git config is not needed; every git run hardened by ../git/git-process.ts): the checkpoints taken before each step,
// the state kept before a restore, and the tip kept reachable after an apply. Untracked files are included,
// ignored ones and the linked folders never. Callers serialise them through the repository's write queue.
import { runGit, type GitRepository } from '../git/git-process';
import { stageAll } from './stage-all';
import { withoutLinks } from './task-changes';

const AS_RELAY = ['-c', 'user.name=Relay', '-c', 'user.email=relay@localhost', '-c', 'commit.gpgSign=false'];

/** Where an applied task's work stays reachable once its branch is deleted (one ref per task: branch names are reused). */
export const APPLIED_REFS = 'refs/relay/applied/';

export function appliedRefFor(taskId: string): string {
  return `${APPLIED_REFS}${taskId}`;
}

/**
 * Commits the worktree as it is onto the branch checked out in it; resolves with the branch's tip, the commit
 * before when nothing changed (no empty commit). The worktree's own index takes the state, as `git commit -a`
 * would leave it.
 */
export async function commitWorktree(worktree: GitRepository, message: string, links: readonly string[] = []): Promise<string> {
  await stageAll(worktree, withoutLinks(links));
  const tree = (await runGit(worktree, ['write-tree'])).stdout.trim();
  const head = (await runGit(worktree, ['rev-parse', 'HEAD'])).stdout.trim();
  const headTree = (await runGit(worktree, ['rev-parse', `${head}^{tree}`])).stdout.trim();
  if (tree === headTree) return head;
  const commit = (await runGit(worktree, [...AS_RELAY, 'commit-tree', tree, '-p', head, '-m', message])).stdout.trim();
  // Through HEAD (a symbolic ref to the task's branch), and only if nobody moved it meanwhile.
  await runGit(worktree, ['update-ref', '-m', 'Relay checkpoint', 'HEAD', commit, head]);
  return commit;
}

/**
 * The worktree's files back to `commit` (its index too; the branch stays where it is, so later checkpoints are
 * kept): files added since are removed, ignored files and linked folders are left alone. The caller commits the
 * state before, so every file that is not ignored is in the index and nothing unrecorded is overwritten.
 */
export async function resetFilesTo(worktree: GitRepository, commit: string): Promise<void> {
  await runGit(worktree, ['read-tree', '-u', '--reset', commit]);
}

export interface CommitChange {
  /** Relative to the worktree, with '/'. */
  path: string;
  /** What restoring `to` does to the file: it did not exist then (delete), it does not exist now (recreate), or its content. */
  kind: 'delete' | 'recreate' | 'restore';
}

/** The files that differ between two commits, as restoring `from` to `to` changes them. */
export async function changesBetween(worktree: GitRepository, from: string, to: string): Promise<CommitChange[]> {
  const out = (await runGit(worktree, ['diff', '--name-status', '--no-renames', '-z', from, to])).stdout.split('\0');
  const changes: CommitChange[] = [];
  for (let i = 0; i + 1 < out.length; i += 2) {
    const status = out[i]!;
    const path = out[i + 1]!;
    if (!status) break;
    changes.push({ path, kind: status.startsWith('A') ? 'recreate' : status.startsWith('D') ? 'delete' : 'restore' });
  }
  return changes;
}
