// The editor's language features for the code-intelligence tools: VS Code's `vscode.execute…Provider` commands,
// answered by whatever language extensions are installed, mapped to plain data. Who may answer for a language is
// read from the installed extensions: those with code that activate for it (or contribute it).
import * as vscode from 'vscode';
import type {
  CallHierarchyCall,
  CallHierarchyEntry,
  DocumentSymbolInfo,
  FileTextEdits,
  LanguageFeatures,
  LanguageProvider,
  LanguageSupport,
  SourceLocation,
  SourcePosition,
  SourceRange,
  WorkspaceSymbolInfo,
} from '../../core/ports/language-features';

const TYPESCRIPT_EXTENSION = 'vscode.typescript-language-features';
const TYPESCRIPT_LANGUAGES = new Set(['typescript', 'typescriptreact', 'javascript', 'javascriptreact']);

export class VsCodeLanguageFeatures implements LanguageFeatures {
  async support(path: string): Promise<LanguageSupport> {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path));
    return { languageId: doc.languageId, providers: providersOf(doc.languageId) };
  }

  async ready(path: string, timeoutMs: number): Promise<boolean> {
    const uri = await opened(path);
    const doc = await vscode.workspace.openTextDocument(uri);
    return withTimeout(this.loaded(uri, doc.languageId), timeoutMs, false);
  }

  private async loaded(uri: vscode.Uri, languageId: string): Promise<boolean> {
    // TypeScript answers from a syntax-only server while the project loads (references in open files only). Its
    // semantic server answers a diagnostics request only once the project is loaded: that answer is the signal.
    if (TYPESCRIPT_LANGUAGES.has(languageId) && vscode.extensions.getExtension(TYPESCRIPT_EXTENSION)?.isActive) {
      try {
        await vscode.commands.executeCommand('typescript.tsserverRequest', 'semanticDiagnosticsSync', { file: uri });
        return true;
      } catch {
        // An older or replaced TypeScript extension: fall back to the generic sign below.
      }
    }
    // Elsewhere: the server has read the file when its outline answers.
    const symbols = await vscode.commands.executeCommand<unknown[] | undefined>('vscode.executeDocumentSymbolProvider', uri);
    return (symbols?.length ?? 0) > 0;
  }

  async workspaceSymbols(query: string): Promise<WorkspaceSymbolInfo[]> {
    const symbols = (await vscode.commands.executeCommand<vscode.SymbolInformation[] | undefined>('vscode.executeWorkspaceSymbolProvider', query)) ?? [];
    return symbols
      .filter((s) => s.location.uri.scheme === 'file')
      .map((s) => ({
        name: s.name,
        kind: kindName(s.kind),
        ...(s.containerName ? { containerName: s.containerName } : {}),
        location: { path: s.location.uri.fsPath, range: toRange(s.location.range) },
      }));
  }

  async documentSymbols(path: string): Promise<DocumentSymbolInfo[]> {
    const uri = await opened(path);
    const symbols = (await vscode.commands.executeCommand<(vscode.DocumentSymbol | vscode.SymbolInformation)[] | undefined>('vscode.executeDocumentSymbolProvider', uri)) ?? [];
    return symbols.map(toDocumentSymbol);
  }

  async definitions(path: string, position: SourcePosition): Promise<SourceLocation[]> {
    const uri = await opened(path);
    const found = (await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[] | undefined>('vscode.executeDefinitionProvider', uri, toPosition(position))) ?? [];
    return found.flatMap(toLocation);
  }

  async references(path: string, position: SourcePosition): Promise<SourceLocation[]> {
    const uri = await opened(path);
    const found = (await vscode.commands.executeCommand<vscode.Location[] | undefined>('vscode.executeReferenceProvider', uri, toPosition(position))) ?? [];
    return found.flatMap(toLocation);
  }

  async hover(path: string, position: SourcePosition): Promise<string[]> {
    const uri = await opened(path);
    const hovers = (await vscode.commands.executeCommand<vscode.Hover[] | undefined>('vscode.executeHoverProvider', uri, toPosition(position))) ?? [];
    return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'language' in c ? `\`\`\`${c.language}\n${c.value}\n\`\`\`` : c.value)));
  }

  async prepareCallHierarchy(path: string, position: SourcePosition): Promise<CallHierarchyEntry[]> {
    const uri = await opened(path);
    const items = (await vscode.commands.executeCommand<vscode.CallHierarchyItem[] | undefined>('vscode.prepareCallHierarchy', uri, toPosition(position))) ?? [];
    return items.map(toEntry);
  }

  async incomingCalls(item: CallHierarchyEntry): Promise<CallHierarchyCall[]> {
    const calls = (await vscode.commands.executeCommand<vscode.CallHierarchyIncomingCall[] | undefined>('vscode.provideIncomingCalls', item.handle)) ?? [];
    return calls.map((c) => ({ item: toEntry(c.from), ranges: c.fromRanges.map(toRange) }));
  }

  async outgoingCalls(item: CallHierarchyEntry): Promise<CallHierarchyCall[]> {
    const calls = (await vscode.commands.executeCommand<vscode.CallHierarchyOutgoingCall[] | undefined>('vscode.provideOutgoingCalls', item.handle)) ?? [];
    return calls.map((c) => ({ item: toEntry(c.to), ranges: c.fromRanges.map(toRange) }));
  }

  async rename(path: string, position: SourcePosition, newName: string): Promise<FileTextEdits[]> {
    const uri = await opened(path);
    // Rejects with the provider's reason ("You cannot rename this element.") when the position cannot be renamed.
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit | undefined>('vscode.executeDocumentRenameProvider', uri, toPosition(position), newName);
    if (!edit) return [];
    const files: FileTextEdits[] = [];
    for (const [target, edits] of edit.entries()) {
      if (target.scheme !== 'file') throw new Error(`the rename would change ${target.toString()}, which is not a file on disk`);
      // Entries of a file operation (create, rename, delete) carry no text edits: this path only proposes text.
      if (edits.length === 0) throw new Error(`the rename would also create, move or delete ${target.fsPath}, which rename_symbol does not do`);
      files.push({ path: target.fsPath, edits: edits.map((e) => ({ range: toRange(e.range), newText: e.newText })) });
    }
    return files;
  }
}

/** Opening the document is what starts its language extension; the tools ask about files nobody has open. */
async function opened(path: string): Promise<vscode.Uri> {
  const uri = vscode.Uri.file(path);
  await vscode.workspace.openTextDocument(uri);
  return uri;
}

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function providersOf(languageId: string): LanguageProvider[] {
  return vscode.extensions.all
    .filter((ext) => {
      const pkg = ext.packageJSON as { main?: string; browser?: string; activationEvents?: string[]; contributes?: { languages?: { id?: string }[] } };
      if (!pkg.main && !pkg.browser) return false;
      if (pkg.activationEvents?.includes(`onLanguage:${languageId}`)) return true;
      // Since VS Code 1.74 contributing a language implies activating for it.
      return pkg.contributes?.languages?.some((l) => l.id === languageId) ?? false;
    })
    .map((ext) => ({ id: ext.id, active: ext.isActive }));
}

function toPosition(p: SourcePosition): vscode.Position {
  return new vscode.Position(p.line, p.character);
}

function toRange(r: vscode.Range): SourceRange {
  return { start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } };
}

function toLocation(found: vscode.Location | vscode.LocationLink): SourceLocation[] {
  if ('targetUri' in found) {
    if (found.targetUri.scheme !== 'file') return [];
    return [{ path: found.targetUri.fsPath, range: toRange(found.targetSelectionRange ?? found.targetRange), span: toRange(found.targetRange) }];
  }
  return found.uri.scheme === 'file' ? [{ path: found.uri.fsPath, range: toRange(found.range) }] : [];
}

function toDocumentSymbol(symbol: vscode.DocumentSymbol | vscode.SymbolInformation): DocumentSymbolInfo {
  // VS Code answers with objects that are both (a SymbolInformation with range and children): children first.
  if (!('children' in symbol)) return { name: symbol.name, kind: kindName(symbol.kind), range: toRange(symbol.location.range), children: [] };
  return {
    name: symbol.name,
    kind: kindName(symbol.kind),
    ...(symbol.detail ? { detail: symbol.detail } : {}),
    range: toRange(symbol.range),
    children: (symbol.children ?? []).map(toDocumentSymbol),
  };
}

function toEntry(item: vscode.CallHierarchyItem): CallHierarchyEntry {
  return {
    name: item.name,
    kind: kindName(item.kind),
    ...(item.detail ? { detail: item.detail } : {}),
    path: item.uri.fsPath,
    selectionRange: toRange(item.selectionRange),
    handle: item,
  };
}

function kindName(kind: vscode.SymbolKind): string {
  const name = vscode.SymbolKind[kind] ?? 'symbol';
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
