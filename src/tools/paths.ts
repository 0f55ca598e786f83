// Paths as the model writes them and as the permission layer needs them: the model may pass a path relative to
// the first workspace folder or an absolute one; tools work with normalised absolute paths and show the model
// workspace-relative ones (with `/`), which it can pass straight back.
import * as path from 'node:path';
import { ToolError, ToolErrorType } from '../core/tools';

/** The absolute, normalised form of `input`. Relative paths resolve against the first workspace folder. */
export function resolveToolPath(input: string, roots: readonly string[]): string {
  const trimmed = input.trim();
  if (trimmed === '') throw new ToolError(ToolErrorType.INVALID_PARAMS, 'The path is empty.');
  if (path.isAbsolute(trimmed)) return path.normalize(trimmed);
  const root = roots[0];
  if (root === undefined) {
    throw new ToolError(
      ToolErrorType.PATH_NOT_IN_WORKSPACE,
      `No workspace folder is open, so the relative path "${trimmed}" cannot be resolved. Pass an absolute path.`,
    );
  }
  return path.resolve(root, trimmed);
}

/** True when `candidate` is `folder` or lies below it. */
export function isInside(candidate: string, folder: string): boolean {
  const rel = path.relative(folder, candidate);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export function isInWorkspace(candidate: string, roots: readonly string[]): boolean {
  return roots.some((root) => isInside(candidate, root));
}

/** How a path is shown to the model and to people: relative to the first folder when inside it, else absolute. */
export function displayPath(absolute: string, roots: readonly string[]): string {
  const root = roots[0];
  if (root !== undefined && isInside(absolute, root)) {
    const rel = toSlashes(path.relative(root, absolute));
    return rel === '' ? '.' : rel;
  }
  return toSlashes(absolute);
}

export function toSlashes(p: string): string {
  return path.sep === '\\' ? p.replace(/\\/g, '/') : p;
}
