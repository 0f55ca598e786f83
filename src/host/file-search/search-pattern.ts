// The JavaScript engine's reading of a search pattern. ripgrep's regex syntax (Rust) and JavaScript's agree on
// everything models usually write; where the Unicode flag rejects a harmless escape (`\-`), the pattern is
// retried without it rather than refused.
import type { SearchTextRequest } from '../../core/ports/file-search';

export class SearchPatternError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchPatternError';
  }
}

export function compileSearchPattern(request: Pick<SearchTextRequest, 'pattern' | 'regex' | 'caseSensitive'>): RegExp {
  const source = request.regex ? request.pattern : escapeRegExp(request.pattern);
  const flags = request.caseSensitive ? '' : 'i';
  try {
    return new RegExp(source, `${flags}u`);
  } catch {
    try {
      return new RegExp(source, flags);
    } catch (error) {
      throw new SearchPatternError(`regex parse error: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
