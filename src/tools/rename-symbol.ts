// rename_symbol: renames a symbol everywhere it is used, as the editor's F2 does: the language server's rename
// (VS Code's rename providers) gives the text edits across files, which become the same proposal every edit is:
// a diff per file to review (and change) before approval, applied as one undo step, diagnostics after.
import { uiCount } from './ui-text';
import { l10n } from '../core/l10n';
import { z } from 'zod';
import { applyTextEdits } from '../core/code-intel';
import type { FileTextEdits } from '../core/ports/language-features';
import type { ProposedFileChange } from '../core/ports/edit-review';
import { ToolError, ToolErrorType, type ToolContext, type ToolDescription } from '../core/tools';
import { errorMessage } from '../core/tools/errors';
import { askLanguageFeatures, locateSymbol } from './code-intel/language-call';
import { symbolParameters } from './code-intel/symbol-params';
import type { EditPlan } from './edits/edit-plan';
import { EditTool } from './edits/edit-tool';
import { displayPath } from './paths';
import { plural } from './text-content';

export const RENAME_SYMBOL = 'rename_symbol';

const parameters = z.object({
  ...symbolParameters,
  new_name: z.string().min(1).describe('The new name, e.g. "parseSettings".'),
});

export type RenameSymbolParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: "Renames a symbol everywhere it is used, across files, with the editor's language server (like F2 in VS Code).",
  long:
    'Name the symbol by a file and line where it appears (its declaration or any use) and its name. The language server finds every real reference (not comments, strings or other things of the same name) ' +
    'and the imports and exports that name it; the user reviews the change to each file as a diff before it is applied, and one Undo reverts it all.',
  usageNotes: [
    'Prefer it over edit_file or apply_patch for renames: text replacement misses or over-matches when the name is common or overloaded.',
    'The result reports the errors the rename introduced, if any.',
    'When no language extension serves the file, the result says so: then use apply_patch.',
  ],
  examples: [{ description: 'Rename a function and all its uses', params: { path: 'src/math.ts', line: 4, symbol: 'addCents', new_name: 'sumOfCents' } }],
  category: 'edit',
};

export class RenameSymbolTool extends EditTool<RenameSymbolParams> {
  readonly name = RENAME_SYMBOL;
  override readonly displayName = 'Rename Symbol';
  override readonly uiDisplayName = l10n.t('Rename Symbol');
  protected readonly description = description;
  protected readonly schema = parameters;

  protected async plan(params: RenameSymbolParams, signal: AbortSignal): Promise<EditPlan> {
    const at = await locateSymbol(this.services, params, signal);
    const newName = params.new_name.trim();
    const where = `${at.shown}:${at.line}`;
    if (newName === at.name) throw new ToolError(ToolErrorType.EDIT_NO_CHANGE, l10n.both('{0} is already called {1}. Nothing was changed.', at.name, newName));
    const { value: answer, caveat } = await askLanguageFeatures(
      this.services,
      {
        path: at.path,
        what: l10n.both('a rename of {0}', at.name),
        name: at.name,
        ask: () => this.services.language.rename(at.path, at.position, newName).then(
          (files): { files: FileTextEdits[] } | { refused: string } => ({ files }),
          (error: unknown) => ({ refused: errorMessage(error) }),
        ),
        isEmpty: (a) => 'refused' in a || a.files.every((f) => f.edits.length === 0),
      },
      signal,
    );
    if (caveat) {
      throw new ToolError(
        ToolErrorType.EXECUTION_FAILED,
        l10n.both('The language server is still loading the project, so a rename of {0} now could miss some of its uses. Nothing was changed. Try again in a moment.', at.name),
      );
    }
    if ('refused' in answer) {
      throw new ToolError(ToolErrorType.EXECUTION_FAILED, l10n.both('{0} at {1} cannot be renamed: {2} Nothing was changed. Check the line holds the symbol itself, or use apply_patch.', at.name, where, answer.refused));
    }
    const files = answer.files.filter((f) => f.edits.length > 0).sort((a, b) => (this.show(a.path) < this.show(b.path) ? -1 : 1));
    if (files.length === 0) throw new ToolError(ToolErrorType.EDIT_NO_CHANGE, l10n.both('The language server proposes no change for renaming {0} at {1}. Nothing was changed.', at.name, where));
    const changes: ProposedFileChange[] = [];
    for (const file of files) {
      const base = await this.services.files.readText(file.path);
      let proposed: string;
      try {
        proposed = applyTextEdits(base, file.edits);
      } catch (error) {
        throw new ToolError(ToolErrorType.EXECUTION_FAILED, l10n.both("The rename's edits to {0} could not be placed: {1}. Nothing was changed.", this.show(file.path), errorMessage(error)));
      }
      changes.push({ kind: 'update', path: file.path, baseText: base, proposedText: proposed });
    }
    const places = files.reduce((n, f) => n + f.edits.length, 0);
    const perFile = files.map((f) => `${displayPath(f.path, this.roots())} (${f.edits.length})`).join(', ');
    return {
      changes,
      message: [...(at.note ? [at.note] : []), `Renamed ${at.name} to ${newName}: ${plural(places, 'place')} in ${plural(files.length, 'file')}: ${perFile}.`].join('\n'),
      summary: l10n.t('Rename {0} to {1} in {2}', at.name, newName, uiCount.files(files.length)),
    };
  }

  protected override showPartial(params: Record<string, unknown>, ctx: ToolContext): void {
    if (typeof params.symbol !== 'string') return;
    const showTip = typeof params.new_name === 'string' ? l10n.t('Renaming {0} to {1}', params.symbol, params.new_name) : l10n.t('Renaming {0}', params.symbol);
    ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip });
  }
}
