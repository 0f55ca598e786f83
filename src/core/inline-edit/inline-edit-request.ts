// An inline edit's one turn (Ctrl+I in the editor): the request that shows the model one file, the selection or
// cursor, and the instruction (with the instructions before it when the person refines a proposal), and the reading
// of its answer: search/replace blocks applied with Relay's edit engine (applyEdits: the same matching cascade as
// edit_file), so the proposal is always the file with exactly those blocks changed. Pure.
import { applyEdits, type EditRequest } from '../edit';
import type { ModelRequest } from '../model/provider';

/** Larger files go to the chat: the whole file is in the request, and the turn must stay small and quick. */
export const MAX_INLINE_FILE_CHARS = 120_000;

export interface InlineEditTarget {
  /** The file's path as the person sees it (workspace-relative). */
  path: string;
  languageId: string;
  /** The text the edit applies to: the file, or the proposal so far when refining. */
  text: string;
  /** The selection, 1-based lines inclusive; absent: only the cursor. */
  selection?: { startLine: number; endLine: number; text: string };
  /** The cursor, 1-based line. */
  cursorLine: number;
}

export interface InlineEditTurn {
  target: InlineEditTarget;
  /** The instruction for this turn. */
  instruction: string;
  /** Instructions already applied to `target.text` (refining a proposal), oldest first. */
  earlier?: readonly string[];
}

const SEARCH = '<<<<<<< SEARCH';
const DIVIDER = '=======';
const REPLACE = '>>>>>>> REPLACE';

const SYSTEM = [
  'You are Relay\'s inline editor inside the user\'s code editor. You change one file, in place, as the instruction says.',
  'Answer only with edit blocks in exactly this form, one block per change, nothing before or after them:',
  '',
  SEARCH,
  'lines copied exactly from the file, enough of them to be unique',
  DIVIDER,
  'the lines that replace them',
  REPLACE,
  '',
  'Rules:',
  '- Each SEARCH part copies whole lines of the file as given (same indentation and characters). Keep it short: the lines you change and at most a line or two around them.',
  '- To insert code at the cursor with nothing to replace, leave the SEARCH part empty (one block at most).',
  '- Work on the selected lines when there is a selection; change other lines of the file only when the instruction cannot be done without them (an import, a caller of a renamed function).',
  '- Keep the file\'s style: its indentation, quotes, naming and comment language. Do not add explanations, comments about the change, or code fences.',
  '- Edit only this file. If the instruction cannot be done in this file, answer with one line starting with "CANNOT:" and the reason.',
].join('\n');

export function inlineEditRequest(turn: InlineEditTurn): ModelRequest {
  const { target } = turn;
  const where = target.selection
    ? [`The selected lines (${target.selection.startLine}-${target.selection.endLine}):`, fenced(target.selection.text)]
    : [`The cursor is on line ${target.cursorLine}: ${JSON.stringify(lineAt(target.text, target.cursorLine))}. There is no selection.`];
  const earlier = turn.earlier?.length
    ? ['', 'The file below already carries your earlier proposal for these instructions, oldest first:', ...turn.earlier.map((e) => `- ${e}`), 'Refine that proposal as the new instruction says; the blocks apply to the text below.']
    : [];
  const parts = [
    `File: ${target.path} (${target.languageId})`,
    fenced(target.text),
    '',
    ...where,
    ...earlier,
    '',
    'Instruction:',
    turn.instruction.trim(),
  ];
  return { system: SYSTEM, messages: [{ role: 'user', content: [{ type: 'text', text: parts.join('\n') }] }], tools: [], maxOutputTokens: 8192, temperature: 0 };
}

export type InlineEditAnswer = { ok: true; text: string; blocks: number } | { ok: false; reason: 'cannot' | 'no-blocks' | 'malformed' | 'no-match' | 'no-change'; message: string };

/**
 * The model's answer applied to `text`: its blocks, located like edit_file's edits (all or nothing); an empty
 * SEARCH inserts at `cursorOffset`. Anything else (prose, a CANNOT, a block that matches nothing) is a clear refusal.
 */
export function applyInlineAnswer(text: string, answer: string, cursorOffset: number): InlineEditAnswer {
  const trimmed = answer.trim();
  const cannot = /^CANNOT:\s*(.*)$/su.exec(trimmed);
  if (cannot) return { ok: false, reason: 'cannot', message: cannot[1]!.trim() || 'the model could not do it in this file' };
  const parsed = parseEditBlocks(answer);
  if (!parsed.ok) return parsed;
  const inserts = parsed.blocks.filter((b) => b.oldText.trim() === '');
  if (inserts.length > 1) return { ok: false, reason: 'malformed', message: 'more than one block has an empty SEARCH part (only one insertion at the cursor is possible)' };
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let start = text;
  if (inserts[0]) {
    const at = Math.max(0, Math.min(cursorOffset, text.length));
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    // At the start of a line the new lines go before it; inside a line, after it.
    const inserted = inserts[0].newText.replace(/\r?\n/g, eol);
    const withEnd = inserted.endsWith(eol) ? inserted : inserted + eol;
    if (at === lineStart) start = text.slice(0, at) + withEnd + text.slice(at);
    else {
      const lineEnd = text.indexOf('\n', at);
      start = lineEnd < 0 ? `${text}${eol}${inserted}` : text.slice(0, lineEnd + 1) + withEnd + text.slice(lineEnd + 1);
    }
  }
  const edits = parsed.blocks.filter((b) => b.oldText.trim() !== '');
  if (edits.length === 0) return start === text ? { ok: false, reason: 'no-change', message: 'the blocks change nothing' } : { ok: true, text: start, blocks: 1 };
  const applied = applyEdits(start, edits);
  if (!applied.ok) return { ok: false, reason: applied.failure.kind === 'no_change' ? 'no-change' : 'no-match', message: applied.failure.message };
  return { ok: true, text: applied.content, blocks: parsed.blocks.length };
}

/** The SEARCH/REPLACE blocks of an answer (a code fence around them is tolerated). */
export function parseEditBlocks(answer: string): { ok: true; blocks: EditRequest[] } | { ok: false; reason: 'no-blocks' | 'malformed'; message: string } {
  const lines = answer.split(/\r?\n/);
  const blocks: EditRequest[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.trim() !== SEARCH) {
      i++;
      continue;
    }
    const opened = i + 1;
    let divider = -1;
    let end = -1;
    for (let j = opened; j < lines.length; j++) {
      const line = lines[j]!.trim();
      if (line === SEARCH) break;
      if (line === DIVIDER && divider < 0) divider = j;
      else if (line === REPLACE) {
        end = j;
        break;
      }
    }
    if (divider < 0 || end < 0) return { ok: false, reason: 'malformed', message: `the edit block that starts on line ${opened} of the answer is not closed by "${DIVIDER}" and "${REPLACE}"` };
    blocks.push({ oldText: joinLines(lines.slice(opened, divider)), newText: joinLines(lines.slice(divider + 1, end)) });
    i = end + 1;
  }
  if (blocks.length === 0) return { ok: false, reason: 'no-blocks', message: 'the answer holds no edit block' };
  return { ok: true, blocks };
}

function joinLines(lines: string[]): string {
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

function lineAt(text: string, line: number): string {
  return text.split(/\r?\n/)[line - 1] ?? '';
}

function fenced(text: string): string {
  let fence = '```';
  while (text.includes(fence)) fence += '`';
  return `${fence}\n${text}${text.endsWith('\n') ? '' : '\n'}${fence}`;
}
