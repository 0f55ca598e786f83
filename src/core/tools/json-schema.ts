// Tools described for native tool calling (behaviour 26): zod -> JSON Schema, cleaned for providers: no
// titles, local $ref inlined (a recursive schema keeps its cycle in $defs), no zod noise.
import { z } from 'zod';
import type { AnyTool, JsonSchema } from './types';

/** Keywords whose value is a map of name -> schema: the names are data, not keywords. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Keywords whose value is one schema (or, for items, a list). */
const SCHEMA_VALUES = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
]);
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

export function zodToJsonSchema(schema: z.ZodType): JsonSchema {
  return cleanJsonSchema(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

/** The input schema sent to providers: always an object schema. */
export async function toolInputSchema(tool: AnyTool): Promise<JsonSchema> {
  const raw = tool.getInputJsonSchema ? await tool.getInputJsonSchema() : zodToJsonSchema(await tool.getParameters());
  const schema = cleanJsonSchema(raw);
  if (schema.type === undefined && schema.properties === undefined) return { type: 'object', properties: {}, ...schema };
  if (schema.type === 'object' && schema.properties === undefined) return { ...schema, properties: {} };
  return schema;
}

export function cleanJsonSchema(schema: JsonSchema): JsonSchema {
  const defs = { ...asMap(schema.definitions), ...asMap(schema.$defs) };
  const recursive = new Map<string, unknown>();
  const body = clean(schema, defs, [], recursive, true) as JsonSchema;
  // Only definitions that refer to themselves survive, because they cannot be inlined.
  for (let pending = [...recursive.keys()]; pending.length > 0; ) {
    const name = pending.pop()!;
    if (recursive.get(name) !== undefined) continue;
    const before = new Set(recursive.keys());
    recursive.set(name, clean(defs[name], defs, [name], recursive, false));
    for (const key of recursive.keys()) if (!before.has(key)) pending.push(key);
  }
  if (recursive.size > 0) body.$defs = Object.fromEntries(recursive);
  return body;
}

function clean(
  node: unknown,
  defs: Record<string, unknown>,
  inlining: readonly string[],
  recursive: Map<string, unknown>,
  isRoot: boolean,
): unknown {
  if (Array.isArray(node)) return node.map((item) => clean(item, defs, inlining, recursive, false));
  if (node === null || typeof node !== 'object') return node;
  const schema = node as JsonSchema;
  const ref = localRefName(schema.$ref);
  if (ref !== undefined && ref in defs) {
    if (inlining.includes(ref)) {
      if (!recursive.has(ref)) recursive.set(ref, undefined);
      const { $ref: _ref, ...siblings } = schema;
      return { $ref: `#/$defs/${ref}`, ...cleanKeywords(siblings, defs, inlining, recursive) };
    }
    const { $ref: _ref, ...siblings } = schema;
    return clean({ ...(defs[ref] as JsonSchema), ...siblings }, defs, [...inlining, ref], recursive, false);
  }
  if (!isRoot) return cleanKeywords(schema, defs, inlining, recursive);
  // The root's definitions were collected by cleanJsonSchema; they are inlined where used.
  const { $defs: _defs, definitions: _definitions, ...rest } = schema;
  return cleanKeywords(rest, defs, inlining, recursive);
}

function cleanKeywords(
  schema: JsonSchema,
  defs: Record<string, unknown>,
  inlining: readonly string[],
  recursive: Map<string, unknown>,
): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'title' || key === '$schema') continue;
    if (key === 'additionalProperties' && isEmptyObject(value)) continue;
    if (schema.type === 'integer' && ((key === 'maximum' && value === MAX_SAFE) || (key === 'minimum' && value === -MAX_SAFE))) continue;
    if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, clean(sub, defs, inlining, recursive, false)]));
    } else if (SCHEMA_LISTS.has(key) || SCHEMA_VALUES.has(key)) {
      out[key] = clean(value, defs, inlining, recursive, false);
    } else {
      out[key] = value; // enum, const, default, examples...: data, left exactly as written
    }
  }
  return out;
}

function localRefName(ref: unknown): string | undefined {
  if (typeof ref !== 'string') return undefined;
  const match = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref);
  return match ? decodeURIComponent(match[1]!).replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}

function asMap(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function isEmptyObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}
