// go_to_definition: where the symbol at file + line + name is declared, from the editor's language features
// (VS Code's definition providers): exact across files, overloads and re-exports, unlike a text search.
import { uiCount } from './ui-text';
import { l10n, type Said } from '../core/l10n';
import { z } from 'zod';
import type { LanguageFeatures, SourcePosition } from '../core/ports/language-features';
import type { ToolDescription } from '../core/tools';
import { LocationTool } from './code-intel/location-tool';
import { limitParameter, symbolParameters } from './code-intel/symbol-params';

export const GO_TO_DEFINITION = 'go_to_definition';

const parameters = z.object({ ...symbolParameters, limit: limitParameter });

export type GoToDefinitionParams = z.infer<typeof parameters>;

const description: ToolDescription = {
  short: "Finds where a symbol is defined, using the editor's language server (like F12 in VS Code).",
  long:
    'Name the symbol by the file and line where it is used and its name; the result lists each definition as "file", then "line: code", ' +
    'with the line range of the whole declaration when it spans several lines (read just those lines with read_file).',
  usageNotes: [
    'Prefer it over search_text to find a definition: it follows imports, re-exports and overloads and is not fooled by other things of the same name.',
    'When no language extension serves the file, the result says so: then use search_text.',
  ],
  examples: [{ description: 'Where the function called on line 12 is defined', params: { path: 'src/app.ts', line: 12, symbol: 'parseConfig' } }],
  category: 'code intelligence',
};

export class GoToDefinitionTool extends LocationTool<GoToDefinitionParams> {
  readonly name = GO_TO_DEFINITION;
  override readonly displayName = 'Go to Definition';
  override readonly uiDisplayName = l10n.t('Go to Definition');
  protected readonly description = description;
  protected readonly schema = parameters;
  protected readonly noun = 'definition';

  protected whatAsked(symbol: string): Said {
    return l10n.both('the definitions of {0}', symbol);
  }

  protected uiDoing(symbol: string): string {
    return l10n.t('Finding the definition of {0}', symbol);
  }

  protected uiNone(symbol: string): string {
    return l10n.t('No definition of {0}', symbol);
  }

  protected uiFound(total: number, files: number, symbol: string): string {
    return l10n.t('{0} definitions of {1} in {2}', total, symbol, uiCount.files(files));
  }

  protected locate(language: LanguageFeatures, path: string, position: SourcePosition) {
    return language.definitions(path, position);
  }

  protected nothingFound(name: string, where: string): string {
    return `The language server found no definition of ${name} at ${where}: it may be a keyword, a literal, or declared nowhere it can see (a global from an untyped library). Check the name and line, or use search_text.`;
  }
}
