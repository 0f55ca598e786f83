// What a server says about a tool, made fit for the prompt: hidden characters removed from its name, title,
// description and every string of its input schema, and descriptions capped in length (the tool's own and
// those nested in the schema), so a server can neither hide instructions to the model nor flood the prompt.
// The tool is still called by the name the server gave it.
import type { McpToolAnnotations, McpToolInfo } from '../ports/mcp';
import type { JsonSchema } from '../tools/types';
import { hasHidden, stripHidden } from './hidden-text';

/** Characters of a tool's description in the prompt. */
export const MAX_TOOL_DESCRIPTION = 2048;
/** Characters of any other text in a tool's definition: a title, a description nested in the input schema. */
export const MAX_SCHEMA_TEXT = 1024;

/**
 * Schema keywords whose strings are values the call must match (an enum member, a pattern, a property name in
 * `required`): hidden characters are removed from them too, but they are never shortened.
 */
const EXACT_KEYWORDS = new Set(['enum', 'const', 'pattern', 'required', 'type', 'format', 'default', '$ref', '$id', '$schema', '$anchor', '$dynamicRef', '$dynamicAnchor', 'contentEncoding', 'contentMediaType', 'dependentRequired']);

export interface CleanTool {
  /** The definition as the model sees it (name cleaned too). */
  info: McpToolInfo;
  /** Hidden characters removed, over the whole definition. */
  hiddenRemoved: number;
  /** Texts shortened to their cap. */
  cut: number;
  /** Why the tool cannot be offered at all, when it cannot. */
  problem?: string;
}

export function cleanToolInfo(info: McpToolInfo): CleanTool {
  const counts = { hiddenRemoved: 0, cut: 0 };
  const text = (value: string, cap: number | undefined) => {
    const stripped = stripHidden(value);
    counts.hiddenRemoved += stripped.removed;
    if (cap === undefined || stripped.text.length <= cap) return stripped.text;
    counts.cut++;
    return capText(stripped.text, cap);
  };
  const name = text(info.name, undefined);
  let problem: string | undefined;
  if (name.trim() === '') problem = 'the tool\'s name is made only of invisible characters';
  const keyProblem = hiddenKey(info.inputSchema);
  if (keyProblem !== undefined) problem ??= `a property name in its input schema holds invisible characters (${JSON.stringify(stripHidden(keyProblem).text)})`;
  const overlong = overlongExact(info.inputSchema, undefined);
  if (overlong !== undefined) problem ??= `a value or property name in its input schema is longer than ${MAX_SCHEMA_TEXT} characters (${JSON.stringify(capText(overlong, 40))})`;
  const cleaned: McpToolInfo = { ...info, name, inputSchema: cleanSchema(info.inputSchema, undefined, text) as JsonSchema };
  if (typeof info.title === 'string') cleaned.title = text(info.title, MAX_SCHEMA_TEXT);
  if (typeof info.description === 'string') cleaned.description = text(info.description, MAX_TOOL_DESCRIPTION);
  if (info.annotations && typeof info.annotations === 'object') {
    const annotations: McpToolAnnotations = { ...info.annotations };
    if (typeof annotations.title === 'string') annotations.title = text(annotations.title, MAX_SCHEMA_TEXT);
    cleaned.annotations = annotations;
  }
  return { info: cleaned, ...counts, ...(problem ? { problem } : {}) };
}

/** The first text cut at `cap` characters (never inside a surrogate pair), with how much was left out. */
export function capText(text: string, cap: number): string {
  let end = cap;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}… (cut: ${text.length - end} more characters)`;
}

/** Every string cleaned; strings under descriptive keywords capped. Keys are kept (see `hiddenKey`). */
function cleanSchema(value: unknown, keyword: string | undefined, text: (value: string, cap: number | undefined) => string): unknown {
  if (typeof value === 'string') return text(value, keyword !== undefined && EXACT_KEYWORDS.has(keyword) ? undefined : MAX_SCHEMA_TEXT);
  if (Array.isArray(value)) return value.map((item) => cleanSchema(item, keyword, text));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    // A map of names to schemas (`properties`, `$defs`…): its keys are names, its values schemas again.
    const childKeyword = keyword === 'properties' || keyword === 'patternProperties' || keyword === '$defs' || keyword === 'definitions' ? undefined : key;
    Object.defineProperty(out, key, { value: cleanSchema(child, childKeyword, text), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * A string the cap may not shorten (an enum member, a const, a default, a pattern; a property name) that is over
 * the cap, with hidden characters removed: the model would read it whole, so such a tool is left out rather than
 * let it flood the prompt past the description caps.
 */
function overlongExact(value: unknown, keyword: string | undefined): string | undefined {
  if (typeof value === 'string') {
    const text = stripHidden(value).text;
    return keyword !== undefined && EXACT_KEYWORDS.has(keyword) && text.length > MAX_SCHEMA_TEXT ? text : undefined;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = overlongExact(item, keyword);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const names = keyword === 'properties' || keyword === 'patternProperties' || keyword === '$defs' || keyword === 'definitions';
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (stripHidden(key).text.length > MAX_SCHEMA_TEXT) return key;
    const found = overlongExact(child, names ? undefined : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A key anywhere in the schema that holds hidden characters. Such a tool is left out rather than cleaned: the
 * model would send arguments under the cleaned name, which the server does not know.
 */
function hiddenKey(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = hiddenKey(item);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (hasHidden(key)) return key;
    const found = hiddenKey(child);
    if (found !== undefined) return found;
  }
  return undefined;
}
