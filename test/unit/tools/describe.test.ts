// Section 8 of tool-system.md: describing tools to the model (behaviours 26-28).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import {
  cleanJsonSchema,
  createTool,
  defineTool,
  describeToolForModel,
  describeToolsForProvider,
  describeToolsMarkdown,
  TEXT_CALL_INSTRUCTIONS,
  ToolErrorType,
  zodToJsonSchema,
} from '../../../src/core/tools';
import { harness } from './fixtures';

const readFile = createTool({
  name: 'read_file',
  displayName: 'Read File',
  kind: 'readonly',
  description: { short: 'Reads a file.', usageNotes: ['Prefer small ranges.'], guidance: { onError: 'List the folder first.' } },
  parameters: z
    .object({
      path: z.string().describe('Path relative to the workspace root').meta({ title: 'Path' }),
      mode: z.enum(['a', 'b']).optional().describe('How to read'),
      limit: z.number().int().default(100).describe('Lines'),
    })
    .meta({ title: 'ReadFileParams' }),
  execute: async (_p, ctx) => ctx.setToolResult(ctx.callId, 'content'),
});

describe('native tool calling (JSON Schema)', () => {
  test('[26] zod becomes JSON Schema without titles, $schema or zod noise', () => {
    const schema = zodToJsonSchema(z.object({ n: z.number().int(), s: z.string().meta({ title: 'S' }) }).meta({ title: 'T' }));
    assert.deepEqual(schema, {
      type: 'object',
      properties: { n: { type: 'integer' }, s: { type: 'string' } },
      required: ['n', 's'],
    });
  });

  test('[26] a property named "title" and data such as defaults and enums are kept', () => {
    const schema = cleanJsonSchema({
      title: 'Drop me',
      type: 'object',
      properties: { title: { type: 'string', title: 'Drop me too', default: 'keep' } },
      default: { title: 'a default is data' },
    });
    assert.deepEqual(schema, {
      type: 'object',
      properties: { title: { type: 'string', default: 'keep' } },
      default: { title: 'a default is data' },
    });
  });

  test('[26] local $ref is inlined (siblings kept); a recursive definition keeps its cycle in $defs', () => {
    const inlined = cleanJsonSchema({
      type: 'object',
      properties: { a: { $ref: '#/$defs/Point', description: 'first' }, b: { $ref: '#/definitions/Point' } },
      $defs: { Point: { type: 'object', title: 'Point', properties: { x: { type: 'number' } } } },
      definitions: { Point: { type: 'object', properties: { x: { type: 'number' } } } },
    });
    assert.deepEqual(inlined, {
      type: 'object',
      properties: {
        a: { type: 'object', properties: { x: { type: 'number' } }, description: 'first' },
        b: { type: 'object', properties: { x: { type: 'number' } } },
      },
    });
    type Node = { name: string; children: Node[] };
    const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(node) }));
    const recursive = zodToJsonSchema(z.object({ root: node }));
    const json = JSON.stringify(recursive);
    assert.ok(!json.includes('"title"'));
    const defs = recursive.$defs as Record<string, { properties: { children: { items: { $ref: string } } } }>;
    const [name, def] = Object.entries(defs)[0]!;
    assert.equal(def.properties.children.items.$ref, `#/$defs/${name}`);
  });

  test('[26] per-provider shapes: Anthropic {name, description, input_schema}, OpenAI {type: function, function: {...}}', async () => {
    const spec = await describeToolForModel(readFile);
    assert.match(spec.description, /^Reads a file\.\n\nUsage notes:\n- Prefer small ranges\.$/);
    const [anthropic] = await describeToolsForProvider([readFile], 'anthropic');
    const [openai] = await describeToolsForProvider([readFile], 'openai');
    assert.deepEqual(Object.keys(anthropic!), ['name', 'description', 'input_schema']);
    assert.deepEqual(openai, { type: 'function', function: { name: 'read_file', description: spec.description, parameters: spec.inputSchema } });
    assert.deepEqual(anthropic!.input_schema, {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Path relative to the workspace root' },
        mode: { type: 'string', enum: ['a', 'b'], description: 'How to read' },
        limit: { type: 'integer', default: 100, description: 'Lines' },
      },
      required: ['path'],
    });
  });

  test('[26] a tool without parameters still gets an object schema', async () => {
    const none = createTool({ name: 'now', kind: 'readonly', description: 'x', parameters: z.object({}), execute: async () => {} });
    assert.deepEqual((await describeToolForModel(none)).inputSchema, { type: 'object', properties: {} });
  });
});

describe('Markdown tools prompt', () => {
  test('[27] the exact format', async () => {
    const ping = defineTool({ name: 'ping', kind: 'readonly', description: 'Checks the server.', parameters: { type: 'object' }, execute: async () => {} });
    const text = await describeToolsMarkdown([readFile, ping], { callInstructions: false });
    assert.equal(
      text,
      [
        '# Available Tools',
        '',
        'You have access to the following 2 tool(s):',
        '',
        '## read_file',
        'Display Name: Read File',
        'Description: Reads a file.',
        '',
        'Usage notes:',
        '- Prefer small ranges.',
        'Parameters:',
        '  - path: string (required) - Path relative to the workspace root',
        '  - mode: string (optional) - How to read',
        '    Allowed values: a, b',
        '  - limit: integer (optional) - Lines (default: 100)',
        '',
        '## ping',
        'Description: Checks the server.',
        'Parameters: No parameters',
      ].join('\n'),
    );
  });

  test('[27] zero tools give an empty string; display name only when it differs', async () => {
    assert.equal(await describeToolsMarkdown([]), '');
    const same = createTool({ name: 'grep', displayName: 'grep', kind: 'readonly', description: 'd', parameters: z.object({}), execute: async () => {} });
    assert.ok(!(await describeToolsMarkdown([same])).includes('Display Name'));
  });

  test('[27] nested objects and arrays are described with their children', async () => {
    const edit = createTool({
      name: 'edit_file',
      kind: 'write',
      description: 'Edits.',
      parameters: z.object({ edits: z.array(z.object({ old: z.string().describe('Text to find'), all: z.boolean().optional() })) }),
      execute: async () => {},
    });
    const text = await describeToolsMarkdown([edit], { callInstructions: false });
    assert.ok(text.includes('  - edits: array of object (required)\n    - old: string (required) - Text to find\n    - all: boolean (optional)'));
  });

  test('[27] the prompt ends with how to write a call in text, which the text protocol parser reads', async () => {
    const text = await describeToolsMarkdown([readFile]);
    assert.ok(text.endsWith(TEXT_CALL_INSTRUCTIONS));
    assert.match(TEXT_CALL_INSTRUCTIONS, /<tool_call name="read_file">\{"path": "src\/index\.ts"\}<\/tool_call>/);
  });
});

describe('just-in-time guidance', () => {
  test('[28] guidance is not in the prompt or the native description', async () => {
    assert.ok(!(await describeToolsMarkdown([readFile])).includes('List the folder first'));
    assert.ok(!(await describeToolForModel(readFile)).description.includes('List the folder first'));
  });

  test('[28] guidance comes with the tool\'s errors', async () => {
    const h = harness([{ name: 'read_file', factory: () => readFile }]);
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c1', name: 'read_file', arguments: { path: 7 } }]);
    assert.equal(outcomes[0]!.errorType, ToolErrorType.INVALID_PARAMS);
    assert.match(String(outcomes[0]!.content), /Guidance: List the folder first\.$/);
  });

  test('[28] first-result guidance is given once per task, with the first successful result', async () => {
    const tool = createTool({
      name: 'search',
      kind: 'readonly',
      description: { short: 's', guidance: { onFirstResult: 'Results are capped at 100.' } },
      parameters: z.object({}),
      execute: async (_p, ctx) => ctx.setToolResult(ctx.callId, 'hits'),
    });
    const h = harness([{ name: 'search', factory: () => tool }]);
    const first = await h.scheduler.runCalls([{ callId: 'c1', name: 'search' }]);
    const second = await h.scheduler.runCalls([{ callId: 'c2', name: 'search' }]);
    assert.equal(first.outcomes[0]!.content, 'hits\n\nGuidance: Results are capped at 100.');
    assert.equal(second.outcomes[0]!.content, 'hits');
  });
});
