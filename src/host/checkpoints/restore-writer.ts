// How a restore writes the workspace's files (checkpoint-store.ts decides what to write). Each file goes to a
// temporary file beside it (a rename never crosses devices) and is renamed over the original, so a crash leaves it
// whole, before or after. The temporary files' names are journaled first, in the store's folder, so the next start
// removes any that a crash left in the user's workspace; a path inside a `.git` folder or outside the workspace is
// never touched.
import * as fs from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RestoreChange } from '../../core/checkpoints/restore-plan';
import { faultPoint } from '../storage/fault-point';
import { isRunning, writeAtomically } from '../storage/stale-temps';

const JOURNAL_PREFIX = 'restore-journal.';
const JOURNAL = /^restore-journal\.(\d+)\.json$/;

/** Writes the changes (files, links, deletions) that `inWorkspace` accepts; `read` gives a stored file's bytes. */
export async function writeRestore(
  directory: string,
  changes: readonly RestoreChange[],
  read: (hash: string) => Promise<Buffer>,
  inWorkspace: (path: string) => boolean,
): Promise<void> {
  const temps = changes.filter((c) => c.target?.type === 'file' && inWorkspace(c.path)).map((c) => restoreTemp(c.path));
  const journal = join(directory, `${JOURNAL_PREFIX}${process.pid}.json`);
  if (temps.length > 0) await writeAtomically(journal, JSON.stringify(temps));
  try {
    for (const change of changes) if (inWorkspace(change.path)) await writeChange(change, read);
  } finally {
    if (temps.length > 0) await fs.rm(journal, { force: true });
  }
}

/** Removes what a restore cut short by a crash left in the workspace (journaled by a process no longer running). */
export async function removeRestoreLeftovers(directory: string, inWorkspace: (path: string) => boolean): Promise<void> {
  for (const name of await fs.readdir(directory).catch(() => [])) {
    const match = JOURNAL.exec(name);
    if (!match || isRunning(Number(match[1]))) continue;
    let temps: unknown;
    try {
      temps = JSON.parse(await fs.readFile(join(directory, name), 'utf8'));
    } catch {
      temps = [];
    }
    const suffix = restoreTemp('', Number(match[1]));
    for (const temp of Array.isArray(temps) ? temps : []) {
      if (typeof temp === 'string' && temp.endsWith(suffix) && inWorkspace(temp)) await fs.rm(temp, { force: true });
    }
    await fs.rm(join(directory, name), { force: true });
  }
}

async function writeChange(change: RestoreChange, read: (hash: string) => Promise<Buffer>): Promise<void> {
  const target = change.target;
  if (target === null) {
    await fs.rm(change.path, { force: true });
    return;
  }
  await fs.mkdir(dirname(change.path), { recursive: true });
  if (target.type === 'symlink') {
    await fs.rm(change.path, { force: true });
    await fs.symlink(target.target, change.path);
  } else if (target.type === 'file') {
    const bytes = await read(target.hash);
    const current = await fs.lstat(change.path).catch(() => undefined);
    if (current?.isSymbolicLink()) await fs.rm(change.path, { force: true });
    const temp = restoreTemp(change.path);
    await fs.writeFile(temp, bytes, { mode: target.executable ? 0o755 : 0o644 });
    faultPoint('restore-file');
    await fs.rename(temp, change.path);
  }
}

/** Where a restore writes a file before renaming it over the original. */
function restoreTemp(path: string, pid = process.pid): string {
  return `${path}.relay-restore-${pid}.tmp`;
}
