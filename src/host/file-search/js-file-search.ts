// The JavaScript search engine: used when VS Code's ripgrep cannot be found or started. Same contract as the
// ripgrep engine (search-rules.ts): same files, same glob meaning, same order, same limits.
import * as path from 'node:path';
import type {
  FileSearch,
  FindFilesRequest,
  FindFilesResult,
  SearchTextRequest,
  SearchTextResult,
  TextMatch,
} from '../../core/ports/file-search';
import { IgnoreRules } from '../../tools/ignore-rules';
import { nodeFileSystem } from './node-file-system';
import {
  BINARY_SNIFF_BYTES,
  globBase,
  includeMatcher,
  MAX_SEARCHED_FILE_BYTES,
  pathGlobMatcher,
  relativeSlashed,
} from './search-rules';
import { compileSearchPattern } from './search-pattern';
import { readOptionalText, type SearchFileSystem, walkFiles } from './walk';

export class JsFileSearch implements FileSearch {
  constructor(private readonly fs: SearchFileSystem = nodeFileSystem) {}

  async findFiles(request: FindFilesRequest, signal: AbortSignal): Promise<FindFilesResult> {
    const start = path.join(request.cwd, globBase(request.glob));
    const matches = pathGlobMatcher(request.glob);
    const rules = await this.rulesFor(start);
    const files: string[] = [];
    for await (const file of walkFiles(this.fs, start, rules, { gitignore: request.includeIgnored !== true, signal })) {
      const rel = relativeSlashed(request.cwd, file);
      if (!matches(rel)) continue;
      if (files.length === request.limit) return { files, truncated: true };
      files.push(rel);
    }
    signal.throwIfAborted(); // a walk cut short by the signal is not a complete answer
    return { files, truncated: false };
  }

  async searchText(request: SearchTextRequest, signal: AbortSignal): Promise<SearchTextResult> {
    const pattern = compileSearchPattern(request);
    const included = includeMatcher(request.include);
    const rules = await this.rulesFor(request.cwd);
    const matches: TextMatch[] = [];
    for await (const file of walkFiles(this.fs, request.cwd, rules, { gitignore: true, signal })) {
      const rel = relativeSlashed(request.cwd, file);
      if (!included(rel)) continue;
      const lines = await this.searchableLines(file);
      if (!lines) continue;
      for (let i = 0; i < lines.length; i++) {
        if (!pattern.test(lines[i]!)) continue;
        if (matches.length === request.maxMatches) return { matches, truncated: true, engine: 'javascript' };
        matches.push({
          path: rel,
          line: i + 1,
          text: lines[i]!,
          before: lines.slice(Math.max(0, i - request.contextLines), i),
          after: lines.slice(i + 1, i + 1 + request.contextLines),
        });
      }
    }
    signal.throwIfAborted();
    return { matches, truncated: false, engine: 'javascript' };
  }

  private rulesFor(dir: string): Promise<IgnoreRules> {
    return IgnoreRules.forDirectory(dir, (file) => readOptionalText(this.fs, file));
  }

  /** The file's lines, or undefined for a file that is too large, binary or unreadable. */
  private async searchableLines(file: string): Promise<string[] | undefined> {
    let bytes: Uint8Array;
    try {
      bytes = await this.fs.readBytes(file, MAX_SEARCHED_FILE_BYTES + 1);
    } catch {
      return undefined;
    }
    if (bytes.length > MAX_SEARCHED_FILE_BYTES) return undefined;
    const nul = bytes.indexOf(0);
    if (nul !== -1 && nul < BINARY_SNIFF_BYTES) return undefined;
    // A NUL further on ends the search of that file, as it does for ripgrep.
    const text = new TextDecoder().decode(nul === -1 ? bytes : bytes.subarray(0, nul));
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  }
}
