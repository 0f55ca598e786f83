// What a mention adds to the user message: one text block per mention, wrapped so the model sees where each
// starts and ends, capped so one mention cannot fill the context window, with a note saying what was left out.
// Pure: the host's adapters fetch the raw content (files, diagnostics, terminal, git, selection, web pages).
import { l10n, type Said } from '../l10n';
import { englishNumbers } from '../../shared/format-numbers';
import { estimateTokens } from '../model/provider';
import type { LineRange } from '../../shared/mentions/parse';
import { DIAGNOSTICS_ORIGIN, untrustedBlock } from '../text/untrusted-data';

export const MENTION_CAPS = {
  /** A file's text, and a range of it. */
  fileChars: 100_000,
  /** Entries listed for a folder (its tree, depth-first). */
  folderEntries: 500,
  problems: 200,
  terminalChars: 20_000,
  changesChars: 60_000,
  selectionChars: 20_000,
  urlChars: 60_000,
} as const;

import type { AttachmentChip, AttachmentKind } from '../../shared/chat-model';

export type { AttachmentChip, AttachmentKind };

export interface Attachment {
  chip: AttachmentChip;
  /** The block the model reads; absent when the mention resolved to nothing. */
  text?: string;
}

export interface ProblemEntry {
  path: string;
  /** 1-based. */
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  source?: string;
}

export interface TerminalOutput {
  command: string;
  output: string;
  exitCode?: number;
  /** The folder the command ran in, when the shell reported it. */
  cwd?: string;
}

/** The attached text and its note for the model (English); the chip's note for people (display language). */
function block(tag: string, attributes: Record<string, string | undefined>, body: string, note?: Said): string {
  const attrs = Object.entries(attributes)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeAttribute(v!)}"`)
    .join('');
  return `<${tag}${attrs}>\n${body}${body.endsWith('\n') || !body ? '' : '\n'}${note ? `(${note.model})\n` : ''}</${tag}>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function attachment(kind: AttachmentKind, label: string, text: string, note?: Said): Attachment {
  const chip: AttachmentChip = { kind, label, chars: text.length, tokens: estimateTokens(text) };
  if (note) chip.note = note.ui;
  return { chip, text };
}

/** A mention that added nothing, with the reason on its chip (and for the model, so it does not guess). */
export function missingAttachment(kind: AttachmentKind, label: string, reason: Said): Attachment {
  const text = `<mention_error mention="${escapeAttribute(label)}">${reason.model}</mention_error>`;
  return { chip: { kind, label, chars: text.length, tokens: estimateTokens(text), note: reason.ui, error: true }, text };
}

/** The start of `text` up to `max` characters, cut at a line end when one is near. */
export function capText(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const lineEnd = text.lastIndexOf('\n', max);
  return { text: text.slice(0, lineEnd > max * 0.8 ? lineEnd + 1 : max), cut: true };
}

/** The end of `text` (terminal output: the last lines matter most). */
function capTail(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const start = text.indexOf('\n', text.length - max);
  return { text: text.slice(start >= 0 && start < text.length - max * 0.8 ? start + 1 : text.length - max), cut: true };
}

export function fileAttachment(path: string, content: string, lines?: LineRange): Attachment {
  let text = content;
  let range = '';
  if (lines) {
    const all = content.split('\n');
    const end = Math.min(lines.end, all.length);
    text = all.slice(lines.start - 1, end).join('\n');
    range = lines.start >= end ? `${lines.start}` : `${lines.start}-${end}`;
  }
  const capped = capText(text, MENTION_CAPS.fileChars);
  const total = text.split('\n').length;
  const shown = capped.text.split('\n').length - (capped.text.endsWith('\n') ? 1 : 0);
  const note = capped.cut
    ? l10n.both('cut after {0} of {1} lines ({2} characters); read the file for the rest', shown, total, englishNumbers.count(MENTION_CAPS.fileChars))
    : undefined;
  const label = range ? `${path}:${range}` : path;
  return attachment(lines ? 'selection' : 'file', label, block('file', { path, lines: range || undefined }, capped.text, note), note);
}

/** A folder as an indented tree; `entries` are paths relative to the folder, folders ending in "/", depth-first. */
export function folderAttachment(path: string, entries: readonly string[], truncated: boolean): Attachment {
  const shown = entries.slice(0, MENTION_CAPS.folderEntries);
  const lines = shown.map((entry) => {
    const trimmed = entry.replace(/\/$/, '');
    const depth = trimmed.split('/').length - 1;
    return `${'  '.repeat(depth)}${trimmed.slice(trimmed.lastIndexOf('/') + 1)}${entry.endsWith('/') ? '/' : ''}`;
  });
  const cut = truncated || entries.length > shown.length;
  const note = cut ? l10n.both('listing cut at {0} entries', shown.length) : undefined;
  const label = `${path.replace(/\/$/, '')}/`;
  return attachment('folder', label, block('folder', { path: label }, lines.join('\n') || '(empty folder)', note), note);
}

export function problemsAttachment(problems: readonly ProblemEntry[]): Attachment {
  const order = { error: 0, warning: 1, info: 2, hint: 3 } as const;
  const sorted = [...problems].sort((a, b) => order[a.severity] - order[b.severity] || a.path.localeCompare(b.path) || a.line - b.line);
  const shown = sorted.slice(0, MENTION_CAPS.problems);
  const lines = shown.map((p) => `${p.path}:${p.line}:${p.column} ${p.severity}: ${p.message}${p.source ? ` (${p.source})` : ''}`);
  const note = sorted.length > shown.length ? l10n.both('{0} more not listed', sorted.length - shown.length) : undefined;
  const body = lines.length > 0 ? lines.join('\n') : 'VS Code reports no problems in the workspace.';
  // The messages are other parties' text (language servers, linters, other extensions): fenced and marked as data.
  const text = untrustedBlock('problems', DIAGNOSTICS_ORIGIN, `${body}${note ? `\n(${note.model})` : ''}`, { count: String(problems.length) });
  return attachment('problems', 'problems', text, note);
}

/**
 * VS Code attaches its listener for a command's output only after it has parsed the command's start, so the
 * output of a command that prints at once, in the same read as its start sequence, is never reported. An empty
 * output may therefore be a lost one: say so rather than claim the command printed nothing.
 */
const NO_TERMINAL_OUTPUT = '(VS Code reported no output for this command. A command that prints at once and ends within milliseconds may have printed something VS Code did not pass on.)';

/** Who writes a terminal command's output, as the model is told. */
export const TERMINAL_ORIGIN = 'the programs the command ran in the user\'s terminal (their output can quote files, web pages or anything they read)';
/** A command line longer than this is cut (the output keeps its end; the command its start). */
export const TERMINAL_COMMAND_CHARS = 2_000;

/**
 * One terminal command as the model reads it (the `@terminal` mention, the terminal's Explain and Fix with Relay):
 * the command line, working folder and exit code as attributes, the end of the output as data fenced off from
 * instructions. Secrets are scrubbed before this, where the output is recorded (host/mentions/terminal-recorder.ts).
 */
export function terminalBlock(output: TerminalOutput): { text: string; note?: Said } {
  const capped = capTail(output.output, MENTION_CAPS.terminalChars);
  const note = capped.cut ? l10n.both('only the last {0} characters of the output', englishNumbers.count(MENTION_CAPS.terminalChars)) : undefined;
  const command = output.command.length > TERMINAL_COMMAND_CHARS ? `${output.command.slice(0, TERMINAL_COMMAND_CHARS)}…` : output.command;
  const attrs = { command, cwd: output.cwd, exit_code: output.exitCode === undefined ? undefined : String(output.exitCode) };
  const body = `${capped.text || NO_TERMINAL_OUTPUT}${note ? `${capped.text.endsWith('\n') ? '' : '\n'}(${note.model})` : ''}`;
  return { text: untrustedBlock('terminal', TERMINAL_ORIGIN, body, attrs), ...(note ? { note } : {}) };
}

export function terminalAttachment(output: TerminalOutput): Attachment {
  const { text, note } = terminalBlock(output);
  return attachment('terminal', 'terminal', text, note);
}

export function changesAttachment(diff: string): Attachment {
  const capped = capText(diff, MENTION_CAPS.changesChars);
  const note = capped.cut ? l10n.both('diff cut at {0} characters; run git diff for the rest', englishNumbers.count(MENTION_CAPS.changesChars)) : undefined;
  return attachment('changes', 'changes', block('changes', {}, capped.text || 'The working tree has no uncommitted changes.', note), note);
}

export interface SelectionText {
  path: string;
  startLine: number;
  endLine: number;
  text: string;
}

export function selectionAttachment(selection: SelectionText): Attachment {
  const capped = capText(selection.text, MENTION_CAPS.selectionChars);
  const range = selection.startLine === selection.endLine ? `${selection.startLine}` : `${selection.startLine}-${selection.endLine}`;
  const note = capped.cut ? l10n.both('selection cut at {0} characters', englishNumbers.count(MENTION_CAPS.selectionChars)) : undefined;
  return attachment('selection', `${selection.path}:${range}`, block('selection', { path: selection.path, lines: range }, capped.text, note), note);
}

export function urlAttachment(url: string, markdown: string, title?: string): Attachment {
  const capped = capText(markdown, MENTION_CAPS.urlChars);
  const note = capped.cut ? l10n.both('page cut at {0} characters', englishNumbers.count(MENTION_CAPS.urlChars)) : undefined;
  return attachment('url', url, block('web_page', { url, title }, capped.text, note), note);
}
