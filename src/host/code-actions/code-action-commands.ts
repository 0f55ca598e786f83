// What the code actions do once picked (code-action-provider.ts offers them): read the code they are about, build the
// message (core/prompts/code-action-prompts.ts) and hand it to the chat through the task entry (a new task or the
// one on screen, the person's choice). In the runtime bundle: nothing here runs until an action is picked.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import { fixDiagnosticMessage, improveSelectionMessage, SURROUNDING_LINES } from '../../core/prompts/code-action-prompts';
import { EXPLAIN_SELECTION_REQUEST, explainSelectionMessage, type SelectionContext } from '../../core/prompts/editor-context';
import type { MentionSuggestion } from '../../shared/chat-model';
import { displayPath, severityName } from '../commands/editor-commands';
import { EXPLAIN_WITH_RELAY, FIX_WITH_RELAY, IMPROVE_WITH_RELAY } from './code-action-provider';

export interface CodeActionServices {
  /** Sends a message to the chat, in a new task or the current one (task-entry/task-entry.ts). */
  start(text: string): Promise<unknown>;
  /** A selection's mention (`@src/app.ts:10-20`), undefined outside the workspace. */
  mentionOf(uri: vscode.Uri, lines: { start: number; end: number }): MentionSuggestion | undefined;
}

export function codeActionHandlers(services: CodeActionServices) {
  return {
    [FIX_WITH_RELAY]: async (uri?: unknown, diagnostic?: unknown) => {
      if (!(uri instanceof vscode.Uri) || !(diagnostic instanceof vscode.Diagnostic)) return refuse();
      const document = await vscode.workspace.openTextDocument(uri);
      await services.start(fixMessage(document, diagnostic));
    },
    [EXPLAIN_WITH_RELAY]: async (uri?: unknown, range?: unknown) => {
      const selection = await selectionArgs(uri, range);
      if (!selection) return refuse();
      const mention = services.mentionOf(selection.uri, { start: selection.startLine, end: selection.endLine });
      await services.start(mention ? `${EXPLAIN_SELECTION_REQUEST}\n\n${mention.token}` : explainSelectionMessage(selection));
    },
    [IMPROVE_WITH_RELAY]: async (uri?: unknown, range?: unknown) => {
      const selection = await selectionArgs(uri, range);
      if (!selection) return refuse();
      const mention = services.mentionOf(selection.uri, { start: selection.startLine, end: selection.endLine });
      await services.start(improveSelectionMessage(mention ? mention.token : selection));
    },
  } as const;
}

/** The commands are the light bulb's: run another way (a keybinding without arguments), they say what they need. */
function refuse(): void {
  void vscode.window.showInformationMessage(l10n.t('Relay: pick this action from the light bulb or the Problems view.'));
}

function fixMessage(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): string {
  const { start, end } = diagnostic.range;
  const first = Math.max(0, start.line - SURROUNDING_LINES);
  const last = Math.min(document.lineCount - 1, end.line + SURROUNDING_LINES);
  const code = document.getText(new vscode.Range(first, 0, last, document.lineAt(last).text.length));
  const path = displayPath(document.uri);
  const code_ = typeof diagnostic.code === 'object' ? String(diagnostic.code.value) : diagnostic.code === undefined ? undefined : String(diagnostic.code);
  return fixDiagnosticMessage(
    {
      path,
      line: start.line + 1,
      column: start.character + 1,
      endLine: end.line + 1,
      endColumn: end.character + 1,
      severity: severityName(diagnostic.severity),
      message: diagnostic.message,
      ...(diagnostic.source ? { source: diagnostic.source } : {}),
      ...(code_ !== undefined ? { code: code_ } : {}),
    },
    { path, startLine: first + 1, endLine: last + 1, languageId: document.languageId, text: code },
  );
}

async function selectionArgs(uri: unknown, range: unknown): Promise<(SelectionContext & { uri: vscode.Uri }) | undefined> {
  if (!(uri instanceof vscode.Uri) || !(range instanceof vscode.Range) || range.isEmpty) return undefined;
  const document = await vscode.workspace.openTextDocument(uri);
  const { start, end } = range;
  // A selection ending at column 0 of a line does not include that line.
  const endLine = end.character === 0 && end.line > start.line ? end.line : end.line + 1;
  return { uri, path: displayPath(uri), startLine: start.line + 1, endLine, languageId: document.languageId, text: document.getText(range) };
}
