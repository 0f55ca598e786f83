// A task's change set against its base, and bringing it back: the accepted part is rebuilt as a patch, applied
// in a temporary index of the task (never the task's own index, never the user's), and each file is placed onto
// the user's working tree three ways (src/core/tasks/apply-plan.ts). "Update Task From Base" merges the user's
// current state into the task's branch inside its worktree.
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterMerge, decideFile, type ConflictReason, type FileSides, type FileWrite } from '../../core/tasks/apply-plan';
import { buildPatch, displayPath, parseGitDiff, type FileDecision, type FilePatch } from '../../core/tasks/task-patch';
import { gitBytes, runGit, type GitRepository } from '../git/git-process';
import { stageAll } from './stage-all';

/** Runs `work` with a throwaway copy of the worktree's index (its stat cache keeps `git add -A` fast). */
async function withTempIndex<T>(worktree: GitRepository, work: (env: Record<string, string>, dir: string) => Promise<T>, from: 'copy' | 'empty' = 'copy'): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'relay-task-index-'));
  const env = { GIT_INDEX_FILE: join(dir, 'index') };
  try {
    if (from === 'copy') await copyFile(join(worktree.gitDir, 'index'), env.GIT_INDEX_FILE).catch(() => undefined);
    return await work(env, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Pathspec of the whole worktree but its linked folders: git ignores `node_modules/` as a folder, and a link is
 * not one, so without this the link itself would show up as the task's change (and be committed or applied).
 */
export function withoutLinks(links: readonly string[] = []): string[] {
  return ['--', '.', ...links.map((l) => `:(exclude,top)${l}`)];
}

/** Everything the task changed against `baseCommit` (committed or not, untracked files included), renames found. */
export async function readTaskDiff(worktree: GitRepository, baseCommit: string, links: readonly string[] = []): Promise<FilePatch[]> {
  return withTempIndex(worktree, async (env) => {
    await stageAll(worktree, withoutLinks(links), env);
    const diff = await runGit(worktree, ['diff', '--cached', '--binary', '--full-index', '-M', baseCommit], { env });
    return parseGitDiff(diff.stdout);
  });
}

/** The same change set as a plain unified diff (no binary payloads), for a reader such as the review agent. */
export async function readTaskDiffText(worktree: GitRepository, baseCommit: string, links: readonly string[] = []): Promise<string> {
  return withTempIndex(worktree, async (env) => {
    await stageAll(worktree, withoutLinks(links), env);
    return (await runGit(worktree, ['diff', '--cached', '--no-color', '--unified=3', '-M', baseCommit], { env })).stdout;
  });
}

export interface ApplyConflict {
  path: string;
  reason: ConflictReason;
}

export interface ApplyPlan {
  /** Relative to the user's folder; null content deletes. */
  writes: FileWrite[];
  conflicts: ApplyConflict[];
  /** How many of the task's files the accepted patch holds. */
  files: number;
}

/**
 * What applying the accepted changes would do to the user's working tree at `userRoot`, written nowhere. The
 * caller shows `writes` through the review and applies them as one edit; with any conflict it writes nothing.
 */
export async function planApply(
  worktree: GitRepository,
  baseCommit: string,
  userRoot: string,
  options: {
    decisions?: ReadonlyMap<string, FileDecision>;
    links?: readonly string[];
    /** The accepted content of a file by its new path, when the review settled it (rejected hunks put back, the user's own edits kept). */
    contents?: ReadonlyMap<string, Uint8Array>;
  } = {},
): Promise<ApplyPlan> {
  const files = await readTaskDiff(worktree, baseCommit, options.links);
  const decisions = options.decisions ?? new Map<string, FileDecision>();
  const patch = buildPatch(files, decisions);
  const accepted = parseGitDiff(patch);
  if (accepted.length === 0) return { writes: [], conflicts: [], files: 0 };
  const theirs = await acceptedContents(worktree, baseCommit, patch, accepted.filter((f) => !isGitlink(f)));
  const writes: FileWrite[] = [];
  const conflicts: ApplyConflict[] = [];
  for (const file of accepted) {
    // A nested repository is no file the apply could write: named, never half applied.
    if (isGitlink(file)) {
      conflicts.push({ path: displayPath(file), reason: 'binary' });
      continue;
    }
    const sides: FileSides = {
      kind: file.kind,
      oldPath: file.oldPath,
      newPath: file.newPath,
      binary: file.binary,
      base: file.oldPath === null ? null : await gitBytes(worktree, ['cat-file', 'blob', `${baseCommit}:${file.oldPath}`]),
      ours: await readOrNull(join(userRoot, file.oldPath ?? file.newPath ?? '')),
      oursAtNew: file.newPath !== null && file.newPath !== file.oldPath ? await readOrNull(join(userRoot, file.newPath)) : null,
      theirs: file.newPath === null ? null : (options.contents?.get(file.newPath) ?? theirs.get(file.newPath) ?? null),
    };
    let decision = decideFile(sides);
    if (decision.type === 'merge') {
      const merged = await mergeFile(decision.ours, decision.base, decision.theirs);
      decision = afterMerge(sides, merged.content, merged.conflicts);
    }
    if (decision.type === 'conflict') conflicts.push({ path: decision.path, reason: decision.reason });
    else if (decision.type === 'write') writes.push(...decision.writes);
  }
  return { writes: conflicts.length > 0 ? [] : writes, conflicts, files: accepted.length };
}

/** The task's content of each accepted file: the patch applied to the base in a temporary index. */
async function acceptedContents(worktree: GitRepository, baseCommit: string, patch: string, files: readonly FilePatch[]): Promise<Map<string, Buffer>> {
  return withTempIndex(
    worktree,
    async (env, dir) => {
      await runGit(worktree, ['read-tree', baseCommit], { env });
      const patchFile = join(dir, 'accepted.diff');
      await writeFile(patchFile, patch);
      await runGit(worktree, ['apply', '--cached', '--binary', patchFile], { env });
      const contents = new Map<string, Buffer>();
      for (const file of files) {
        if (file.newPath === null) continue;
        contents.set(file.newPath, await gitBytes(worktree, ['cat-file', 'blob', `:${file.newPath}`], env));
      }
      return contents;
    },
    'empty',
  );
}

/** A nested repository (mode 160000 in the patch's header), not a file. */
function isGitlink(file: FilePatch): boolean {
  return file.header.some((line) => /^(?:new file mode|deleted file mode|new mode|old mode) 160000$|^index \S+ 160000$/.test(line));
}

async function readOrNull(path: string): Promise<Buffer | null> {
  return readFile(path).catch(() => null);
}

/** `git merge-file -p`: the merged text and its number of conflicts (git's exit code). */
async function mergeFile(ours: Uint8Array, base: Uint8Array, theirs: Uint8Array): Promise<{ content: Buffer; conflicts: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'relay-merge-'));
  try {
    const [o, b, t] = ['ours', 'base', 'theirs'].map((n) => join(dir, n)) as [string, string, string];
    await Promise.all([writeFile(o, ours), writeFile(b, base), writeFile(t, theirs)]);
    const r = await runGit({ outside: dir }, ['merge-file', '-p', o, b, t], { allowFailure: true });
    if (r.code < 0 || r.code > 127) throw new Error(r.stderr);
    return { content: Buffer.from(r.stdout, 'utf8'), conflicts: r.code };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface UpdateResult {
  /** The commit the task is now based on. */
  baseCommit: string;
  /** Files the merge left conflicted in the worktree (the task or the user resolves them); empty when clean. */
  conflicts: string[];
}

/**
 * Brings the user's current state into the task: the task's work is committed on its branch, then the user's
 * HEAD (or, with uncommitted or untracked changes, a snapshot commit of its working tree, `snapshotOf`) is merged in. A clean
 * merge moves the task's base there, so the next apply only carries the task's own changes.
 */
export async function updateFromBase(worktree: GitRepository, user: GitRepository, message: string, links: readonly string[] = []): Promise<UpdateResult> {
  await stageAll(worktree, withoutLinks(links));
  const staged = await runGit(worktree, ['diff', '--cached', '--quiet'], { allowFailure: true });
  if (staged.code !== 0) await runGit(worktree, ['-c', 'user.name=Relay', '-c', 'user.email=relay@localhost', 'commit', '--no-verify', '-q', '-m', message]);
  const target = await snapshotOf(user);
  const merged = await runGit(worktree, ['-c', 'user.name=Relay', '-c', 'user.email=relay@localhost', 'merge', '--no-edit', '--no-verify', '-q', target], { allowFailure: true });
  if (merged.code === 0) return { baseCommit: target, conflicts: [] };
  const unmerged = await runGit(worktree, ['diff', '--name-only', '--diff-filter=U', '-z']);
  const conflicts = unmerged.stdout.split('\0').filter(Boolean);
  if (conflicts.length === 0) throw new Error(merged.stderr.trim() || merged.stdout.trim());
  return { baseCommit: target, conflicts };
}

/**
 * A commit of the user's working tree as it is, untracked files included (an applied task's new files are
 * untracked, and `git stash create` would leave them out), made in a temporary index: the user's own index and
 * branch are not touched. The user's HEAD itself when nothing differs.
 */
export async function snapshotOf(user: GitRepository): Promise<string> {
  const head = (await runGit(user, ['rev-parse', 'HEAD'])).stdout.trim();
  return withTempIndex(user, async (env) => {
    await stageAll(user, ['--', '.'], env);
    const tree = (await runGit(user, ['write-tree'], { env })).stdout.trim();
    const headTree = (await runGit(user, ['rev-parse', `${head}^{tree}`])).stdout.trim();
    if (tree === headTree) return head;
    const commit = await runGit(user, ['-c', 'user.name=Relay', '-c', 'user.email=relay@localhost', 'commit-tree', tree, '-p', head, '-m', 'Relay: your working tree'], { env });
    return commit.stdout.trim();
  });
}

/** Count of files the task changed, by its displayed path. */
export function changedPaths(files: readonly FilePatch[]): string[] {
  return files.map(displayPath);
}
