// A `.git` a sandboxed command creates while it still runs, taken out of git's sight at once (issue 36). VS Code's
// git extension opens a repository its file watcher reports in a folder no open repository holds half a second
// after the last report, and runs `git status` there: that runs the new repository's `core.fsmonitor` outside the
// sandbox, long before the audit at the command's end could remove it.
//
// The command is still running, so it may swap any folder on the way for a link to elsewhere (the user's other
// repository, or the workspace's own folder, whose `.git` is the user's history). So the entry is renamed, not
// removed (one atomic step; removing a tree is many, each open to a swap), and it is reached through directory
// handles opened one component at a time without following links (`/proc/self/fd/N/<name>` is Linux's openat): a
// swap after a folder was opened changes nothing the rename reaches. It is removed, the same way, once the command
// has ended (then nothing of it runs: bubblewrap's pid namespace ends with the command).
import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, renameSync, rmSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

const DIRECTORY = constants.O_RDONLY | constants.O_DIRECTORY;
const NO_FOLLOW = DIRECTORY | constants.O_NOFOLLOW;

/** Whether this platform reaches folders through handles (`/proc/self/fd`); elsewhere nothing is set aside. */
export const SETS_ASIDE = process.platform === 'linux';

/**
 * Renames `entry` (a path below `root`, which the command cannot move) to a name git does not look for, beside it.
 * Returns the new path, or undefined when it is gone, was never below `root`, or a folder on the way is a link.
 */
export function setAside(root: string, entry: string): string | undefined {
  const name = `.relay-set-aside-${randomBytes(6).toString('hex')}`;
  const done = inFolderOf(root, entry, (folder, base) => renameSync(`${folder}/${base}`, `${folder}/${name}`));
  return done ? join(entry, '..', name) : undefined;
}

/** Removes what `setAside` renamed, through the same handles; whether it is gone. */
export function removeSetAside(root: string, path: string): boolean {
  return inFolderOf(root, path, (folder, base) => rmSync(`${folder}/${base}`, { recursive: true, force: true }));
}

/** Runs `work` with a handle path for `path`'s folder, opened from `root` down without following links. */
function inFolderOf(root: string, path: string, work: (folder: string, base: string) => void): boolean {
  if (!SETS_ASIDE) return false;
  const rel = relative(root, path);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return false;
  const parts = rel.split(sep);
  const base = parts.pop()!;
  let fd: number;
  try {
    fd = openSync(root, DIRECTORY);
  } catch {
    return false;
  }
  try {
    for (const part of parts) {
      const next = openSync(`/proc/self/fd/${fd}/${part}`, NO_FOLLOW);
      closeSync(fd);
      fd = next;
    }
    work(`/proc/self/fd/${fd}`, base);
    return true;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}
