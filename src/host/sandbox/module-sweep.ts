// The sweep of `node_modules` after a sandboxed command, where no repository holds the folder (issue 36). Neither
// the walk before and after each command nor VS Code's file watcher looks inside `node_modules` (for their cost), so
// a `.git` a command makes there stays after it; and in a folder no repository holds, VS Code's git opens it, and
// runs its `core.fsmonitor`, as soon as a file below it is shown in an editor (Go to Definition into a package:
// measured in a real VS Code, 1.5 s). Inside a repository VS Code's git takes that repository instead and never
// looks there, so only these folders are swept.
//
// The sweep runs when the command has ended, off the command's path (the card is not held for it), one at a time:
// every `.git` below the folders that changed since the command started (itself, its `config`, `commondir`, hooks) is set aside
// (renamed, git-set-aside.ts: it may be one you made meanwhile, so nothing is removed) and named in the log and to
// you. A `.git` older than the command that it did not touch is left alone: `npm link` and git dependencies.
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { within } from '../../core/sandbox/violations';
import { DirReader } from './dir-reader';
import { setAside } from './git-set-aside';
import { scanBelow } from './nested-protected';

export interface SetAside {
  path: string;
  /** Where it is now. */
  movedTo: string;
}

/** Every `.git` below `folders` changed since `since` (ms since the epoch), set aside; `root` is each folder's writable root. */
export async function sweepModules(folders: readonly { folder: string; root: string }[], since: number): Promise<SetAside[]> {
  const out: SetAside[] = [];
  // Read in place, a slice at a time (dir-reader.ts): `npm run bench module-sweep`, 10,240 folders side by side at
  // load 1.2: 114 ms, against 746 ms for the same walk through promises and the thread pool.
  const reader = new DirReader();
  const visit = async (dir: string, root: string): Promise<void> => {
    const entries = await reader.entries(dir);
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.name === '.git') {
        if (changedSince(path, since)) {
          const movedTo = setAside(root, path);
          if (movedTo) out.push({ path, movedTo });
        }
      } else if (entry.isDirectory()) {
        await visit(path, root);
      }
    }
  };
  for (const { folder, root } of folders) await visit(folder, root);
  return out;
}

/**
 * Whether the `.git` (a folder or a pointer file) or what git reads to know what to run changed since then (a file
 * made or renamed in the folder changes the folder; one written in place, only itself).
 */
function changedSince(entry: string, since: number): boolean {
  for (const path of [entry, ...['config', 'config.worktree', 'commondir', 'hooks'].map((name) => join(entry, name))]) {
    try {
      const stats = lstatSync(path, { throwIfNoEntry: false });
      if (stats && stats.ctimeMs >= since) return true;
    } catch {
      // unreadable: nothing git could read either
    }
  }
  return false;
}

/**
 * One sweep at a time: a sweep asked for while one runs waits for it, and sweeps from the earliest start asked for
 * meanwhile below every root asked for. Each finds the `node_modules` folders no repository holds afresh (the
 * command may have made them). `settled()` resolves when none is running or waiting.
 */
export class ModuleSweeps {
  private running: Promise<void> = Promise.resolve();
  private pending: { roots: Set<string>; since: number } | undefined;

  constructor(private readonly found: (setAside: SetAside[]) => void) {}

  /**
   * After a command in `roots` that started at `since`: `roots` are those no repository held before it ran (decided
   * then: while it runs, bubblewrap's mount points for `.git/config` and `.git/hooks` make a `.git` at each root).
   */
  after(roots: readonly string[], since: number): void {
    if (roots.length === 0) return;
    if (this.pending) {
      for (const root of roots) this.pending.roots.add(root);
      this.pending.since = Math.min(this.pending.since, since);
      return;
    }
    this.pending = { roots: new Set(roots), since };
    this.running = this.running.then(async () => {
      const job = this.pending!;
      this.pending = undefined;
      const roots = [...job.roots];
      const found = await scanBelow(roots, undefined, undefined, { rootsUnowned: true })
        .then(({ unownedModules }) => sweepModules(unownedModules.map((folder) => ({ folder, root: roots.find((r) => within(folder, r))! })), job.since))
        .catch(() => []);
      if (found.length > 0) this.found(found);
    });
  }

  /** Resolves when every sweep asked for so far has ended. */
  async settled(): Promise<void> {
    let last: Promise<void>;
    do {
      last = this.running;
      await last;
    } while (last !== this.running);
  }
}
