// One tool call's proposal under review: its files in the proposal file system (right side, editable), the
// user's decision on each hunk, and the review's end. Rejecting a hunk reverts it in the proposal document itself
// (one edit the user can see and undo), so the diff on screen is always what will be applied.
import * as vscode from 'vscode';
import { locateHunks, resolveReview, reviewBasis, type LocatedHunk, type ReviewBasis } from '../../core/edit';
import type { EditPreview, FileReview, HunkDecision, ProposedFileChange, ReviewEnd } from '../../core/ports/edit-review';
import { minimalEdits } from '../editing/minimal-edits';
import { PROPOSAL_SCHEME, proposalUri, type ProposalFileSystem } from '../editing/proposal-fs';

export interface ReviewedFile {
  change: ProposedFileChange;
  /** The base side: the file itself, or an empty proposal document for a new file. */
  left: vscode.Uri;
  /** The editable proposal. */
  right: vscode.Uri;
  base: string;
  proposed: string;
  decisions: HunkDecision[];
  /** base and proposed split into lines and their hunks, computed once: every lens refresh and rejection reuses them. */
  basis: ReviewBasis;
}

export interface ReviewHost {
  /** Shows the review: one diff editor, or the multi-file diff editor for several files. */
  show(review: ProposalReview, focus: boolean): Promise<void>;
  /** Closes every tab showing the review. */
  closeTabs(review: ProposalReview): Promise<void>;
  /** Whether any tab still shows the review. */
  isShown(review: ProposalReview): boolean;
  forget(review: ProposalReview): void;
}

export class ProposalReview implements EditPreview {
  readonly reviewed: ReviewedFile[];
  private rejectionReason: string | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a decision changes: lenses, context keys and waiters look again. */
  readonly onDidChange = this.changed.event;
  private waiters: ((end: ReviewEnd) => void)[] = [];
  private disposed = false;

  constructor(
    readonly id: string,
    readonly title: string,
    changes: readonly ProposedFileChange[],
    private readonly proposals: ProposalFileSystem,
    private readonly host: ReviewHost,
    /** `text`: the left side is `baseText` in the proposal file system (a task's base), not the file on disk. */
    baseSide: 'file' | 'text' = 'file',
  ) {
    this.reviewed = changes.map((change, i) => {
      const target = change.newPath ?? change.path;
      const fileId = i === 0 ? id : `${id}-${i}`;
      const right = proposalUri(fileId, target);
      const base = change.baseText ?? '';
      const proposed = change.proposedText ?? '';
      proposals.write(right, proposed);
      let left = vscode.Uri.file(change.path);
      if (change.kind === 'create' || change.baseText === undefined) {
        left = proposalUri(`${fileId}-empty`, target);
        proposals.write(left, '');
      } else if (baseSide === 'text') {
        left = proposalUri(`${fileId}-base`, change.path);
        proposals.write(left, base);
      }
      const basis = reviewBasis(base, proposed);
      return { change, left, right, base, proposed, decisions: basis.hunks.map((): HunkDecision => 'pending'), basis };
    });
  }

  files(): FileReview[] {
    return this.reviewed.map((f) => ({ text: this.currentText(f), decisions: [...f.decisions] }));
  }

  reason(): string | undefined {
    return this.rejectionReason;
  }

  reveal(focus: boolean): Promise<void> {
    return this.host.show(this, focus);
  }

  settled(signal: AbortSignal): Promise<ReviewEnd> {
    if (this.allDecided()) return Promise.resolve('decided');
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<ReviewEnd>((resolve, reject) => {
      const onAbort = () => {
        this.waiters = this.waiters.filter((w) => w !== done);
        reject(signal.reason);
      };
      const done = (end: ReviewEnd) => {
        signal.removeEventListener('abort', onAbort);
        resolve(end);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(done);
    });
  }

  /** The review's tabs were closed: a waiting approval asks again (hunks still undecided). */
  noticeClosed(): void {
    if (!this.host.isShown(this)) this.finish('closed');
  }

  get pending(): number {
    return this.reviewed.reduce((n, f) => n + f.decisions.filter((d) => d === 'pending').length, 0);
  }

  fileOf(uri: vscode.Uri): number {
    return this.reviewed.findIndex((f) => f.right.toString() === uri.toString());
  }

  /** Where each hunk of a file sits in its proposal document now. */
  locate(file: number): LocatedHunk[] {
    const f = this.reviewed[file]!;
    return locateHunks(f.base, f.proposed, this.currentText(f) ?? f.proposed, rejectedOf(f), f.basis);
  }

  accept(file: number, hunks: readonly number[]): void {
    const f = this.reviewed[file];
    if (!f) return;
    for (const h of hunks) if (f.decisions[h] === 'pending') f.decisions[h] = 'accepted';
    this.decided();
  }

  /** Reverts the hunks in the proposal document (one undoable edit) and records the rejection. */
  async reject(file: number, hunks: readonly number[], reason?: string): Promise<void> {
    const f = this.reviewed[file];
    if (!f) return;
    const reject = hunks.filter((h) => f.decisions[h] !== undefined && f.decisions[h] !== 'rejected');
    if (reason?.trim()) this.rejectionReason = reason.trim();
    if (reject.length === 0) return void this.decided();
    const doc = await vscode.workspace.openTextDocument(f.right);
    const current = doc.getText();
    const next = resolveReview({ base: f.base, proposed: f.proposed, current, reverted: rejectedOf(f), reject, basis: f.basis }).text;
    const edit = new vscode.WorkspaceEdit();
    for (const e of minimalEdits(current, next)) edit.replace(f.right, new vscode.Range(doc.positionAt(e.start), doc.positionAt(e.end)), e.text);
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error('VS Code refused to revert the hunk in the proposal');
    for (const h of reject) f.decisions[h] = 'rejected';
    // Saved into the in-memory proposal file system only: closing the diff later asks nothing.
    await doc.save();
    this.decided();
  }

  acceptAll(): void {
    this.reviewed.forEach((f, i) => this.accept(i, f.decisions.map((_, h) => h)));
  }

  async rejectAll(reason?: string): Promise<void> {
    for (const [i, f] of this.reviewed.entries()) await this.reject(i, f.decisions.map((_, h) => h), reason);
  }

  async close(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    for (const f of this.reviewed) {
      // Saving a user-edited proposal into our memory file system keeps VS Code from asking about it on close.
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === f.right.toString());
      if (doc?.isDirty) await doc.save();
    }
    await this.host.closeTabs(this);
    for (const f of this.reviewed) {
      this.proposals.forget(f.right);
      if (f.left.scheme === PROPOSAL_SCHEME) this.proposals.forget(f.left);
    }
    this.host.forget(this);
    this.finish('closed');
    this.changed.dispose();
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  private currentText(f: ReviewedFile): string | undefined {
    // An open proposal document holds the user's edits even before they save it.
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === f.right.toString());
    return doc ? doc.getText() : this.proposals.read(f.right);
  }

  private allDecided(): boolean {
    return this.pending === 0;
  }

  private decided(): void {
    if (this.disposed) return;
    this.changed.fire();
    if (this.allDecided()) this.finish('decided');
  }

  private finish(end: ReviewEnd): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w(end);
  }
}

function rejectedOf(f: ReviewedFile): number[] {
  return f.decisions.flatMap((d, i) => (d === 'rejected' ? [i] : []));
}
