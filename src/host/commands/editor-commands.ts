// The editor commands (context menu and palette): Ask About Selection, Explain Selection, Fix Problems in
// This File. A selection in a workspace file becomes a mention of its lines (`@src/app.ts:10-20`), resolved when
// the message is sent, instead of raw text pasted into the message; other selections are quoted as before.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import type { MentionSuggestion } from '../../shared/chat-model';
import {
  askAboutSelectionMessage,
  EXPLAIN_SELECTION_REQUEST,
  explainSelectionMessage,
  fixProblemsMessage,
  type ProblemContext,
  type SelectionContext,
} from '../../core/prompts/editor-context';

/** Sends a user message to the chat, as if typed there (the chat is focused first). */
export type SendToChat = (text: string) => Promise<void>;

/** How the commands mention a selection: its mention (undefined outside the workspace), and the composer. */
export interface SelectionMentions {
  mentionOf(uri: vscode.Uri, lines: { start: number; end: number }): MentionSuggestion | undefined;
  /** Adds mentions to the chat's composer and focuses it (the person then types the question). */
  insert(mentions: MentionSuggestion[]): Promise<void>;
}

export function editorCommandHandlers(send: SendToChat, mentions?: SelectionMentions) {
  return {
    'relay.askAboutSelection': async () => {
      const selection = currentSelection();
      if (!selection) return;
      const mention = mentions && selectionMention(mentions, selection);
      if (mention) return mentions.insert([mention]);
      const question = await vscode.window.showInputBox({
        title: l10n.t('Relay: Ask About Selection'),
        prompt: l10n.t('About {0}, lines {1}-{2}', selection.path, selection.startLine, selection.endLine),
        placeHolder: l10n.t('What would you like to know or change?'),
        ignoreFocusOut: true,
      });
      if (!question?.trim()) return;
      await send(askAboutSelectionMessage(question, selection));
    },
    'relay.explainSelection': async () => {
      const selection = currentSelection();
      if (!selection) return;
      const mention = mentions && selectionMention(mentions, selection);
      await send(mention ? `${EXPLAIN_SELECTION_REQUEST}\n\n${mention.token}` : explainSelectionMessage(selection));
    },
    /** From the editor context menu VS Code passes the file's URI; from the palette, the active editor's. */
    'relay.fixProblems': async (uri?: unknown) => {
      const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
      if (!target) {
        void vscode.window.showInformationMessage(l10n.t('Relay: open a file to fix its problems.'));
        return;
      }
      const message = fixProblemsMessage(displayPath(target), problemsOf(target));
      if (!message) {
        void vscode.window.showInformationMessage(l10n.t('Relay: VS Code reports no problems in {0}.', displayPath(target)));
        return;
      }
      await send(message);
    },
  };
}

function selectionMention(mentions: SelectionMentions, selection: SelectionContext & { uri: vscode.Uri }): MentionSuggestion | undefined {
  return mentions.mentionOf(selection.uri, { start: selection.startLine, end: selection.endLine });
}

function currentSelection(): (SelectionContext & { uri: vscode.Uri }) | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.selection.isEmpty) {
    void vscode.window.showInformationMessage(l10n.t('Relay: select some code first.'));
    return undefined;
  }
  const { start, end } = editor.selection;
  // A selection ending at column 0 of a line does not include that line.
  const endLine = end.character === 0 && end.line > start.line ? end.line : end.line + 1;
  return {
    uri: editor.document.uri,
    path: displayPath(editor.document.uri),
    startLine: start.line + 1,
    endLine,
    languageId: editor.document.languageId,
    text: editor.document.getText(editor.selection),
  };
}

function problemsOf(uri: vscode.Uri): ProblemContext[] {
  return vscode.languages
    .getDiagnostics(uri)
    .sort((a, b) => a.severity - b.severity || a.range.start.line - b.range.start.line)
    .slice(0, 100)
    .map((d) => ({
      line: d.range.start.line + 1,
      column: d.range.start.character + 1,
      severity: severityName(d.severity),
      message: d.message,
      source: d.source,
      code: typeof d.code === 'object' ? String(d.code.value) : d.code === undefined ? undefined : String(d.code),
    }));
}

export function severityName(severity: vscode.DiagnosticSeverity): ProblemContext['severity'] {
  switch (severity) {
    case vscode.DiagnosticSeverity.Error:
      return 'error';
    case vscode.DiagnosticSeverity.Warning:
      return 'warning';
    case vscode.DiagnosticSeverity.Information:
      return 'info';
    default:
      return 'hint';
  }
}

export function displayPath(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, vscode.workspace.workspaceFolders !== undefined && vscode.workspace.workspaceFolders.length > 1);
}
