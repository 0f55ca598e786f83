// A path as a person reads it in this window: relative to its workspace folder, else from ~ (core/text/display-path.ts).
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { displayPath } from '../../core/text/display-path';

export function shownPath(path: string): string {
  const roots = (vscode.workspace.workspaceFolders ?? []).map((folder) => ({ name: folder.name, path: folder.uri.fsPath }));
  return displayPath(path, roots, homedir());
}
