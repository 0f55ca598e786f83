// Shows a proposal in VS Code's own diff editor: the current file on the left (a new file against an empty
// side), the editable proposal on the right, opened without taking focus so the user's typing stays put.
import * as vscode from 'vscode';
import type { EditPreview, EditReviewer, ProposedFileChange } from '../core/ports/edit-review';
import { PROPOSAL_SCHEME, type ProposalFileSystem } from './proposal-fs';

export class DiffPreviewer implements EditReviewer {
  constructor(private readonly proposals: ProposalFileSystem) {}

  async preview(id: string, change: ProposedFileChange): Promise<EditPreview> {
    const target = change.newPath ?? change.path;
    const right = proposalUri(id, target);
    this.proposals.write(right, change.proposedText ?? '');
    let left: vscode.Uri;
    if (change.kind === 'create' || change.baseText === undefined) {
      left = proposalUri(`${id}-empty`, target);
      this.proposals.write(left, '');
    } else {
      left = vscode.Uri.file(change.path);
    }
    const name = target.split(/[\\/]/).pop() ?? target;
    const verb = { create: 'new file', update: 'proposed', delete: 'deleted', move: 'moved' }[change.kind];
    // Beside and without focus: the user's editor stays visible and keeps the keyboard.
    await vscode.commands.executeCommand('vscode.diff', left, right, `${name} (Relay: ${verb})`, {
      preserveFocus: true,
      preview: true,
      viewColumn: vscode.ViewColumn.Beside,
    } satisfies vscode.TextDocumentShowOptions);
    const proposals = this.proposals;
    return {
      acceptedText() {
        // An open proposal document holds the user's edits even before they save it.
        const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === right.toString());
        return doc ? doc.getText() : proposals.read(right);
      },
      async close() {
        // Saving a user-edited proposal into our memory file system keeps VS Code from asking about it on close.
        const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === right.toString());
        if (doc?.isDirty) await doc.save();
        await closeDiffTabs(right);
        proposals.forget(right);
        if (left.scheme === PROPOSAL_SCHEME) proposals.forget(left);
      },
    };
  }
}

export function proposalUri(id: string, absolutePath: string): vscode.Uri {
  const path = absolutePath.replace(/\\/g, '/').replace(/^\/?/, '/');
  return vscode.Uri.from({ scheme: PROPOSAL_SCHEME, path: `/${encodeURIComponent(id)}${path}` });
}

async function closeDiffTabs(modified: vscode.Uri): Promise<void> {
  const tabs = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === modified.toString());
  if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
}
