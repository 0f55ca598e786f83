// The checks every file tool starts with, failing with the error type and a message that says what to do next.
import type { FileStat } from '../core/ports/workspace-files';
import { l10n, sentences } from '../core/l10n';
import { ToolError, ToolErrorType } from '../core/tools';
import { displayPath } from './paths';
import type { ToolServices } from './services';
import { suggestSimilarPaths } from './similar-paths';

export async function notFoundError(services: ToolServices, absolute: string, signal: AbortSignal, what: 'file' | 'directory' | 'path' = 'file'): Promise<ToolError> {
  const shown = displayPath(absolute, services.workspaceRoots());
  const suggestions = await suggestSimilarPaths(services, absolute, signal);
  const hint = suggestions.length > 0 ? l10n.both('Did you mean {0}?', suggestions.map((s) => `"${s}"`).join(', ')) : undefined;
  const missing =
    what === 'file' ? l10n.both('File not found: {0}.', shown) : what === 'directory' ? l10n.both('Directory not found: {0}.', shown) : l10n.both('Path not found: {0}.', shown);
  return new ToolError(ToolErrorType.FILE_NOT_FOUND, sentences(missing, hint));
}

/** The stat of an existing regular file; otherwise a not-found (with suggestions) or is-a-directory error. */
export async function requireFile(services: ToolServices, absolute: string, signal: AbortSignal): Promise<FileStat> {
  const stat = await services.files.stat(absolute);
  if (!stat) throw await notFoundError(services, absolute, signal);
  if (stat.type === 'directory') {
    const shown = displayPath(absolute, services.workspaceRoots());
    throw new ToolError(ToolErrorType.TARGET_IS_DIRECTORY, l10n.both('{0} is a directory, not a file. Use list_files to see what it contains.', shown));
  }
  return stat;
}

export async function requireDirectory(services: ToolServices, absolute: string, signal: AbortSignal): Promise<void> {
  const stat = await services.files.stat(absolute);
  if (!stat) throw await notFoundError(services, absolute, signal, 'directory');
  if (stat.type !== 'directory') {
    const shown = displayPath(absolute, services.workspaceRoots());
    throw new ToolError(ToolErrorType.INVALID_PARAMS, l10n.both('{0} is a file, not a directory. Use read_file to read it.', shown));
  }
}
