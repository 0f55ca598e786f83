// What a checkpoint knows about files, independent of how the store keeps them. Paths are absolute.

/** One path's state at a checkpoint; `null` where the path holds nothing (deleted, or not created yet). */
export type FileState =
  /** A regular file: its content hash (sha-256, hex), size, and whether it was executable. */
  | { type: 'file'; hash: string; size: number; executable?: boolean }
  /** A symbolic link, kept as the link itself (never followed). */
  | { type: 'symlink'; target: string }
  /** A file over the size limit: seen, not stored, so it cannot be restored. */
  | { type: 'skipped'; size: number };

/**
 * The files a checkpoint covers. `files` covers exactly the paths listed (an edit's files); `workspace`
 * covers every non-ignored file, so a path it does not list did not exist then.
 */
export interface Coverage {
  scope: 'files' | 'workspace';
  files: ReadonlyMap<string, FileState | null>;
}

/** One step of a task that may change files: what its files were before it ran, and what it left. */
export interface CheckpointStep {
  id: string;
  /** The chat item (tool call id, or a restore's notice) the step belongs to. */
  itemId?: string;
  label: string;
  createdAt: number;
  before: Coverage;
  /** Absent while the step runs (or when it never finished). */
  after?: Coverage;
}

export function sameState(a: FileState | null | undefined, b: FileState | null | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a === null || b === null) return a === b;
  if (a.type !== b.type) return false;
  switch (a.type) {
    case 'file': {
      const other = b as Extract<FileState, { type: 'file' }>;
      return a.hash === other.hash && Boolean(a.executable) === Boolean(other.executable);
    }
    case 'symlink':
      return a.target === (b as Extract<FileState, { type: 'symlink' }>).target;
    case 'skipped':
      // A file too large to store is only known by its size; the same size is the best guess of "unchanged".
      return a.size === (b as Extract<FileState, { type: 'skipped' }>).size;
  }
}

/** The state a coverage gives a path: undefined when it says nothing about it. */
export function stateIn(coverage: Coverage, path: string): FileState | null | undefined {
  const state = coverage.files.get(path);
  if (state !== undefined) return state;
  return coverage.scope === 'workspace' ? null : undefined;
}
