// The ripgrep engine: `rg --files` for find_files and `rg --json` for search_text, with the flags that make
// ripgrep apply exactly the rules of search-rules.ts / ignore-rules.ts (so the JavaScript engine can match it):
// hidden files included, .git excluded, .gitignore honoured with or without a repository, no global or
// .ignore/.rgignore files, results in path order. .relayignore is passed as --ignore-file when it sits in the
// searched directory (ripgrep matches its patterns relative to its working directory); every result is also
// checked against the .relayignore rules here, which covers the files in directories above.
import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import type {
  FileSearch,
  FindFilesRequest,
  FindFilesResult,
  SearchTextRequest,
  SearchTextResult,
} from '../../core/ports/file-search';
import { IgnoreRules, RELAYIGNORE } from '../../tools/ignore-rules';
import { nodeFileSystem } from './node-file-system';
import { cleanPath, RipgrepMatchCollector } from './ripgrep-json';
import { runRipgrep } from './ripgrep-process';
import { SearchPatternError } from './search-pattern';
import {
  globBase,
  includeMatcher,
  MAX_SEARCHED_FILE_BYTES,
  normaliseGlob,
  pathGlobMatcher,
} from './search-rules';
import { readOptionalText } from './walk';

const COMMON_FLAGS = [
  '--no-config',
  '--hidden',
  '--no-require-git',
  '--no-ignore-global',
  '--no-ignore-exclude',
  '--no-ignore-dot',
  '--no-messages',
  '--sort',
  'path',
  '--glob',
  '!.git',
];

export class RipgrepFileSearch implements FileSearch {
  constructor(readonly rgPath: string) {}

  async findFiles(request: FindFilesRequest, signal: AbortSignal): Promise<FindFilesResult> {
    const base = globBase(request.glob);
    const start = path.join(request.cwd, base);
    if (!(await isDirectory(start))) return { files: [], truncated: false };
    const matches = pathGlobMatcher(request.glob);
    const hidden = await relayRulesFor(start);
    const args = [
      '--files',
      ...COMMON_FLAGS,
      ...(request.includeIgnored ? ['--no-ignore-vcs'] : []),
      ...(await relayIgnoreFlag(request.cwd)),
      ...(base === '' ? [] : ['--', base]),
    ];
    const files: string[] = [];
    let truncated = false;
    const exit = await runRipgrep(this.rgPath, args, request.cwd, signal, (line) => {
      const rel = cleanPath(line.replace(/\r$/, ''));
      if (rel === '' || !matches(rel) || hidden.ignores(path.join(request.cwd, rel), false, { gitignore: false })) return;
      if (files.length === request.limit) {
        truncated = true;
        return true;
      }
      files.push(rel);
    });
    signal.throwIfAborted();
    if (files.length === 0) failOnError(exit);
    return { files, truncated };
  }

  async searchText(request: SearchTextRequest, signal: AbortSignal): Promise<SearchTextResult> {
    const included = includeMatcher(request.include);
    const hidden = await relayRulesFor(request.cwd);
    const args = [
      '--json',
      ...COMMON_FLAGS,
      '--crlf',
      '--max-filesize',
      String(MAX_SEARCHED_FILE_BYTES),
      request.caseSensitive ? '--case-sensitive' : '--ignore-case',
      ...(request.regex ? [] : ['--fixed-strings']),
      '--context',
      String(request.contextLines),
      ...includeFlags(request.include ?? []),
      ...(await relayIgnoreFlag(request.cwd)),
      '--regexp',
      request.pattern,
    ];
    // Each file is also judged here: ripgrep's glob dialect and the .relayignore files above cwd are not its alone.
    const accept = (rel: string) => included(rel) && !hidden.ignores(path.join(request.cwd, rel), false, { gitignore: false });
    const collector = new RipgrepMatchCollector(request.contextLines, request.maxMatches, accept);
    const exit = await runRipgrep(this.rgPath, args, request.cwd, signal, (line) => collector.push(line));
    signal.throwIfAborted();
    const { matches, truncated } = collector.finish();
    if (matches.length === 0) failOnError(exit);
    return { matches, truncated, engine: 'ripgrep' };
  }
}

/**
 * Include globs as ripgrep filters that cannot widen the search: a positive --glob would override .gitignore (it
 * whitelists ignored files too), so exclusions go as --glob and file-name inclusions as a file type (types respect
 * ignore files). Inclusions with a path are left to the filter in searchText alone.
 */
function includeFlags(include: readonly string[]): string[] {
  const globs = include.map((g) => g.trim()).filter((g) => g !== '' && g !== '!');
  const flags = globs.filter((g) => g.startsWith('!')).flatMap((g) => ['--glob', `!${normaliseGlob(g.slice(1))}`]);
  const names = globs.filter((g) => !g.startsWith('!')).map(normaliseGlob);
  if (names.length > 0 && names.every((g) => !g.includes('/'))) {
    flags.push(...names.flatMap((g) => ['--type-add', `relayinclude:${g}`]), '--type', 'relayinclude');
  }
  return flags;
}

async function relayIgnoreFlag(cwd: string): Promise<string[]> {
  const file = path.join(cwd, RELAYIGNORE);
  return (await readOptionalText(nodeFileSystem, file)) === undefined ? [] : ['--ignore-file', file];
}

function relayRulesFor(dir: string): Promise<IgnoreRules> {
  return IgnoreRules.forDirectory(dir, (file) => readOptionalText(nodeFileSystem, file));
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** Exit 2 without results means an error (a bad pattern or glob); 0 and 1 are results, as are partial ones. */
function failOnError(exit: { code: number | null; stderr: string; stopped: boolean }): void {
  if (exit.stopped || exit.code !== 2) return;
  const message = exit.stderr.trim() || 'ripgrep failed without a message';
  if (/regex parse error|error parsing regex|look-around|backreferences/i.test(message)) throw new SearchPatternError(message);
  throw new Error(`ripgrep: ${message}`);
}
