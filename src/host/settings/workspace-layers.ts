// A setting as the user wrote it and as a workspace wrote it, read with inspect(): the user value (or the default)
// and the workspace's value with the file it came from. A folder's `.vscode/settings.json` (or, in a multi-root
// workspace, the `.code-workspace` file, and a folder's own settings) and language-specific blocks all count as
// the workspace's; the one VS Code would apply wins. In the activation bundle (no validator).
import * as vscode from 'vscode';
import type { WorkspaceValue } from '../../core/permissions/workspace-values';

export interface SettingLayers<T> {
  /** The user's value, or the default. */
  user: T | undefined;
  /** The workspace's value, when a workspace sets one; only in a trusted workspace (VS Code ignores it otherwise). */
  workspace: WorkspaceValue<unknown> | undefined;
}

/** `key` is the full setting id, e.g. `relay.approvalMode`. */
export function settingLayers<T>(key: string): SettingLayers<T> {
  const inspected = vscode.workspace.getConfiguration().inspect<T>(key);
  const user = inspected?.globalLanguageValue ?? inspected?.globalValue ?? inspected?.defaultValue;
  if (!vscode.workspace.isTrusted || !inspected) return { user, workspace: undefined };
  // Most specific first, as VS Code resolves them.
  const layers: [unknown, string | undefined][] = [
    [inspected.workspaceFolderLanguageValue, folderSettingsFile()],
    [inspected.workspaceLanguageValue, workspaceSettingsFile()],
    [inspected.workspaceFolderValue, folderSettingsFile()],
    [inspected.workspaceValue, workspaceSettingsFile()],
  ];
  for (const [value, file] of layers) {
    if (value !== undefined) return { user, workspace: { setting: key, value, file: file ?? l10nFreeWorkspaceLabel() } };
  }
  return { user, workspace: undefined };
}

/** Where the workspace's own settings live: the `.code-workspace` file, or the single folder's settings.json. */
export function workspaceSettingsFile(): string | undefined {
  const file = vscode.workspace.workspaceFile;
  if (file && file.scheme !== 'untitled') return file.fsPath;
  return folderSettingsFile();
}

function folderSettingsFile(): string | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0];
  return folder ? vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json').fsPath : undefined;
}

/** An untitled multi-root workspace keeps its settings in VS Code's own storage; named the same in every language. */
function l10nFreeWorkspaceLabel(): string {
  return 'workspace settings';
}
