// The checks every file tool starts with, failing with the error type and a message that says what to do next.
import type { FileStat } from '../core/ports/workspace-files';
import { ToolError, ToolErrorType } from '../core/tools';
import { displayPath } from './paths';
import type { ToolServices } from './services';
import { suggestSimilarPaths } from './similar-paths';

export async function notFoundError(services: ToolServices, absolute: string, signal: AbortSignal, what = 'File'): Promise<ToolError> {
  const shown = displayPath(absolute, services.workspaceRoots());
  const suggestions = await suggestSimilarPaths(services, absolute, signal);
  const hint = suggestions.length > 0 ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : '';
  return new ToolError(ToolErrorType.FILE_NOT_FOUND, `${what} not found: ${shown}.${hint}`);
}

/** The stat of an existing regular file; otherwise a not-found (with suggestions) or is-a-directory error. */
export async function requireFile(services: ToolServices, absolute: string, signal: AbortSignal): Promise<FileStat> {
  const stat = await services.files.stat(absolute);
  if (!stat) throw await notFoundError(services, absolute, signal);
  if (stat.type === 'directory') {
    const shown = displayPath(absolute, services.workspaceRoots());
    throw new ToolError(ToolErrorType.TARGET_IS_DIRECTORY, `${shown} is a directory, not a file. Use list_files to see what it contains.`);
  }
  return stat;
}

export async function requireDirectory(services: ToolServices, absolute: string, signal: AbortSignal): Promise<void> {
  const stat = await services.files.stat(absolute);
  if (!stat) throw await notFoundError(services, absolute, signal, 'Directory');
  if (stat.type !== 'directory') {
    const shown = displayPath(absolute, services.workspaceRoots());
    throw new ToolError(ToolErrorType.INVALID_PARAMS, `${shown} is a file, not a directory. Use read_file to read it.`);
  }
}
