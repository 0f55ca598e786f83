// A parallel task's whole change set against its recorded base, read as the review shows it: each text file with
// its base and the task's content (paths in the user's folder, so the review names the files the apply will
// write); binary and non-UTF-8 files listed apart (the text review cannot show them; they come whole).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProposedFileChange } from '../../../core/ports/edit-review';
import type { ReviewedTaskFile } from '../../../core/tasks/review-outcome';
import { displayPath, type FilePatch } from '../../../core/tasks/task-patch';
import type { ParallelTaskRecord } from '../../../core/tasks/task-record';
import { gitBytes, type GitRepository } from '../../git/git-process';
import { readTaskDiff } from '../task-changes';

export interface TaskFiles {
  /** Text files, in review order: `changes[i]` shows `files[i]`. */
  files: ReviewedTaskFile[];
  changes: ProposedFileChange[];
  /** Files that only come whole (binary, or text that is not UTF-8), by displayed path. */
  whole: string[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function textOf(bytes: Uint8Array | null): string | undefined | null {
  if (bytes === null) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

export async function readTaskFiles(worktree: GitRepository, task: ParallelTaskRecord): Promise<TaskFiles> {
  if (!task.baseCommit) throw new Error(`Task ${task.id} has no recorded base commit`);
  const patches = await readTaskDiff(worktree, task.baseCommit, task.links);
  const result: TaskFiles = { files: [], changes: [], whole: [] };
  for (const patch of patches) {
    const base = patch.oldPath === null ? null : await gitBytes(worktree, ['cat-file', 'blob', `${task.baseCommit}:${patch.oldPath}`]);
    // A nested repository (a gitlink) is a folder: it comes whole, like a binary file.
    const theirs = patch.newPath === null ? null : await readFile(join(task.workRoot, patch.newPath)).catch((error: NodeJS.ErrnoException) => (error.code === 'EISDIR' ? undefined : Promise.reject(error)));
    if (theirs === undefined) {
      result.whole.push(displayPath(patch));
      continue;
    }
    const baseText = textOf(base);
    const theirText = textOf(theirs);
    if (patch.binary || baseText === undefined || theirText === undefined) {
      result.whole.push(displayPath(patch));
      continue;
    }
    result.files.push({ path: displayPath(patch), newPath: patch.newPath });
    result.changes.push(proposedChange(task.repoRoot, patch, baseText, theirText));
  }
  return result;
}

function proposedChange(root: string, patch: FilePatch, baseText: string | null, theirText: string | null): ProposedFileChange {
  const at = (rel: string) => join(root, rel);
  switch (patch.kind) {
    case 'added':
    case 'copied':
      return { kind: 'create', path: at(patch.newPath!), baseText: undefined, proposedText: theirText ?? '' };
    case 'deleted':
      return { kind: 'delete', path: at(patch.oldPath!), baseText: baseText ?? '', proposedText: undefined };
    case 'renamed':
      return { kind: 'move', path: at(patch.oldPath!), newPath: at(patch.newPath!), baseText: baseText ?? '', proposedText: theirText ?? '' };
    case 'modified':
      return { kind: 'update', path: at(patch.newPath!), baseText: baseText ?? '', proposedText: theirText ?? '' };
  }
}
