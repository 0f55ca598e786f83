// The FileSearch the extension uses: VS Code's own ripgrep when it can be found under the app root
// (`vscode.env.appRoot`, passed in by the caller), the JavaScript engine otherwise.
import type { FileSearch } from '../../core/ports/file-search';
import { JsFileSearch } from './js-file-search';
import { type FileSearchLog, ResilientFileSearch } from './resilient-file-search';
import { RipgrepFileSearch } from './ripgrep-file-search';
import { findRipgrep } from './ripgrep-locator';

export { JsFileSearch } from './js-file-search';
export { RipgrepFileSearch } from './ripgrep-file-search';
export { ResilientFileSearch, type FileSearchLog } from './resilient-file-search';
export { findRipgrep, ripgrepCandidates } from './ripgrep-locator';
export { nodeFileSystem } from './node-file-system';
export type { SearchFileSystem } from './walk';

export function createFileSearch(appRoot: string | undefined, log?: FileSearchLog): FileSearch {
  const fallback = new JsFileSearch();
  const rg = appRoot === undefined ? undefined : findRipgrep(appRoot);
  if (!rg) {
    log?.warn(`ripgrep was not found under ${appRoot ?? '(no app root)'}; searching with the JavaScript engine`);
    return fallback;
  }
  return new ResilientFileSearch(new RipgrepFileSearch(rg), fallback, log);
}
