// Paths as the model writes them and as the permission layer needs them: the model may pass a path relative to
// the first workspace folder or an absolute one; tools work with normalised absolute paths and show the model
// workspace-relative ones (with `/`), which it can pass straight back.
import * as path from 'node:path';
import { type PathPlatform, pathOsOf, pathPlatform } from '../core/permissions/path-platform';
import { checkLength, validateModelPath } from '../core/permissions/path-validation';
import { l10n } from '../core/l10n';
import { ToolError, ToolErrorType } from '../core/tools';

/** The platform Relay runs on; tests pass another to resolve Windows paths on Linux and back. */
export const HOST_PATH_PLATFORM: PathPlatform = pathPlatform(pathOsOf(process.platform));

/**
 * The absolute, normalised form of `input`. Relative paths resolve against the first workspace folder. Every path
 * first passes `validateModelPath` (NUL and control characters, `~` and variables, URIs, forms of the other OS,
 * Windows device names, length limits): a refusal is a tool error that says what to send instead.
 */
export function resolveToolPath(input: string, roots: readonly string[], platform: PathPlatform = HOST_PATH_PLATFORM): string {
  const trimmed = input.trim();
  const validation = validateModelPath(trimmed, platform);
  if (!validation.ok) throw new ToolError(ToolErrorType.INVALID_PARAMS, validation.refusal.message);
  const native = platform.style === 'windows' ? path.win32 : path.posix;
  const absolute = resolveValid(validation.path, roots, native);
  const tooLong = checkLength(absolute, platform);
  if (tooLong && !tooLong.ok) throw new ToolError(ToolErrorType.INVALID_PARAMS, l10n.both('Resolved against the workspace: {0}', tooLong.refusal.message));
  // Touching a network path makes Windows contact that server (and offer it the user's login) before anyone is
  // asked, and edit tools read their file to prepare the proposal: only a share the workspace itself lives on.
  if (platform.style === 'windows' && absolute.startsWith('\\') && !roots.some((root) => insideWith(native, absolute, root))) {
    throw new ToolError(
      ToolErrorType.PATH_NOT_IN_WORKSPACE,
      l10n.both('"{0}" is a network path outside the workspace: opening it would make Windows contact that server before you are asked. Copy the file into the workspace, or open a workspace folder on that share.', input),
    );
  }
  return absolute;
}

function insideWith(native: path.PlatformPath, candidate: string, folder: string): boolean {
  const rel = native.relative(folder, candidate);
  return rel === '' || (!rel.startsWith('..') && !native.isAbsolute(rel));
}

function resolveValid(valid: string, roots: readonly string[], native: path.PlatformPath): string {
  if (native.isAbsolute(valid)) return native.normalize(valid);
  const root = roots[0];
  if (root === undefined) {
    throw new ToolError(
      ToolErrorType.PATH_NOT_IN_WORKSPACE,
      l10n.both('No workspace folder is open, so the relative path "{0}" cannot be resolved. Pass an absolute path.', valid),
    );
  }
  return native.resolve(root, valid);
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
