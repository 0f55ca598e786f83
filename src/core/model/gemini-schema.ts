// Our tools' JSON Schema (from zod) in Gemini's schema dialect: the OpenAPI 3.0 subset of its `Schema` type.
// Gemini refuses what that subset lacks ($schema, additionalProperties, $ref, const, oneOf, type lists,
// non-string enums), so this rewrites each into what it does take: references inlined, `const` as a
// one-value enum, `oneOf` as `anyOf`, `["string", "null"]` as `nullable`, number enums described in words.
// Nothing the model needs to call a tool correctly is dropped silently: what cannot be expressed goes into
// the description.

type JsonSchema = Record<string, unknown>;

/** Keywords Gemini's Schema has, copied as they are. */
const KEPT = ['description', 'title', 'minItems', 'maxItems', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'minProperties', 'maxProperties'] as const;
/** Formats Gemini accepts, by type; others are dropped (they only constrain, never change, the value). */
const FORMATS: Record<string, readonly string[]> = { string: ['enum', 'date-time'], integer: ['int32', 'int64'], number: ['float', 'double'] };
/** Deep enough for any tool schema; a self-referencing one stops here instead of recursing forever. */
const MAX_DEPTH = 12;

export function toGeminiSchema(schema: unknown): JsonSchema {
  const root = isObject(schema) ? schema : {};
  return convert(root, root, 0);
}

/** Function parameters: Gemini wants none at all (not an empty object) for a tool that takes nothing. */
export function toGeminiParameters(schema: unknown): JsonSchema | undefined {
  const converted = toGeminiSchema(schema);
  const properties = converted.properties;
  if (converted.type === 'object' && (!isObject(properties) || Object.keys(properties).length === 0)) return undefined;
  return converted;
}

function convert(input: JsonSchema, root: JsonSchema, depth: number): JsonSchema {
  const schema = resolveRef(input, root);
  if (depth > MAX_DEPTH) return { type: 'object', description: describeTruncated(schema) };
  const out: JsonSchema = {};
  const notes: string[] = [];

  for (const key of KEPT) if (schema[key] !== undefined) out[key] = schema[key];

  let type = schema.type;
  if (Array.isArray(type)) {
    const nonNull = type.filter((t) => t !== 'null');
    if (nonNull.length < type.length) out.nullable = true;
    if (nonNull.length === 1) type = nonNull[0];
    else {
      out.anyOf = nonNull.map((t) => convert({ ...schema, type: t, description: undefined }, root, depth + 1));
      type = undefined;
    }
  }
  if (typeof type === 'string') {
    if (type === 'null') out.nullable = true;
    else out.type = type;
  }
  if (schema.nullable === true) out.nullable = true;

  const enumValues = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  if (enumValues) {
    const values = enumValues.filter((v) => v !== null);
    if (values.length < enumValues.length) out.nullable = true;
    if (values.every((v) => typeof v === 'string')) {
      out.enum = values;
      out.type ??= 'string';
    } else notes.push(`One of: ${values.map((v) => JSON.stringify(v)).join(', ')}.`);
  }

  if (typeof schema.format === 'string' && typeof out.type === 'string' && FORMATS[out.type]?.includes(schema.format)) out.format = schema.format;

  if (isObject(schema.properties)) {
    const properties: JsonSchema = {};
    for (const [name, property] of Object.entries(schema.properties)) properties[name] = convert(isObject(property) ? property : {}, root, depth + 1);
    out.properties = properties;
    out.type ??= 'object';
    const required = Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === 'string' && name in properties) : [];
    if (required.length > 0) out.required = required;
  }
  if (schema.items !== undefined) {
    // A tuple (items as a list) becomes a list of any of its item types.
    const items = Array.isArray(schema.items) ? { anyOf: schema.items } : schema.items;
    out.items = convert(isObject(items) ? items : {}, root, depth + 1);
    out.type ??= 'array';
  }
  const options = [...asList(schema.anyOf), ...asList(schema.oneOf)];
  if (options.length > 0) {
    const converted = options.map((option) => convert(option, root, depth + 1));
    // `{"type": "null"}` among the options is nullability, not an option.
    const real = converted.filter((option) => !(option.nullable === true && option.type === undefined && Object.keys(option).length === 1));
    if (real.length < converted.length) out.nullable = true;
    if (real.length === 1) Object.assign(out, { ...real[0], ...pick(out, ['description', 'nullable']) });
    else if (real.length > 1) out.anyOf = real;
  }
  for (const part of asList(schema.allOf)) mergeInto(out, convert(part, root, depth + 1));

  if (typeof schema.exclusiveMinimum === 'number' && out.minimum === undefined) notes.push(`Greater than ${schema.exclusiveMinimum}.`);
  if (typeof schema.exclusiveMaximum === 'number' && out.maximum === undefined) notes.push(`Less than ${schema.exclusiveMaximum}.`);
  if (schema.default !== undefined) notes.push(`Default: ${JSON.stringify(schema.default)}.`);
  if (notes.length > 0) out.description = [out.description, ...notes].filter(Boolean).join(' ');
  return out;
}

/** `$ref` to `#/$defs/x` or `#/definitions/x`, inlined; a reference elsewhere is left as an open object. */
function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  const target = match ? (root[match[1]!] as JsonSchema | undefined)?.[decodeURIComponent(match[2]!)] : undefined;
  const { $ref: _ref, ...rest } = schema;
  return isObject(target) ? { ...target, ...rest } : { type: 'object', ...rest };
}

function mergeInto(target: JsonSchema, source: JsonSchema): void {
  for (const [key, value] of Object.entries(source)) {
    if (key === 'properties' && isObject(value)) target.properties = { ...(target.properties as JsonSchema | undefined), ...value };
    else if (key === 'required' && Array.isArray(value)) target.required = [...new Set([...((target.required as string[] | undefined) ?? []), ...value])];
    else target[key] ??= value;
  }
}

function pick(schema: JsonSchema, keys: readonly string[]): JsonSchema {
  const out: JsonSchema = {};
  for (const key of keys) if (schema[key] !== undefined) out[key] = schema[key];
  return out;
}

function describeTruncated(schema: JsonSchema): string {
  return typeof schema.description === 'string' ? schema.description : 'A nested value (too deep to describe).';
}

function asList(value: unknown): JsonSchema[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
