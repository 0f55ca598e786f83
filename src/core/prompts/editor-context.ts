// The messages the editor commands send to the chat: a selection with its file and line range, or a file's
// problems. Pure, so the exact text the model sees is unit-tested.
import { diagnosticsBlock } from '../text/untrusted-data';

export interface SelectionContext {
  /** Workspace-relative path when inside the workspace, else absolute. */
  path: string;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  languageId: string;
  text: string;
}

export interface ProblemContext {
  /** 1-based. */
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  source?: string;
  code?: string;
}

/** Longer selections are cut: the model can read the file itself, and the chat must stay responsive. */
export const MAX_SELECTION_CHARS = 20_000;

export function selectionBlock(selection: SelectionContext): string {
  const range =
    selection.startLine === selection.endLine ? `line ${selection.startLine}` : `lines ${selection.startLine}-${selection.endLine}`;
  let text = selection.text;
  let note = '';
  if (text.length > MAX_SELECTION_CHARS) {
    text = text.slice(0, MAX_SELECTION_CHARS);
    note = `\n(The selection was cut at ${MAX_SELECTION_CHARS} characters; read the file for the rest.)`;
  }
  const fence = fenceFor(text);
  return `${selection.path}, ${range}:\n${fence}${selection.languageId}\n${text}\n${fence}${note}`;
}

export function askAboutSelectionMessage(question: string, selection: SelectionContext): string {
  return `${question.trim()}\n\n${selectionBlock(selection)}`;
}

export const EXPLAIN_SELECTION_REQUEST =
  'Explain what this code does, how it fits into the surrounding code, and anything surprising about it. Do not change any files.';

export function explainSelectionMessage(selection: SelectionContext): string {
  return `${EXPLAIN_SELECTION_REQUEST}\n\n${selectionBlock(selection)}`;
}

export function fixProblemsMessage(path: string, problems: readonly ProblemContext[]): string | undefined {
  if (problems.length === 0) return undefined;
  const lines = problems.map((p) => {
    const origin = [p.source, p.code].filter(Boolean).join(' ');
    return `- line ${p.line}:${p.column} ${p.severity}: ${p.message}${origin ? ` (${origin})` : ''}`;
  });
  // The messages are other parties' text inside the user's message: fenced and marked (core/text/untrusted-data.ts).
  return `Fix the problems VS Code reports in ${path}. Read the file first, change only what the fixes need, and check the diagnostics after your edits.\n\nProblems (${problems.length}):\n${diagnosticsBlock(lines.join('\n'), { path, count: String(problems.length) })}`;
}

/** A code fence longer than any run of backticks in the text, so the selection cannot close it early. */
function fenceFor(text: string): string {
  let longest = 0;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return '`'.repeat(Math.max(3, longest + 1));
}
