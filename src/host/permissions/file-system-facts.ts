// The real file system behind the permission checks: workspace folders as VS Code has them now, the home
// directory, symlink resolution through Node, and the files that hold settings (writing them always asks,
// or the agent could allow itself anything).
import { realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { pathOsOf } from '../../core/permissions/path-platform';
import type { FileSystemFacts } from '../../core/permissions/types';
import { CaseSensitivity } from './case-sensitivity';

export interface FileSystemFactsOptions {
  /** `ExtensionContext.globalStorageUri`: the user settings live two levels up (`.../User/settings.json`). */
  globalStorageUri?: vscode.Uri;
  /** Where Relay saves truncated tool output: read-only tools read it without an "outside the workspace" prompt. */
  toolOutputDir?: string;
}

export function createFileSystemFacts(options: FileSystemFactsOptions = {}): FileSystemFacts {
  const userSettings = userSettingsFiles(options.globalStorageUri);
  const os = pathOsOf(process.platform);
  const caseSensitivity = new CaseSensitivity(os);
  return {
    // Getters: folders can be added or removed while the window is open, and the policy asks every time.
    get workspaceFolders() {
      return fileFolders().map((uri) => uri.fsPath);
    },
    homeDir: homedir(),
    readableDirs: options.toolOutputDir ? [options.toolOutputDir] : [],
    // Probed per workspace folder (a case-sensitive APFS volume, a case-insensitive mount on Linux).
    get caseInsensitive() {
      return caseSensitivity.caseInsensitive(fileFolders().map((uri) => uri.fsPath));
    },
    os,
    pathStyle: os === 'win32' ? 'windows' : 'posix',
    get protectedFiles() {
      return [...userSettings, ...workspaceSettingsFiles()];
    },
    async realpath(path) {
      try {
        return await realpath(path);
      } catch {
        return undefined; // missing (or unreadable): the core resolves through the nearest existing ancestor
      }
    },
    async fileExists(path) {
      try {
        return (await stat(path)).isFile();
      } catch {
        return false;
      }
    },
  };
}

function fileFolders(): vscode.Uri[] {
  return (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri).filter((uri) => uri.scheme === 'file');
}

/** Each folder's `.vscode/settings.json` and the `.code-workspace` file of a multi-root workspace. */
function workspaceSettingsFiles(): string[] {
  const files = fileFolders().map((uri) => join(uri.fsPath, '.vscode', 'settings.json'));
  const workspaceFile = vscode.workspace.workspaceFile;
  if (workspaceFile?.scheme === 'file') files.push(workspaceFile.fsPath);
  return files;
}

/**
 * The user settings file, when globalStorage sits in the usual `<data>/User/globalStorage/<id>` layout.
 * With a remote or web server the same data folder also holds `Machine/settings.json`, which applies there.
 */
export function userSettingsFiles(globalStorageUri: vscode.Uri | undefined): string[] {
  if (globalStorageUri?.scheme !== 'file') return [];
  const userDir = dirname(dirname(globalStorageUri.fsPath));
  return [join(userDir, 'settings.json'), join(dirname(userDir), 'Machine', 'settings.json')];
}
