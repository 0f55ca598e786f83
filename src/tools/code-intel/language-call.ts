// What the code-intelligence tools share: the symbol a call is about (file + line + name -> position), asking the
// language features with a deadline for a server that is still starting, and the words for the two ways no answer
// can come (nothing installed for the language, or a server not ready in time), each pointing to search_text.
import { askLanguage, DEFAULT_LANGUAGE_WAIT, resolveSymbolPosition, type LocationSource } from '../../core/code-intel';
import { sensitivityOfPath } from '../../core/permissions/sensitive-files';
import type { SourcePosition } from '../../core/ports/language-features';
import { l10n, type Said, sentences } from '../../core/l10n';
import { ToolError, ToolErrorType } from '../../core/tools';
import { requireFile } from '../file-checks';
import { displayPath, isInWorkspace, resolveToolPath } from '../paths';
import type { ToolServices } from '../services';
import { looksBinary, SNIFF_BYTES } from '../text-content';

export interface SymbolAt {
  path: string;
  shown: string;
  position: SourcePosition;
  /** The name as found on the line. */
  name: string;
  /** 1-based line used. */
  line: number;
  /** Why another line than the given one was used. */
  note?: string;
}

/** The file must exist and be text; the name must be on the line or near it. */
export async function locateSymbol(services: ToolServices, params: { path: string; line: number; symbol: string }, signal: AbortSignal): Promise<SymbolAt> {
  const path = await requireSourceFile(services, params.path, signal);
  const shown = displayPath(path, services.workspaceRoots());
  const resolved = resolveSymbolPosition(await services.files.readText(path), params.line, params.symbol);
  if (!resolved.ok) throw new ToolError(ToolErrorType.INVALID_PARAMS, l10n.both('{0}: {1}', shown, { model: resolved.message, ui: resolved.uiMessage }));
  return { path, shown, position: resolved.position, name: resolved.name, line: resolved.line, ...(resolved.note ? { note: resolved.note } : {}) };
}

export async function requireSourceFile(services: ToolServices, input: string, signal: AbortSignal): Promise<string> {
  const path = resolveToolPath(input, services.workspaceRoots());
  await requireFile(services, path, signal);
  if (looksBinary(await services.files.readBytes(path, SNIFF_BYTES))) {
    throw new ToolError(ToolErrorType.EXECUTION_FAILED, l10n.both('{0} looks like a binary file; language features work on source files.', displayPath(path, services.workspaceRoots())));
  }
  return path;
}

export interface LanguageRequest<T> {
  /** The file whose language answers. */
  path: string;
  /** What is asked, for the messages: "the references of addCents", on both channels. */
  what: Said;
  /** The name to suggest to search_text when no answer can come. */
  name?: string;
  /** Added to the "still starting" message when an empty answer can also be the real one. */
  startingHint?: Said;
  ask(): Promise<T>;
  isEmpty(value: T): boolean;
}

/** The language features' answer, waiting for a server that is starting; a ToolError when none can come. */
export interface LanguageReply<T> {
  value: T;
  /** For the model when the answer came before the server was ready: it may be partial. */
  caveat?: string;
}

export async function askLanguageFeatures<T>(services: ToolServices, request: LanguageRequest<T>, signal: AbortSignal): Promise<LanguageReply<T>> {
  const language = services.language;
  const answer = await askLanguage(
    {
      support: () => language.support(request.path),
      ask: request.ask,
      isEmpty: request.isEmpty,
      ready: (timeoutMs) => language.ready(request.path, timeoutMs),
    },
    { ...DEFAULT_LANGUAGE_WAIT, ...services.options?.languageWait, signal },
  );
  const shown = displayPath(request.path, services.workspaceRoots());
  const search = request.name ? l10n.both('search_text (pattern "{0}")', `\\b${request.name}\\b`) : l10n.same('search_text');
  if (answer.outcome === 'unsupported') {
    throw new ToolError(
      ToolErrorType.EXECUTION_FAILED,
      l10n.both('No language support for {0} is installed in VS Code, so nothing can answer {1} in {2}. Use {3} and read_file instead.', answer.languageId, request.what, shown, search),
    );
  }
  if (answer.outcome === 'starting') {
    const seconds = Math.round(answer.waitedMs / 1000);
    const starting = l10n.both('The {0} language server ({1}) is still starting: no answer for {2} in {3} after {4} s.', answer.languageId, answer.providers.join(', '), request.what, shown, seconds);
    throw new ToolError(ToolErrorType.EXECUTION_FAILED, sentences(starting, request.startingHint, l10n.both('Try again in a moment, or use {0} meanwhile.', search)));
  }
  if (!answer.early) return { value: answer.value };
  const seconds = Math.round(answer.waitedMs / 1000);
  return { value: answer.value, caveat: `(The language server had not finished loading the project after ${seconds} s, so this answer may be incomplete: ask again in a moment for the full one.)` };
}

/** Where locations' lines are read from: files inside the workspace that are not sensitive. */
export function locationSource(services: ToolServices): LocationSource {
  const roots = () => services.workspaceRoots();
  return {
    show: (path) => displayPath(path, roots()),
    readable: (path) => isInWorkspace(path, roots()) && sensitivityOfPath(displayPath(path, roots()), false) === undefined,
    read: (path) => services.files.readText(path).catch(() => undefined),
  };
}
