// Shows a proposal in VS Code's own diff editors: one file in the diff editor (the current file on the left, a new
// file against an empty side, the editable proposal on the right, beside and without taking focus unless the
// user asked to review), several files in the multi-file diff editor (`vscode.changes`). Each hunk is accepted or
// rejected there (review-lenses.ts); this class keeps the open reviews.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import type { EditPreview, EditReviewer, PreviewOptions, ProposedFileChange } from '../../core/ports/edit-review';
import { ProposalReview, type ReviewHost } from './proposal-review';
import type { ProposalFileSystem } from '../editing/proposal-fs';

export class DiffPreviewer implements EditReviewer, ReviewHost, vscode.Disposable {
  private readonly open = new Set<ProposalReview>();
  /** Reviews shown in place of the file's editor (an inline edit) rather than beside it. */
  private readonly inPlace = new WeakSet<ProposalReview>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** A review opened, changed or closed. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly proposals: ProposalFileSystem) {
    this.subscriptions = [
      this.changed,
      // A review whose tabs are all closed ends undecided: a waiting approval asks again.
      vscode.window.tabGroups.onDidChangeTabs(() => {
        for (const review of this.open) review.noticeClosed();
      }),
    ];
  }

  async preview(id: string, changes: readonly ProposedFileChange[], options: PreviewOptions): Promise<EditPreview> {
    const review = new ProposalReview(id, options.title ?? titleFor(changes), changes, this.proposals, this, options.baseSide);
    this.open.add(review);
    if (options.placement === 'active') this.inPlace.add(review);
    this.subscriptions.push(review.onDidChange(() => this.changed.fire()));
    this.changed.fire();
    await this.show(review, options.focus);
    return review;
  }

  get reviews(): readonly ProposalReview[] {
    return [...this.open];
  }

  /** The review a proposal document belongs to, and which of its files it is. */
  find(uri: vscode.Uri): { review: ProposalReview; file: number } | undefined {
    for (const review of this.open) {
      const file = review.fileOf(uri);
      if (file >= 0) return { review, file };
    }
    return undefined;
  }

  async show(review: ProposalReview, focus: boolean): Promise<void> {
    const files = review.reviewed;
    if (files.length === 1) {
      const f = files[0]!;
      // Beside and, unless the user asked to review, without focus: the user's editor stays visible and keeps the
      // keyboard. With no editor open there is nothing to keep visible: a split would only halve the diff's width.
      // An inline edit (Ctrl+I) shows its diff in place of the file, where the person is working.
      const empty = vscode.window.tabGroups.activeTabGroup.tabs.length === 0 || this.inPlace.has(review);
      await vscode.commands.executeCommand('vscode.diff', f.left, f.right, review.title, {
        preserveFocus: !focus,
        preview: !focus,
        viewColumn: empty ? vscode.ViewColumn.Active : vscode.ViewColumn.Beside,
      } satisfies vscode.TextDocumentShowOptions);
      return;
    }
    // The multi-file diff editor opens in the active group and takes focus; for a preview the user did not ask
    // for, it goes to the side group and the keyboard goes back to where it was.
    const before = vscode.window.activeTextEditor;
    if (!focus) await vscode.commands.executeCommand('workbench.action.focusSideGroup');
    await vscode.commands.executeCommand(
      'vscode.changes',
      review.title,
      files.map((f) => [vscode.Uri.file(f.change.newPath ?? f.change.path), f.left, f.right]),
    );
    if (!focus && before) await vscode.window.showTextDocument(before.document, { viewColumn: before.viewColumn, preserveFocus: false, preview: false });
  }

  isShown(review: ProposalReview): boolean {
    const rights = new Set(review.reviewed.map((f) => f.right.toString()));
    return vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => showsAny(t, rights));
  }

  async closeTabs(review: ProposalReview): Promise<void> {
    const rights = new Set(review.reviewed.map((f) => f.right.toString()));
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => showsAny(t, rights));
    if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
  }

  forget(review: ProposalReview): void {
    this.open.delete(review);
    this.changed.fire();
  }

  dispose(): void {
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }
}

/** A diff tab of the proposal, or the multi-file diff tab holding it (its input type is not in the 1.95 API). */
function showsAny(tab: vscode.Tab, rights: ReadonlySet<string>): boolean {
  const input = tab.input as { modified?: vscode.Uri; textDiffs?: { modified: vscode.Uri }[] } | undefined;
  if (input instanceof vscode.TabInputTextDiff) return rights.has(input.modified.toString());
  return input?.textDiffs?.some((d) => rights.has(d.modified.toString())) ?? false;
}

function titleFor(changes: readonly ProposedFileChange[]): string {
  if (changes.length === 1) {
    const change = changes[0]!;
    const target = change.newPath ?? change.path;
    const name = target.split(/[\\/]/).pop() ?? target;
    switch (change.kind) {
      case 'create':
        return l10n.t('{0} (Relay: new file)', name);
      case 'delete':
        return l10n.t('{0} (Relay: deleted)', name);
      case 'move':
        return l10n.t('{0} (Relay: moved)', name);
      default:
        return l10n.t('{0} (Relay: proposed)', name);
    }
  }
  return l10n.t('Relay: proposed changes to {0} files', changes.length);
}
