// search_text: lines matching a regular expression or literal text, grouped by file with line numbers and
// optional context, through FileSearch (ripgrep in VS Code). Ignored files are not searched.
import { uiCount } from './ui-text';
import { l10n } from '../core/l10n';
import * as path from 'node:path';
import { z } from 'zod';
import type { TextMatch } from '../core/ports/file-search';
import { displayBlocks, ToolError, ToolErrorType, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { BuiltinTool } from './builtin-tool';
import { notFoundError } from './file-checks';
import { displayPath, resolveToolPath } from './paths';
import { cutLine, plural } from './text-content';
import { sensitivityOfPath } from '../core/permissions/sensitive-files';

export const SEARCH_TEXT = 'search_text';

const DEFAULT_MAX_RESULTS = 100;
const MAX_RESULTS = 500;
const MAX_CONTEXT = 10;
const MAX_LINE_CHARS = 300;

const parameters = z.object({
  pattern: z.string().min(1).describe('What to search for: a regular expression (default) or, with regex false, literal text.'),
  path: z.string().min(1).default('.').describe('Directory (or single file) to search: relative to the workspace root, or absolute. Default: the workspace root.'),
  regex: z.boolean().default(true).describe('Treat pattern as a regular expression. Set false to search for the text exactly as written.'),
  case_sensitive: z.boolean().default(true).describe('Match letter case exactly.'),
  include: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('Only search files matching these globs: "*.ts" matches by file name at any depth, "src/**/*.ts" by path; "!glob" excludes.'),
  context_lines: z.number().int().min(0).max(MAX_CONTEXT).default(0).describe('Lines of context to show before and after each match.'),
  max_results: z.number().int().min(1).max(MAX_RESULTS).default(DEFAULT_MAX_RESULTS).describe('Most matching lines to return.'),
});

export type SearchTextParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Searches file contents for a regular expression or literal text, like ripgrep.',
  long:
    'Returns matching lines grouped by file, as "line: text" (context lines as "line- text"). ' +
    'Regular expressions use ripgrep syntax (close to JavaScript): escape (, [, . and friends, or set regex to false. ' +
    'Files ignored by .gitignore or .relayignore, binary files and files over 10 MB are not searched.',
  usageNotes: [
    'Narrow big searches with path and include; results stop at max_results and say so.',
    'A match is one line: a pattern cannot span lines.',
    'Use context_lines (2-3) when you need to see the surroundings without reading the file.',
  ],
  examples: [
    { description: 'Where a function is defined', params: { pattern: 'function\\s+parseConfig\\b', include: '*.ts' } },
    { description: 'Literal text, any case, with context', params: { pattern: 'TODO(relay)', regex: false, case_sensitive: false, context_lines: 2 } },
  ],
  category: 'search',
};

export class SearchTextTool extends BuiltinTool<SearchTextParams> {
  readonly name = SEARCH_TEXT;
  override readonly displayName = 'Search Text';
  override readonly uiDisplayName = l10n.t('Search Text');
  readonly kind = 'readonly' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: SearchTextParams): Promise<ToolPreparation> {
    const target = resolveToolPath(params.path, this.roots());
    return { targets: { paths: [target] }, summary: l10n.t('Search for {0} in {1}', params.pattern, displayPath(target, this.roots())) };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.pattern === 'string') ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: l10n.t('Searching for {0}', params.pattern) });
  }

  protected async run(params: SearchTextParams, ctx: ToolContext): Promise<void> {
    const target = resolveToolPath(params.path, this.roots());
    const where = displayPath(target, this.roots());
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: l10n.t('Searching for {0} in {1}', params.pattern, where) });
    const stat = await this.services.files.stat(target);
    if (!stat) throw await notFoundError(this.services, target, ctx.signal, 'path');
    // A single file is searched from its folder, limited to its name; same-named files below are dropped after.
    const single = stat.type !== 'directory';
    const cwd = single ? path.dirname(target) : target;
    const include = single ? [nameGlob(path.basename(target))] : toList(params.include);
    let result;
    try {
      result = await this.services.search.searchText(
        {
          cwd,
          pattern: params.pattern,
          regex: params.regex,
          caseSensitive: params.case_sensitive,
          ...(include ? { include } : {}),
          contextLines: params.context_lines,
          maxMatches: params.max_results,
        },
        ctx.signal,
      );
    } catch (error) {
      if (error instanceof Error && error.name === 'SearchPatternError') {
        throw new ToolError(
          ToolErrorType.INVALID_PARAMS,
          l10n.both('The pattern is not a valid regular expression: {0}\nEscape special characters, or set regex to false to search for the text as written.', error.message),
        );
      }
      throw error;
    }
    // A folder's search leaves out the lines of its secret files (`.env`, keys, framework secrets): reading one
    // asks (read_file, or search_text on that file alone), and a search must not be the way around the question.
    const found = single ? result.matches.filter((m) => m.path === path.basename(target)) : result.matches;
    const secretFiles = new Set(single ? [] : found.map((m) => m.path).filter(isSecretFile));
    const matches = found.filter((m) => !secretFiles.has(m.path));
    const grouped = groupByFile(matches, (rel) => displayPath(path.join(cwd, rel), this.roots()));
    const mode = `${params.regex ? 'regex' : 'literal'}, ${params.case_sensitive ? 'case-sensitive' : 'ignoring case'}`;
    const summary = `${plural(matches.length, 'match', 'matches')}${result.truncated ? '+' : ''} in ${plural(grouped.length, 'file')}`;
    let text: string;
    if (matches.length === 0) {
      text = `No matches for ${JSON.stringify(params.pattern)} (${mode}) in ${where}.`;
    } else {
      const head = result.truncated
        ? `The first ${summary.replace('+', '')} for ${JSON.stringify(params.pattern)} (${mode}); there are more: narrow path or include, or raise max_results (at most ${MAX_RESULTS}).`
        : `${summary} for ${JSON.stringify(params.pattern)} (${mode}):`;
      text = [head, ...grouped.map((g) => formatFile(g, params.context_lines > 0))].join('\n\n');
    }
    if (secretFiles.size > 0) {
      const names = [...secretFiles].map((rel) => displayPath(path.join(cwd, rel), this.roots()));
      text += `\n\nLeft out: matches in ${plural(names.length, 'secret file')} (${names.join(', ')}), which may hold credentials. Reading one asks the user: use read_file on it only if the task needs it.`;
    }
    this.succeed(ctx, text, {
      showTip: l10n.t('Found {0} in {1} for {2}', `${uiCount.matches(matches.length)}${result.truncated ? '+' : ''}`, uiCount.files(grouped.length), params.pattern),
      result: summary,
      metadata: { engine: result.engine },
      blocks: [displayBlocks.fileList(grouped.map((g) => g.path), result.truncated)],
    });
  }
}

/** `.env` and the other secret files, by a path relative to the folder searched. */
function isSecretFile(rel: string): boolean {
  const kind = sensitivityOfPath(rel.split(path.sep).join('/'), false)?.kind;
  return kind === 'env-file' || kind === 'secret-file';
}

interface FileMatches {
  path: string;
  matches: TextMatch[];
}

function toList(include: string | string[] | undefined): string[] | undefined {
  if (include === undefined) return undefined;
  const list = (Array.isArray(include) ? include : include.split(',')).map((g) => g.trim()).filter(Boolean);
  return list.length > 0 ? list : undefined;
}

/**
 * A glob for one file name that works in every engine and on every platform: glob characters in the name
 * (`[id].tsx` is a real Next.js file) become `?`, which matches them too; the exact name is checked afterwards.
 */
function nameGlob(name: string): string {
  return name.replace(/[*?[\]{}()!+@\\]/g, '?');
}

function groupByFile(matches: readonly TextMatch[], shown: (rel: string) => string): FileMatches[] {
  const groups: FileMatches[] = [];
  for (const match of matches) {
    const last = groups[groups.length - 1];
    if (last && last.matches[0]!.path === match.path) last.matches.push(match);
    else groups.push({ path: shown(match.path), matches: [match] });
  }
  return groups;
}

/** grep's layout: "n: text" for matches, "n- text" for context, "--" between separate stretches. */
function formatFile(group: FileMatches, withContext: boolean): string {
  const rows = new Map<number, { text: string; match: boolean }>();
  for (const m of group.matches) {
    m.before.forEach((text, i) => rows.has(m.line - m.before.length + i) || rows.set(m.line - m.before.length + i, { text, match: false }));
    rows.set(m.line, { text: m.text, match: true });
    m.after.forEach((text, i) => rows.has(m.line + 1 + i) || rows.set(m.line + 1 + i, { text, match: false }));
  }
  const lines = [group.path];
  let previous: number | undefined;
  for (const n of [...rows.keys()].sort((a, b) => a - b)) {
    if (withContext && previous !== undefined && n > previous + 1) lines.push('  --');
    const row = rows.get(n)!;
    lines.push(`  ${n}${row.match ? ':' : '-'} ${cutLine(row.text, MAX_LINE_CHARS)}`);
    previous = n;
  }
  return lines.join('\n');
}
