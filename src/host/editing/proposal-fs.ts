// An in-memory file system for proposals (scheme relay-proposal:). Living as a real file system provider
// makes the right side of the diff editor editable, so the user can change a proposal before accepting it.
import * as vscode from 'vscode';

export const PROPOSAL_SCHEME = 'relay-proposal';

/**
 * Where a proposal (or an empty side, or a snapshot) for `absolutePath` lives. Its path is the file's path as the
 * workspace names it, which is what the diff editor's breadcrumbs and tab show; the id and the absolute path go in
 * the query, so the sides of different reviews (and two files of one review) never share a URI.
 */
export function proposalUri(id: string, absolutePath: string): vscode.Uri {
  const shown = vscode.workspace.asRelativePath(absolutePath).replace(/\\/g, '/').replace(/^\/?/, '/');
  const query = `id=${encodeURIComponent(id)}&file=${encodeURIComponent(absolutePath)}`;
  return vscode.Uri.from({ scheme: PROPOSAL_SCHEME, path: shown, query });
}

export class ProposalFileSystem implements vscode.FileSystemProvider {
  private readonly files = new Map<string, { data: Uint8Array; mtime: number }>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;

  write(uri: vscode.Uri, text: string): void {
    this.writeFile(uri, new TextEncoder().encode(text));
  }

  read(uri: vscode.Uri): string | undefined {
    const entry = this.files.get(uri.toString());
    return entry && new TextDecoder().decode(entry.data);
  }

  forget(uri: vscode.Uri): void {
    this.files.delete(uri.toString());
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const entry = this.files.get(uri.toString());
    if (!entry) {
      // Every ancestor of a proposal (same query, a shorter path) is a directory, so breadcrumbs can resolve parents.
      const prefix = uri.path.replace(/\/?$/, '/');
      const isAncestor = (key: string) => {
        const file = vscode.Uri.parse(key);
        return file.query === uri.query && file.path.startsWith(prefix);
      };
      if ([...this.files.keys()].some(isAncestor)) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
      throw vscode.FileSystemError.FileNotFound(uri);
    }
    return { type: vscode.FileType.File, ctime: entry.mtime, mtime: entry.mtime, size: entry.data.byteLength };
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): void {
    // Directories are implied by the files in them.
  }

  readFile(uri: vscode.Uri): Uint8Array {
    const entry = this.files.get(uri.toString());
    if (!entry) throw vscode.FileSystemError.FileNotFound(uri);
    return entry.data;
  }

  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    const exists = this.files.has(uri.toString());
    this.files.set(uri.toString(), { data: content, mtime: Date.now() });
    this.changed.fire([{ type: exists ? vscode.FileChangeType.Changed : vscode.FileChangeType.Created, uri }]);
  }

  delete(uri: vscode.Uri): void {
    this.files.delete(uri.toString());
    this.changed.fire([{ type: vscode.FileChangeType.Deleted, uri }]);
  }

  rename(oldUri: vscode.Uri, newUri: vscode.Uri): void {
    const entry = this.files.get(oldUri.toString());
    if (!entry) throw vscode.FileSystemError.FileNotFound(oldUri);
    this.files.delete(oldUri.toString());
    this.files.set(newUri.toString(), entry);
  }
}
