// The other two ways a task's work comes back, both through its branch: committed there (for a pull request, or
// to merge), and merged into the branch the user has checked out. A merge that would conflict is found first with
// `git merge-tree` (which writes nothing), so a conflict never leaves the user's checkout half merged.
import type { ParallelTaskRecord } from '../../../core/tasks/task-record';
import { runGit } from '../../git/git-process';
import { stageAll } from '../stage-all';
import { withoutLinks } from '../task-changes';
import type { WorktreeManager } from '../worktree-manager';

const AS_RELAY = ['-c', 'user.name=Relay', '-c', 'user.email=relay@localhost'];

/** Commits everything the task changed in its worktree (linked folders left out) onto its branch; false when there was nothing. */
export async function commitTaskWork(manager: WorktreeManager, task: ParallelTaskRecord, message: string): Promise<boolean> {
  const worktree = await manager.taskWorktree(task);
  await stageAll(worktree, withoutLinks(task.links));
  const staged = await runGit(worktree, ['diff', '--cached', '--quiet'], { allowFailure: true });
  if (staged.code === 0) return false;
  await runGit(worktree, [...AS_RELAY, 'commit', '--no-verify', '-q', '-m', message]);
  return true;
}

export type MergeOutcome = { merged: true } | { merged: false; conflicts: string[] } | { merged: false; refused: string };

/**
 * Merges the task's branch into the user's checked-out branch (a merge commit, git's own checks on the user's
 * uncommitted changes apply). With conflicts nothing is touched and the files are returned.
 */
export async function mergeTaskBranch(manager: WorktreeManager, task: ParallelTaskRecord, message: string): Promise<MergeOutcome> {
  const repo = await manager.repository(task.repoRoot);
  if (!repo || !task.branch) return { merged: false, refused: `${task.repoRoot} is not a git repository` };
  const branch = task.branch;
  return manager.write(repo, async () => {
    const probe = await runGit(repo, ['merge-tree', '--write-tree', '--name-only', '--no-messages', 'HEAD', branch], { allowFailure: true });
    if (probe.code === 1) return { merged: false, conflicts: probe.stdout.split('\n').slice(1).filter(Boolean) };
    if (probe.code !== 0) return { merged: false, refused: probe.stderr.trim() || probe.stdout.trim() };
    const merged = await runGit(repo, [...AS_RELAY, 'merge', '--no-ff', '--no-edit', '-m', message, branch], { allowFailure: true });
    if (merged.code === 0) return { merged: true };
    // Mostly git refusing before it starts (local changes in the way): nothing changed. A merge it did start is undone.
    const started = await runGit(repo, ['rev-parse', '-q', '--verify', 'MERGE_HEAD'], { allowFailure: true });
    if (started.code === 0) await runGit(repo, ['merge', '--abort'], { allowFailure: true });
    return { merged: false, refused: merged.stderr.trim() || merged.stdout.trim() };
  });
}
