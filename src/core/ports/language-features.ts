// What the code-intelligence tools ask of the editor's language features: symbols, definitions, references,
// hover, call hierarchy and rename, answered by whatever language extensions the user has installed. The host
// runs VS Code's `vscode.execute…Provider` commands; positions are 0-based as in VS Code, paths absolute.

export interface SourcePosition {
  line: number;
  character: number;
}

export interface SourceRange {
  start: SourcePosition;
  end: SourcePosition;
}

export interface SourceLocation {
  path: string;
  /** Where the name is (a definition's selection range when the provider gives one). */
  range: SourceRange;
  /** The whole declaration, when the provider gives more than the name (a definition link's target range). */
  span?: SourceRange;
}

/** VS Code's symbol kinds in words ("function", "class", "method", …). */
export type SymbolKindName = string;

export interface WorkspaceSymbolInfo {
  name: string;
  kind: SymbolKindName;
  containerName?: string;
  location: SourceLocation;
}

export interface DocumentSymbolInfo {
  name: string;
  kind: SymbolKindName;
  detail?: string;
  /** The whole symbol, body included. */
  range: SourceRange;
  children: DocumentSymbolInfo[];
}

export interface CallHierarchyEntry {
  name: string;
  kind: SymbolKindName;
  detail?: string;
  path: string;
  /** The name of the function or method. */
  selectionRange: SourceRange;
  /** Opaque to core: handed back to ask for this item's calls. */
  handle: unknown;
}

export interface CallHierarchyCall {
  /** The caller (incoming) or the callee (outgoing). */
  item: CallHierarchyEntry;
  /** Where the calls are: in the caller's file for incoming calls, in the asked item's file for outgoing ones. */
  ranges: SourceRange[];
}

export interface TextEditInfo {
  range: SourceRange;
  newText: string;
}

export interface FileTextEdits {
  path: string;
  edits: TextEditInfo[];
}

/** A language extension that may answer for a language: it has code and activates for that language. */
export interface LanguageProvider {
  id: string;
  active: boolean;
}

export interface LanguageSupport {
  /** VS Code's language of the file, e.g. "typescript", "plaintext". */
  languageId: string;
  /** Installed extensions that activate for this language (or for every file); none means nothing will answer. */
  providers: LanguageProvider[];
}

export interface LanguageFeatures {
  /** Opens the document (without showing it), which also starts its language extension. */
  support(path: string): Promise<LanguageSupport>;
  /**
   * Whether the file's language server has loaded its project, so that answers are complete (not a syntax-only
   * server's partial answer); resolves false when it has not within `timeoutMs`.
   */
  ready(path: string, timeoutMs: number): Promise<boolean>;
  workspaceSymbols(query: string): Promise<WorkspaceSymbolInfo[]>;
  documentSymbols(path: string): Promise<DocumentSymbolInfo[]>;
  definitions(path: string, position: SourcePosition): Promise<SourceLocation[]>;
  references(path: string, position: SourcePosition): Promise<SourceLocation[]>;
  /** Each hover's Markdown (or plain text) contents, in the providers' order. */
  hover(path: string, position: SourcePosition): Promise<string[]>;
  prepareCallHierarchy(path: string, position: SourcePosition): Promise<CallHierarchyEntry[]>;
  incomingCalls(item: CallHierarchyEntry): Promise<CallHierarchyCall[]>;
  outgoingCalls(item: CallHierarchyEntry): Promise<CallHierarchyCall[]>;
  /**
   * The text edits of renaming the symbol at `position`; rejects with the reason when it cannot be renamed there
   * (the provider's own words), or when the edit would also create, rename or delete files.
   */
  rename(path: string, position: SourcePosition, newName: string): Promise<FileTextEdits[]>;
}
