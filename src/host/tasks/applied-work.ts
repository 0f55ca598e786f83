// An applied task's work is never lost with its branch: before the branch is deleted, the worktree's last state is
// committed on it and its tip kept under `refs/relay/applied/<task id>` (hidden from the user's branch list, kept
// from git's garbage collection). The applied task's row offers Restore Branch, which makes a branch of it again;
// discarding the applied task drops the ref, and refs no task record names are dropped when orphans are looked for.
import { branchFor } from '../../core/tasks/task-record';
import { runGit } from '../git/git-process';
import { APPLIED_REFS, appliedRefFor, commitWorktree } from './worktree-commits';
import type { RepositoryFacts, WorktreeManager } from './worktree-manager';

/** Commits what the worktree holds and keeps its tip under the task's ref; resolves with the ref. */
export async function keepAppliedWork(manager: WorktreeManager, repo: RepositoryFacts, task: { id: string; title: string; workRoot: string; links?: readonly string[] }): Promise<string> {
  const ref = appliedRefFor(task.id);
  await manager.write(repo, async () => {
    // A worktree git cannot commit (a merge left unresolved) keeps at least its branch's tip.
    const worktree = await manager.worktree(repo, task.workRoot);
    const tip = await commitWorktree(worktree, `Relay: ${task.title}\n\nThe task's work as it was applied.`, task.links).catch(async () =>
      (await runGit(worktree, ['rev-parse', 'HEAD'])).stdout.trim(),
    );
    await runGit(repo, ['update-ref', '-m', 'Relay: applied task kept', ref, tip]);
  });
  return ref;
}

/** A branch again from an applied task's kept ref (its old name, or `-2`… when that is taken); the ref is dropped. */
export async function branchFromAppliedWork(manager: WorktreeManager, repo: RepositoryFacts, ref: string, wanted: string): Promise<string> {
  return manager.write(repo, async () => {
    const tip = (await runGit(repo, ['rev-parse', '--verify', `${ref}^{commit}`])).stdout.trim();
    const branches = await runGit(repo, ['for-each-ref', '--format=%(refname:short)', 'refs/heads/relay/']);
    const name = branchFor(wanted.replace(/^relay\//, ''), new Set(branches.stdout.split('\n').filter(Boolean)));
    // `branchFor` slugs the title again: a recorded name that is already a slug comes back unchanged.
    await runGit(repo, ['branch', name, tip]);
    await runGit(repo, ['update-ref', '-d', ref, tip]);
    return name;
  });
}

export async function dropAppliedWork(manager: WorktreeManager, repo: RepositoryFacts, ref: string): Promise<void> {
  await manager.write(repo, () => runGit(repo, ['update-ref', '-d', ref], { allowFailure: true }));
}

/** The kept refs of applied tasks no record holds any more (`held`: the refs of records still listed); they are dropped. */
export async function pruneAppliedWork(manager: WorktreeManager, repo: RepositoryFacts, held: ReadonlySet<string>): Promise<string[]> {
  const listed = await runGit(repo, ['for-each-ref', '--format=%(refname)', APPLIED_REFS]);
  const stale = listed.stdout.split('\n').filter((ref) => ref.startsWith(APPLIED_REFS) && !held.has(ref));
  for (const ref of stale) await dropAppliedWork(manager, repo, ref);
  return stale;
}
