// `git worktree list --porcelain` read into records, and the comparison with Relay's own task records that finds
// orphans: worktrees in Relay's storage no task knows, and tasks whose worktree is gone.

export interface WorktreeEntry {
  path: string;
  head?: string;
  /** Full ref (`refs/heads/relay/x`), absent when detached or bare. */
  branch?: string;
  bare: boolean;
  detached: boolean;
  locked: boolean;
  /** Git itself says the folder is gone (`git worktree prune` would drop it). */
  prunable: boolean;
}

/**
 * Parses the porcelain format: one block per worktree, blocks separated by a blank line, each line an attribute
 * (`worktree <path>`, `HEAD <sha>`, `branch <ref>`, `bare`, `detached`, `locked [reason]`, `prunable [reason]`).
 * With `-z` the lines end with NUL instead; both are accepted.
 */
export function parseWorktreeList(output: string): WorktreeEntry[] {
  const lines = output.includes('\0') ? output.split('\0') : output.split(/\r?\n/);
  const entries: WorktreeEntry[] = [];
  let current: WorktreeEntry | undefined;
  for (const line of lines) {
    if (line === '') {
      current = undefined;
      continue;
    }
    const space = line.indexOf(' ');
    const key = space < 0 ? line : line.slice(0, space);
    const value = space < 0 ? '' : line.slice(space + 1);
    if (key === 'worktree') {
      current = { path: value, bare: false, detached: false, locked: false, prunable: false };
      entries.push(current);
      continue;
    }
    if (!current) continue;
    if (key === 'HEAD') current.head = value;
    else if (key === 'branch') current.branch = value;
    else if (key === 'bare') current.bare = true;
    else if (key === 'detached') current.detached = true;
    else if (key === 'locked') current.locked = true;
    else if (key === 'prunable') current.prunable = true;
  }
  return entries;
}

export interface OrphanReport {
  /** Worktrees under Relay's storage that no task record names: offered for cleanup, with their sizes. */
  orphanWorktrees: WorktreeEntry[];
  /** Task records (ids) whose worktree git no longer lists or marks prunable. */
  missingWorktrees: string[];
}

export interface RecordedWorktree {
  id: string;
  workRoot: string;
}

/**
 * Compares records with git's list. Only worktrees inside `storageRoot` (Relay's own) can be orphans: the user's
 * other worktrees are never offered. Paths are compared after `normalize` (the host passes realpath-like folding).
 */
export function findOrphans(
  entries: readonly WorktreeEntry[],
  records: readonly RecordedWorktree[],
  storageRoot: string,
  normalize: (p: string) => string = (p) => p.replace(/\\/g, '/').replace(/\/+$/, ''),
): OrphanReport {
  const root = normalize(storageRoot) + '/';
  const recorded = new Set(records.map((r) => normalize(r.workRoot)));
  const live = new Set(entries.filter((e) => !e.prunable).map((e) => normalize(e.path)));
  return {
    orphanWorktrees: entries.filter((e) => normalize(e.path).startsWith(root) && !recorded.has(normalize(e.path))),
    missingWorktrees: records.filter((r) => !live.has(normalize(r.workRoot))).map((r) => r.id),
  };
}
