// MCP tools through the real ToolManager and ToolScheduler: results mapped, errors, progress on the card,
// cancellation reaching the connection, timeouts, truncation with saved output, statistics, approval text.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildMcpToolEntries } from '../../../src/core/mcp/catalog';
import { mapMcpResult } from '../../../src/core/mcp/results';
import type { McpCallOptions, McpCallResult, McpConnection, McpToolInfo } from '../../../src/core/ports/mcp';
import { type ApprovalRequest, InMemoryOutputStore, ToolStatistics } from '../../../src/core/tools';
import { harness } from '../tools/fixtures';

const obj = (properties: Record<string, unknown> = {}) => ({ type: 'object', properties });

/** A connection whose answers the test scripts: the SDK client is exercised against real servers elsewhere. */
class ScriptedConnection implements McpConnection {
  readonly serverName = 'demo';
  readonly calls: { name: string; args: Record<string, unknown>; options: McpCallOptions }[] = [];
  constructor(private readonly answer: (name: string, args: Record<string, unknown>, options: McpCallOptions) => Promise<McpCallResult>) {}
  callTool(name: string, args: Record<string, unknown>, options: McpCallOptions): Promise<McpCallResult> {
    this.calls.push({ name, args, options });
    return this.answer(name, args, options);
  }
}

function setup(tools: McpToolInfo[], connection: ScriptedConnection, options: Parameters<typeof harness>[1] = {}) {
  const { entries, skipped } = buildMcpToolEntries([{ serverName: 'demo', tools, connection: () => connection }], new Set(['read_file']));
  return { h: harness(entries.map((e) => ({ name: e.name, factory: () => e.factory({ taskId: 't' }) })), options), entries, skipped };
}

describe('MCP results', () => {
  test('text, image, resource link, embedded resources and structured content', () => {
    const mapped = mapMcpResult({
      content: [
        { type: 'text', text: 'Here it is' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' },
        { type: 'resource', resource: { uri: 'mem://x', mimeType: 'text/plain', text: 'inner text' } },
        { type: 'resource', resource: { uri: 'mem://bin', blob: 'AAAA' } },
      ],
      structuredContent: { sum: 3 },
    });
    assert.equal(mapped.isError, false);
    assert.deepEqual(mapped.images, [{ mimeType: 'image/png', bytes: 8 }]);
    assert.match(mapped.text, /Here it is/);
    assert.match(mapped.text, /\[image: image\/png, 8 B; not shown/);
    assert.match(mapped.text, /\[resource link\] a\.txt: file:\/\/\/a\.txt \(text\/plain\)/);
    assert.match(mapped.text, /\[resource\] mem:\/\/x \(text\/plain\):\ninner text/);
    assert.match(mapped.text, /mem:\/\/bin: binary, 3 B/);
    assert.match(mapped.text, /Structured content:\n\{\n {2}"sum": 3/);
  });

  test('structured content already in a text part is not repeated; empty and error results say so', () => {
    assert.doesNotMatch(mapMcpResult({ content: [{ type: 'text', text: '{"sum":3}' }], structuredContent: { sum: 3 } }).text, /Structured/);
    const wrote = { content: [{ type: 'text' as const, text: 'Successfully wrote to /a.txt' }], structuredContent: { content: 'Successfully wrote to /a.txt' } };
    assert.equal(mapMcpResult(wrote).text, 'Successfully wrote to /a.txt', 'server-filesystem repeats its text as structured content');
    assert.match(mapMcpResult({ content: [{ type: 'text', text: 'Sum is 3' }], structuredContent: { sum: 3 } }).text, /Structured content/, 'numbers are not guessed from the text');
    assert.equal(mapMcpResult({ content: [] }).text, 'The tool returned no content.');
    assert.deepEqual(mapMcpResult({ content: [], isError: true }), { text: 'The tool reported an error without details.', isError: true, images: [] });
  });
});

describe('MCP tools in the runtime', () => {
  const tools: McpToolInfo[] = [
    { name: 'add', description: 'Adds.', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] }, annotations: { readOnlyHint: true } },
    { name: 'delete.all', description: 'Deletes.', inputSchema: obj(), annotations: { destructiveHint: true } },
    { name: 'broken', inputSchema: { type: 'array' } as never },
    { name: 'slow', inputSchema: obj(), annotations: { readOnlyHint: true } },
    { name: 'huge', inputSchema: obj(), annotations: { readOnlyHint: true } },
  ];

  test('names, kinds and skipped tools', () => {
    const { entries, skipped } = setup(tools, new ScriptedConnection(async () => ({ content: [] })));
    assert.deepEqual(entries.map((e) => [e.name, e.kind]), [
      ['mcp__demo__add', 'readonly'],
      ['mcp__demo__delete_all', 'execute'],
      ['mcp__demo__slow', 'readonly'],
      ['mcp__demo__huge', 'readonly'],
    ]);
    assert.deepEqual(skipped.map((s) => s.toolName), ['broken']);
    assert.match(skipped[0]!.reason, /not "object"/);
  });

  test('a call validates, asks with server, tool and arguments, runs and counts', async () => {
    const connection = new ScriptedConnection(async (_n, args) => ({ content: [{ type: 'text', text: String(Number(args.a) + Number(args.b)) }] }));
    const requests: ApprovalRequest[] = [];
    const statistics = new ToolStatistics();
    const { h } = setup(tools, connection, { statistics, approve: async (r) => (requests.push(r), { decision: 'allow' }) });
    const result = await h.scheduler.runCalls([{ callId: 'c1', name: 'mcp__demo__add', arguments: { a: 2, b: 3 } }]);
    assert.equal(result.outcomes[0]!.content, '5');
    assert.deepEqual(connection.calls[0]!.args, { a: 2, b: 3 });
    assert.equal(requests[0]!.kind, 'readonly');
    assert.equal(requests[0]!.preparation!.summary!, 'Arguments:\n  a: 2\n  b: 3');
    assert.equal(statistics.get('mcp__demo__add')?.successes, 1);
    const bad = await h.scheduler.runCalls([{ callId: 'c2', name: 'mcp__demo__add', arguments: { a: 'x' } }]);
    assert.equal(bad.outcomes[0]!.errorType, 'invalid_params');
    assert.equal(connection.calls.length, 1, 'invalid arguments never reach the server');
  });

  test('isError and a failing connection become MCP error results; the card shows them', async () => {
    const connection = new ScriptedConnection(async (name) => {
      if (name === 'delete.all') return { content: [{ type: 'text', text: 'permission denied by server' }], isError: true };
      throw new Error('Connection closed: the server process ended: exit code 3');
    });
    const { h } = setup(tools, connection);
    const result = await h.scheduler.runCalls([
      { callId: 'e1', name: 'mcp__demo__delete_all', arguments: {} },
      { callId: 'e2', name: 'mcp__demo__slow', arguments: {} },
    ]);
    assert.deepEqual(result.outcomes.map((o) => [o.isError, o.errorType]), [[true, 'mcp_error'], [true, 'mcp_error']]);
    assert.match(String(result.outcomes[0]!.content), /delete\.all \(MCP server "demo"\) returned an error:\npermission denied by server/);
    assert.match(String(result.outcomes[1]!.content), /The MCP server "demo" failed during slow: Connection closed: the server process ended: exit code 3/);
    const last = h.statuses.filter((s) => s.callId === 'e2').at(-1)!;
    assert.equal(last.status, 'ERROR');
  });

  test('progress updates the card; a timeout aborts the request signal', async () => {
    let seen: AbortSignal | undefined;
    const connection = new ScriptedConnection(async (_n, _a, options) => {
      options.onProgress?.({ progress: 1, total: 4, message: 'warming up' });
      seen = options.signal;
      return new Promise(() => {});
    });
    const { h } = setup(tools, connection, { defaultTimeoutMs: 150 });
    const result = await h.scheduler.runCalls([{ callId: 't1', name: 'mcp__demo__slow', arguments: {} }]);
    assert.equal(result.outcomes[0]!.errorType, 'tool_timeout');
    assert.equal(seen?.aborted, true);
    assert.ok(h.statuses.some((s) => s.callId === 't1' && s.showTip === 'slow: 1/4 warming up'));
  });

  test('output over the limit is cut and saved like built-in output', async () => {
    const big = Array.from({ length: 5000 }, (_, i) => `row ${i}`).join('\n');
    const connection = new ScriptedConnection(async () => ({ content: [{ type: 'text', text: big }] }));
    const outputStore = new InMemoryOutputStore();
    const { h } = setup(tools, connection, { outputStore });
    const result = await h.scheduler.runCalls([{ callId: 'b1', name: 'mcp__demo__huge', arguments: {} }]);
    assert.ok(result.outcomes[0]!.savedOutputPath);
    assert.equal(outputStore.files.get(result.outcomes[0]!.savedOutputPath!), big);
    assert.ok(String(result.outcomes[0]!.content).length < big.length);
  });
});
