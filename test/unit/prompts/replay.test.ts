// Replays of each family's native edit format (issue 39): a scripted model turn in the form the family was trained
// on goes through the real provider request over real HTTP (the scripted model server speaking the vendor's wire)
// and the real built-in tools on an in-memory workspace. GPT-5.x writes apply_patch as a freeform (custom) tool
// call on the Responses API; GPT-4.1 as a JSON function call on Chat Completions; Claude and Gemini call edit_file
// on their own APIs.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createProvider, type ProviderConfig } from '../../../src/core/model/factory';
import { ToolRegistry } from '../../../src/core/tools';
import { createBuiltinToolFactories } from '../../../src/tools';
import { createInMemoryHost } from '../../support/in-memory-host';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import type { ScriptTurn } from '../../support/scripted-model-server/script';
import { sessionFor } from '../agent/fakes';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- reading recorded wire JSON

const BEFORE = 'export function total(a: number, b: number) {\n  return a + b;\n}\n';
const AFTER = 'export function sum(a: number, b: number) {\n  return a + b;\n}\n';
const PATCH = '*** Begin Patch\n*** Update File: src/math.ts\n@@\n-export function total(a: number, b: number) {\n+export function sum(a: number, b: number) {\n   return a + b;\n*** End Patch\n';
const EDIT = { path: 'src/math.ts', edits: [{ old_text: 'export function total(', new_text: 'export function sum(' }] };

interface Replay {
  family: string;
  config: (server: ScriptedModelServer) => ProviderConfig;
  path: string;
  call: ScriptTurn['toolCalls'];
}

const KEY = 'sk-relay-test-0123456789abcdef';
const REPLAYS: readonly Replay[] = [
  { family: 'gpt-5', config: (s) => ({ provider: 'openai', model: 'gpt-5.1', baseUrl: s.openaiBaseUrl, apiKey: KEY }), path: '/v1/responses', call: [{ id: 'call_1', name: 'apply_patch', input: PATCH }] },
  { family: 'codex', config: (s) => ({ provider: 'openai', model: 'gpt-5.1-codex-max', baseUrl: s.openaiBaseUrl, apiKey: KEY }), path: '/v1/responses', call: [{ id: 'call_1', name: 'apply_patch', input: PATCH }] },
  { family: 'gpt-4', config: (s) => ({ provider: 'openai', model: 'gpt-4.1', baseUrl: s.openaiBaseUrl, apiKey: KEY }), path: '/v1/chat/completions', call: [{ id: 'call_1', name: 'apply_patch', args: { patch: PATCH } }] },
  { family: 'anthropic', config: (s) => ({ provider: 'anthropic', model: 'claude-sonnet-4-5', baseUrl: s.url, apiKey: KEY }), path: '/v1/messages', call: [{ id: 'toolu_1', name: 'edit_file', args: EDIT }] },
  { family: 'gemini', config: (s) => ({ provider: 'gemini', model: 'gemini-2.5-pro', baseUrl: s.url, apiKey: KEY }), path: ':streamGenerateContent', call: [{ name: 'edit_file', args: EDIT }] },
];

describe("each family's native edit format, through the real provider and the real tools", () => {
  let server: ScriptedModelServer;
  before(async () => (server = await startScriptedModelServer()));
  after(() => server.close());
  beforeEach(() => server.reset());

  for (const replay of REPLAYS) {
    test(replay.family, async () => {
      server.setScript([{ text: 'Renaming.', toolCalls: replay.call, chunkSize: 7 }, { text: 'Renamed `total` to `sum` in `src/math.ts:1`.' }]);
      const host = createInMemoryHost({ files: { 'src/math.ts': BEFORE }, processes: false });
      const registry = new ToolRegistry();
      for (const tool of createBuiltinToolFactories(host.services)) registry.registerFactory(tool.name, tool.factory, { source: tool.source });
      const provider = createProvider(replay.config(server));
      const { session } = sessionFor(provider, registry, { subAgents: false, environment: { workspaceRoots: ['/workspace'], os: 'linux', shell: '/bin/sh' } });
      const end = await session.send('Rename total to sum in src/math.ts.');
      await session.dispose();
      assert.equal(end.status, 'completed', JSON.stringify(server.requests.map((r) => r.outcome)));
      assert.equal(host.files.read('src/math.ts'), AFTER);
      assert.equal(server.requests.length, 2);
      for (const r of server.requests) assert.ok(r.path.includes(replay.path), r.path);
      const [first, second] = server.requests.map((r) => r.body as Json);
      if (replay.family === 'gpt-5' || replay.family === 'codex') {
        // Offered as a custom tool with Codex's grammar, not as a function; the call goes back in its own form.
        const patch = (first!.tools as Json[]).find((t) => t.name === 'apply_patch')!;
        assert.equal(patch.type, 'custom');
        assert.equal(patch.format.type, 'grammar');
        assert.equal(patch.format.syntax, 'lark');
        assert.match(patch.format.definition, /^start: begin_patch hunk\+ end_patch$/m);
        assert.match(patch.description, /FREEFORM/);
        assert.ok(!(first!.tools as Json[]).some((t) => t.name === 'edit_file'));
        const input = second!.input as Json[];
        assert.deepEqual(input.find((i) => i.type === 'custom_tool_call'), { type: 'custom_tool_call', call_id: 'call_1', name: 'apply_patch', input: PATCH });
        const output = input.find((i) => i.type === 'custom_tool_call_output')!;
        assert.equal(output.call_id, 'call_1');
        assert.match(output.output, /math\.ts/);
        assert.ok(!input.some((i) => i.type === 'function_call'));
      } else if (replay.family === 'gpt-4') {
        const patch = (first!.tools as Json[]).find((t) => t.function?.name === 'apply_patch')!;
        assert.equal(patch.type, 'function');
        assert.deepEqual(patch.function.parameters.required, ['patch']);
      }
    });
  }
});
