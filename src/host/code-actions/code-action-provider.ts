// The light bulb's and the Problems view's Relay actions, for every language: "Fix with Relay" (a quick fix) on each
// diagnostic VS Code hands in, "Explain with Relay" and "Improve with Relay" (rewrites) on a selection. Registered at
// activation (part of the activation bundle: vscode and the localiser only), and asked on every cursor move, so it
// reads nothing, calls no model and builds no message: an action only carries what its command needs (the document's
// URI, the diagnostic or the range). The command (code-action-commands.ts, in the runtime bundle) reads the code once
// the person picks it. bench/code-actions.bench.ts holds it to ≤ 1 ms median per request in a 5,000-line file.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import type { EntryPointCommand } from '../commands/command-ids';

export const FIX_WITH_RELAY = 'relay.codeActions.fix' satisfies EntryPointCommand;
export const EXPLAIN_WITH_RELAY = 'relay.codeActions.explain' satisfies EntryPointCommand;
export const IMPROVE_WITH_RELAY = 'relay.codeActions.improve' satisfies EntryPointCommand;

/** Fix actions offered for one request at most (a whole-file selection can overlap hundreds of diagnostics). */
export const MAX_FIX_ACTIONS = 5;
/** A diagnostic's message in an action's title, cut to this many characters. */
const TITLE_MESSAGE_CHARS = 60;

/**
 * Any extension may run Relay's commands with arguments of its own (issue 37): a made-up diagnostic would start paid
 * work, a made-up URI would put a file of the caller's choosing into the conversation. An action's arguments are one
 * object this provider made and remembers; its command runs only with such an object (identity survives VS Code's
 * command conversion inside the extension host), so what it acts on is what the light bulb or the Problems view showed.
 */
const issued = new WeakSet<object>();

interface IssuedArguments {
  uri: vscode.Uri;
  /** Fix: the diagnostic; Explain and Improve: the selection. */
  about: vscode.Diagnostic | vscode.Range;
}

function issue(args: IssuedArguments): IssuedArguments {
  issued.add(args);
  return args;
}

export const CODE_ACTION_COMMANDS: ReadonlySet<string> = new Set([FIX_WITH_RELAY, EXPLAIN_WITH_RELAY, IMPROVE_WITH_RELAY]);

/**
 * What a code action's command runs with: for Relay's code-action commands, the URI and the diagnostic or range of an
 * action this provider offered, else nothing (the command then says to pick it from the light bulb); every other
 * command's arguments as they came.
 */
export function codeActionArguments(command: string, args: readonly unknown[]): unknown[] {
  if (!CODE_ACTION_COMMANDS.has(command)) return [...args];
  const [first] = args;
  if (args.length !== 1 || typeof first !== 'object' || first === null || !issued.has(first)) return [];
  const { uri, about } = first as IssuedArguments;
  return [uri, about];
}

/** Documents a person edits: files and new, unsaved ones (not output channels, diff views of git objects…). */
export const CODE_ACTION_SELECTOR: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'untitled' }];

export class RelayCodeActionProvider implements vscode.CodeActionProvider {
  /** Read when the provider is registered, not when the bundle loads (loading the extension touches no VS Code API). */
  static get metadata(): vscode.CodeActionProviderMetadata {
    return { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix, vscode.CodeActionKind.RefactorRewrite] };
  }

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    const only = context.only;
    if (!only || only.intersects(vscode.CodeActionKind.QuickFix)) {
      const diagnostics = context.diagnostics.slice(0, MAX_FIX_ACTIONS);
      for (const diagnostic of diagnostics) {
        const title = diagnostics.length === 1 ? l10n.t('Fix with Relay') : l10n.t('Fix with Relay: {0}', shortMessage(diagnostic.message));
        const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
        action.diagnostics = [diagnostic];
        action.command = { command: FIX_WITH_RELAY, title, arguments: [issue({ uri: document.uri, about: diagnostic })] };
        actions.push(action);
      }
    }
    if (!range.isEmpty && (!only || only.intersects(vscode.CodeActionKind.RefactorRewrite))) {
      actions.push(selectionAction(l10n.t('Explain with Relay'), EXPLAIN_WITH_RELAY, document.uri, range));
      actions.push(selectionAction(l10n.t('Improve with Relay'), IMPROVE_WITH_RELAY, document.uri, range));
    }
    return actions;
  }
}

function selectionAction(title: string, command: string, uri: vscode.Uri, range: vscode.Range): vscode.CodeAction {
  const action = new vscode.CodeAction(title, vscode.CodeActionKind.RefactorRewrite);
  action.command = { command, title, arguments: [issue({ uri, about: range })] };
  return action;
}

/** The first line of a message, cut: enough to tell two diagnostics' actions apart in the menu. */
function shortMessage(message: string): string {
  const newline = message.indexOf('\n');
  const line = (newline < 0 ? message : message.slice(0, newline)).trim();
  return line.length > TITLE_MESSAGE_CHARS ? `${line.slice(0, TITLE_MESSAGE_CHARS - 1)}…` : line;
}

export function registerRelayCodeActions(): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider(CODE_ACTION_SELECTOR, new RelayCodeActionProvider(), RelayCodeActionProvider.metadata);
}
