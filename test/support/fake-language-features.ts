// A scripted "language server" for unit tests: answers are set per test (handlers keyed on path and position),
// every request is recorded, and a server can be made to start late (inactive, answering nothing, for the first
// N requests) or to be missing for a language altogether.
import * as path from 'node:path';
import type {
  CallHierarchyCall,
  CallHierarchyEntry,
  DocumentSymbolInfo,
  FileTextEdits,
  LanguageFeatures,
  LanguageSupport,
  SourceLocation,
  SourcePosition,
  WorkspaceSymbolInfo,
} from '../../src/core/ports/language-features';

type At<T> = (path: string, position: SourcePosition) => T;

export interface RecordedRequest {
  method: string;
  path?: string;
  position?: SourcePosition;
}

export class FakeLanguageFeatures implements LanguageFeatures {
  /** Language by file extension; anything else is plain text. */
  languages: Record<string, string> = { '.ts': 'typescript', '.js': 'javascript', '.rb': 'ruby', '.txt': 'plaintext' };
  /** The languages something is installed for. */
  served = new Set(['typescript', 'javascript']);
  /** Contacts (requests and readiness checks) answered as a server that is not up yet (inactive, empty answers). */
  startsAfter = 0;
  private contacts = 0;
  readonly requests: RecordedRequest[] = [];

  symbols = new Map<string, DocumentSymbolInfo[]>();
  workspace: WorkspaceSymbolInfo[] = [];
  definitionsAt: At<SourceLocation[]> = () => [];
  referencesAt: At<SourceLocation[]> = () => [];
  hoverAt: At<string[]> = () => [];
  callItemsAt: At<CallHierarchyEntry[]> = () => [];
  incoming: (item: CallHierarchyEntry) => CallHierarchyCall[] = () => [];
  outgoing: (item: CallHierarchyEntry) => CallHierarchyCall[] = () => [];
  renameAt: (path: string, position: SourcePosition, newName: string) => FileTextEdits[] = () => [];

  private get up(): boolean {
    return this.contacts > this.startsAfter;
  }

  private answer<T>(request: RecordedRequest, empty: T, value: () => T): T {
    this.requests.push(request);
    this.contacts++;
    return this.up ? value() : empty;
  }

  async support(file: string): Promise<LanguageSupport> {
    const languageId = this.languages[path.extname(file)] ?? 'plaintext';
    return { languageId, providers: this.served.has(languageId) ? [{ id: `fake.${languageId}`, active: true }] : [] };
  }

  /** How many readiness checks were made. */
  readyChecks = 0;

  async ready(file: string): Promise<boolean> {
    this.readyChecks++;
    this.contacts++;
    return this.up && this.served.has(this.languageOf(file));
  }

  async workspaceSymbols(query: string): Promise<WorkspaceSymbolInfo[]> {
    return this.answer({ method: 'workspaceSymbols' }, [], () => this.workspace.filter((s) => s.name.toLowerCase().includes(query.toLowerCase())));
  }

  async documentSymbols(file: string): Promise<DocumentSymbolInfo[]> {
    return this.answer({ method: 'documentSymbols', path: file }, [], () => (this.served.has(this.languageOf(file)) ? (this.symbols.get(file) ?? []) : []));
  }

  async definitions(file: string, position: SourcePosition): Promise<SourceLocation[]> {
    return this.answer({ method: 'definitions', path: file, position }, [], () => this.definitionsAt(file, position));
  }

  async references(file: string, position: SourcePosition): Promise<SourceLocation[]> {
    return this.answer({ method: 'references', path: file, position }, [], () => this.referencesAt(file, position));
  }

  async hover(file: string, position: SourcePosition): Promise<string[]> {
    return this.answer({ method: 'hover', path: file, position }, [], () => this.hoverAt(file, position));
  }

  async prepareCallHierarchy(file: string, position: SourcePosition): Promise<CallHierarchyEntry[]> {
    return this.answer({ method: 'prepareCallHierarchy', path: file, position }, [], () => this.callItemsAt(file, position));
  }

  async incomingCalls(item: CallHierarchyEntry): Promise<CallHierarchyCall[]> {
    return this.answer({ method: 'incomingCalls', path: item.path }, [], () => this.incoming(item));
  }

  async outgoingCalls(item: CallHierarchyEntry): Promise<CallHierarchyCall[]> {
    return this.answer({ method: 'outgoingCalls', path: item.path }, [], () => this.outgoing(item));
  }

  async rename(file: string, position: SourcePosition, newName: string): Promise<FileTextEdits[]> {
    this.requests.push({ method: 'rename', path: file, position });
    return this.renameAt(file, position, newName);
  }

  private languageOf(file: string): string {
    return this.languages[path.extname(file)] ?? 'plaintext';
  }
}

/** A range on one 0-based line. */
export function span(line: number, start: number, end: number) {
  return { start: { line, character: start }, end: { line, character: end } };
}
