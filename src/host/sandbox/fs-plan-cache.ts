// The sandbox runtime's filesystem plan (the bubblewrap mounts of one command), remembered while nothing it depends
// on has changed. The runtime builds it anew for every command (generateFilesystemArgs in linux-sandbox-utils.js):
// it resolves each allowed, read-denied and write-denied path through symlinks, several times over, with a thrown
// error for every missing one; about 18 ms of a command's start-up in the sandbox bench. The plan is a function of
// its inputs (the paths), of the process (working directory, home folder) and of what the file system says about
// each component of each path: whether it exists, what kind of file it is, its identity, owner and mode, and for a
// file its size and link count (an empty read-only file is taken for a mount point an earlier sandbox left). That is
// the fingerprint: one lstat per distinct component, stopping at the first one missing. A plan is reused only when
// the inputs are the same and the fingerprint taken now equals the one taken before and after it was built, so a
// credential store or a protected folder that appears, disappears, is replaced or changes its mode is planned anew
// (a store made later is denied). Paths that go through a symbolic link, that cannot be inspected (EACCES…), that
// are patterns or not in canonical form are never remembered: the runtime's own resolution decides them each time.
// What the runtime does besides returning the plan is done again on a reuse: the mount points bubblewrap will make
// are registered for its cleanup, and the empty folder placeholders are bound from is checked (or made) anew.
// The runtime's scan of its working directory must be off (no-cwd-scan.ts): its result depends on a folder's listing.
import { lstatSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { posix } from 'node:path';

/** The runtime's generateFilesystemArgs(readConfig, writeConfig, maskedFileBinds, maskedFileStoreDir, ripgrep, depth, allowGitConfig, abortSignal). */
export type PlanFunction = (...args: unknown[]) => Promise<string[]>;

/** The runtime's module state the plan touches besides its result. */
export interface PlanHooks {
  /** The mount points bubblewrap will make, which the runtime removes after the last command. */
  mountPoints: Set<string>;
  registerCleanup(): void;
  /** The empty folder the placeholders are bound from, when one is made (checked, or made, again on a reuse). */
  emptySource(): string | undefined;
  ensureEmptySource(): string;
  /** The paths the runtime adds from its own working directory (linuxGetCwdMandatoryDenyPaths). */
  cwdDenyPaths(allowGitConfig: boolean): string[];
}

interface Remembered {
  fingerprint: string;
  args: string[];
  mountPoints: string[];
  emptySource?: string;
}

/** Plans kept (one per boundary: a task's worktree, the workspace…). */
const KEPT = 8;

export interface PlanCacheStats {
  reused: number;
  built: number;
}

/** `plan` with its results remembered as described above; `stats` counts reuses (the bundle publishes it as `globalThis[Symbol.for('relay.sandboxPlanStats')]` for the bench and tests). */
export function planCache(plan: PlanFunction, hooks: PlanHooks): PlanFunction & { stats: PlanCacheStats } {
  const kept = new Map<string, Remembered>();
  const stats: PlanCacheStats = { reused: 0, built: 0 };
  const cached = async (...args: unknown[]): Promise<string[]> => {
    const signal = args[7] as AbortSignal | undefined;
    const paths = signal?.aborted ? undefined : pathsOf(args, hooks);
    const before = paths && fingerprint(paths);
    if (before === undefined) {
      stats.built++;
      return plan(...args);
    }
    const key = JSON.stringify([args.slice(0, 7), process.cwd(), homedir()]);
    const hit = kept.get(key);
    if (hit && hit.fingerprint === before) {
      let out = hit.args;
      if (hit.emptySource !== undefined) {
        const now = hooks.ensureEmptySource();
        if (now !== hit.emptySource) out = out.map((word) => (word === hit.emptySource ? now : word));
        hit.args = out;
        hit.emptySource = now;
      }
      for (const p of hit.mountPoints) hooks.mountPoints.add(p);
      if (hit.mountPoints.length > 0) hooks.registerCleanup();
      kept.delete(key);
      kept.set(key, hit);
      stats.reused++;
      return [...out];
    }
    // Which mount points this plan adds is known only when none were registered before it (another command's);
    // and only those it mounts on are kept (a command wrapped meanwhile may have added its own).
    const alone = hooks.mountPoints.size === 0;
    const out = await plan(...args);
    stats.built++;
    const after = fingerprint(paths!);
    if (alone && after === before) {
      const empty = hooks.emptySource();
      kept.delete(key);
      kept.set(key, { fingerprint: before, args: [...out], mountPoints: [...hooks.mountPoints].filter((p) => out.includes(p)), ...(empty !== undefined && out.includes(empty) ? { emptySource: empty } : {}) });
      while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    } else {
      kept.delete(key);
    }
    return out;
  };
  return Object.assign(cached, { stats });
}

interface ReadConfig {
  denyOnly?: unknown;
  allowWithinDeny?: unknown;
}
interface WriteConfig {
  allowOnly?: unknown;
  denyWithinAllow?: unknown;
}

/** Every path the plan looks at, or undefined when one of them is not a plain absolute path. */
function pathsOf(args: unknown[], hooks: PlanHooks): string[] | undefined {
  const read = args[0] as ReadConfig | undefined;
  const write = args[1] as WriteConfig | undefined;
  const masks = args[2] as { realPath?: unknown }[] | undefined;
  const lists = [read?.denyOnly, read?.allowWithinDeny, write?.allowOnly, write?.denyWithinAllow, masks?.map((m) => m.realPath)];
  const paths: string[] = [];
  for (const list of lists) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) return undefined;
    for (const p of list) {
      if (typeof p !== 'string' || !plainPath(p)) return undefined;
      paths.push(p);
    }
  }
  const cwd = process.cwd();
  if (!plainPath(cwd)) return undefined;
  // The runtime adds its working directory's files, and asks whether `.git` there is a folder; and it hides
  // /etc/ssh/ssh_config.d when that exists.
  paths.push(...hooks.cwdDenyPaths(args[6] === true), posix.join(cwd, '.git'), '/etc/ssh/ssh_config.d');
  return paths;
}

const PATTERN = /[*?[\]{}~\\]/;

/** Absolute, canonical in spelling (no `.`, `..`, `//` or trailing slash), not a pattern, not the root itself. */
function plainPath(p: string): boolean {
  return p.startsWith('/') && p !== '/' && posix.normalize(p) === p && !p.endsWith('/') && !PATTERN.test(p) && !p.includes('\0');
}

/**
 * What the file system says about every component of these paths, as one string; undefined when a path cannot be
 * vouched for this way (a symbolic link on it, a component that cannot be inspected).
 */
export function fingerprint(paths: readonly string[]): string | undefined {
  const seen = new Map<string, string>();
  const parts: string[] = [];
  for (const path of paths) {
    // The devices' names (/dev/stdout is a link into /proc) are resolved as the runtime resolves them.
    if (path.startsWith('/dev/') || path.startsWith('/proc/')) {
      parts.push(`${path}=${resolved(path)}`);
      continue;
    }
    let current = '';
    for (const name of path.slice(1).split('/')) {
      current += `/${name}`;
      let state = seen.get(current);
      if (state === undefined) {
        state = componentState(current);
        if (state === undefined) return undefined;
        seen.set(current, state);
      }
      if (state === '-' || state.startsWith('f') || state.startsWith('o')) break; // nothing below it can exist
    }
  }
  for (const [path, state] of seen) parts.push(`${path}=${state}`);
  return parts.join('\n');
}

function componentState(path: string): string | undefined {
  let stats;
  try {
    stats = lstatSync(path, { throwIfNoEntry: false });
  } catch (error) {
    // A component that is a file: nothing below it exists. Anything else (EACCES, ELOOP…): not vouched for.
    return (error as NodeJS.ErrnoException).code === 'ENOTDIR' ? '-' : undefined;
  }
  if (!stats) return '-';
  if (stats.isSymbolicLink()) return undefined;
  const id = `${stats.dev}:${stats.ino}:${stats.mode}:${stats.uid}:${stats.gid}`;
  if (stats.isDirectory()) return `d${id}`;
  if (stats.isFile()) return `f${id}:${stats.size}:${stats.nlink}`;
  return `o${id}`;
}

function resolved(path: string): string {
  try {
    return realpathSync(path);
  } catch (error) {
    return `!${(error as NodeJS.ErrnoException).code ?? 'error'}`;
  }
}
