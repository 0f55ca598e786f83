// The mount points bubblewrap leaves on the host. A read-only path of the boundary that does not exist (a
// workspace without `.envrc` or `.vscode/`) can only be kept from being created by mounting something there,
// and bubblewrap makes the mount point first: an empty read-only file or an empty folder in the user's workspace.
// The runtime removes them when the last sandboxed command ends, but a killed extension host never gets there.
// So before each sandboxed command starts, the paths it may create are written to a journal of this extension
// host (one file per pid, in Relay's storage), with the process groups that run them. When the last command
// ends they are removed and the journal with them; at the next activation, the journals of extension hosts that
// are gone are cleaned up the same way, once none of their commands runs any more. Only what still looks like a
// mount point is removed: an empty file without write bits (what bubblewrap makes) or an empty folder.
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { RUNTIME_PROTECTED } from '../../core/sandbox/boundary';

interface JournalFile {
  owner: number;
  paths: string[];
  groups: number[];
}


/**
 * The paths bubblewrap will create as mount points for these read-only paths: for each that does not exist, its
 * first missing component (`/ws/.claude` for `/ws/.claude/settings.json` in a workspace without `.claude`).
 * `cwd` is the runtime's working directory, whose own protected files it adds.
 */
export function missingMountPoints(denyWrite: readonly string[], cwd = process.cwd()): string[] {
  const out = new Set<string>();
  for (const path of [...denyWrite, ...RUNTIME_PROTECTED.map((rel) => join(cwd, rel))]) {
    const first = firstMissing(path);
    if (first) out.add(first);
  }
  return [...out];
}

function firstMissing(path: string): string | undefined {
  const parts = path.split(sep).filter(Boolean);
  let current = '';
  for (const part of parts) {
    current += sep + part;
    if (!existsSync(current)) return current;
  }
  return undefined;
}

/** Whether `path` is still what bubblewrap made: an empty file without write bits, or an empty folder. */
export function looksLikeMountPoint(path: string): boolean {
  try {
    const stat = lstatSync(path);
    if (stat.isFile()) return stat.size === 0 && (stat.mode & 0o222) === 0 && stat.nlink === 1;
    return stat.isDirectory() && readdirSync(path).length === 0;
  } catch {
    return false;
  }
}

/** Removes each path that still looks like a mount point, deepest first; returns what it removed. */
export function removeMountPoints(paths: readonly string[]): string[] {
  const removed: string[] = [];
  for (const path of [...paths].sort((a, b) => b.length - a.length)) {
    if (!looksLikeMountPoint(path)) continue;
    try {
      if (lstatSync(path).isDirectory()) rmdirSync(path);
      else unlinkSync(path);
      removed.push(path);
    } catch {
      // Mounted in a sandbox still running, or gone meanwhile: left as it is.
    }
  }
  return removed;
}

export class PlaceholderJournal {
  private readonly file: string;
  private readonly paths = new Set<string>();
  private readonly groups = new Set<number>();

  constructor(
    private readonly dir: string,
    private readonly owner = process.pid,
  ) {
    this.file = join(dir, `${owner}.json`);
  }

  /** Before a sandboxed command starts: the mount points it may create (written to disk before it runs). */
  record(paths: readonly string[]): void {
    const before = this.paths.size;
    for (const p of paths) this.paths.add(p);
    if (this.paths.size !== before) this.save();
  }

  /** The process group a sandboxed command runs in: its mount points stay while it lives. */
  started(pid: number): void {
    this.groups.add(pid);
    this.save();
  }

  /** After the last sandboxed command ended: removes what is left of its mount points, and the journal. */
  release(): string[] {
    if (this.paths.size === 0 && this.groups.size === 0) return [];
    const removed = removeMountPoints([...this.paths]);
    this.paths.clear();
    this.groups.clear();
    rmSync(this.file, { force: true });
    return removed;
  }

  private save(): void {
    const body: JournalFile = { owner: this.owner, paths: [...this.paths], groups: [...this.groups] };
    mkdirSync(this.dir, { recursive: true });
    const temp = `${this.file}.tmp`;
    writeFileSync(temp, JSON.stringify(body));
    renameSync(temp, this.file);
  }
}

export interface LeftoverCleanup {
  removed: string[];
  /** Journals kept because their extension host or one of its sandboxed commands is still running. */
  waiting: number;
}

/**
 * At activation: the mount points extension hosts that are gone left behind (a crash, a SIGKILL), removed once
 * none of their sandboxed commands runs any more. `alive(pid, group)` says whether a process (or group) lives.
 */
export function cleanLeftoverMountPoints(dir: string, alive: (pid: number, group: boolean) => boolean = isAlive): LeftoverCleanup {
  const result: LeftoverCleanup = { removed: [], waiting: 0 };
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return result;
  }
  for (const name of names) {
    const file = join(dir, name);
    if (name.endsWith('.tmp')) {
      rmSync(file, { force: true });
      continue;
    }
    if (!name.endsWith('.json')) continue;
    let journal: JournalFile;
    try {
      journal = JSON.parse(readFileSync(file, 'utf8')) as JournalFile;
    } catch {
      rmSync(file, { force: true });
      continue;
    }
    const owner = Number(journal.owner);
    if (owner === process.pid || alive(owner, false) || (journal.groups ?? []).some((g) => alive(g, true))) {
      result.waiting++;
      continue;
    }
    result.removed.push(...removeMountPoints((journal.paths ?? []).filter((p) => typeof p === 'string' && p.startsWith(sep))));
    rmSync(file, { force: true });
  }
  return result;
}

function isAlive(pid: number, group: boolean): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(group ? -pid : pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const placeholderJournalDir = (storage: string) => join(storage, 'sandbox-placeholders');

/** `cleanLeftoverMountPoints` with what it removed in the log; never throws (activation must go on). */
export function cleanSandboxLeftovers(dir: string, log: { info(message: string): void }): void {
  try {
    const { removed } = cleanLeftoverMountPoints(dir);
    if (removed.length > 0) log.info(`Removed the sandbox's mount points an earlier session left: ${removed.join(', ')}`);
  } catch (error) {
    log.info(`The sandbox's leftover mount points could not be cleaned up: ${(error as Error).message}`);
  }
}
