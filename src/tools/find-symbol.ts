// find_symbol: classes, functions, methods and other declarations by name across the workspace, from VS Code's
// workspace symbol providers, exact matches first, capped with a count of the rest.
import { l10n } from '../core/l10n';
import { z } from 'zod';
import type { WorkspaceSymbolInfo } from '../core/ports/language-features';
import { displayBlocks, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { BuiltinTool } from './builtin-tool';
import { askLanguageFeatures, requireSourceFile } from './code-intel/language-call';
import { displayPath, resolveToolPath } from './paths';
import { plural } from './text-content';

export const FIND_SYMBOL = 'find_symbol';

const DEFAULT_LIMIT = 30;
const MAX_LIMIT = 200;

const parameters = z.object({
  query: z.string().min(1).describe('The name or part of it, e.g. "parseConfig" or "Config" (language servers also match fuzzily, e.g. "pC").'),
  kind: z.string().min(1).optional().describe('Only symbols of this kind, e.g. "class", "function", "method", "interface", "variable".'),
  path: z
    .string()
    .min(1)
    .optional()
    .describe("Any source file of the project to search: opening it starts its language server, which some need (TypeScript) before they can search a project."),
  limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe(`Most symbols to list (at most ${MAX_LIMIT}).`),
});

export type FindSymbolParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Finds where classes, functions, methods and other symbols are declared, by name, across the workspace.',
  long: 'Each row is "kind name (in container) path:line", exact name matches first. The answer comes from the language servers, as in VS Code\'s "Go to Symbol in Workspace" (Ctrl+T).',
  usageNotes: [
    'Prefer it over search_text to find a declaration by name: it lists declarations only, not every use or mention.',
    'If it finds nothing, pass path (a source file of the project) so its language server loads the project, or use search_text.',
  ],
  examples: [
    { description: 'Where a class is declared', params: { query: 'SessionStore', kind: 'class' } },
    { description: 'Search a TypeScript project', params: { query: 'parseConfig', path: 'src/index.ts' } },
  ],
  category: 'code intelligence',
};

export class FindSymbolTool extends BuiltinTool<FindSymbolParams> {
  readonly name = FIND_SYMBOL;
  override readonly displayName = 'Find Symbol';
  override readonly uiDisplayName = l10n.t('Find Symbol');
  readonly kind = 'readonly' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: FindSymbolParams): Promise<ToolPreparation> {
    const paths = params.path ? [resolveToolPath(params.path, this.roots())] : [...this.roots()];
    return { targets: { paths }, summary: l10n.t('Find symbol {0}', params.query) };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.query === 'string') ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: l10n.t('Finding symbol {0}', params.query) });
  }

  protected async run(params: FindSymbolParams, ctx: ToolContext): Promise<void> {
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: l10n.t('Finding symbol {0}', params.query) });
    const wanted = (symbols: WorkspaceSymbolInfo[]) => (params.kind ? symbols.filter((s) => s.kind === params.kind!.toLowerCase()) : symbols);
    const search = async () => wanted(await this.services.language.workspaceSymbols(params.query));
    let symbols: WorkspaceSymbolInfo[];
    let caveat: string | undefined;
    if (params.path) {
      const path = await requireSourceFile(this.services, params.path, ctx.signal);
      const reply = await askLanguageFeatures(this.services, { path, what: l10n.both('symbols matching "{0}"', params.query), name: params.query, ask: search, isEmpty: (s) => s.length === 0 }, ctx.signal);
      symbols = reply.value;
      caveat = reply.caveat;
    } else {
      symbols = await search();
    }
    const kind = params.kind ? `${params.kind.toLowerCase()} ` : '';
    if (symbols.length === 0) {
      const hint = params.path
        ? 'Try a shorter part of the name, or search_text.'
        : 'Workspace symbol search only covers projects a language server has loaded: pass path (any source file of the project) to load it, or use search_text.';
      this.succeed(ctx, `No ${kind}symbol matches "${params.query}". ${hint}`, { showTip: l10n.t('No symbol {0}', params.query), result: 'none' });
      return;
    }
    const ranked = rank(symbols, params.query);
    const roots = this.roots();
    const shown = ranked.slice(0, params.limit);
    const rows = shown.map((s) => `${s.kind} ${s.name}${s.containerName ? ` (in ${s.containerName})` : ''} ${displayPath(s.location.path, roots)}:${s.location.range.start.line + 1}`);
    if (ranked.length > shown.length) rows.push(`[${ranked.length - shown.length} more not listed; narrow the query, give kind, or raise limit.]`);
    const count = plural(ranked.length, `${kind}symbol`);
    this.succeed(ctx, `${caveat ? `${caveat}\n` : ''}${count} matching "${params.query}":\n${rows.join('\n')}`, {
      showTip: l10n.t('{0} matching {1}', ranked.length === 1 ? l10n.t('1 symbol') : l10n.t('{0} symbols', ranked.length), params.query),
      result: count,
      blocks: [displayBlocks.fileList(shown.map((s) => `${s.name} ${displayPath(s.location.path, roots)}:${s.location.range.start.line + 1}`), ranked.length > shown.length)],
    });
  }
}

/** Exact names first, then names that start with the query, then the rest; each group by path and line. */
function rank(symbols: readonly WorkspaceSymbolInfo[], query: string): WorkspaceSymbolInfo[] {
  const q = query.toLowerCase();
  const score = (s: WorkspaceSymbolInfo) => (s.name === query ? 0 : s.name.toLowerCase() === q ? 1 : s.name.toLowerCase().startsWith(q) ? 2 : 3);
  const seen = new Set<string>();
  return symbols
    .filter((s) => {
      const key = `${s.name}\0${s.location.path}\0${s.location.range.start.line}`;
      return !seen.has(key) && (seen.add(key), true);
    })
    .sort((a, b) => score(a) - score(b) || (a.location.path < b.location.path ? -1 : a.location.path > b.location.path ? 1 : 0) || a.location.range.start.line - b.location.range.start.line);
}
