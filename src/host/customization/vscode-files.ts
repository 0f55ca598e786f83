// Finding and watching customisation files in the extension: patterns under a fixed folder (`.cursor/rules/**`) are
// listed with Node (a few small folders); patterns that can match anywhere (`**/AGENTS.md`) go through VS Code's
// own file search, which honours `files.exclude` and is fast on large trees. Watchers follow every pattern.
import * as vscode from 'vscode';
import type { Disposable } from './customization-service';
import { NodeCustomizationFiles } from './node-files';
import { MAX_SCANNED_FILES, SKIPPED_FOLDERS } from './limits';

const EXCLUDE = `**/{${[...SKIPPED_FOLDERS].join(',')}}/**`;

export class VscodeCustomizationFiles extends NodeCustomizationFiles {
  constructor(private readonly folders: () => readonly string[]) {
    super(folders);
  }

  protected override async filesUnder(root: string, base: string): Promise<string[]> {
    if (base !== '') return super.filesUnder(root, base);
    const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(root, '**/*.{md,mdc,txt}'), EXCLUDE, MAX_SCANNED_FILES);
    return uris.map((uri) => uri.fsPath);
  }

  override watch(patterns: readonly string[], userPatterns: readonly string[], changed: () => void): Disposable {
    const watchers: vscode.FileSystemWatcher[] = [];
    for (const root of this.folders()) for (const pattern of patterns) watchers.push(vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(root, pattern)));
    for (const pattern of userPatterns) watchers.push(vscode.workspace.createFileSystemWatcher(pattern));
    const subscriptions = watchers.flatMap((watcher) => [watcher.onDidCreate(changed), watcher.onDidChange(changed), watcher.onDidDelete(changed)]);
    return {
      dispose: () => {
        for (const item of [...subscriptions, ...watchers]) item.dispose();
      },
    };
  }
}
