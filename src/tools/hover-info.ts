// hover_info: what the editor shows when hovering a symbol (its type, signature and documentation), from VS Code's
// hover providers, with the Markdown made plain text.
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { hoverToText } from '../core/code-intel';
import type { ToolContext, ToolDescription, ToolPreparation } from '../core/tools';
import { BuiltinTool } from './builtin-tool';
import { askLanguageFeatures, locateSymbol } from './code-intel/language-call';
import { symbolParameters } from './code-intel/symbol-params';
import { resolveToolPath } from './paths';

export const HOVER_INFO = 'hover_info';

const MAX_CHARS = 6000;

const parameters = z.object(symbolParameters);

export type HoverInfoParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: "Shows a symbol's type, signature and documentation, as the editor's hover does.",
  long: 'Name the symbol by file, line and name. The answer comes from the language server: the inferred type of a variable, the full signature of a function (overloads included), its doc comment.',
  usageNotes: [
    'Cheaper than reading a definition\'s file when you only need a type or a signature, and it knows inferred types no text search can see.',
    'When no language extension serves the file, the result says so.',
  ],
  examples: [{ description: 'The type of a variable', params: { path: 'src/app.ts', line: 30, symbol: 'settings' } }],
  category: 'code intelligence',
};

export class HoverInfoTool extends BuiltinTool<HoverInfoParams> {
  readonly name = HOVER_INFO;
  override readonly displayName = 'Hover Info';
  override readonly uiDisplayName = l10n.t('Hover Info');
  readonly kind = 'readonly' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: HoverInfoParams): Promise<ToolPreparation> {
    return { targets: { paths: [resolveToolPath(params.path, this.roots())] }, summary: l10n.t('Hover {0} in {1}', params.symbol, params.path) };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.symbol === 'string') ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: l10n.t('Looking up {0}', params.symbol) });
  }

  protected async run(params: HoverInfoParams, ctx: ToolContext): Promise<void> {
    const at = await locateSymbol(this.services, params, ctx.signal);
    const where = `${at.shown}:${at.line}`;
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: l10n.t('Looking up {0} ({1})', at.name, where) });
    const { value: contents, caveat } = await askLanguageFeatures(
      this.services,
      {
        path: at.path,
        what: l10n.both('hover information for {0}', at.name),
        name: at.name,
        ask: () => this.services.language.hover(at.path, at.position),
        isEmpty: (c) => hoverToText(c) === '',
      },
      ctx.signal,
    );
    const notes = [...(at.note ? [at.note] : []), ...(caveat ? [caveat] : [])];
    const text = hoverToText(contents);
    if (text === '') {
      this.succeed(ctx, [...notes, `The language server has no hover information for ${at.name} at ${where}.`].join('\n'), { showTip: l10n.t('No hover for {0}', at.name), result: 'nothing' });
      return;
    }
    const shown = text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n[cut: ${text.length} characters]` : text;
    const firstLine = text.split('\n')[0]!;
    this.succeed(ctx, [...notes, `${at.name} (${where}):`, shown].join('\n'), {
      showTip: firstLine.length > 120 ? `${firstLine.slice(0, 120)}…` : firstLine,
      result: firstLine,
    });
  }
}
