// document_outline: a file's symbols as an indented tree with line ranges, from VS Code's document symbol
// providers: the cheap way to see a large file's shape before reading the parts that matter.
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { formatOutline } from '../core/code-intel';
import { displayBlocks, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { BuiltinTool } from './builtin-tool';
import { askLanguageFeatures, requireSourceFile } from './code-intel/language-call';
import { displayPath, resolveToolPath } from './paths';
import { plural } from './text-content';

export const DOCUMENT_OUTLINE = 'document_outline';

const DEFAULT_LIMIT = 300;
const MAX_LIMIT = 2000;
const CARD_LINES = 200;

const parameters = z.object({
  path: z.string().min(1).describe('The file: relative to the workspace root, or absolute.'),
  depth: z.number().int().min(1).max(10).optional().describe('Levels to show: 1 for top-level symbols only. Default: all.'),
  limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe(`Most symbols to list (at most ${MAX_LIMIT}); the rest are counted.`),
});

export type DocumentOutlineParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: "Lists a file's classes, functions, methods and other symbols as an indented tree with their line ranges.",
  long: 'Each row is "kind name (lines a-b)", indented under its container, in file order. The answer comes from the language server, as in VS Code\'s Outline view.',
  usageNotes: [
    'Use it on a large file before reading it: then read_file only the line ranges you need.',
    'depth 1 gives the top level only, for very large files.',
  ],
  examples: [{ description: 'The shape of a large module', params: { path: 'src/server.ts' } }],
  category: 'code intelligence',
};

export class DocumentOutlineTool extends BuiltinTool<DocumentOutlineParams> {
  readonly name = DOCUMENT_OUTLINE;
  override readonly displayName = 'Document Outline';
  override readonly uiDisplayName = l10n.t('Document Outline');
  readonly kind = 'readonly' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: DocumentOutlineParams): Promise<ToolPreparation> {
    return { targets: { paths: [resolveToolPath(params.path, this.roots())] }, summary: l10n.t('Outline of {0}', params.path) };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.path === 'string') ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: l10n.t('Outlining {0}', params.path) });
  }

  protected async run(params: DocumentOutlineParams, ctx: ToolContext): Promise<void> {
    const path = await requireSourceFile(this.services, params.path, ctx.signal);
    const shown = displayPath(path, this.roots());
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: l10n.t('Outlining {0}', shown) });
    const { value: symbols, caveat } = await askLanguageFeatures(
      this.services,
      {
        path,
        what: l10n.both('the outline'),
        startingHint: l10n.both('If the file declares nothing, that is the answer.'),
        ask: () => this.services.language.documentSymbols(path),
        isEmpty: (s) => s.length === 0,
      },
      ctx.signal,
    );
    const outline = formatOutline(symbols, params.limit, params.depth);
    const count = plural(outline.total, 'symbol');
    const text = (caveat ? `${caveat}\n` : '') + `Outline of ${shown} (${count}${params.depth ? `, ${params.depth} ${params.depth === 1 ? 'level' : 'levels'}` : ''}):\n${outline.text}`;
    const cardLines = outline.text.split('\n');
    const card = cardLines.length > CARD_LINES ? `${cardLines.slice(0, CARD_LINES).join('\n')}\n…` : outline.text;
    this.succeed(ctx, text, { showTip: l10n.t('Outline of {0}: {1}', shown, outline.total === 1 ? l10n.t('1 symbol') : l10n.t('{0} symbols', outline.total)), result: count, blocks: [displayBlocks.text(card)], metadata: { total: outline.total } });
  }
}
