// A parallel task's checkpoints are commits on its own branch (`relay/<name>`): before each step that may change
// files, the worktree's state is committed there (nothing when nothing changed: the tip is the checkpoint), and
// restoring to one puts the worktree's files back to that commit after committing the state before, so the
// restore can itself be undone. The task's review and apply still diff against its recorded base commit, so these
// commits change nothing of what is applied. Git writes go through the repository's write queue.
import type { CheckpointRecorder, CheckpointRequest } from '../../core/ports/checkpoints';
import type { ParallelTaskRecord } from '../../core/tasks/task-record';
import type { GitRepository } from '../git/git-process';
import { changesBetween, commitWorktree, resetFilesTo, type CommitChange } from './worktree-commits';
import type { WorktreeManager } from './worktree-manager';

export interface BranchCheckpointsDeps {
  manager: WorktreeManager;
  /** The task as recorded now (its worktree, branch and linked folders). */
  task(): ParallelTaskRecord | undefined;
  log: { warn(message: string, error?: unknown): void };
}

/** The commit message: the task and the step, so `git log relay/<name>` reads as the task's history. */
export function checkpointMessage(title: string, step: string): string {
  return `Relay checkpoint: ${step}\n\nTask: ${title}`;
}

export class BranchCheckpoints implements CheckpointRecorder {
  constructor(private readonly deps: BranchCheckpointsDeps) {}

  async beforeStep(request: CheckpointRequest): Promise<string | undefined> {
    try {
      return await this.commit(`before ${request.label}`);
    } catch (error) {
      // A merge left half done by Update From Base, a removed worktree: the step still runs, without a checkpoint.
      this.deps.log.warn(`Could not take the checkpoint of parallel task ${request.taskId}`, error);
      return undefined;
    }
  }

  /** Nothing to record after a step: nobody else edits the worktree, so a restore has no one's changes to keep. */
  async afterStep(): Promise<void> {}

  /** Commits the worktree's state now; resolves with the commit that holds it. */
  async commit(step: string): Promise<string> {
    const task = this.worktreeTask();
    return this.write(task, (worktree) => commitWorktree(worktree, checkpointMessage(task.title, step), task.links));
  }

  /** What restoring to `checkpoint` would change, against the state committed in `now`. */
  async changes(now: string, checkpoint: string): Promise<CommitChange[]> {
    return changesBetween(await this.deps.manager.taskWorktree(this.worktreeTask()), now, checkpoint);
  }

  /** The worktree's files back to `checkpoint`, after the state before is committed; resolves with that commit (the undo). */
  async restore(checkpoint: string, step: string): Promise<string> {
    const task = this.worktreeTask();
    return this.write(task, async (worktree) => {
      const before = await commitWorktree(worktree, checkpointMessage(task.title, step), task.links);
      await resetFilesTo(worktree, checkpoint);
      return before;
    });
  }

  private worktreeTask(): ParallelTaskRecord {
    const task = this.deps.task();
    if (!task || task.isolation !== 'worktree' || !task.branch || task.removed) throw new Error(`The parallel task has no worktree.`);
    return task;
  }

  /** Serialised with the repository's other writes; the worktree's repository found from the user's, never from its `.git` file. */
  private async write<T>(task: ParallelTaskRecord, work: (worktree: GitRepository) => Promise<T>): Promise<T> {
    const repo = await this.deps.manager.repository(task.repoRoot);
    if (!repo) throw new Error(`${task.repoRoot} is not a git repository.`);
    const worktree = await this.deps.manager.worktree(repo, task.workRoot);
    return this.deps.manager.write(repo, () => work(worktree));
  }
}
