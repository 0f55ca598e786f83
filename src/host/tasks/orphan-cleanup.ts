// Leftover worktrees: Relay's records compared with `git worktree list` for every repository it knows (the
// workspace's and its tasks'). Worktrees in Relay's storage that no task names are offered for removal with their
// sizes; linked folders inside them are unlinked first, never deleted through the link, and their branches are
// kept (they may hold work). Records whose worktree is gone are closed, and the kept work of applied tasks no
// record names any more (refs/relay/applied/…, already in the user's files) is dropped. No VS Code here: the host asks.
import { lstat, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { l10n } from '../../core/l10n';
import type { WorktreeEntry } from '../../core/tasks/worktree-list';
import type { ParallelTasks } from './parallel-tasks';
import { sizeLabel } from './task-labels';
import { diskUsage, type RepositoryFacts, type WorktreeManager } from './worktree-manager';

export interface Leftover {
  repo: RepositoryFacts;
  entry: WorktreeEntry;
  bytes: number;
}

export interface OrphanCleanupDeps {
  tasks: ParallelTasks;
  manager: WorktreeManager;
  /** The workspace's folders (each may be, or be inside, a repository). */
  folders(): readonly string[];
  /** Asks whether to remove them: the question and one line per worktree. */
  confirm(message: string, detail: string): Promise<boolean>;
  notify(message: string): void;
  log: { warn(message: string, error?: unknown): void };
}

/** Finds the leftovers, asks, removes them; resolves with how many were removed. `quiet`: say nothing when none. */
export async function cleanUpOrphans(deps: OrphanCleanupDeps, quiet: boolean): Promise<number> {
  const leftovers = await findLeftovers(deps);
  if (leftovers.length === 0) {
    if (!quiet) deps.notify(l10n.t('Relay: no leftover worktrees of parallel tasks.'));
    return 0;
  }
  const total = leftovers.reduce((sum, l) => sum + l.bytes, 0);
  const message =
    leftovers.length === 1
      ? l10n.t('Relay found 1 worktree of a parallel task that no task knows ({0}). Remove it?', sizeLabel(total))
      : l10n.t('Relay found {0} worktrees of parallel tasks that no task knows ({1} in all). Remove them?', leftovers.length, sizeLabel(total));
  const lines = leftovers.map((l) => `${l.entry.path} (${sizeLabel(l.bytes)}${l.entry.branch ? `, ${l.entry.branch.replace(/^refs\/heads\//, '')}` : ''})`);
  const detail = [...lines, '', l10n.t('Linked folders inside them are unlinked, never deleted through the link; their branches are kept.')].join('\n');
  if (!(await deps.confirm(message, detail))) return 0;
  let removed = 0;
  for (const leftover of leftovers) {
    try {
      const links = await linksIn(leftover.entry.path);
      await deps.manager.remove(leftover.repo, leftover.entry.path, undefined, { links, force: true });
      removed++;
    } catch (error) {
      deps.log.warn(`Could not remove the leftover worktree ${leftover.entry.path}`, error);
    }
  }
  return removed;
}

/** Worktrees no record names, with their sizes; records whose worktree is gone are closed on the way. */
export async function findLeftovers(deps: Pick<OrphanCleanupDeps, 'tasks' | 'manager' | 'folders' | 'log'>): Promise<Leftover[]> {
  const repos = new Map<string, RepositoryFacts>();
  const roots = [...deps.folders(), ...deps.tasks.list().filter((t) => t.isolation === 'worktree').map((t) => t.repoRoot)];
  for (const folder of roots) {
    const repo = await deps.manager.repository(folder).catch(() => undefined);
    if (repo && !repos.has(repo.commonDir)) repos.set(repo.commonDir, repo);
  }
  const leftovers: Leftover[] = [];
  for (const repo of repos.values()) {
    const report = await deps.tasks.orphans(repo.root).catch((error: unknown) => {
      deps.log.warn(`Could not list the worktrees of ${repo.root}`, error);
      return undefined;
    });
    if (!report) continue;
    for (const id of report.missingWorktrees) {
      const task = deps.tasks.get(id);
      // Only this repository's records, and none that is starting or working now.
      if (!task || task.repoRoot !== repo.root || task.state === 'queued' || task.state === 'setting-up' || task.state === 'running') continue;
      await deps.tasks.discard(id, { force: true, keepBranch: true }).catch((error: unknown) => deps.log.warn(`Could not close parallel task ${id}`, error));
    }
    const dropped = await deps.tasks.pruneAppliedRefs(repo.root).catch((error: unknown) => {
      deps.log.warn(`Could not drop the kept work of applied tasks in ${repo.root}`, error);
      return [];
    });
    if (dropped.length > 0) deps.log.warn(`Dropped the kept work of applied tasks no record names: ${dropped.join(', ')}`);
    for (const entry of report.orphanWorktrees) leftovers.push({ repo, entry, bytes: await diskUsage(entry.path, new Set(['.git'])) });
  }
  return leftovers;
}

/** Symbolic links (and Windows junctions) inside the worktree, relative, found without following any. */
async function linksIn(root: string): Promise<string[]> {
  const links: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (dir === root && entry.name === '.git') continue;
      const path = join(dir, entry.name);
      const stat = await lstat(path).catch(() => undefined);
      if (stat?.isSymbolicLink()) links.push(relative(root, path));
      else if (stat?.isDirectory()) stack.push(path);
    }
  }
  return links;
}
