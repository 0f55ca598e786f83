// find_references: every place the symbol at file + line + name is used, from the editor's language features
// (VS Code's reference providers), grouped by file with the line of code at each: only real references, where a
// text search also finds comments, strings and other things of the same name.
import { uiCount } from './ui-text';
import { l10n, type Said } from '../core/l10n';
import { z } from 'zod';
import type { LanguageFeatures, SourcePosition } from '../core/ports/language-features';
import type { ToolDescription } from '../core/tools';
import { LocationTool } from './code-intel/location-tool';
import { limitParameter, symbolParameters } from './code-intel/symbol-params';

export const FIND_REFERENCES = 'find_references';

const parameters = z.object({ ...symbolParameters, limit: limitParameter });

export type FindReferencesParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: "Finds every use of a symbol across the workspace, using the editor's language server (like Shift+F12 in VS Code).",
  long:
    'Name the symbol by a file and line where it appears (its declaration or any use) and its name. The result lists the references grouped by file, ' +
    'each as "line: code", the declaration included, capped at limit with a count of the rest.',
  usageNotes: [
    'Prefer it over search_text for "where is X used", above all when the name is common (many textual hits in comments, strings, other scopes) or overloaded: it returns only the real references, in fewer tokens.',
    'Use it before changing a function\'s signature to find every caller; to rename, use rename_symbol.',
    'When no language extension serves the file, the result says so: then use search_text.',
  ],
  examples: [{ description: 'Who uses the function declared on line 4', params: { path: 'src/math.ts', line: 4, symbol: 'addCents' } }],
  category: 'code intelligence',
};

export class FindReferencesTool extends LocationTool<FindReferencesParams> {
  readonly name = FIND_REFERENCES;
  override readonly displayName = 'Find References';
  override readonly uiDisplayName = l10n.t('Find References');
  protected readonly description = description;
  protected readonly schema = parameters;
  protected readonly noun = 'reference';

  protected whatAsked(symbol: string): Said {
    return l10n.both('the references of {0}', symbol);
  }

  protected uiDoing(symbol: string): string {
    return l10n.t('Finding references to {0}', symbol);
  }

  protected uiNone(symbol: string): string {
    return l10n.t('No references to {0}', symbol);
  }

  protected uiFound(total: number, files: number, symbol: string): string {
    return l10n.t('{0} references to {1} in {2}', total, symbol, uiCount.files(files));
  }

  protected locate(language: LanguageFeatures, path: string, position: SourcePosition) {
    return language.references(path, position);
  }

  protected nothingFound(name: string, where: string): string {
    return `The language server found no references to ${name} at ${where}. Check that the line holds the symbol itself (not a comment or string), or use search_text.`;
  }
}
