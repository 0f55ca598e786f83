// A path as a person reads it in this window: relative to its workspace folder, else from ~ (core/text/display-path.ts).
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { displayPath, displayPathsIn, type DisplayRoot } from '../../core/text/display-path';

function roots(): DisplayRoot[] {
  return (vscode.workspace.workspaceFolders ?? []).map((folder) => ({ name: folder.name, path: folder.uri.fsPath }));
}

export function shownPath(path: string): string {
  return displayPath(path, roots(), homedir());
}

/** A sentence's paths read the same way. */
export function shownPathsIn(text: string): string {
  return displayPathsIn(text, roots(), homedir());
}
