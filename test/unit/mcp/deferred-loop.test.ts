// Through the agent loop: a deferred tool enters the model's tool list on the turn after search_tools loaded
// it, and a server's changed tool list reaches the next request.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildMcpToolEntries } from '../../../src/core/mcp/catalog';
import type { McpToolInfo } from '../../../src/core/ports/mcp';
import { SEARCH_TOOLS } from '../../../src/core/tools';
import { complete, registryOf, ScriptedProvider, sessionFor, testTool, turn } from '../agent/fakes';

const tool = (name: string): McpToolInfo => ({
  name,
  description: `Performs ${name} against the remote service and reports the full outcome in detail.`,
  inputSchema: { type: 'object', properties: { target: { type: 'string', description: 'What to act on.' } } },
});

describe('deferred tools in the agent loop', () => {
  test('search_tools loads a tool into the next request; the call then runs', async () => {
    const registry = registryOf(testTool('read_file'));
    const connection = { serverName: 'svc', callTool: async (name: string) => ({ content: [{ type: 'text' as const, text: `ran ${name}` }] }) };
    const infos = [...Array.from({ length: 60 }, (_, i) => tool(`op_${i}`)), tool('deploy_app')];
    for (const e of buildMcpToolEntries([{ serverName: 'svc', tools: infos, connection: () => connection }], new Set()).entries) {
      registry.registerFactory(e.name, e.factory, { source: 'mcp' });
    }
    const provider = new ScriptedProvider([
      turn(undefined, { id: 'c1', name: SEARCH_TOOLS, args: { query: 'deploy app', limit: 1 } }),
      turn(undefined, { id: 'c2', name: 'mcp__svc__deploy_app', args: { target: 'prod' } }),
      complete('c3', 'deployed'),
    ]);
    const h = sessionFor(provider, registry, { deferral: { share: 0.01 } });
    const end = await h.session.send('deploy the app');
    assert.equal(end.status, 'completed');
    const names = provider.requests.map((r) => r.tools.map((t) => t.name));
    assert.ok(names[0]!.includes(SEARCH_TOOLS));
    assert.ok(!names[0]!.includes('mcp__svc__deploy_app'));
    assert.ok(names[1]!.includes('mcp__svc__deploy_app'), 'loaded from the next turn');
    assert.equal(names[1]!.filter((n) => n.startsWith('mcp__')).length, 1);
    assert.equal(h.lastStatus('c2')?.status, 'SUCCESS');
  });

  test('without deferral every tool is in the first request; a tool registered mid-task is in the next one', async () => {
    const registry = registryOf(testTool('read_file'));
    const late = testTool('mcp__svc__late');
    const provider = new ScriptedProvider([
      async function* (_request, _signal) {
        registry.registerFactory(late.name, late.factory, { source: 'mcp' });
        yield* turn(undefined, { id: 'c1', name: 'read_file', args: { path: 'a' } });
      },
      complete('c2', 'done'),
    ]);
    const h = sessionFor(provider, registry);
    await h.session.send('go');
    assert.ok(!provider.requests[0]!.tools.some((t) => t.name === late.name));
    assert.ok(provider.requests[1]!.tools.some((t) => t.name === late.name));
  });
});
