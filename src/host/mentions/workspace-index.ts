// The fuzzy index behind the "@" list: every file of the first workspace folder (and their folders) from the
// same file search find_files uses, built on the first "@" and rebuilt after files are created or deleted.
import * as vscode from 'vscode';
import { PathIndex } from '../../shared/mentions/path-index';
import { withFolders } from '../../shared/mentions/rank';
import type { FileSearch } from '../../core/ports/file-search';

/** More than this and the list offers the first ones found (ripgrep's order), and says nothing: rare. */
export const MAX_INDEXED_FILES = 200_000;

export class WorkspaceIndex implements vscode.Disposable {
  private index: PathIndex | undefined;
  private building: Promise<PathIndex | undefined> | undefined;
  private stale = true;
  private readonly watcher: vscode.FileSystemWatcher;

  constructor(
    private readonly search: FileSearch,
    private readonly root: () => string | undefined,
    private readonly log: { warn(message: string): void },
  ) {
    // Content changes do not change the list; only creations and deletions do.
    this.watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
    this.watcher.onDidCreate(() => (this.stale = true));
    this.watcher.onDidDelete(() => (this.stale = true));
  }

  /** The index, rebuilt first when stale; the previous one serves while a rebuild runs. */
  async get(): Promise<PathIndex | undefined> {
    if (this.stale && !this.building) {
      this.stale = false;
      this.building = this.build().finally(() => (this.building = undefined));
    }
    if (this.index) return this.index;
    return this.building;
  }

  private async build(): Promise<PathIndex | undefined> {
    const root = this.root();
    if (!root) return undefined;
    try {
      const result = await this.search.findFiles({ cwd: root, glob: '**/*', limit: MAX_INDEXED_FILES }, new AbortController().signal);
      this.index = new PathIndex(withFolders(result.files.map((f) => f.replace(/\\/g, '/'))));
      return this.index;
    } catch (error) {
      this.stale = true;
      this.log.warn(`Could not list the workspace files for mentions: ${error instanceof Error ? error.message : String(error)}`);
      return this.index;
    }
  }

  dispose(): void {
    this.watcher.dispose();
  }
}
