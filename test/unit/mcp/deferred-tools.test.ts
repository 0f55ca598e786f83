// Deferred loading: many MCP tools stay out of the prompt; search_tools returns full schemas and makes the
// matches callable from the next turn. The decision is measured against the model's context window.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildMcpToolEntries } from '../../../src/core/mcp/catalog';
import type { McpToolInfo } from '../../../src/core/ports/mcp';
import { decideDeferral, describeToolForModel, estimateSpecTokens, SEARCH_TOOLS, ToolManager, ToolRegistry, ToolScheduler } from '../../../src/core/tools';
import { recordingTool } from '../tools/fixtures';

function manyTools(count: number): McpToolInfo[] {
  return Array.from({ length: count }, (_, i) => ({
    name: i === 42 ? 'create_issue' : `operation_${i}`,
    description: i === 42 ? 'Create a GitHub issue in a repository.' : `Does operation number ${i} on the remote system and returns a long report about it.`,
    inputSchema: { type: 'object', properties: { owner: { type: 'string', description: 'Owner' }, repo: { type: 'string', description: 'Repository' }, body: { type: 'string' } }, required: ['owner'] },
  }));
}

function setup(count: number, share = 0.05) {
  const registry = new ToolRegistry();
  const read = recordingTool({ name: 'read_file' });
  registry.registerFactory(read.name, read.factory);
  const connection = { serverName: 'github', callTool: async () => ({ content: [{ type: 'text' as const, text: 'created #7' }] }) };
  for (const entry of buildMcpToolEntries([{ serverName: 'github', tools: manyTools(count), connection: () => connection }], new Set(['read_file'])).entries) {
    registry.registerFactory(entry.name, entry.factory, { source: 'mcp' });
  }
  const manager = new ToolManager({ registry, taskId: 't', deferral: { share } });
  return { registry, manager, scheduler: new ToolScheduler({ manager }) };
}

describe('deferred tool loading', () => {
  test('the decision compares the estimated schema tokens with the share of the window', () => {
    assert.deepEqual(decideDeferral(12_000, 200_000, { share: 0.05 }), { defer: true, tokens: 12_000, budget: 10_000 });
    assert.equal(decideDeferral(8_000, 200_000, { share: 0.05 }).defer, false);
    assert.equal(decideDeferral(0, 1000, { share: 0 }).defer, false, 'nothing to defer');
  });

  test('a few tools stay in the prompt; no search_tools', async () => {
    const { manager } = setup(5);
    const names = (await manager.promptTools(200_000)).map((t) => t.name);
    assert.ok(names.includes('mcp__github__operation_1'));
    assert.ok(!names.includes(SEARCH_TOOLS));
    assert.equal(manager.lastDeferral?.defer, false);
  });

  test('100 tools: built-ins and search_tools only; a deferred tool is not callable until searched for', async () => {
    // These schemas are small (~70 tokens each, 7,000 in all): a 2% share of 200k (4,000) defers them.
    const { manager, scheduler } = setup(100, 0.02);
    const all = manager.listTools();
    const before = await manager.promptTools(200_000);
    assert.deepEqual(before.map((t) => t.name), ['attempt_completion', 'new_task', 'read_file', SEARCH_TOOLS]);
    const allTokens = (await Promise.all(all.map(describeToolForModel))).reduce((n, s) => n + estimateSpecTokens(s), 0);
    const promptTokens = (await Promise.all(before.map(describeToolForModel))).reduce((n, s) => n + estimateSpecTokens(s), 0);
    assert.ok(promptTokens * 10 < allTokens, `${promptTokens} vs ${allTokens}`);

    const early = await scheduler.runCalls([{ callId: 'c0', name: 'mcp__github__create_issue', arguments: { owner: 'o' } }]);
    assert.equal(early.outcomes[0]!.errorType, 'tool_not_registered');
    assert.match(String(early.outcomes[0]!.content), /not loaded yet: call search_tools/);

    const search = await scheduler.runCalls([{ callId: 'c1', name: SEARCH_TOOLS, arguments: { query: 'create github issue', limit: 2 } }]);
    const found = search.outcomes[0]!.content as { loaded: string[]; tools: { name: string; input_schema: { required: string[] } }[] };
    assert.equal(found.loaded[0], 'mcp__github__create_issue');
    assert.deepEqual(found.tools[0]!.input_schema.required, ['owner']);

    const after = (await manager.promptTools(200_000)).map((t) => t.name);
    assert.ok(after.includes('mcp__github__create_issue'));
    assert.equal(after.length, before.length + found.loaded.length);
    const call = await scheduler.runCalls([{ callId: 'c2', name: 'mcp__github__create_issue', arguments: { owner: 'o' } }]);
    assert.equal(call.outcomes[0]!.content, 'created #7');
  });

  test('a large enough window, or share 1, keeps everything in the prompt', async () => {
    assert.equal((await setup(100, 0.02).manager.promptTools(10_000_000)).length, 103);
    assert.equal((await setup(100, 1).manager.promptTools(200_000)).length, 103);
  });
});
