// A server's input schema is checked before its tool is offered: providers reject a request whose tool
// schema is not an object schema, and validation needs a schema zod can read. A tool that fails is left
// out and reported, and the server's other tools stay usable.
import { z } from 'zod';
import type { JsonSchema } from '../tools/types';

export type SchemaCheck = { ok: true; schema: JsonSchema; zod: z.ZodType<Record<string, unknown>> } | { ok: false; reason: string };

export function checkInputSchema(schema: unknown): SchemaCheck {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return { ok: false, reason: 'the input schema is not a JSON object' };
  const record = schema as JsonSchema;
  if (record.type !== 'object') return { ok: false, reason: `the input schema's type is ${JSON.stringify(record.type)}, not "object"` };
  if (record.properties !== undefined && (typeof record.properties !== 'object' || record.properties === null || Array.isArray(record.properties))) {
    return { ok: false, reason: '"properties" is not an object' };
  }
  try {
    const zod = z.fromJSONSchema(record as Parameters<typeof z.fromJSONSchema>[0]) as z.ZodType<Record<string, unknown>>;
    return { ok: true, schema: record, zod };
  } catch (error) {
    return { ok: false, reason: `the input schema cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}
