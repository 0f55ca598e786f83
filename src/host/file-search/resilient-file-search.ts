// ripgrep first, the JavaScript engine when ripgrep cannot run: a binary that fails to start (removed, not
// executable, blocked) switches this search over for good, and a pattern ripgrep's regex engine refuses but
// JavaScript accepts (look-around, backreferences) is searched by the JavaScript engine for that call.
import type {
  FileSearch,
  FindFilesRequest,
  FindFilesResult,
  SearchTextRequest,
  SearchTextResult,
} from '../../core/ports/file-search';
import { compileSearchPattern, SearchPatternError } from './search-pattern';

export interface FileSearchLog {
  warn(message: string): void;
}

export class ResilientFileSearch implements FileSearch {
  private primaryBroken = false;

  constructor(
    private readonly primary: FileSearch,
    private readonly fallback: FileSearch,
    private readonly log: FileSearchLog = { warn: () => undefined },
  ) {}

  findFiles(request: FindFilesRequest, signal: AbortSignal): Promise<FindFilesResult> {
    return this.withFallback((engine) => engine.findFiles(request, signal));
  }

  async searchText(request: SearchTextRequest, signal: AbortSignal): Promise<SearchTextResult> {
    try {
      return await this.withFallback((engine) => engine.searchText(request, signal));
    } catch (error) {
      if (!(error instanceof SearchPatternError) || !acceptedByJavaScript(request)) throw error;
      return this.fallback.searchText(request, signal);
    }
  }

  private async withFallback<T>(run: (engine: FileSearch) => Promise<T>): Promise<T> {
    if (this.primaryBroken) return run(this.fallback);
    try {
      return await run(this.primary);
    } catch (error) {
      if (!isStartFailure(error)) throw error;
      this.primaryBroken = true;
      this.log.warn(`ripgrep could not start (${(error as Error).message}); searching with the JavaScript engine from now on`);
      return run(this.fallback);
    }
  }
}

/** spawn's own errors (ENOENT, EACCES, ...) carry `syscall: 'spawn ...'`; search errors do not. */
function isStartFailure(error: unknown): boolean {
  const syscall = (error as { syscall?: unknown } | null)?.syscall;
  return typeof syscall === 'string' && syscall.startsWith('spawn');
}

function acceptedByJavaScript(request: SearchTextRequest): boolean {
  try {
    compileSearchPattern(request);
    return true;
  } catch {
    return false;
  }
}
