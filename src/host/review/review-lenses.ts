// Per-hunk review in the diff editor: CodeLens over each hunk of a proposal (Accept, Reject, Reject with Reason),
// a file lens for multi-file proposals, the commands behind them and their keybindings (the `when` clause reads
// the relay.reviewingProposal context key kept here), and Accept All / Reject All in the editor title.
// Any extension can run these commands with any argument (vscode.commands.executeCommand), so a command acts only on
// the proposal on screen: with no argument (keybinding, title button, palette) the one in the active editor or tab;
// with a lens's argument, that proposal only while it is shown, and an accept on one the user is not in (a preview
// beside, not focused) asks first. Never the newest proposal somewhere else, never an invented hunk.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import type { DiffPreviewer } from './diff-preview';
import { PROPOSAL_SCHEME } from '../editing/proposal-fs';
import type { ProposalReview } from './proposal-review';
import { askUnasked } from '../dialogs/modal';

export const REVIEW_CONTEXT_KEY = 'relay.reviewingProposal';

export const REVIEW_COMMANDS = {
  acceptHunk: 'relay.review.acceptHunk',
  rejectHunk: 'relay.review.rejectHunk',
  rejectHunkWithReason: 'relay.review.rejectHunkWithReason',
  nextHunk: 'relay.review.nextHunk',
  acceptFile: 'relay.review.acceptFile',
  rejectFile: 'relay.review.rejectFile',
  acceptAll: 'relay.review.acceptAll',
  rejectAll: 'relay.review.rejectAll',
} as const;

interface Target {
  review: ProposalReview;
  file: number;
  /** The hunk under (or after) the cursor that is still open to a decision; undefined when none is. */
  hunk: number | undefined;
  /** Shown in the active editor or tab (what the user is in), not only somewhere on screen. */
  active: boolean;
}

export class ReviewLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly subscriptions: vscode.Disposable[];
  private reviewing: boolean | undefined;

  constructor(private readonly previews: DiffPreviewer) {
    this.subscriptions = [
      this.lensesChanged,
      vscode.languages.registerCodeLensProvider({ scheme: PROPOSAL_SCHEME }, this),
      previews.onDidChange(() => {
        this.lensesChanged.fire();
        this.updateContext();
      }),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateContext()),
      vscode.window.tabGroups.onDidChangeTabs(() => this.updateContext()),
    ];
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const found = this.previews.find(document.uri);
    if (!found) return [];
    const { review, file } = found;
    const uri = document.uri.toString();
    const decisions = review.reviewed[file]!.decisions;
    const lenses: vscode.CodeLens[] = [];
    const top = new vscode.Range(0, 0, 0, 0);
    if (review.reviewed.length > 1 && decisions.some((d) => d === 'pending')) {
      lenses.push(
        new vscode.CodeLens(top, { title: `$(check-all) ${l10n.t('Accept File')}`, command: REVIEW_COMMANDS.acceptFile, arguments: [uri], tooltip: l10n.t('Accept every change to this file') }),
        new vscode.CodeLens(top, { title: `$(close-all) ${l10n.t('Reject File')}`, command: REVIEW_COMMANDS.rejectFile, arguments: [uri], tooltip: l10n.t('Keep this file as it is') }),
      );
    }
    for (const hunk of review.locate(file)) {
      const decision = decisions[hunk.index];
      const line = Math.min(hunk.start, Math.max(document.lineCount - 1, 0));
      const at = new vscode.Range(line, 0, line, 0);
      const label = `${hunk.index + 1}/${decisions.length}`;
      if (decision === 'rejected') {
        lenses.push(new vscode.CodeLens(at, { title: `$(discard) ${l10n.t('Change {0} rejected', label)}`, command: '' }));
        continue;
      }
      if (hunk.reverted) {
        // Typed back to the original (the gutter's Revert does that): applied as a rejection, Undo brings it back.
        lenses.push(new vscode.CodeLens(at, { title: `$(discard) ${l10n.t('Change {0} put back to the original', label)}`, command: '' }));
        continue;
      }
      if (decision === 'accepted') lenses.push(new vscode.CodeLens(at, { title: `$(pass-filled) ${l10n.t('Change {0} accepted', label)}`, command: '' }));
      else {
        const title = `$(check) ${l10n.t('Accept change {0}', label)}`;
        lenses.push(new vscode.CodeLens(at, { title, command: REVIEW_COMMANDS.acceptHunk, arguments: [uri, hunk.index], tooltip: l10n.t('Accept this change (Ctrl+Alt+Y)') }));
      }
      lenses.push(
        new vscode.CodeLens(at, { title: `$(close) ${l10n.t('Reject')}`, command: REVIEW_COMMANDS.rejectHunk, arguments: [uri, hunk.index], tooltip: l10n.t('Keep the original lines here (Ctrl+Alt+N)') }),
        new vscode.CodeLens(at, { title: l10n.t('Reject with Reason…'), command: REVIEW_COMMANDS.rejectHunkWithReason, arguments: [uri, hunk.index], tooltip: l10n.t('Reject, and tell Relay why') }),
      );
    }
    return lenses;
  }

  /** The command handlers, by id (registered at activation through the runtime's command table). */
  handlers(): Record<(typeof REVIEW_COMMANDS)[keyof typeof REVIEW_COMMANDS], (...args: unknown[]) => unknown> {
    return {
      [REVIEW_COMMANDS.acceptHunk]: (uri?: unknown, hunk?: unknown) => this.onHunk(uri, hunk, (t, h) => t.review.accept(t.file, [h]), 'accept'),
      [REVIEW_COMMANDS.rejectHunk]: (uri?: unknown, hunk?: unknown) => this.onHunk(uri, hunk, (t, h) => t.review.reject(t.file, [h])),
      [REVIEW_COMMANDS.rejectHunkWithReason]: (uri?: unknown, hunk?: unknown) =>
        this.onHunk(uri, hunk, async (t, h) => {
          const reason = await askReason(l10n.t('Reject this change'));
          if (reason !== undefined) await t.review.reject(t.file, [h], reason);
        }),
      [REVIEW_COMMANDS.nextHunk]: () => this.nextHunk(),
      [REVIEW_COMMANDS.acceptFile]: (uri?: unknown) => this.onFile(uri, (t) => t.review.accept(t.file, t.review.reviewed[t.file]!.decisions.map((_, i) => i)), 'accept'),
      [REVIEW_COMMANDS.rejectFile]: (uri?: unknown) => this.onFile(uri, (t) => t.review.reject(t.file, t.review.reviewed[t.file]!.decisions.map((_, i) => i))),
      [REVIEW_COMMANDS.acceptAll]: (uri?: unknown) => this.onFile(uri, (t) => t.review.acceptAll(), 'accept all'),
      [REVIEW_COMMANDS.rejectAll]: (uri?: unknown) =>
        this.onFile(uri, async (t) => {
          const reason = await askReason(l10n.t('Reject all changes'));
          if (reason !== undefined) await t.review.rejectAll(reason);
        }),
    };
  }

  private async onHunk(uri: unknown, hunk: unknown, act: (t: Target, hunk: number) => unknown, accepting?: 'accept'): Promise<void> {
    const target = this.target(uri, hunk);
    if (target?.hunk === undefined) return;
    if (accepting && !(await this.mayAccept(target, accepting))) return;
    await act(target, target.hunk);
    if (!target.review.isDisposed && target.review.pending > 0) await this.nextHunk(target);
  }

  private async onFile(uri: unknown, act: (t: Target) => unknown, accepting?: 'accept' | 'accept all'): Promise<void> {
    const target = this.target(uri, undefined);
    if (!target) return;
    if (accepting && !(await this.mayAccept(target, accepting))) return;
    await act(target);
  }

  /**
   * An accept on the proposal the user is in (focused editor or tab: their keybinding, title button or lens click)
   * goes ahead; one named by an argument while the user is elsewhere (the preview beside, not focused) is what
   * another extension would send: it asks, naming the file, and Escape or a host without dialogs keeps it pending.
   */
  private async mayAccept(target: Target, what: 'accept' | 'accept all'): Promise<boolean> {
    if (target.active) return true;
    const review = target.review;
    const path = review.reviewed[target.file]!.change.newPath ?? review.reviewed[target.file]!.change.path;
    const accept = what === 'accept all' ? l10n.t('Accept All') : l10n.t('Accept');
    const keep = l10n.t('Keep Pending');
    // Enter shows the proposal (the question comes back with it behind), Escape keeps it pending.
    const look = { title: l10n.t('Show Change'), show: () => this.previews.show(review, true) };
    const answer = await askUnasked(
      {
        level: 'warning',
        message: what === 'accept all' ? l10n.t('Accept every change Relay proposed in "{0}"?', review.title) : l10n.t('Accept Relay\'s change to {0}?', path),
        detail: l10n.t('A command asked to accept a proposal you are not looking at. You did not click it in the diff editor: another extension may have run the command. The change stays pending unless you accept.'),
        actions: [accept],
      },
      look,
      keep,
    ).catch(() => keep);
    return answer === accept;
  }

  /** Moves the cursor to the next undecided hunk of the file (wrapping), revealing it. */
  private async nextHunk(target = this.target(undefined, undefined)): Promise<void> {
    if (!target) return;
    const right = target.review.reviewed[target.file]!.right;
    const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === right.toString());
    if (!editor) return;
    const decisions = target.review.reviewed[target.file]!.decisions;
    const open = target.review.locate(target.file).filter((h) => decisions[h.index] === 'pending');
    const cursor = editor.selection.active.line;
    const next = open.find((h) => h.start > cursor) ?? open[0];
    if (!next) return;
    const position = new vscode.Position(Math.min(next.start, Math.max(editor.document.lineCount - 1, 0)), 0);
    editor.selection = new vscode.Selection(position, position);
    editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  /**
   * The proposal a command acts on: with an argument (a lens), the proposal it names if it is shown; without, the one
   * in the active editor or tab. Nothing else: an argument naming a proposal that is not on screen, a hunk that does
   * not exist or a malformed argument acts on nothing (and says so).
   */
  private target(uri: unknown, hunk: unknown): Target | undefined {
    const onScreen = proposalsOnScreen();
    let found: { review: ProposalReview; file: number } | undefined;
    let active = false;
    if (uri !== undefined && !(uri instanceof vscode.Uri && uri.scheme !== PROPOSAL_SCHEME)) {
      // A lens's argument (the proposal document's URI as a string). The title button passes the editor's resource:
      // a proposal's URI in a single diff; in the multi-file diff editor a URI of another scheme (handled below).
      const named = parseProposalUri(uri);
      const shown = named && [...onScreen.active, ...onScreen.visible].find((s) => sameProposal(vscode.Uri.parse(s), named));
      found = shown ? this.previews.find(vscode.Uri.parse(shown)) : undefined;
      if (!found) return refused(l10n.t('Relay: that proposal is not on screen; open it to accept or reject its changes.'));
      active = onScreen.active.has(shown!);
    } else {
      for (const shown of onScreen.active) {
        found = this.previews.find(vscode.Uri.parse(shown));
        if (found) break;
      }
      if (!found) return undefined;
      active = true;
    }
    if (found.file < 0) return undefined;
    const decisions = found.review.reviewed[found.file]!.decisions;
    if (hunk !== undefined) {
      if (typeof hunk !== 'number' || !Number.isInteger(hunk) || hunk < 0 || hunk >= decisions.length) return refused(l10n.t('Relay: that change does not exist in the proposal.'));
      return { ...found, hunk, active };
    }
    // From a keybinding: the undecided hunk under the cursor, else the next one after it, else the first.
    const right = found.review.reviewed[found.file]!.right.toString();
    const cursorEditor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === right);
    const line = cursorEditor?.selection.active.line ?? 0;
    const open = found.review.locate(found.file).filter((h) => decisions[h.index] !== 'rejected');
    const under = open.find((h) => line >= h.start && line < Math.max(h.end, h.start + 1));
    const after = open.find((h) => h.start >= line && decisions[h.index] === 'pending') ?? open.find((h) => decisions[h.index] === 'pending');
    return { ...found, hunk: (under ?? after)?.index, active };
  }

  private updateContext(): void {
    const editor = vscode.window.activeTextEditor;
    const uri = editor?.document.uri.scheme === PROPOSAL_SCHEME ? editor.document.uri : activeDiffProposal();
    const found = uri ? this.previews.find(uri) : undefined;
    const reviewing = (found !== undefined && found.review.pending > 0) || (isMultiDiffActive() && this.previews.reviews.some((r) => r.pending > 0));
    if (reviewing === this.reviewing) return;
    this.reviewing = reviewing;
    void vscode.commands.executeCommand('setContext', REVIEW_CONTEXT_KEY, reviewing);
  }

  dispose(): void {
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }
}

/**
 * The proposal documents on screen: `active`, those of the active editor and of the active group's active tab (a
 * diff, or every file of a multi-file diff); `visible`, those of every visible editor and every group's active tab.
 */
function proposalsOnScreen(): { active: Set<string>; visible: Set<string> } {
  const active = new Set<string>();
  const visible = new Set<string>();
  const editor = vscode.window.activeTextEditor;
  if (editor?.document.uri.scheme === PROPOSAL_SCHEME) active.add(editor.document.uri.toString());
  for (const e of vscode.window.visibleTextEditors) if (e.document.uri.scheme === PROPOSAL_SCHEME) visible.add(e.document.uri.toString());
  for (const group of vscode.window.tabGroups.all) {
    for (const uri of proposalsOfTab(group.activeTab)) {
      visible.add(uri);
      if (group === vscode.window.tabGroups.activeTabGroup) active.add(uri);
    }
  }
  return { active, visible };
}

function proposalsOfTab(tab: vscode.Tab | undefined): string[] {
  const input = tab?.input as { modified?: unknown; textDiffs?: { modified?: unknown }[] } | undefined;
  const modified = [input instanceof vscode.TabInputTextDiff ? input.modified : undefined, ...(input?.textDiffs ?? []).map((d) => d.modified)];
  return modified.filter((u): u is vscode.Uri => u instanceof vscode.Uri && u.scheme === PROPOSAL_SCHEME).map((u) => u.toString());
}

/**
 * Whether two URIs name the same proposal document. A hover's command link carries the URI as text, and on its way
 * through the link (JSON in a percent-encoded query) the escapes of its query (`file=%2Ftmp%2F…`) lose a level, so
 * the text no longer equals the document's: the query is compared with every escape undone.
 */
function sameProposal(a: vscode.Uri, b: vscode.Uri): boolean {
  return a.scheme === b.scheme && a.authority === b.authority && a.path === b.path && unescaped(a.query) === unescaped(b.query);
}

function unescaped(text: string): string {
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(text);
    } catch {
      return text;
    }
    if (next === text) return text;
    text = next;
  }
  return text;
}

/** A proposal document's URI from a lens's string or a Uri; undefined for anything else. */
function parseProposalUri(value: unknown): vscode.Uri | undefined {
  let uri: vscode.Uri | undefined;
  if (value instanceof vscode.Uri) uri = value;
  else if (typeof value === 'string' && value.length <= 4096) {
    try {
      uri = vscode.Uri.parse(value, true);
    } catch {
      return undefined;
    }
  }
  return uri?.scheme === PROPOSAL_SCHEME ? uri : undefined;
}

function refused(message: string): undefined {
  void vscode.window.showWarningMessage(message);
  return undefined;
}

/** The proposal shown by the active diff tab (whichever side has focus). */
function activeDiffProposal(): vscode.Uri | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (input instanceof vscode.TabInputTextDiff && input.modified.scheme === PROPOSAL_SCHEME) return input.modified;
  return undefined;
}

function isMultiDiffActive(): boolean {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input as { textDiffs?: unknown[] } | undefined;
  return Array.isArray(input?.textDiffs);
}

/** An optional reason: Enter with nothing typed rejects without one, Escape cancels the rejection. */
async function askReason(title: string): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title,
    prompt: l10n.t('Why? Relay tells the model, so it can do something else instead. Leave empty to reject without a reason; Escape cancels.'),
    placeHolder: l10n.t('e.g. keep the old name here'),
  });
}
