// Inline edit (Ctrl+I in the editor, issue 40): an instruction about the file on screen runs as one focused model
// turn that sees only that file (core/inline-edit), and its answer becomes a proposal in Relay's own review: the diff
// opens in place of the file's editor, with the same per-hunk lenses, Accept All / Reject All and keyboard shortcuts
// as a chat edit (review/review-lenses.ts). Refine (Ctrl+I again, or the title button) runs a follow-up instruction
// on top of the proposal as it stands (rejected hunks and the person's own edits included); Escape (or closing the
// diff) discards it. Nothing touches the file until the review is decided: then the accepted text goes in as one
// WorkspaceEdit (one Undo), saved when the file had no unsaved changes of its own.
import * as vscode from 'vscode';
import { applyInlineAnswer, inlineEditRequest, MAX_INLINE_FILE_CHARS } from '../../core/inline-edit/inline-edit-request';
import { l10n } from '../../core/l10n';
import type { ModelProvider } from '../../core/model/provider';
import { untilAborted } from '../../core/model/until-aborted';
import type { EditPreview, EditReviewer } from '../../core/ports/edit-review';
import { minimalEdits } from '../editing/minimal-edits';
import { PROPOSAL_SCHEME, proposalUri } from '../editing/proposal-fs';
import { askInstruction, type InstructionPrompt } from './instruction-input';

export const INLINE_EDIT_COMMANDS = {
  start: 'relay.inlineEdit.start',
  refine: 'relay.inlineEdit.refine',
  discard: 'relay.inlineEdit.discard',
} as const;

/** True while the inline edit's proposal is the active editor: Ctrl+I refines, Escape discards. */
const REVIEWING_CONTEXT = 'relay.inlineEditReviewing';
/** True while the model works on an inline edit: Escape in the editor cancels it. */
const RUNNING_CONTEXT = 'relay.inlineEditRunning';

export interface InlineEditDeps {
  /** The provider a task would use (the user's settings), read when the edit runs. */
  provider(): ModelProvider;
  /** Relay's diff review (the same one a chat edit goes through). */
  reviewer: EditReviewer;
  /** Asks for the instruction; VS Code's InputBox unless a test answers. */
  ask?: InstructionPrompt;
  log: { warn(message: string): void };
}

/** How an inline edit ended; the commands return it (the integration tests read it). */
export type InlineEditOutcome = 'applied' | 'rejected' | 'cancelled' | 'failed' | 'not-run';

/**
 * A turn's end: the proposed text, or the outcome it ends the edit with. Kept apart from the text on purpose: a bare
 * string union let 'failed' pass for a file whose whole text is "failed" (it opened as a proposal and waited).
 */
type TurnResult = { ok: true; text: string } | { ok: false; outcome: 'cancelled' | 'failed' };
const NO_PROPOSAL = { cancelled: { ok: false, outcome: 'cancelled' }, failed: { ok: false, outcome: 'failed' } } as const satisfies Record<string, TurnResult>;

type Wake = { type: 'refine'; instruction: string } | { type: 'discard' } | { type: 'decided' | 'closed' };

interface Session {
  uri: vscode.Uri;
  path: string;
  languageId: string;
  viewColumn: vscode.ViewColumn | undefined;
  /** The file's text when the edit started: the review's base, and what the file must still hold to apply. */
  base: string;
  wasDirty: boolean;
  cursorOffset: number;
  cursorLine: number;
  selection: { startLine: number; endLine: number; text: string } | undefined;
  instructions: string[];
  shown?: { preview: EditPreview; uri: vscode.Uri };
  turn?: AbortController;
  /** The run's loop waiting for the review's end, a refine or a discard; events before it waits are queued. */
  wake?: (event: Wake) => void;
  queued: Wake[];
}

export class InlineEdits implements vscode.Disposable {
  private session: Session | undefined;
  private serial = 0;
  private reviewing = false;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly deps: InlineEditDeps) {
    this.subscriptions = [vscode.window.tabGroups.onDidChangeTabs(() => this.updateContext()), vscode.window.onDidChangeActiveTextEditor(() => this.updateContext())];
  }

  handlers(): Record<(typeof INLINE_EDIT_COMMANDS)[keyof typeof INLINE_EDIT_COMMANDS], () => unknown> {
    return {
      [INLINE_EDIT_COMMANDS.start]: () => this.start(),
      [INLINE_EDIT_COMMANDS.refine]: () => this.refine(),
      [INLINE_EDIT_COMMANDS.discard]: () => this.discard(),
    };
  }

  /** Ctrl+I: asks for the instruction about the active editor's selection (or cursor) and runs it to its end. */
  async start(): Promise<InlineEditOutcome> {
    if (this.session) {
      // One at a time: Ctrl+I on the proposal refines it; elsewhere it goes back to the edit under way.
      if (this.session.shown && this.isActive(this.session.shown.uri)) {
        await this.refine();
        return 'not-run';
      }
      await this.session.shown?.preview.reveal(true);
      void vscode.window.showInformationMessage(l10n.t('Relay: finish or discard the inline edit of {0} first (Escape discards it).', this.session.path));
      return 'not-run';
    }
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.uri.scheme !== 'file') {
      void vscode.window.showInformationMessage(l10n.t('Relay: open a file in the editor to edit it inline.'));
      return 'not-run';
    }
    const document = editor.document;
    const base = document.getText();
    if (base.length > MAX_INLINE_FILE_CHARS) {
      void vscode.window.showInformationMessage(l10n.t('Relay: {0} is too large for an inline edit ({1} characters, at most {2}); ask in the chat instead.', vscode.workspace.asRelativePath(document.uri), base.length, MAX_INLINE_FILE_CHARS));
      return 'not-run';
    }
    const path = vscode.workspace.asRelativePath(document.uri);
    const selection = selectionOf(document, editor.selection);
    const title = selection
      ? selection.startLine === selection.endLine
        ? l10n.t('Relay: edit {0}, line {1}', path, selection.startLine)
        : l10n.t('Relay: edit {0}, lines {1}-{2}', path, selection.startLine, selection.endLine)
      : l10n.t('Relay: edit {0} at line {1}', path, editor.selection.active.line + 1);
    const instruction = await (this.deps.ask ?? askInstruction)({ title, earlier: [] });
    if (!instruction) return 'cancelled';
    if (this.session) return 'not-run';
    if (document.getText() !== base) {
      void vscode.window.showInformationMessage(l10n.t('Relay: {0} changed while you typed the instruction; start the inline edit again.', path));
      return 'not-run';
    }
    const session: Session = {
      uri: document.uri,
      path,
      languageId: document.languageId,
      viewColumn: editor.viewColumn,
      base,
      wasDirty: document.isDirty,
      cursorOffset: document.offsetAt(editor.selection.active),
      cursorLine: editor.selection.active.line + 1,
      selection,
      instructions: [],
      queued: [],
    };
    this.session = session;
    try {
      return await this.run(session, instruction);
    } finally {
      session.turn?.abort();
      this.session = undefined;
      this.updateContext();
    }
  }

  /** Refine: a follow-up instruction on top of the proposal on screen. */
  async refine(): Promise<void> {
    const session = this.session;
    if (!session || session.turn) {
      void vscode.window.showInformationMessage(
        session ? l10n.t('Relay is still working on the inline edit of {0}; refine it once the proposal is shown.', session.path) : l10n.t('Relay: there is no inline edit to refine; start one with Edit Inline… in a file.'),
      );
      return;
    }
    const instruction = await (this.deps.ask ?? askInstruction)({ title: l10n.t('Relay: refine the inline edit of {0}', session.path), earlier: session.instructions });
    if (instruction && this.session === session) post(session, { type: 'refine', instruction });
  }

  /** Escape: cancels the model's turn, or discards the proposal; the file stays as it was. */
  discard(): void {
    const session = this.session;
    if (!session) return;
    if (session.turn) session.turn.abort();
    else post(session, { type: 'discard' });
  }

  private async run(session: Session, first: string): Promise<InlineEditOutcome> {
    let pending: string | undefined = first;
    for (;;) {
      if (pending !== undefined) {
        const from = session.shown ? session.shown.preview.files()[0]?.text ?? session.base : session.base;
        const proposed = await this.turn(session, from, pending);
        if (proposed.ok) {
          session.instructions.push(pending);
          const id = `inline-${++this.serial}-${Date.now().toString(36)}`;
          const old = session.shown;
          const preview = await this.deps.reviewer.preview(id, [{ kind: 'update', path: session.uri.fsPath, baseText: session.base, proposedText: proposed.text }], {
            focus: true,
            placement: 'active',
            title: l10n.t('{0} (Relay: inline edit)', session.path.split('/').pop() ?? session.path),
          });
          session.shown = { preview, uri: proposalUri(id, session.uri.fsPath) };
          await old?.preview.close();
          this.updateContext();
        } else if (!session.shown) {
          return proposed.outcome;
        }
        // A refine that failed or was cancelled leaves the proposal as it was.
        pending = undefined;
      }
      const shown = session.shown!;
      const waiting = new AbortController();
      const event =
        session.queued.shift() ??
        (await new Promise<Wake>((resolve) => {
          const wake = (e: Wake) => {
            if (session.wake === wake) session.wake = undefined;
            resolve(e);
          };
          session.wake = wake;
          shown.preview.settled(waiting.signal).then((end) => wake({ type: end }), () => undefined);
        }));
      waiting.abort();
      if (event.type === 'refine') {
        pending = event.instruction;
        continue;
      }
      const text = event.type === 'decided' ? shown.preview.files()[0]?.text : undefined;
      await this.closeReview(session);
      if (event.type !== 'decided') return 'cancelled';
      if (text === undefined || text === session.base) return 'rejected';
      return this.apply(session, text);
    }
  }

  /** The model's turn: its answer applied to `from`, or how it ended without one (said to the person). */
  private async turn(session: Session, from: string, instruction: string): Promise<TurnResult> {
    const controller = new AbortController();
    session.turn = controller;
    void vscode.commands.executeCommand('setContext', RUNNING_CONTEXT, true);
    try {
      return await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: l10n.t('Relay is editing {0}… (Escape cancels)', session.path), cancellable: true },
        async (_progress, token) => {
          const cancel = token.onCancellationRequested(() => controller.abort());
          try {
            const refining = session.instructions.length > 0;
            const request = inlineEditRequest({
              target: {
                path: session.path,
                languageId: session.languageId,
                text: from,
                cursorLine: session.cursorLine,
                // The selection's lines name the file as it was; a refinement works on the proposal as a whole.
                ...(session.selection && !refining ? { selection: session.selection } : {}),
              },
              instruction,
              ...(refining ? { earlier: session.instructions } : {}),
            });
            let answer = '';
            let failure: string | undefined;
            for await (const event of untilAborted(this.deps.provider().stream(request, controller.signal), controller.signal)) {
              if (event.type === 'text_delta') answer += event.text;
              else if (event.type === 'restart') answer = '';
              else if (event.type === 'error') failure = event.error.kind === 'cancelled' ? '' : event.error.message;
            }
            if (controller.signal.aborted || failure === '') return NO_PROPOSAL.cancelled;
            if (failure !== undefined) {
              this.deps.log.warn(`Inline edit of ${session.path}: the model failed: ${failure}`);
              void vscode.window.showWarningMessage(l10n.t('Relay could not edit {0}: {1}', session.path, failure));
              return NO_PROPOSAL.failed;
            }
            const result = applyInlineAnswer(from, answer, Math.min(session.cursorOffset, from.length));
            if (!result.ok) {
              this.deps.log.warn(`Inline edit of ${session.path}: ${result.reason}: ${result.message}\n${answer}`);
              void vscode.window.showWarningMessage(
                result.reason === 'cannot'
                  ? l10n.t('Relay did not edit {0}: {1}', session.path, result.message)
                  : l10n.t('Relay could not use the model\'s answer for {0}: {1}. Nothing was changed.', session.path, result.message),
              );
              return NO_PROPOSAL.failed;
            }
            return { ok: true, text: result.text };
          } finally {
            cancel.dispose();
          }
        },
      );
    } finally {
      if (session.turn === controller) session.turn = undefined;
      void vscode.commands.executeCommand('setContext', RUNNING_CONTEXT, false);
    }
  }

  /** The accepted text into the file: one WorkspaceEdit (one Undo), only if the file still holds the base. */
  private async apply(session: Session, text: string): Promise<InlineEditOutcome> {
    const document = await vscode.workspace.openTextDocument(session.uri);
    if (document.getText() !== session.base) {
      void vscode.window.showWarningMessage(l10n.t('Relay: {0} changed while you reviewed the inline edit; nothing was applied.', session.path));
      return 'failed';
    }
    const edit = new vscode.WorkspaceEdit();
    for (const e of minimalEdits(session.base, text)) edit.replace(session.uri, new vscode.Range(document.positionAt(e.start), document.positionAt(e.end)), e.text);
    if (!(await vscode.workspace.applyEdit(edit))) {
      void vscode.window.showWarningMessage(l10n.t('Relay: VS Code refused the inline edit of {0}; nothing was applied.', session.path));
      return 'failed';
    }
    // A file with unsaved changes of the person's own stays unsaved: saving would write theirs too.
    if (!session.wasDirty && !(await document.save())) this.deps.log.warn(`Inline edit of ${session.path}: applied but not saved`);
    return 'applied';
  }

  /** Closes the proposal and gives the keyboard back to the file's editor. */
  private async closeReview(session: Session): Promise<void> {
    const shown = session.shown;
    session.shown = undefined;
    await shown?.preview.close();
    this.updateContext();
    const document = await vscode.workspace.openTextDocument(session.uri);
    await vscode.window.showTextDocument(document, { ...(session.viewColumn ? { viewColumn: session.viewColumn } : {}), preview: false });
  }

  private isActive(uri: vscode.Uri): boolean {
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.uri.toString() === uri.toString()) return true;
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    return input instanceof vscode.TabInputTextDiff && input.modified.scheme === PROPOSAL_SCHEME && input.modified.toString() === uri.toString();
  }

  private updateContext(): void {
    const uri = this.session?.shown?.uri;
    const reviewing = uri !== undefined && this.isActive(uri);
    if (reviewing === this.reviewing) return;
    this.reviewing = reviewing;
    void vscode.commands.executeCommand('setContext', REVIEWING_CONTEXT, reviewing);
  }

  dispose(): void {
    this.discard();
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }
}

/** Hands the run's loop a refine or a discard: at once when it waits, else when it next does. */
function post(session: Session, event: Wake): void {
  if (session.wake) session.wake(event);
  else session.queued.push(event);
}

/** The selected lines (1-based, inclusive) and their text; undefined for a bare cursor. */
function selectionOf(document: vscode.TextDocument, selection: vscode.Selection): Session['selection'] {
  if (selection.isEmpty) return undefined;
  const startLine = selection.start.line;
  // A selection ending at column 0 of a line does not include that line.
  const endLine = selection.end.character === 0 && selection.end.line > startLine ? selection.end.line - 1 : selection.end.line;
  const range = new vscode.Range(startLine, 0, endLine, document.lineAt(endLine).text.length);
  return { startLine: startLine + 1, endLine: endLine + 1, text: document.getText(range) };
}
