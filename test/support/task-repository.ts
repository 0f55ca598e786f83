// A user's repository for parallel-task tests on real git: a fresh folder with one commit of a.txt, and its own
// worktree manager and ParallelTasks (records and worktrees under `storage-<n>`, every port free).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { discoverRepository, type RepositoryFacts } from '../../src/host/git/git-repositories';
import { ParallelTasks } from '../../src/host/tasks/parallel-tasks';
import { WorktreeManager } from '../../src/host/tasks/worktree-manager';

export const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=t@e', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });

export interface TaskRepository {
  user: string;
  manager: WorktreeManager;
  tasks: ParallelTasks;
}

/** Repository number `n` under `dir`, its base commit holding a.txt with `text`. */
export function freshTaskRepository(dir: string, n: number, text: string): TaskRepository {
  const user = join(dir, `user-${n}`);
  mkdirSync(user);
  git(user, 'init', '-q', '-b', 'main');
  writeFileSync(join(user, 'a.txt'), text);
  git(user, 'add', '.');
  git(user, 'commit', '-qm', 'base');
  const manager = new WorktreeManager(join(dir, `storage-${n}`, 'worktrees'));
  const tasks = new ParallelTasks({ manager, recordsFile: join(dir, `storage-${n}`, 'records.json'), isPortFree: async () => true });
  return { user, manager, tasks };
}

/** The repository of a folder as Relay resolves it (failing the test when there is none). */
export async function userRepository(folder: string): Promise<RepositoryFacts> {
  const repo = await discoverRepository(folder);
  if (!repo) throw new Error(`${folder} is not a git repository`);
  return repo;
}
