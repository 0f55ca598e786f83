// call_hierarchy: who calls a function (incoming) or what it calls (outgoing), from VS Code's call hierarchy
// providers, with the line of each call; only where the language supports it.
import { uiCount } from './ui-text';
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { formatCalls } from '../core/code-intel';
import { displayBlocks, type ToolContext, type ToolDescription, type ToolPreparation } from '../core/tools';
import { BuiltinTool } from './builtin-tool';
import { askLanguageFeatures, locateSymbol, locationSource } from './code-intel/language-call';
import { limitParameter, symbolParameters } from './code-intel/symbol-params';
import { resolveToolPath } from './paths';
import { plural } from './text-content';

export const CALL_HIERARCHY = 'call_hierarchy';

const parameters = z.object({
  ...symbolParameters,
  direction: z.enum(['incoming', 'outgoing']).default('incoming').describe('"incoming": the functions that call it; "outgoing": the functions it calls.'),
  limit: limitParameter,
});

export type CallHierarchyParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: 'Lists the callers of a function or method (incoming) or the functions it calls (outgoing), using the language server.',
  long: 'Name the function by file, line and name (its declaration or a call to it). Incoming calls are grouped by file, each caller with the lines where it calls; outgoing calls list each callee with where it is declared.',
  usageNotes: [
    'Prefer it over search_text to trace who calls what: it sees through aliases and imports and skips mentions that are not calls.',
    'Not every language supports it; the result says so, and find_references is the fallback.',
  ],
  examples: [{ description: 'Who calls a function', params: { path: 'src/math.ts', line: 4, symbol: 'addCents', direction: 'incoming' } }],
  category: 'code intelligence',
};

export class CallHierarchyTool extends BuiltinTool<CallHierarchyParams> {
  readonly name = CALL_HIERARCHY;
  override readonly displayName = 'Call Hierarchy';
  override readonly uiDisplayName = l10n.t('Call Hierarchy');
  readonly kind = 'readonly' as const;
  protected readonly description = description;
  protected readonly schema = parameters;

  async prepare(params: CallHierarchyParams): Promise<ToolPreparation> {
    return { targets: { paths: [resolveToolPath(params.path, this.roots())] }, summary: params.direction === 'incoming' ? l10n.t('Callers of {0}', params.symbol) : l10n.t('Calls from {0}', params.symbol) };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.symbol === 'string') ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: l10n.t('Tracing calls of {0}', params.symbol) });
  }

  protected async run(params: CallHierarchyParams, ctx: ToolContext): Promise<void> {
    const at = await locateSymbol(this.services, params, ctx.signal);
    const where = `${at.shown}:${at.line}`;
    const incoming = params.direction === 'incoming';
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: incoming ? l10n.t('Finding callers of {0} ({1})', at.name, where) : l10n.t('Finding calls from {0} ({1})', at.name, where) });
    const language = this.services.language;
    const { value: items, caveat } = await askLanguageFeatures(
      this.services,
      { path: at.path, what: l10n.both('the call hierarchy of {0}', at.name), name: at.name, ask: () => language.prepareCallHierarchy(at.path, at.position), isEmpty: (i) => i.length === 0 },
      ctx.signal,
    );
    const notes = [...(at.note ? [at.note] : []), ...(caveat ? [caveat] : [])];
    const item = items[0];
    if (!item) {
      const text = `The language server gives no call hierarchy at ${at.name} (${where}): it is not a function or method there, or the language does not support call hierarchy. Use find_references instead.`;
      this.succeed(ctx, [...notes, text].join('\n'), { showTip: l10n.t('No call hierarchy for {0}', at.name), result: 'none' });
      return;
    }
    const calls = incoming ? await language.incomingCalls(item) : await language.outgoingCalls(item);
    const subject = `${item.kind} ${item.name} (${where})`;
    if (calls.length === 0) {
      this.succeed(ctx, [...notes, incoming ? `Nothing calls ${subject}.` : `${subject} calls no functions.`].join('\n'), { showTip: incoming ? l10n.t('No callers of {0}', item.name) : l10n.t('{0} calls nothing', item.name), result: 'none' });
      return;
    }
    const listing = await formatCalls(item, calls, params.direction, locationSource(this.services), params.limit);
    const count = incoming ? `${plural(listing.total, 'caller')} in ${plural(listing.files.length, 'file')}` : plural(listing.total, 'function');
    const head = incoming ? `${count} of ${subject}:` : `${subject} calls ${count}:`;
    this.succeed(ctx, [...notes, head, listing.text].join('\n'), {
      showTip: incoming
        ? l10n.t('{0} callers of {1} in {2}', listing.total, item.name, uiCount.files(listing.files.length))
        : l10n.t('{0} calls {1} functions', item.name, listing.total),
      result: count,
      blocks: [displayBlocks.fileList(listing.files, listing.listed < listing.total)],
    });
  }
}
