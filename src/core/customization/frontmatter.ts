// A customisation file's frontmatter: the YAML between a leading `---` line and the next `---` line, parsed with
// `yaml` (Cursor's `.mdc`, Copilot's `.instructions.md`, Claude's agents...). Never throws: a broken block is
// reported with its line in the file and the body is kept, so one bad file loses nothing but its settings.
import { l10n } from '../l10n';
import { parseDocument } from 'yaml';

export interface FrontmatterProblem {
  /** 1-based line in the whole file. */
  line: number;
  message: string;
}

export interface SplitMarkdown {
  /** The parsed mapping; empty when there is no frontmatter or it is not a mapping. */
  data: Record<string, unknown>;
  /** Whether the file starts with a frontmatter block (even an empty or broken one). */
  hasFrontmatter: boolean;
  body: string;
  /** 1-based line where the body starts. */
  bodyLine: number;
  problems: FrontmatterProblem[];
}

const FENCE = /^---[ \t]*$/;

export function splitFrontmatter(text: string): SplitMarkdown {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = source.split(/\r?\n/);
  if (lines.length < 2 || !FENCE.test(lines[0]!)) return { data: {}, hasFrontmatter: false, body: source, bodyLine: 1, problems: [] };
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end < 0) {
    return { data: {}, hasFrontmatter: false, body: source, bodyLine: 1, problems: [{ line: 1, message: l10n.t('The frontmatter starting here has no closing "---" line; the file is read as plain text.') }] };
  }
  const yamlText = lines.slice(1, end).join('\n');
  const body = lines.slice(end + 1).join('\n');
  const bodyLine = end + 2;
  const parsed = parseYamlMapping(yamlText, 2);
  if (parsed.problems.length === 0) return { data: parsed.data, hasFrontmatter: true, body, bodyLine, problems: [] };
  const lenient = parseEntries(lines.slice(1, end), 2);
  return { data: lenient.data, hasFrontmatter: true, body, bodyLine, problems: lenient.problems };
}

/**
 * A frontmatter YAML refuses, read one top-level field at a time: Cursor writes `globs: *.ts` unquoted (YAML reads
 * `*` as an alias), and one such field must not lose the others. A field YAML still refuses on one line is kept as
 * plain text, with a note; any other broken field is reported and left out.
 */
function parseEntries(lines: readonly string[], firstLine: number): { data: Record<string, unknown>; problems: FrontmatterProblem[] } {
  const data: Record<string, unknown> = {};
  const problems: FrontmatterProblem[] = [];
  let start = 0;
  while (start < lines.length) {
    let next = start + 1;
    while (next < lines.length && (/^[ \t-]/.test(lines[next]!) || lines[next]!.trim() === '')) next++;
    const entry = lines.slice(start, next);
    const line = firstLine + start;
    start = next;
    const parsed = parseYamlMapping(entry.join('\n'), line);
    if (parsed.problems.length === 0) {
      Object.assign(data, parsed.data);
      continue;
    }
    const colon = entry[0]!.indexOf(':');
    const key = colon > 0 ? entry[0]!.slice(0, colon).trim() : '';
    const value = colon > 0 ? entry[0]!.slice(colon + 1).trim() : '';
    if (entry.length === 1 && key !== '' && !/\s/.test(key) && value !== '' && !'[{"\''.includes(value[0]!)) {
      data[key] = value;
      problems.push({ line, message: l10n.t('"{0}" is not valid YAML; it is read as the text "{1}". Quote it to be sure.', key, value) });
    } else problems.push(...parsed.problems);
  }
  return { data, problems };
}

/** A YAML document that should be a mapping; `firstLine` is the file line of the text's first line. */
export function parseYamlMapping(text: string, firstLine = 1): { data: Record<string, unknown>; problems: FrontmatterProblem[] } {
  const problems: FrontmatterProblem[] = [];
  let value: unknown;
  try {
    const document = parseDocument(text, { uniqueKeys: false });
    for (const error of document.errors) {
      problems.push({ line: firstLine + (error.linePos?.[0].line ?? 1) - 1, message: firstSentence(error.message) });
    }
    value = document.errors.length > 0 ? undefined : document.toJS({ maxAliasCount: 50 });
  } catch (error) {
    problems.push({ line: firstLine, message: firstSentence(error instanceof Error ? error.message : String(error)) });
  }
  if (value === undefined || value === null) return { data: {}, problems };
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ line: firstLine, message: l10n.t('The frontmatter is not a list of "key: value" fields; it is ignored.') });
    return { data: {}, problems };
  }
  return { data: value as Record<string, unknown>, problems };
}

function firstSentence(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

/** Field readers that tolerate each peer's variants and say what was wrong instead of throwing. */
export interface FieldProblems {
  warn(message: string): void;
}

export function stringField(data: Record<string, unknown>, key: string, problems?: FieldProblems): string | undefined {
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  problems?.warn(l10n.t('"{0}" should be text; it is ignored.', key));
  return undefined;
}

export function booleanField(data: Record<string, unknown>, key: string, problems?: FieldProblems): boolean | undefined {
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  problems?.warn(l10n.t('"{0}" should be true or false; it is ignored.', key));
  return undefined;
}

/** A list given as a YAML list or as one comma-separated string (Cursor's `globs`, Claude's `tools`). */
export function listField(data: Record<string, unknown>, key: string, problems?: FieldProblems): string[] | undefined {
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return splitList(value);
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value) {
      if (typeof item === 'string' && item.trim() !== '') items.push(item.trim());
      else if (typeof item !== 'string') problems?.warn(l10n.t('"{0}" holds an entry that is not text; it is skipped.', key));
    }
    return items;
  }
  problems?.warn(l10n.t('"{0}" should be a list or comma-separated text; it is ignored.', key));
  return undefined;
}

/** Splits on commas outside braces, so `src/**\/*.{ts,tsx}, docs/*.md` stays two globs. */
export function splitList(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '{') depth++;
    else if (char === '}') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      items.push(current);
      current = '';
    } else current += char;
  }
  items.push(current);
  return items.map((item) => item.trim().replace(/^["']|["']$/g, '')).filter((item) => item !== '');
}
