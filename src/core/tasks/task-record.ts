// What Relay keeps about each parallel task (in the extension's storage, never in the workspace), and the
// branch name it gets.
import type { TaskState } from './task-state';

export interface ParallelTaskRecord {
  /** The chat task's id (the same as the session's). */
  id: string;
  title: string;
  state: TaskState;
  /** `worktree`: its own git worktree; `in-place`: the user's folder itself (a folder without git). */
  isolation: 'worktree' | 'in-place';
  /** Whether the task may change files (read-only tasks run in parallel even in place). */
  writes: boolean;
  /** The main checkout's root (the repository the worktree belongs to), or the folder for `in-place`. */
  repoRoot: string;
  /** The folder the task works in: its worktree, or `repoRoot` in place. */
  workRoot: string;
  /** `relay/<short-name>`; absent in place. */
  branch?: string;
  /** The exact commit the user had checked out when the task started. */
  baseCommit?: string;
  /** First port of the task's block (RELAY_PORT). */
  portBase?: number;
  createdAt: number;
  /** Files changed against the base, as last counted. */
  changedFiles?: number;
  /** Bytes the task's worktree adds on disk (linked folders not counted), as last measured. */
  diskBytes?: number;
  /** The setup command's output, kept when it failed. */
  setupOutput?: string;
  /** Paths that conflicted at the last apply or re-check. */
  conflicts?: readonly string[];
  /** Folders linked from the main checkout (relative), to unlink, never delete through, at removal. */
  links?: readonly string[];
  /** Its worktree was removed after its changes were applied or merged (the record stays for the Tasks view). */
  removed?: boolean;
  /** The branch kept for a pull request when the worktree went (or made again by Restore Branch). */
  keptBranch?: string;
  /**
   * An applied task's work after its branch was deleted: the ref (`refs/relay/applied/<id>`) holding the branch's
   * last state, until Restore Branch makes a branch of it or the task is discarded.
   */
  appliedRef?: string;
}

/**
 * The variables a parallel task's setup command and its own commands see: its worktree, the main checkout and
 * RELAY_PORT (the first port of its block, so two tasks' dev servers do not collide). None for a task in place.
 */
export function taskEnvironment(task: Pick<ParallelTaskRecord, 'isolation' | 'workRoot' | 'repoRoot' | 'portBase'>): Record<string, string> {
  if (task.isolation !== 'worktree') return {};
  return { RELAY_WORKTREE: task.workRoot, RELAY_REPO: task.repoRoot, ...(task.portBase !== undefined ? { RELAY_PORT: String(task.portBase) } : {}) };
}

const MAX_SLUG = 40;

/** A branch-safe short name from the task's title: lower case ASCII words joined by '-'. */
export function shortName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/g, '');
  return slug || 'task';
}

/** `relay/<short-name>`, with `-2`, `-3`… when a branch of that name exists already. */
export function branchFor(title: string, existingBranches: ReadonlySet<string>): string {
  const base = `relay/${shortName(title)}`;
  if (!existingBranches.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!existingBranches.has(candidate)) return candidate;
  }
}
