// Finding and watching customisation files in the extension: patterns under a fixed folder (`.cursor/rules/**`) are
// listed with Node (a few small folders); patterns that can match anywhere (`**/AGENTS.md`) go through VS Code's
// own file search with the patterns themselves, skipping dependency and build folders, which is fast on large trees.
// Watchers follow every pattern, the user-level ones from their own folders.
import { basename, dirname } from 'node:path';
import picomatch from 'picomatch';
import * as vscode from 'vscode';
import type { Disposable } from './customization-service';
import { NodeCustomizationFiles } from './node-files';
import { MAX_SCANNED_FILES, SKIPPED_FOLDERS } from './limits';

const EXCLUDE = `**/{${[...SKIPPED_FOLDERS].join(',')}}/**`;

export class VscodeCustomizationFiles extends NodeCustomizationFiles {
  constructor(private readonly folders: () => readonly string[]) {
    super(folders);
  }

  protected override async filesUnder(root: string, base: string, patterns: readonly string[]): Promise<string[]> {
    if (base !== '') return super.filesUnder(root, base, patterns);
    // The patterns themselves: `.roorules-*` has no extension, and `**\/*.md` would list every document.
    const glob = patterns.length === 1 ? patterns[0]! : `{${patterns.join(',')}}`;
    const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(root, glob), EXCLUDE, MAX_SCANNED_FILES);
    return uris.map((uri) => uri.fsPath);
  }

  override watch(patterns: readonly string[], userPatterns: readonly string[], changed: () => void): Disposable {
    const watchers: vscode.FileSystemWatcher[] = [];
    for (const root of this.folders()) for (const pattern of patterns) watchers.push(vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(root, pattern)));
    // A string glob only ever matches inside the workspace folders: a user-level pattern is watched from its folder.
    for (const pattern of userPatterns) {
      const { base, glob } = picomatch.scan(pattern);
      const where = glob === '' ? new vscode.RelativePattern(vscode.Uri.file(dirname(base)), basename(base)) : new vscode.RelativePattern(vscode.Uri.file(base), glob);
      watchers.push(vscode.workspace.createFileSystemWatcher(where));
    }
    const subscriptions = watchers.flatMap((watcher) => [watcher.onDidCreate(changed), watcher.onDidChange(changed), watcher.onDidDelete(changed)]);
    return {
      dispose: () => {
        for (const item of [...subscriptions, ...watchers]) item.dispose();
      },
    };
  }
}
