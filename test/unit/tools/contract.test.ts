// Section 1 of tool-system.md: the Tool contract, the two reporting channels and the four authoring styles.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import {
  BaseTool,
  createSimpleTool,
  createTool,
  defineTool,
  ToolError,
  ToolErrorType,
  type ToolContext,
  type Tool,
  type ToolDescription,
} from '../../../src/core/tools';
import { harness } from './fixtures';

class EchoTool extends BaseTool<{ text: string; loud?: boolean }> {
  readonly name = 'echo';
  override readonly displayName = 'Echo';
  readonly kind = 'readonly' as const;
  async getDescription(): Promise<ToolDescription> {
    return { short: 'Repeats the text.' };
  }
  async getParameters() {
    return z.object({ text: z.string(), loud: z.boolean().optional() });
  }
  async execute(params: { text: string; loud?: boolean }, ctx: ToolContext, isPartial: boolean): Promise<void> {
    if (isPartial) return;
    this.succeed(ctx, params.loud ? params.text.toUpperCase() : params.text);
  }
}

const echoParams = z.object({ text: z.string(), loud: z.boolean().optional() });
const echoJsonSchema = {
  type: 'object',
  properties: { text: { type: 'string' }, loud: { type: 'boolean' } },
  required: ['text'],
};

const styles = {
  BaseTool: () => new EchoTool(),
  createTool: () =>
    createTool({
      name: 'echo',
      displayName: 'Echo',
      kind: 'readonly',
      description: 'Repeats the text.',
      parameters: echoParams,
      execute: async (params, ctx, isPartial) => {
        if (isPartial) return;
        ctx.setToolResult(ctx.callId, params.loud ? params.text.toUpperCase() : params.text);
        ctx.sendToolStatus(ctx.callId, 'SUCCESS');
      },
    }),
  defineTool: () =>
    defineTool({
      name: 'echo',
      displayName: 'Echo',
      kind: 'readonly',
      description: { short: 'Repeats the text.' },
      parameters: echoJsonSchema,
      execute: async (params, ctx, isPartial) => {
        if (isPartial) return;
        const text = String(params.text);
        ctx.setToolResult(ctx.callId, params.loud ? text.toUpperCase() : text);
        ctx.sendToolStatus(ctx.callId, 'SUCCESS');
      },
    }),
  createSimpleTool: () =>
    createSimpleTool({
      name: 'echo',
      displayName: 'Echo',
      kind: 'readonly',
      description: 'Repeats the text.',
      parameters: echoParams,
      run: (params) => (params.loud ? params.text.toUpperCase() : params.text),
    }),
};

describe('[contract] the Tool interface and authoring styles', () => {
  for (const [style, make] of Object.entries(styles)) {
    test(`[contract] ${style} produces a Tool that validates, describes itself and reports through the channels`, async () => {
      const tool = make();
      assert.equal(tool.name, 'echo');
      assert.equal(tool.displayName, 'Echo');
      assert.equal(tool.kind, 'readonly');
      assert.equal((await tool.getDescription()).short, 'Repeats the text.');
      assert.equal((await tool.validate({ text: 'hi', loud: 'true' })).ok, true);
      assert.equal((await tool.validate({ text: 3 })).ok, false);
      const h = harness([{ name: 'echo', factory: make }]);
      const result = await h.scheduler.runCalls([{ callId: 'c1', name: 'echo', arguments: '{"text":"hi","loud":true}' }]);
      assert.deepEqual(result.outcomes.map((o) => [o.state, o.content]), [['success', 'HI']]);
      assert.equal(h.statuses.at(-1)?.status, 'SUCCESS');
    });
  }

  test('[contract] execute returns nothing: a value returned by a tool is not a result', async () => {
    const tool = createTool({
      name: 'returns',
      kind: 'readonly',
      description: 'x',
      parameters: z.object({}),
      execute: (async () => 'returned text') as unknown as () => Promise<void>,
    });
    const h = harness([{ name: 'returns', factory: () => tool }]);
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c1', name: 'returns' }]);
    assert.equal(outcomes[0]!.errorType, ToolErrorType.NO_RESULT);
    assert.notEqual(outcomes[0]!.content, 'returned text');
  });

  test('[contract] exactly one model result per completed call: a second setToolResult is ignored and logged', async () => {
    const tool = createTool({
      name: 'twice',
      kind: 'readonly',
      description: 'x',
      parameters: z.object({}),
      execute: async (_p, ctx) => {
        ctx.setToolResult(ctx.callId, 'first');
        ctx.setToolResult(ctx.callId, 'second');
      },
    });
    const h = harness([{ name: 'twice', factory: () => tool }]);
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c1', name: 'twice' }]);
    assert.equal(outcomes.length, 1);
    assert.equal(outcomes[0]!.content, 'first');
    assert.ok(h.logger.warnings.some((w) => w.includes('second result')));
  });

  test('[contract] the model channel and the UI channel are separate', async () => {
    const tool = createTool({
      name: 'split',
      kind: 'readonly',
      description: 'x',
      parameters: z.object({}),
      execute: async (_p, ctx) => {
        ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: 'for people only', blocks: [{ type: 'text', text: 'card' }] });
        ctx.setToolResult(ctx.callId, { forModel: true });
      },
    });
    const h = harness([{ name: 'split', factory: () => tool }]);
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c1', name: 'split' }]);
    assert.deepEqual(outcomes[0]!.content, { forModel: true });
    const last = h.statuses.at(-1)!;
    assert.equal(last.showTip, 'for people only');
    assert.deepEqual(last.blocks, [{ type: 'text', text: 'card' }]);
  });

  test('[contract] createSimpleTool turns a thrown ToolError into an error result of that type', async () => {
    const tool = createSimpleTool({
      name: 'missing',
      kind: 'readonly',
      description: 'x',
      run: () => {
        throw new ToolError(ToolErrorType.FILE_NOT_FOUND, 'no such file: a.ts');
      },
    });
    const h = harness([{ name: 'missing', factory: () => tool }]);
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c1', name: 'missing' }]);
    assert.equal(outcomes[0]!.errorType, ToolErrorType.FILE_NOT_FOUND);
    assert.match(String(outcomes[0]!.content), /no such file/);
    assert.equal(h.statuses.at(-1)!.status, 'ERROR');
  });

  test('[contract] defineTool describes itself with its JSON Schema verbatim', async () => {
    const tool = styles.defineTool();
    const getSchema = (tool as Tool<Record<string, unknown>>).getInputJsonSchema;
    assert.ok(getSchema, 'defineTool tools carry their JSON Schema');
    assert.deepEqual(await getSchema.call(tool), echoJsonSchema);
  });
});
