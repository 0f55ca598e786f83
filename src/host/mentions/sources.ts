// The VS Code side of each mention kind: diagnostics, the terminal recorder, the built-in git extension's API
// (its diff, when the extension and a repository are there), and the active editor's selection.
import * as vscode from 'vscode';
import type { MentionSources, ProblemEntry, SelectionText, TerminalOutput } from '../../core/ports/mention-sources';
import { type ReadPolicy, WorkspaceMentionPaths } from '../../core/mentions/workspace-paths';
import type { ToolServices } from '../../tools';
import type { TerminalRecorder } from './terminal-recorder';

/** `readPolicy`: read_file's path policy (symlinks resolved, outside the workspace, sensitive files), asked per path. */
export function createMentionSources(services: ToolServices, terminal: TerminalRecorder, readPolicy: ReadPolicy, signal: AbortSignal): MentionSources {
  return {
    paths: new WorkspaceMentionPaths(services.files, services.search, readPolicy, signal),
    problems: async () => problems(services),
    lastTerminalCommand: async (): Promise<TerminalOutput | undefined> => terminal.lastCommand,
    uncommittedChanges: () => uncommittedChanges(),
    selection: async () => selection(),
  };
}

function problems(services: ToolServices): ProblemEntry[] {
  const out: ProblemEntry[] = [];
  for (const [path, diagnostics] of services.diagnostics.all()) {
    const shown = vscode.workspace.asRelativePath(vscode.Uri.file(path), moreThanOneFolder());
    for (const d of diagnostics) {
      out.push({
        path: shown,
        line: d.range.start.line + 1,
        column: d.range.start.character + 1,
        severity: d.severity,
        message: d.message,
        ...(d.source ? { source: d.source } : {}),
      });
    }
  }
  return out;
}

function selection(): SelectionText | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.selection.isEmpty) return undefined;
  const { start, end } = editor.selection;
  return {
    path: vscode.workspace.asRelativePath(editor.document.uri, moreThanOneFolder()),
    startLine: start.line + 1,
    endLine: end.character === 0 && end.line > start.line ? end.line : end.line + 1,
    text: editor.document.getText(editor.selection),
  };
}

/** The part of the git extension's API (extensions/git/src/api/git.d.ts, version 1) this file uses. */
interface GitRepository {
  rootUri: vscode.Uri;
  diff(cached?: boolean): Promise<string>;
  state: { workingTreeChanges: { uri: vscode.Uri; status: number }[]; untrackedChanges?: { uri: vscode.Uri }[] };
}
interface GitApi {
  repositories: GitRepository[];
}

/** Status 7 is UNTRACKED in the API's Status enum. */
const UNTRACKED = 7;

async function uncommittedChanges(): Promise<string | undefined> {
  const extension = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
  if (!extension) return undefined;
  const api = (extension.isActive ? extension.exports : await extension.activate()).getAPI(1);
  const folders = vscode.workspace.workspaceFolders ?? [];
  const repositories = api.repositories.filter((r) => folders.some((f) => isInside(r.rootUri, f.uri) || isInside(f.uri, r.rootUri)));
  if (repositories.length === 0) return undefined;
  const pieces: string[] = [];
  for (const repository of repositories) {
    const [staged, unstaged] = await Promise.all([repository.diff(true), repository.diff(false)]);
    if (staged.trim()) pieces.push(`# Staged\n${staged.trimEnd()}`);
    if (unstaged.trim()) pieces.push(`# Not staged\n${unstaged.trimEnd()}`);
    const untracked = [
      ...(repository.state.untrackedChanges ?? []),
      ...repository.state.workingTreeChanges.filter((c) => c.status === UNTRACKED),
    ].map((c) => vscode.workspace.asRelativePath(c.uri, moreThanOneFolder()));
    if (untracked.length) pieces.push(`# Untracked files\n${[...new Set(untracked)].join('\n')}`);
  }
  return pieces.join('\n\n');
}

function isInside(child: vscode.Uri, parent: vscode.Uri): boolean {
  const p = parent.path.endsWith('/') ? parent.path : `${parent.path}/`;
  return child.scheme === parent.scheme && (child.path === parent.path || child.path.startsWith(p));
}

function moreThanOneFolder(): boolean {
  return (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
}
