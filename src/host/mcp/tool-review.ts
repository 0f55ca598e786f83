// Asks before changed MCP tool definitions reach the model: a native modal naming what changed, with a concise
// diff of the definitions, and "Show Diff" for the whole change side by side in VS Code's diff editor (two
// read-only virtual documents). Accept pins the definitions shown; anything else keeps the changed tools off.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import type { McpOrigin } from '../../core/mcp/config';
import { showHidden } from '../../core/mcp/hidden-text';
import { describeChanges, type ToolChanges } from '../../core/mcp/tool-pins';
import { askModal } from '../dialogs/modal';

export interface ToolChangeReview {
  server: string;
  origin: McpOrigin;
  /** The question, one line. */
  message: string;
  /** What changed: the tools by name and a concise diff of their definitions. */
  detail: string;
  /** Every changed, new and removed definition before and after, pretty-printed, for the diff editor. */
  before: string;
  after: string;
}

/** True to accept the change (the tools shown are pinned and offered). */
export type ToolChangeReviewer = (review: ToolChangeReview) => Promise<boolean>;

export function toolChangeReview(server: string, origin: McpOrigin, changes: ToolChanges, definitions: { before: string; after: string }): ToolChangeReview {
  const names = (list: readonly string[]) => list.map((n) => showHidden(n)).join(', ');
  const summary: string[] = [];
  if (changes.changed.length) summary.push(l10n.t('Changed: {0}', names(changes.changed.map((c) => c.name))));
  if (changes.added.length) summary.push(l10n.t('New: {0}', names(changes.added.map((c) => c.name))));
  if (changes.removed.length) summary.push(l10n.t('Removed: {0}', names(changes.removed)));
  const detail = [
    summary.join('\n'),
    describeChanges(changes),
    l10n.t('Until you accept, the changed and new tools are not offered to the model; the server\'s other tools keep working. Rejecting keeps them off until you restart the server or review the change in Relay: MCP Servers.'),
  ].join('\n\n');
  return {
    server,
    origin,
    message: l10n.t('The MCP server "{0}" changed its tools since you confirmed it. Offer the changed tools to the model?', server),
    detail,
    ...definitions,
  };
}

const SCHEME = 'relay-mcp-tools';

/** The modal; "Show Diff" opens the diff editor and asks again. Its content provider lives in `subscriptions`. */
export function createModalReviewer(subscriptions: vscode.Disposable[]): ToolChangeReviewer {
  const documents = new Map<string, string>();
  let registered = false;
  let counter = 0;
  return async (review) => {
    if (!registered) {
      registered = true;
      subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(SCHEME, { provideTextDocumentContent: (uri) => documents.get(uri.path) ?? '' }));
    }
    const accept = l10n.t('Accept Changes');
    const showDiff = l10n.t('Show Diff');
    const reject = l10n.t('Reject');
    // Nobody asked: the server changed. Enter shows the diff, Escape rejects (dialogs/button-order.ts).
    const answer = await askModal({ message: review.message, detail: review.detail, origin: 'unasked', actions: [accept], safe: [showDiff, reject] });
    if (answer !== showDiff) return answer === accept;
    const id = ++counter;
    const left = vscode.Uri.from({ scheme: SCHEME, path: `/${id}/${review.server} (confirmed).json` });
    const right = vscode.Uri.from({ scheme: SCHEME, path: `/${id}/${review.server} (now).json` });
    documents.set(left.path, review.before);
    documents.set(right.path, review.after);
    await vscode.commands.executeCommand('vscode.diff', left, right, l10n.t('MCP server "{0}": tools as confirmed ↔ as offered now', review.server), { preview: true });
    // Not modal this time, so the diff can be read and scrolled while the question waits; closing it rejects.
    return (await vscode.window.showWarningMessage(review.message, accept, reject)) === accept;
  };
}
