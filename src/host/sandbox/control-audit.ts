// The audit after every sandboxed command (issue 36): the read-only list can never be complete (a name git learns
// tomorrow, a `.git` made at a depth nobody looked), so git's control data is compared with a snapshot taken
// before the command ran, and whatever changed is put back: a changed or removed file gets its saved bytes and mode
// back, a new entry in a git directory besides what ordinary git work writes is removed (a `commondir`, a new hook),
// and so is a new `.git` anywhere below the writable folders and a new file of the kinds that run code on opening
// (AUTORUN_PROTECTED). Stat-level: a file is read again only when its size, times, inode or mode moved. Each
// change is named, for the card and the model. Synchronous, so it is over before anyone is told the command ended.
// The snapshot before the command is synchronous too: it is a few dozen small reads (hooks, configs, pointers), each
// a few microseconds in place against tens of microseconds through the thread pool and a promise, and the command
// cannot start before it is complete (measured in the sandbox bench).
import type { Dirent, Stats } from 'node:fs';
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { AUTORUN_PROTECTED, PROTECTED_SUFFIXES } from '../../core/sandbox/boundary';
import { isGitControlEntry } from '../../core/sandbox/git-control';
import { within } from '../../core/sandbox/violations';
import type { GitControl } from './git-control-scan';
import { removeSetAside, setAside } from './git-set-aside';
import { GIT_DEPTH, NESTED_DEPTH } from './nested-protected';

export type ControlChange = 'changed' | 'removed' | 'created';

export interface RestoredEntry {
  path: string;
  /** What the command did: changed (or replaced) it, removed it, created it. */
  change: ControlChange;
  /** Whether it is back as it was (false: it could not be put back, or its bytes were too large to keep). */
  restored: boolean;
}

type Node = { kind: 'file'; size: number; mtimeMs: number; ctimeMs: number; ino: number; mode: number; bytes?: Buffer } | { kind: 'dir'; mode: number; names: Set<string>; newNames: 'all' | 'control' } | { kind: 'link'; ino: number; ctimeMs: number };

export interface ControlSnapshot {
  nodes: Map<string, Node>;
  /**
   * The tracked paths the command could not change (bound read-only, in place or below a read-only folder), with the
   * inode of each folder from theirs up to the root: while those folders are the same and the file has one link, a
   * change there is someone else's (you, your editor, VS Code's git) and is left alone.
   */
  mounted: Map<string, readonly (readonly [string, number])[]>;
  /** When it was taken (Date.now()), for the next snapshot's reuse of its bytes. */
  takenAt: number;
  roots: readonly string[];
  gitEntries: ReadonlySet<string>;
  autorun: ReadonlySet<string>;
}

/** Bytes kept of one file to put it back (hooks and configs are small); a larger one is only compared. */
const MAX_FILE_BYTES = 256 * 1024;
/** Entries tracked in all; beyond it the rest is left to the read-only mounts. */
const MAX_NODES = 4000;
/** Depth of folders tracked inside a control folder (hooks/, info/, a hooks folder). */
const TREE_DEPTH = 4;

const AUTORUN_SINGLE = new Set(AUTORUN_PROTECTED.filter((n) => !n.includes('/')).map((n) => n.toLowerCase()));
/** The names with a folder in front (`.cursor/hooks.json`), by that folder. */
const AUTORUN_NESTED = new Map<string, string[]>();
for (const name of AUTORUN_PROTECTED.filter((n) => n.includes('/'))) {
  const [first, ...rest] = name.split('/');
  AUTORUN_NESTED.set(first!.toLowerCase(), [...(AUTORUN_NESTED.get(first!.toLowerCase()) ?? []), rest.join('/')]);
}

/**
 * A file's bytes are taken from the previous snapshot instead of read again when its size, times, inode and mode are
 * those it had then and it had not changed for this long before that snapshot read it: any write or mode change
 * since moves its change time (which no command can set back), and a change in the same clock tick as that read,
 * which the time alone could not tell, is ruled out by the margin.
 */
const STABLE_MS = 2000;

/** Before the command: the control data as it is, with the bytes of each small file (reused from `previous` as above). */
export function snapshotControl(control: GitControl, roots: readonly string[], autorun: readonly string[], previous?: ControlSnapshot, stableMs = STABLE_MS, readOnly: readonly string[] = []): ControlSnapshot {
  const takenAt = Date.now();
  const nodes = new Map<string, Node>();
  const unchanged = (path: string, stats: Stats): Buffer | undefined => {
    const before = previous?.nodes.get(path);
    if (before?.kind !== 'file' || !before.bytes || !sameFile(before, stats) || before.ctimeMs >= previous!.takenAt - stableMs) return undefined;
    return before.bytes;
  };
  const track = (path: string, depth: number, newNames: 'all' | 'control' = 'all'): void => {
    if (nodes.size >= MAX_NODES || nodes.has(path)) return;
    const stats = lstatQuiet(path);
    if (!stats) return;
    if (stats.isSymbolicLink()) {
      nodes.set(path, { kind: 'link', ino: stats.ino, ctimeMs: stats.ctimeMs });
    } else if (stats.isDirectory()) {
      const names = readdirQuiet(path);
      nodes.set(path, { kind: 'dir', mode: stats.mode, names: new Set(names), newNames });
      if (depth <= 0) return;
      const children = newNames === 'control' ? names.filter(isGitControlEntry) : names;
      for (const name of children) track(join(path, name), depth - 1);
    } else if (stats.isFile()) {
      const bytes = stats.size <= MAX_FILE_BYTES ? (unchanged(path, stats) ?? readQuiet(path)) : undefined;
      nodes.set(path, { kind: 'file', size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino, mode: stats.mode, ...(bytes ? { bytes } : {}) });
    }
  };
  for (const dir of control.gitDirs) track(dir, TREE_DEPTH, 'control');
  for (const p of [...control.pointers, ...control.hooksFolders, ...control.submoduleLists]) track(p, TREE_DEPTH);
  return { nodes, mounted: mountedPaths([...nodes.keys()], roots, readOnly), takenAt, roots, gitEntries: new Set(control.gitEntries), autorun: new Set(autorun) };
}

/** The paths below a read-only mount, with the folder chain that keeps them there (ControlSnapshot.mounted). */
function mountedPaths(paths: readonly string[], roots: readonly string[], readOnly: readonly string[]): ControlSnapshot['mounted'] {
  const mounted: ControlSnapshot['mounted'] = new Map();
  if (readOnly.length === 0) return mounted;
  const mounts = new Set(readOnly);
  const inodes = new Map<string, number | undefined>();
  for (const path of paths) {
    if (!underMount(path, mounts)) continue;
    const chain = folderChain(path, roots, inodes);
    if (chain) mounted.set(path, chain);
  }
  return mounted;
}

function underMount(path: string, mounts: ReadonlySet<string>): boolean {
  for (let p = path; ; p = dirname(p)) {
    if (mounts.has(p)) return true;
    if (dirname(p) === p) return false;
  }
}

/** Each folder from `path`'s up to its root, with its inode; undefined when one is gone or it is below no root. */
function folderChain(path: string, roots: readonly string[], inodes: Map<string, number | undefined>): [string, number][] | undefined {
  const root = roots.find((r) => within(path, r));
  if (root === undefined) return undefined;
  const chain: [string, number][] = [];
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if (!inodes.has(dir)) inodes.set(dir, lstatQuiet(dir)?.ino);
    const ino = inodes.get(dir);
    if (ino === undefined) return undefined;
    chain.push([dir, ino]);
    if (dir === root || dirname(dir) === dir) return chain;
  }
}

/** Whether a change at this path cannot be the command's: it was held read-only, and nothing on the way moved. */
function notTheCommands(snapshot: ControlSnapshot, path: string, now: Stats | undefined, inodes: Map<string, number | undefined>): boolean {
  const chain = snapshot.mounted.get(path);
  if (!chain || (now?.isFile() && now.nlink !== 1)) return false; // a second link is a way around the mount
  return chain.every(([dir, ino]) => {
    if (!inodes.has(dir)) inodes.set(dir, lstatQuiet(dir)?.ino);
    return inodes.get(dir) === ino;
  });
}

/**
 * After the command: puts back what changed and says what it was. `ignore` names paths that are not the
 * command's doing (the mount points bubblewrap makes for missing read-only paths, its own or a concurrent command's).
 */
export function auditControl(snapshot: ControlSnapshot, ignore: (path: string) => boolean = () => false): RestoredEntry[] {
  const out: RestoredEntry[] = [];
  // Parents before children: a folder that was replaced is a folder again before its files are written back.
  const paths = [...snapshot.nodes.keys()].sort((a, b) => a.length - b.length || a.localeCompare(b));
  const inodes = new Map<string, number | undefined>();
  for (const path of paths) {
    if (ignore(path)) continue;
    const node = snapshot.nodes.get(path)!;
    const now = lstatQuiet(path);
    if (notTheCommands(snapshot, path, now, inodes)) continue;
    if (node.kind === 'dir') {
      if (!now?.isDirectory()) {
        out.push({ path, change: now ? 'changed' : 'removed', restored: attempt(() => (rmSync(path, { recursive: true, force: true }), mkdirSync(path, { mode: node.mode & 0o7777 }))) });
        continue;
      }
      for (const name of readdirQuiet(path)) {
        const child = join(path, name);
        if (node.names.has(name) || ignore(child)) continue;
        if (node.newNames === 'control' && !isGitControlEntry(name)) continue;
        out.push({ path: child, change: 'created', restored: attempt(() => rmSync(child, { recursive: true, force: true })) });
      }
    } else if (node.kind === 'file') {
      if (now?.isFile() && sameFile(node, now)) continue;
      if (now?.isFile() && node.bytes && now.size === node.size && (now.mode & 0o7777) === (node.mode & 0o7777) && readQuiet(path)?.equals(node.bytes)) continue;
      const change: ControlChange = now ? 'changed' : 'removed';
      const bytes = node.bytes;
      out.push({ path, change, restored: bytes !== undefined && attempt(() => putBack(path, bytes, node.mode)) });
    } else if (!now?.isSymbolicLink() || now.ino !== node.ino) {
      out.push({ path, change: now ? 'changed' : 'removed', restored: false });
    }
  }
  for (const path of [...newEntries(snapshot), ...newSubmoduleLists(snapshot)]) {
    if (ignore(path)) continue;
    out.push({ path, change: 'created', restored: attempt(() => rmSync(path, { recursive: true, force: true })) });
  }
  return out;
}

/** Where paths created while a command runs are heard of (VS Code's file watcher); returns how to stop listening. */
export type CreatedPaths = (listener: (path: string) => void) => () => void;

/**
 * While the command runs: a new control entry in a git directory (a `commondir`, a `config.worktree`) is removed as
 * soon as it appears, not only when the command ends, since VS Code's git extension reads the repository within a
 * second of a change. One inotify watch per git directory. And a new `.git` below the command's folders that
 * `created` reports (VS Code's own watcher, the one its git extension opens new repositories from) is set aside at
 * once (git-set-aside.ts) and removed when the command has ended. What either took is reported with the audit.
 * Returns the end of the watch: call it once the command has ended.
 */
export function watchControl(snapshot: ControlSnapshot, ignore: (path: string) => boolean, removed: (entry: RestoredEntry) => void, created?: CreatedPaths): () => void {
  const watchers: FSWatcher[] = [];
  for (const [path, node] of snapshot.nodes) {
    if (node.kind !== 'dir' || node.newNames !== 'control') continue;
    try {
      const watcher = watch(path, { persistent: false }, (_event, name) => {
        if (typeof name !== 'string' || node.names.has(name) || !isGitControlEntry(name)) return;
        const child = join(path, name);
        if (ignore(child) || !lstatQuiet(child)) return;
        removed({ path: child, change: 'created', restored: attempt(() => rmSync(child, { recursive: true, force: true })) });
      });
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
    } catch {
      // gone already, or out of watches: the audit at the end still looks
    }
  }
  const setAsides: { root: string; path: string }[] = [];
  const named = new Set<string>();
  const stopHearing = created?.((path) => {
    const entry = newGitEntry(snapshot, path);
    if (!entry || ignore(entry.path)) return;
    const aside = setAside(entry.root, entry.path);
    if (!aside) return; // gone already, or reached through a link: the audit at the end looks again
    setAsides.push({ root: entry.root, path: aside });
    if (named.has(entry.path)) return;
    named.add(entry.path);
    removed({ path: entry.path, change: 'created', restored: true });
  });
  return () => {
    for (const w of watchers) w.close();
    stopHearing?.();
    for (const { root, path } of setAsides) removeSetAside(root, path);
  };
}

/**
 * A created `.git` that was not there before, below a root (with its root). Only the entry itself counts: a path
 * inside a `.git` may be inside a repository older than the command that the scan did not reach (deeper, or in
 * `node_modules`), while a `.git` reported created is new whatever its depth.
 */
function newGitEntry(snapshot: ControlSnapshot, path: string): { root: string; path: string } | undefined {
  if (basename(path) !== '.git' || snapshot.gitEntries.has(path)) return undefined;
  const root = snapshot.roots.find((r) => within(path, r));
  return root === undefined ? undefined : { root, path };
}

/** A `.gitmodules` beside a `.git` entry that had none (VS Code's git extension opens each repository it lists). */
function newSubmoduleLists(snapshot: ControlSnapshot): string[] {
  const found: string[] = [];
  for (const entry of snapshot.gitEntries) {
    const list = join(dirname(entry), '.gitmodules');
    if (!snapshot.nodes.has(list) && lstatQuiet(list)) found.push(list);
  }
  return found;
}

/** `.git` entries and files that run code on opening that were not there before (the same walk as the scan). */
function newEntries(snapshot: ControlSnapshot): string[] {
  const found: string[] = [];
  const walk = (dir: string, level: number): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const lower = entry.name.toLowerCase();
      if (lower === '.git') {
        if (!snapshot.gitEntries.has(path)) found.push(path);
        continue;
      }
      if (level < NESTED_DEPTH && (AUTORUN_SINGLE.has(lower) || PROTECTED_SUFFIXES.some((s) => lower.endsWith(s))) && !snapshot.autorun.has(path)) {
        found.push(path);
        continue;
      }
      if (level < NESTED_DEPTH && entry.isDirectory()) {
        for (const rel of AUTORUN_NESTED.get(lower) ?? []) {
          const nested = join(path, rel);
          if (!snapshot.autorun.has(nested) && lstatQuiet(nested)) found.push(nested);
        }
      }
      if (entry.isDirectory() && level + 1 < GIT_DEPTH && lower !== 'node_modules') walk(path, level + 1);
    }
  };
  for (const root of snapshot.roots) walk(root, 0);
  return found;
}

function putBack(path: string, bytes: Buffer, mode: number): void {
  // Removed first: writing through what is there now would follow a link or a second hard link out of the folder.
  rmSync(path, { recursive: true, force: true });
  writeFileSync(path, bytes, { flag: 'wx', mode: mode & 0o7777 });
  chmodSync(path, mode & 0o7777);
}

function sameFile(node: { size: number; mtimeMs: number; ctimeMs: number; ino: number; mode: number }, now: Stats): boolean {
  return now.size === node.size && now.mtimeMs === node.mtimeMs && now.ctimeMs === node.ctimeMs && now.ino === node.ino && now.mode === node.mode;
}

function attempt(work: () => void): boolean {
  try {
    work();
    return true;
  } catch {
    return false;
  }
}

function lstatQuiet(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function readdirQuiet(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

function readQuiet(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}
