// Opens a `path:line` reference the user clicked in the chat (webview/render/file-links.ts): only a file inside
// the workspace, at the line (or the range) it names. A path outside the workspace is refused and a missing file
// is said, each in a note; nothing else opens. Relative paths are tried against each workspace folder in turn.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import { isInWorkspace, resolveToolPath } from '../../tools/paths';

export interface FileReferenceRequest {
  path: string;
  line: number;
  endLine?: number;
}

export type FileReferenceOutcome = 'opened' | 'outside' | 'missing' | 'invalid';

export async function openFileReference(reference: FileReferenceRequest, notify: (message: string) => void): Promise<FileReferenceOutcome> {
  const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  const candidates = candidatePaths(reference.path, roots);
  if (candidates === undefined) {
    notify(l10n.t('Relay cannot open "{0}": it is not a path to a file.', reference.path));
    return 'invalid';
  }
  const inside = candidates.filter((candidate) => isInWorkspace(candidate, roots));
  if (inside.length === 0) {
    notify(l10n.t('Relay opens only files inside the workspace; "{0}" is outside it.', reference.path));
    return 'outside';
  }
  for (const candidate of inside) {
    const uri = vscode.Uri.file(candidate);
    if (!(await isFile(uri))) continue;
    const first = reference.line - 1;
    const last = Math.max(first, (reference.endLine ?? reference.line) - 1);
    const selection = new vscode.Range(first, 0, last, 0);
    await vscode.window.showTextDocument(uri, { selection, preview: true });
    return 'opened';
  }
  notify(l10n.t('"{0}" does not exist in the workspace.', reference.path));
  return 'missing';
}

/** Absolute paths the reference may mean: itself when absolute, else against each folder; undefined when refused. */
function candidatePaths(path: string, roots: readonly string[]): string[] | undefined {
  try {
    const first = resolveToolPath(path, roots);
    const others = roots.slice(1).map((root) => resolveToolPath(path, [root]));
    return [...new Set([first, ...others])];
  } catch {
    return undefined;
  }
}

async function isFile(uri: vscode.Uri): Promise<boolean> {
  try {
    return (await vscode.workspace.fs.stat(uri)).type === vscode.FileType.File;
  } catch {
    return false;
  }
}
