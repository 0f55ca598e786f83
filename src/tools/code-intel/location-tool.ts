// go_to_definition and find_references: a symbol named by file + line + name, the language features' locations
// for it, listed by file with the line of code at each, capped with a count of the rest.
import { l10n, type Said } from '../../core/l10n';
import type { z } from 'zod';
import { formatLocations } from '../../core/code-intel';
import type { LanguageFeatures, SourceLocation, SourcePosition } from '../../core/ports/language-features';
import { displayBlocks, type ToolContext, type ToolPreparation } from '../../core/tools';
import { BuiltinTool } from '../builtin-tool';
import { plural } from '../text-content';
import { askLanguageFeatures, locateSymbol, locationSource } from './language-call';
import { resolveToolPath } from '../paths';

export interface LocationParams {
  path: string;
  line: number;
  symbol: string;
  limit: number;
}

export abstract class LocationTool<P extends LocationParams> extends BuiltinTool<P> {
  readonly kind = 'readonly' as const;
  protected abstract override readonly schema: z.ZodType<P>;
  /** "definition" / "reference". */
  protected abstract readonly noun: string;
  /** How the card names the work, in the display language: "Finding references to x". */
  /** "the references of addCents", on both channels, for the messages when no answer can come. */
  protected abstract whatAsked(symbol: string): Said;

  protected abstract uiDoing(symbol: string): string;
  /** The card's line when nothing was found ("No references to x"). */
  protected abstract uiNone(symbol: string): string;
  /** The card's line for what was found ("3 references to x in 2 files"). */
  protected abstract uiFound(total: number, files: number, symbol: string): string;

  protected abstract locate(language: LanguageFeatures, path: string, position: SourcePosition): Promise<SourceLocation[]>;

  /** What the model hears when the server answered with nothing. */
  protected abstract nothingFound(name: string, where: string): string;

  async prepare(params: P): Promise<ToolPreparation> {
    const path = resolveToolPath(params.path, this.roots());
    return { targets: { paths: [path] }, summary: l10n.t('{0} in {1}', this.uiDoing(params.symbol), params.path) };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.symbol === 'string') ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: this.uiDoing(params.symbol) });
  }

  protected async run(params: P, ctx: ToolContext): Promise<void> {
    const at = await locateSymbol(this.services, params, ctx.signal);
    const where = `${at.shown}:${at.line}`;
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: `${this.uiDoing(at.name)} (${where})` });
    const { value: locations, caveat } = await askLanguageFeatures(
      this.services,
      {
        path: at.path,
        what: this.whatAsked(at.name),
        name: at.name,
        ask: () => this.locate(this.services.language, at.path, at.position),
        isEmpty: (l) => l.length === 0,
      },
      ctx.signal,
    );
    const notes = [...(at.note ? [at.note] : []), ...(caveat ? [caveat] : [])];
    if (locations.length === 0) {
      this.succeed(ctx, [...notes, this.nothingFound(at.name, where)].join('\n'), { showTip: this.uiNone(at.name), result: `no ${this.noun}s` });
      return;
    }
    const listing = await formatLocations(locations, locationSource(this.services), params.limit);
    const count = `${plural(listing.total, this.noun)} in ${plural(listing.files.length, 'file')}`;
    const text = [...notes, `${count} for ${at.name} (${where}):`, '', listing.text].join('\n');
    this.succeed(ctx, text, {
      showTip: this.uiFound(listing.total, listing.files.length, at.name),
      result: count,
      blocks: [displayBlocks.fileList(listing.files, listing.listed < listing.total)],
      metadata: { total: listing.total, listed: listing.listed },
    });
  }
}
