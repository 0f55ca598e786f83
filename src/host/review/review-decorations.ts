// Per-hunk actions that show with VS Code's default settings. The diff editor draws CodeLens only when the user
// turns on `diffEditor.codeLens` (off by default), and the diff editor's own hunk toolbar menus
// (`diffEditor/gutter/hunk`) are a proposed API a published extension cannot use. So each hunk of a proposal also
// gets a label at the end of its first line ("Change 1/2 · hover to review", short enough to show whole beside a
// line in an editor beside the side bar), and hovering the label or
// any line of the hunk shows Accept / Reject / Reject with Reason as clickable links. When the user has the
// lenses on, the label steps aside and the hover stays.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import type { DiffPreviewer } from './diff-preview';
import { PROPOSAL_SCHEME } from '../editing/proposal-fs';
import { REVIEW_COMMANDS } from './review-lenses';
import type { ProposalReview } from './proposal-review';

const LINK_COMMANDS = [REVIEW_COMMANDS.acceptHunk, REVIEW_COMMANDS.rejectHunk, REVIEW_COMMANDS.rejectHunkWithReason, REVIEW_COMMANDS.acceptFile, REVIEW_COMMANDS.rejectFile];

export class ReviewDecorations implements vscode.Disposable {
  private readonly label = vscode.window.createTextEditorDecorationType({
    after: { margin: '0 0 0 2.5em', color: new vscode.ThemeColor('editorCodeLens.foreground') },
    rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
  });
  /** The same hover over the hunk's other lines: no rendering of its own. */
  private readonly hover = vscode.window.createTextEditorDecorationType({});
  private readonly subscriptions: vscode.Disposable[];
  private scheduled: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly previews: DiffPreviewer) {
    this.subscriptions = [
      this.label,
      this.hover,
      previews.onDidChange(() => this.schedule()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.schedule()),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.scheme === PROPOSAL_SCHEME) this.schedule();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('diffEditor.codeLens')) this.schedule();
      }),
    ];
    this.schedule();
  }

  /** One refresh for a burst of changes (a rejection edits the document and changes a decision at once). */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = setTimeout(() => {
      this.scheduled = undefined;
      this.refresh();
    }, 0);
  }

  private refresh(): void {
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor.document.uri.scheme !== PROPOSAL_SCHEME) continue;
      const found = this.previews.find(editor.document.uri);
      if (!found || found.review.isDisposed) {
        editor.setDecorations(this.label, []);
        editor.setDecorations(this.hover, []);
        continue;
      }
      const { labels, hovers } = this.decorationsFor(editor.document, found.review, found.file);
      editor.setDecorations(this.label, labels);
      editor.setDecorations(this.hover, hovers);
    }
  }

  private decorationsFor(document: vscode.TextDocument, review: ProposalReview, file: number): { labels: vscode.DecorationOptions[]; hovers: vscode.DecorationOptions[] } {
    const lensesShown = vscode.workspace.getConfiguration('diffEditor', document).get<boolean>('codeLens') === true;
    const decisions = review.reviewed[file]!.decisions;
    const uri = document.uri.toString();
    const last = Math.max(document.lineCount - 1, 0);
    const labels: vscode.DecorationOptions[] = [];
    const hovers: vscode.DecorationOptions[] = [];
    for (const hunk of review.locate(file)) {
      // Put back to its original lines by hand (the gutter's Revert, or typing): what is applied counts it rejected.
      const decision = hunk.reverted && decisions[hunk.index] !== 'rejected' ? 'reverted' : decisions[hunk.index];
      const label = `${hunk.index + 1}/${decisions.length}`;
      const first = Math.min(hunk.start, last);
      const hoverMessage = hoverFor(uri, hunk.index, label, decision, review.reviewed.length > 1);
      const text =
        decision === 'accepted'
          ? `✓ ${l10n.t('Change {0} accepted', label)}`
          : decision === 'rejected'
            ? `✗ ${l10n.t('Change {0} rejected', label)}`
            : decision === 'reverted'
              ? `↩ ${l10n.t('Change {0} put back to the original', label)}`
              : l10n.t('Change {0} · hover to review', label);
      labels.push({
        range: document.lineAt(first).range,
        hoverMessage,
        ...(lensesShown ? {} : { renderOptions: { after: { contentText: text } } }),
      });
      const end = Math.min(hunk.end, document.lineCount);
      if (end - 1 > first) hovers.push({ range: new vscode.Range(first + 1, 0, end - 1, document.lineAt(end - 1).text.length), hoverMessage });
    }
    return { labels, hovers };
  }

  dispose(): void {
    if (this.scheduled) clearTimeout(this.scheduled);
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }
}

function hoverFor(uri: string, hunk: number, label: string, decision: string | undefined, multiFile: boolean): vscode.MarkdownString {
  const link = (title: string, command: string, args: unknown[]) => `[${title}](command:${command}?${encodeURIComponent(JSON.stringify(args))})`;
  const sep = ' &nbsp;·&nbsp; ';
  const lines: string[] = [];
  if (decision === 'accepted') {
    lines.push(l10n.t('**Change {0}** accepted.', label), link(`$(close) ${l10n.t('Reject instead')}`, REVIEW_COMMANDS.rejectHunk, [uri, hunk]));
  } else if (decision === 'rejected') {
    lines.push(l10n.t('**Change {0}** rejected: the original lines stay.', label));
  } else if (decision === 'reverted') {
    lines.push(l10n.t('**Change {0}** is back to the original lines and counts as rejected; Undo brings it back.', label));
  } else {
    // Two lines, the name beside its actions: a hover opens above its line, and a taller one covered the previous
    // hunk's label.
    lines.push(
      [
        l10n.t('**Change {0}**', label),
        link(`$(check) ${l10n.t('Accept')}`, REVIEW_COMMANDS.acceptHunk, [uri, hunk]),
        link(`$(close) ${l10n.t('Reject')}`, REVIEW_COMMANDS.rejectHunk, [uri, hunk]),
        link(l10n.t('Reject with Reason…'), REVIEW_COMMANDS.rejectHunkWithReason, [uri, hunk]),
      ].join(sep),
      l10n.t('Keyboard: Ctrl+Alt+Y accept · Ctrl+Alt+N reject · Ctrl+Alt+] next change'),
    );
  }
  if (multiFile) {
    lines.push([link(`$(check-all) ${l10n.t('Accept File')}`, REVIEW_COMMANDS.acceptFile, [uri]), link(`$(close-all) ${l10n.t('Reject File')}`, REVIEW_COMMANDS.rejectFile, [uri])].join(sep));
  }
  const md = new vscode.MarkdownString(lines.join('\n\n'), true);
  md.isTrusted = { enabledCommands: LINK_COMMANDS };
  return md;
}
