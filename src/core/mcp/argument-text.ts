// An MCP call's arguments as people read them in the approval modal: one `name: value` line each, strings as
// they are (a newline is a new line, not `\n`), nested values indented, and a long value cut with its size.
import { l10n } from '../l10n';
import { formatCount } from '../../shared/format-numbers';

/** A string longer than this is cut; the modal says how long it was. */
const MAX_VALUE_CHARS = 300;
/** Lines of a multi-line string shown before it is cut. */
const MAX_VALUE_LINES = 12;
const MAX_TOTAL_LINES = 60;

export function formatArguments(args: unknown): string {
  const lines = valueLines(args, '');
  if (lines.length === 0) return l10n.t('(none)');
  if (lines.length <= MAX_TOTAL_LINES) return lines.join('\n');
  return [...lines.slice(0, MAX_TOTAL_LINES), l10n.t('… and {0} more lines', lines.length - MAX_TOTAL_LINES)].join('\n');
}

function valueLines(value: unknown, indent: string): string[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${indent}[]`];
    return value.flatMap((item) => entry('-', item, indent));
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return [];
    return entries.flatMap(([key, item]) => entry(`${key}:`, item, indent));
  }
  return [`${indent}${scalar(value)}`];
}

function entry(label: string, value: unknown, indent: string): string[] {
  if (typeof value === 'string') {
    // A file's final newline is no line of its own to read.
    const text = cut(value.endsWith('\n') ? value.slice(0, -1) : value);
    const parts = text.split('\n');
    if (parts.length === 1) return [`${indent}${label} ${text}`];
    return [`${indent}${label}`, ...parts.map((line) => `${indent}  ${line}`)];
  }
  if (value !== null && typeof value === 'object') {
    const inner = valueLines(value, `${indent}  `);
    return inner.length === 0 ? [`${indent}${label} {}`] : [`${indent}${label}`, ...inner];
  }
  return [`${indent}${label} ${scalar(value)}`];
}

function scalar(value: unknown): string {
  if (typeof value === 'string') return cut(value);
  if (value === undefined) return 'undefined';
  return JSON.stringify(value) ?? String(value);
}

/** A long string keeps its start and says how long it was: "…(12,480 characters)". */
function cut(text: string): string {
  const lines = text.split('\n');
  const tooManyLines = lines.length > MAX_VALUE_LINES;
  const shown = tooManyLines ? lines.slice(0, MAX_VALUE_LINES).join('\n') : text;
  if (!tooManyLines && shown.length <= MAX_VALUE_CHARS) return text;
  const head = shown.length > MAX_VALUE_CHARS ? shown.slice(0, MAX_VALUE_CHARS) : shown;
  return `${head}… ${l10n.t('({0} characters in all)', formatCount(text.length))}`;
}
