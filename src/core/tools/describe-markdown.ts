// The Markdown tools prompt for models without native tool calling (behaviour 27), in the exact form of
// tool-system.md §8, followed by how to write a call (the text protocol parsed by text-protocol.ts).
import { toolInputSchema } from './json-schema';
import { toolDescriptionText, withoutWithheld } from './model-description';
import { TOOL_CALL_TAG } from './text-protocol';
import type { AnyTool, JsonSchema } from './types';

export interface MarkdownToolsOptions {
  /** Appends how to write a call in text; on by default. */
  callInstructions?: boolean;
  /** Tools the model is not offered: notes naming them are left out. */
  withheld?: ReadonlySet<string>;
}

export async function describeToolsMarkdown(tools: readonly AnyTool[], options: MarkdownToolsOptions = {}): Promise<string> {
  if (tools.length === 0) return '';
  const sections = await Promise.all(tools.map((tool) => describeOneTool(tool, options.withheld)));
  const head = `# Available Tools\n\nYou have access to the following ${tools.length} tool(s):`;
  const body = [head, ...sections].join('\n\n');
  return options.callInstructions === false ? body : `${body}\n\n${TEXT_CALL_INSTRUCTIONS}`;
}

/** The calling convention the text-protocol parser understands. */
export const TEXT_CALL_INSTRUCTIONS = `# How to Call a Tool

Write a ${TOOL_CALL_TAG} tag with the tool's name in the name attribute and its arguments as one JSON object inside:

<${TOOL_CALL_TAG} name="read_file">{"path": "src/index.ts"}</${TOOL_CALL_TAG}>

- Use the parameter names listed above. Write strings in double quotes and escape newlines (\\n) and quotes (\\") in them.
- A tool without parameters takes {}.
- You may write several ${TOOL_CALL_TAG} tags in one reply; they run in order and their results arrive in the next message.`;

async function describeOneTool(tool: AnyTool, withheld: ReadonlySet<string> | undefined): Promise<string> {
  const [description, schema] = await Promise.all([tool.getDescription(), toolInputSchema(tool)]);
  const lines = [`## ${tool.name}`];
  if (tool.displayName && tool.displayName !== tool.name) lines.push(`Display Name: ${tool.displayName}`);
  lines.push(`Description: ${toolDescriptionText(withoutWithheld(description, withheld))}`);
  const params = describeProperties(schema, '  ');
  lines.push(params.length > 0 ? 'Parameters:' : 'Parameters: No parameters', ...params);
  return lines.join('\n');
}

function describeProperties(schema: JsonSchema, indent: string): string[] {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties || typeof properties !== 'object') return [];
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const lines: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const description = typeof property.description === 'string' ? ` - ${property.description}` : '';
    const fallback = 'default' in property ? ` (default: ${JSON.stringify(property.default)})` : '';
    lines.push(`${indent}- ${name}: ${typeName(property)} (${required.has(name) ? 'required' : 'optional'})${description}${fallback}`);
    const allowed = enumValues(property);
    if (allowed) lines.push(`${indent}  Allowed values: ${allowed.map(formatValue).join(', ')}`);
    const nested = property.type === 'array' && isSchema(property.items) ? property.items : property;
    lines.push(...describeProperties(nested, `${indent}  `));
  }
  return lines;
}

function typeName(schema: JsonSchema): string {
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array') return isSchema(schema.items) ? `array of ${typeName(schema.items)}` : 'array';
  if (typeof schema.type === 'string') return schema.type;
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(options)) return [...new Set(options.map(typeName))].join(' | ');
  if ('const' in schema) return typeof schema.const;
  const values = enumValues(schema);
  if (values) return [...new Set(values.map((value) => (value === null ? 'null' : typeof value)))].join(' | ');
  return 'any';
}

function enumValues(schema: JsonSchema): unknown[] | undefined {
  return Array.isArray(schema.enum) ? schema.enum : undefined;
}

function formatValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function isSchema(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
