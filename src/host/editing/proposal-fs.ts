// An in-memory file system for proposals (scheme relay-proposal:). Living as a real file system provider
// makes the right side of the diff editor editable, so the user can change a proposal before accepting it.
import * as vscode from 'vscode';

export const PROPOSAL_SCHEME = 'relay-proposal';

/** Where a proposal (or an empty side, or a snapshot) for `absolutePath` lives: one folder per id. */
export function proposalUri(id: string, absolutePath: string): vscode.Uri {
  const path = absolutePath.replace(/\\/g, '/').replace(/^\/?/, '/');
  return vscode.Uri.from({ scheme: PROPOSAL_SCHEME, path: `/${encodeURIComponent(id)}${path}` });
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
      // Every ancestor of a proposal is a directory, so breadcrumbs and the explorer can resolve parents.
      const prefix = uri.toString().replace(/\/?$/, '/');
      if ([...this.files.keys()].some((k) => k.startsWith(prefix))) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
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
