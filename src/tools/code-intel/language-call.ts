// What the code-intelligence tools share: the symbol a call is about (file + line + name -> position), asking the
// language features with a deadline for a server that is still starting, and the words for the two ways no answer
// can come (nothing installed for the language, or a server not ready in time), each pointing to search_text.
import { askLanguage, DEFAULT_LANGUAGE_WAIT, resolveSymbolPosition, type LocationSource } from '../../core/code-intel';
import { sensitivityOfPath } from '../../core/permissions/sensitive-files';
import type { SourcePosition } from '../../core/ports/language-features';
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
  if (!resolved.ok) throw new ToolError(ToolErrorType.INVALID_PARAMS, `${shown}: ${resolved.message}`);
  return { path, shown, position: resolved.position, name: resolved.name, line: resolved.line, ...(resolved.note ? { note: resolved.note } : {}) };
}

export async function requireSourceFile(services: ToolServices, input: string, signal: AbortSignal): Promise<string> {
  const path = resolveToolPath(input, services.workspaceRoots());
  await requireFile(services, path, signal);
  if (looksBinary(await services.files.readBytes(path, SNIFF_BYTES))) {
    throw new ToolError(ToolErrorType.EXECUTION_FAILED, `${displayPath(path, services.workspaceRoots())} looks like a binary file; language features work on source files.`);
  }
  return path;
}

export interface LanguageRequest<T> {
  /** The file whose language answers. */
  path: string;
  /** What is asked, for the messages: "the references to addCents". */
  what: string;
  /** The name to suggest to search_text when no answer can come. */
  name?: string;
  /** Added to the "still starting" message when an empty answer can also be the real one. */
  startingHint?: string;
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
  const search = request.name ? `search_text (pattern "\\b${request.name}\\b")` : 'search_text';
  if (answer.outcome === 'unsupported') {
    throw new ToolError(
      ToolErrorType.EXECUTION_FAILED,
      `No language support for ${answer.languageId} is installed in VS Code, so nothing can answer ${request.what} in ${shown}. Use ${search} and read_file instead.`,
    );
  }
  if (answer.outcome === 'starting') {
    const seconds = Math.round(answer.waitedMs / 1000);
    throw new ToolError(
      ToolErrorType.EXECUTION_FAILED,
      `The ${answer.languageId} language server (${answer.providers.join(', ')}) is still starting: no answer for ${request.what} in ${shown} after ${seconds} s. ` +
        `${request.startingHint ?? ''}Try again in a moment, or use ${search} meanwhile.`,
    );
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
