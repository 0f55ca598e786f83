// Workspace files for tools: the disk through node:fs (the extension host runs where the files are), except
// that an open document with unsaved changes is read from the editor, so the model sees what the user sees.
import * as vscode from 'vscode';
import { stat } from 'node:fs/promises';
import type { DirectoryEntry, FileStat, FileType, WorkspaceFiles } from '../../core/ports/workspace-files';
import { nodeFileSystem } from '../file-search/node-file-system';

export class VsCodeWorkspaceFiles implements WorkspaceFiles {
  get roots(): readonly string[] {
    return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  }

  async stat(path: string): Promise<FileStat | undefined> {
    try {
      const s = await stat(path);
      const type: FileType = s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'other';
      return { type, size: s.size, mtimeMs: s.mtimeMs };
    } catch {
      return undefined;
    }
  }

  async readBytes(path: string, maxBytes = Number.MAX_SAFE_INTEGER): Promise<Uint8Array> {
    const dirty = openDirtyDocument(path);
    if (dirty) return new TextEncoder().encode(dirty.getText()).subarray(0, maxBytes);
    return nodeFileSystem.readBytes(path, maxBytes);
  }

  async readText(path: string): Promise<string> {
    const dirty = openDirtyDocument(path);
    if (dirty) return dirty.getText();
    return new TextDecoder().decode(await this.readBytes(path));
  }

  list(directory: string): Promise<DirectoryEntry[]> {
    return nodeFileSystem.list(directory);
  }
}

function openDirtyDocument(path: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.isDirty && d.uri.scheme === 'file' && d.uri.fsPath === path);
}
