// The `.git` entries created in the workspace folders, as VS Code's file watcher reports them: the same reports its
// git extension opens new repositories from (a watcher on `**`, filtered for `/.git`), so Relay hears of a new one
// no later than the extension does, and half a second before it acts (control-audit.ts). A glob watcher is served
// from the workspace's own watch: listening costs no new watch, and stops with the command.
import * as vscode from 'vscode';
import type { CreatedPaths } from './control-audit';

export const workspaceCreatedGitEntries: CreatedPaths = (listener) => {
  const watcher = vscode.workspace.createFileSystemWatcher('**/.git', false, true, true);
  const created = watcher.onDidCreate((uri) => {
    if (uri.scheme === 'file') listener(uri.fsPath);
  });
  return () => {
    created.dispose();
    watcher.dispose();
  };
};
