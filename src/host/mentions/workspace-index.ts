// The fuzzy index behind the "@" list: every file of the first workspace folder (and their folders) from the
// same file search find_files uses, built on the first "@" and rebuilt after files are created or deleted.
import * as vscode from 'vscode';
import { PathIndex } from '../../shared/mentions/path-index';
import { withFolders } from '../../shared/mentions/rank';
import type { FileSearch } from '../../core/ports/file-search';

/** More than this and the list offers the first ones found (ripgrep's order), and says nothing: rare. */
export const MAX_INDEXED_FILES = 200_000;

/** An index and its generation: a new one only when the list of files changed (the webview keeps a copy). */
export interface IndexGeneration {
  index: PathIndex;
  generation: number;
}

export class WorkspaceIndex implements vscode.Disposable {
  private current: IndexGeneration | undefined;
  private building: Promise<IndexGeneration | undefined> | undefined;
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
  /** Whether a rebuild runs: the index `get` gives may be missing files created or still hold deleted ones. */
  get rebuilding(): boolean {
    return this.building !== undefined;
  }

  async get(): Promise<IndexGeneration | undefined> {
    if (this.stale && !this.building) {
      this.stale = false;
      this.building = this.build().finally(() => (this.building = undefined));
    }
    if (this.current) return this.current;
    return this.building;
  }

  private async build(): Promise<IndexGeneration | undefined> {
    const root = this.root();
    if (!root) return undefined;
    try {
      const result = await this.search.findFiles({ cwd: root, glob: '**/*', limit: MAX_INDEXED_FILES }, new AbortController().signal);
      const paths = withFolders(result.files.map((f) => f.replace(/\\/g, '/')));
      // A creation or deletion the listing does not see (an ignored build output) keeps the generation.
      if (!this.current || !samePaths(this.current.index.paths, paths)) {
        this.current = { index: new PathIndex(paths), generation: (this.current?.generation ?? 0) + 1 };
      }
      return this.current;
    } catch (error) {
      this.stale = true;
      this.log.warn(`Could not list the workspace files for mentions: ${error instanceof Error ? error.message : String(error)}`);
      return this.current;
    }
  }

  dispose(): void {
    this.watcher.dispose();
  }
}

function samePaths(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
