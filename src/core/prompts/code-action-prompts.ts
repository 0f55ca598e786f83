// The messages the code actions (the light bulb, the Problems view) send to the chat: one diagnostic with its range
// and the code around it ("Fix with Relay"), or a selection to improve ("Improve with Relay"; "Explain with Relay"
// sends the Explain Selection message of editor-context.ts). Pure, so the exact text the model reads is unit-tested.
import { diagnosticsBlock } from '../text/untrusted-data';
import { type ProblemContext, type SelectionContext, selectionBlock } from './editor-context';

/** One diagnostic as the Fix action sends it: the problem, and where it ends (1-based, inclusive of its last column). */
export interface DiagnosticContext extends ProblemContext {
  path: string;
  endLine: number;
  endColumn: number;
}

/** Lines of code kept on each side of a diagnostic's range (the model reads the file itself for more). */
export const SURROUNDING_LINES = 8;

export function fixDiagnosticMessage(diagnostic: DiagnosticContext, surrounding: SelectionContext): string {
  const origin = [diagnostic.source, diagnostic.code].filter(Boolean).join(' ');
  const start = `${diagnostic.line}:${diagnostic.column}`;
  const range = diagnostic.endLine === diagnostic.line && diagnostic.endColumn === diagnostic.column ? start : `${start}-${diagnostic.endLine}:${diagnostic.endColumn}`;
  // The message, its source and code are written by whoever published the diagnostic (a language server, a linter,
  // any extension): fenced and marked as data, as Fix Problems and @problems give them (core/text/untrusted-data.ts).
  const text = `${range} ${diagnostic.severity}: ${diagnostic.message.trim()}${origin ? ` (${origin})` : ''}`;
  return [
    `Fix this ${diagnostic.severity} VS Code reports in ${diagnostic.path} at ${range}:`,
    diagnosticsBlock(text, { path: diagnostic.path, count: '1' }),
    '',
    'Read the file if you need more than the code below, change only what the fix needs, and check the diagnostics after your edit.',
    '',
    `The code around it: ${selectionBlock(surrounding)}`,
  ].join('\n');
}

export const IMPROVE_SELECTION_REQUEST =
  'Improve this code: make it clearer, simpler and more robust without changing what it does for its callers. Explain each change briefly, then make the edits.';

/** `selection`: the selected code quoted, or a mention of its lines (`@src/app.ts:10-20`) resolved when sent. */
export function improveSelectionMessage(selection: SelectionContext | string): string {
  return `${IMPROVE_SELECTION_REQUEST}\n\n${typeof selection === 'string' ? selection : selectionBlock(selection)}`;
}
