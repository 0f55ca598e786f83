// MCP at scale (issue 13): 100 MCP tools from a real stdio MCP server (test/support/mcp/fault-server.mjs --many
// 100: GitHub-like tools with six-parameter schemas), behind the 11 built-ins, described to the model
//  (a) all in the prompt, and (b) deferred: built-ins + search_tools only.
// Measured: the prompt's tool tokens (the runtime's estimate, ~4 characters a token) and the bytes of the real
// request body, and the first turn's latency — from AgentSession.send() until the task completes — against the
// scripted model server over HTTP (OpenAI-compatible wire, one attempt_completion turn), median and p90 of 25 runs.
// Also: the activation bundle (dist/extension.js) carries no MCP code and the runtime bundle not the SDK (it is in
// dist/mcp.js, required with the first MCP server), and requiring dist/extension.js is timed with and without
// the MCP change being relevant: its size and require time are printed.
// Targets (exit 1 when one is missed): deferred, the tool descriptions fit the deferral share of the window (the
// rule deferral exists for) and are fewer tokens than all in the prompt; the deferred first turn is no slower than
// all in the prompt, median against median of the same number of runs (within 1.25x: the machine is shared); no
// MCP code in the activation bundle.
// Run: npm run bench mcp-tools   (builds nothing: run `npm run build` first for the bundle checks)
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { AgentSession } from '../src/core/agent';
import { buildMcpToolEntries } from '../src/core/mcp/catalog';
import { createProvider } from '../src/core/model/factory';
import { ATTEMPT_COMPLETION, DEFAULT_DEFERRAL_SHARE, type DeferralSettings, describeToolForModel, estimateSpecTokens, NEW_TASK, SEARCH_TOOLS, ToolManager, ToolRegistry } from '../src/core/tools';
import { SdkMcpConnection } from '../src/host/mcp/sdk-connection';
import { createBuiltinToolFactories } from '../src/tools';
import { faultServerScript } from '../test/support/mcp/servers';
import { createInMemoryHost } from '../test/support/in-memory-host';
import { startScriptedModelServer } from '../test/support/scripted-model-server';

const ROOT = join(__dirname, '..');
const TOOLS = 100;
const RUNS = 25;
const WARMUP = 3;
const MODEL = 'gpt-4.1';
const LATENCY_TOLERANCE = 1.25;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;

async function main(): Promise<number> {
  const connection = await SdkMcpConnection.connect({ name: 'github', transport: { type: 'stdio', command: process.execPath, args: [faultServerScript(ROOT), '--many', String(TOOLS)], env: {} }, env: process.env, log: quiet });
  const listed = (await connection.listTools()).filter((t) => /_\d+$/.test(t.name));
  assert.equal(listed.length, TOOLS);
  const host = createInMemoryHost();
  const registry = () => {
    const r = new ToolRegistry();
    const builtins = createBuiltinToolFactories(host.services);
    for (const b of builtins) r.registerFactory(b.name, b.factory, { source: 'builtin' });
    const taken = new Set([...builtins.map((b) => b.name), ATTEMPT_COMPLETION, NEW_TASK, SEARCH_TOOLS]);
    for (const e of buildMcpToolEntries([{ serverName: 'github', tools: listed, connection: () => connection }], taken).entries) r.registerFactory(e.name, e.factory, { source: 'mcp' });
    return r;
  };

  const model = await startScriptedModelServer();
  const provider = createProvider({ provider: 'openai-compatible', model: MODEL, baseUrl: model.openaiBaseUrl });
  const window = provider.model.contextWindow;
  const modes: { label: string; deferral: DeferralSettings | undefined }[] = [
    { label: 'all in the prompt', deferral: undefined },
    // The default share (relay.toolDeferralShare): it defers these 100 tools on this 1M-token window.
    { label: 'deferred (search_tools)', deferral: { share: DEFAULT_DEFERRAL_SHARE } },
  ];
  const rows: string[] = [];
  const figures: Record<string, { tokens: number; tools: number; bytes: number; median: number; p90: number }> = {};
  for (const mode of modes) {
    const manager = new ToolManager({ registry: registry(), taskId: 'bench', ...(mode.deferral ? { deferral: mode.deferral } : {}) });
    const prompt = await manager.promptTools(window);
    if (mode.deferral) assert.equal(manager.lastDeferral?.defer, true, `the default share did not defer: ${JSON.stringify(manager.lastDeferral)}`);
    const tokens = (await Promise.all(prompt.map(describeToolForModel))).reduce((n, s) => n + estimateSpecTokens(s), 0);
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      model.reset();
      model.setScript([{ toolCalls: [{ id: 'done', name: 'attempt_completion', args: { result: 'ok' } }] }]);
      const session = new AgentSession({ provider, registry: registry(), environment: { workspaceRoots: ['/workspace'], os: 'linux', shell: 'bash' }, ...(mode.deferral ? { deferral: mode.deferral } : {}), logger: { warn: () => {} } });
      const t0 = performance.now();
      const end = await session.send('Open an issue about the flaky test');
      const ms = performance.now() - t0;
      assert.equal(end.status, 'completed');
      if (i >= WARMUP) times.push(ms);
      bytes = JSON.stringify(model.requests[0]!.body).length;
    }
    figures[mode.label] = { tokens, tools: prompt.length, bytes, median: median(times), p90: p90(times) };
    rows.push(`  ${mode.label.padEnd(26)} ${String(prompt.length).padStart(5)} tools  ${String(tokens).padStart(7)} tool tokens  ${String(bytes).padStart(8)} request bytes  first turn median ${median(times).toFixed(1)} ms, p90 ${p90(times).toFixed(1)} ms`);
  }
  await model.close();
  await connection.close();

  console.log(`MCP tools: ${TOOLS} from a stdio MCP server + 11 built-ins, model ${MODEL} (context window ${window.toLocaleString('en')} tokens), ${RUNS} runs each`);
  for (const row of rows) console.log(row);
  const all = figures['all in the prompt']!;
  const deferred = figures['deferred (search_tools)']!;
  console.log(`  deferral saves ${all.tokens - deferred.tokens} tool tokens per request (${((1 - deferred.tokens / all.tokens) * 100).toFixed(1)}%), ${all.bytes - deferred.bytes} bytes`);
  console.log(`  default share ${DEFAULT_DEFERRAL_SHARE}: these ${TOOLS} tools take ${((all.tokens / window) * 100).toFixed(2)}% of this window; for a 200k window, ${((all.tokens / 200_000) * 100).toFixed(2)}%`);

  // Activation: nothing MCP in the activation bundle, the SDK only in dist/mcp.js.
  const dist = (f: string) => join(ROOT, 'dist', f);
  const extension = readFileSync(dist('extension.js'), 'utf8');
  const runtime = readFileSync(dist('runtime.js'), 'utf8');
  const mcp = readFileSync(dist('mcp.js'), 'utf8');
  for (const marker of ['StreamableHTTPClientTransport', 'McpServerManager', 'tools/list', 'ProcessGroupStdioTransport']) {
    assert.ok(!extension.includes(marker), `dist/extension.js contains ${marker}`);
  }
  assert.ok(!runtime.includes('class StreamableHTTPClientTransport'), 'the SDK leaked into dist/runtime.js');
  assert.ok(mcp.includes('StreamableHTTPClientTransport'));
  const requireMs: number[] = [];
  const load = (Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown });
  const original = load._load;
  load._load = (request: string, ...rest: unknown[]) => (request === 'vscode' ? {} : original(request, ...rest));
  for (let i = 0; i < 20; i++) {
    delete require.cache[dist('extension.js')];
    const t0 = performance.now();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- timing the bundle's own require
    require(dist('extension.js'));
    requireMs.push(performance.now() - t0);
  }
  load._load = original;
  const kib = (f: string) => `${(statSync(dist(f)).size / 1024).toFixed(1)} KiB`;
  console.log(`Activation bundle: dist/extension.js ${kib('extension.js')}, no MCP code; require median ${median(requireMs).toFixed(2)} ms. MCP SDK only in dist/mcp.js (${kib('mcp.js')}), required when the first MCP server connects; dist/runtime.js ${kib('runtime.js')}.`);

  const share = DEFAULT_DEFERRAL_SHARE * window;
  const fits = deferred.tokens <= share && deferred.tokens < all.tokens;
  const quick = deferred.median <= all.median * LATENCY_TOLERANCE;
  console.log(`target deferred tool tokens within the deferral share (${Math.round(share)}) and below all in the prompt: ${fits ? 'met' : 'MISSED'} (${deferred.tokens} against ${all.tokens})`);
  console.log(`target deferred first turn no slower than all in the prompt (median, within ${LATENCY_TOLERANCE}x): ${quick ? 'met' : 'MISSED'} (${deferred.median.toFixed(1)} ms against ${all.median.toFixed(1)} ms)`);
  console.log('target no MCP code in the activation bundle, the SDK only in dist/mcp.js: met (checked above)');
  return fits && quick ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
