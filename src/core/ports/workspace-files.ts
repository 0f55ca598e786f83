// What tools may know about files. Paths are absolute; tools resolve and permission-check them first.

export type FileType = 'file' | 'directory' | 'symlink' | 'other';

export interface FileStat {
  type: FileType;
  size: number;
  mtimeMs: number;
}

export interface DirectoryEntry {
  name: string;
  type: FileType;
}

export interface WorkspaceFiles {
  /** Absolute paths of the workspace folders; the first is where relative paths resolve. */
  readonly roots: readonly string[];
  stat(path: string): Promise<FileStat | undefined>;
  /** At most `maxBytes` from the start of the file (for binary sniffing and size caps). */
  readBytes(path: string, maxBytes?: number): Promise<Uint8Array>;
  /** The text the user sees: an open document with unsaved changes wins over the disk. */
  readText(path: string): Promise<string>;
  list(directory: string): Promise<DirectoryEntry[]>;
}
