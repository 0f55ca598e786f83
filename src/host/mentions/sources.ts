// The VS Code side of each mention kind: diagnostics, the terminal recorder, the workspace folders' uncommitted
// changes (Relay's hardened git, uncommitted-changes.ts), and the active editor's selection.
import * as vscode from 'vscode';
import type { MentionSources, ProblemEntry, SelectionText, TerminalOutput } from '../../core/ports/mention-sources';
import { type ReadPolicy, WorkspaceMentionPaths } from '../../core/mentions/workspace-paths';
import type { ToolServices } from '../../tools';
import type { TerminalRecorder } from './terminal-recorder';
import { uncommittedChangesIn } from './uncommitted-changes';

/** `readPolicy`: read_file's path policy (symlinks resolved, outside the workspace, sensitive files), asked per path. */
export function createMentionSources(services: ToolServices, terminal: TerminalRecorder, readPolicy: ReadPolicy, signal: AbortSignal): MentionSources {
  return {
    paths: new WorkspaceMentionPaths(services.files, services.search, readPolicy, signal),
    problems: async () => problems(services),
    lastTerminalCommand: async (): Promise<TerminalOutput | undefined> => terminal.lastCommand,
    uncommittedChanges: () =>
      uncommittedChangesIn(
        (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath),
        (path) => vscode.workspace.asRelativePath(vscode.Uri.file(path), moreThanOneFolder()),
      ),
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

function moreThanOneFolder(): boolean {
  return (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
}
