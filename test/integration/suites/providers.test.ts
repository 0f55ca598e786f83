// Gemini, Azure OpenAI (Chat Completions and Responses) and OpenAI's Responses API inside the real VS Code
// extension host, over real HTTP against the scripted model server speaking each wire format: a task whose model
// thinks, reads a workspace file through VS Code's file system and completes. The second request carries the
// reasoning back as each API requires (the server refuses it otherwise), the chat shows a Thinking item, and the
// task's cost is computed from the catalog.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { z } from 'zod';
import { AgentSession, type AgentSessionOptions } from '../../../src/core/agent';
import { createProvider, type ProviderConfig } from '../../../src/core/model';
import { createTool, ToolRegistry, type AnyTool } from '../../../src/core/tools';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';

const API_KEY = 'sk-relay-providers-test';

interface Case {
  label: string;
  route: 'gemini' | 'openai' | 'responses';
  path: RegExp;
  config(server: ScriptedModelServer): ProviderConfig;
}

const CASES: readonly Case[] = [
  {
    label: 'Gemini (@google/genai)',
    route: 'gemini',
    path: /^\/v1(beta)?\/models\/gemini-2\.5-flash:streamGenerateContent$/,
    config: (server) => ({ provider: 'gemini', model: 'gemini-2.5-flash', baseUrl: server.url, apiKey: API_KEY }),
  },
  {
    label: 'Azure OpenAI, Chat Completions',
    route: 'openai',
    path: /^\/openai\/deployments\/relay-4-1\/chat\/completions$/,
    config: (server) => ({ provider: 'azure-openai', model: 'gpt-4.1', apiKey: API_KEY, azure: { endpoint: server.url, deployment: 'relay-4-1', apiVersion: '2025-04-01-preview' } }),
  },
  {
    label: 'Azure OpenAI, Responses API',
    route: 'responses',
    path: /^\/openai\/responses$/,
    config: (server) => ({ provider: 'azure-openai', model: 'gpt-5.4', apiKey: API_KEY, azure: { endpoint: server.url, deployment: 'relay-5-4', apiVersion: '2025-04-01-preview' } }),
  },
  {
    label: 'OpenAI Responses API',
    route: 'responses',
    path: /^\/v1\/responses$/,
    config: (server) => ({ provider: 'openai', model: 'gpt-5.4', baseUrl: server.openaiBaseUrl, apiKey: API_KEY }),
  },
];

/** read_file through VS Code's own file system, so the tool's result is real workspace content. */
function readFileTool(): AnyTool {
  return createTool({
    name: 'read_file',
    kind: 'readonly',
    description: 'Read a file in the workspace.',
    parameters: z.object({ path: z.string() }),
    execute: async (params: { path: string }, ctx, isPartial: boolean) => {
      if (isPartial) return;
      const root = vscode.workspace.workspaceFolders![0]!.uri;
      const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(root, params.path));
      ctx.setToolResult(ctx.callId, new TextDecoder().decode(bytes));
      ctx.sendToolStatus(ctx.callId, 'SUCCESS');
    },
  }) as AnyTool;
}

describe('providers over real HTTP inside VS Code', function () {
  this.timeout(60_000);
  let server: ScriptedModelServer;
  const fileName = `providers-${Date.now()}.txt`;
  before(async () => {
    server = await startScriptedModelServer();
    const root = vscode.workspace.workspaceFolders![0]!.uri;
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root, fileName), new TextEncoder().encode('export const answer = 42;\n'));
  });
  after(async () => {
    await server.close();
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, fileName));
  });

  for (const testCase of CASES) {
    it(`${testCase.label}: thinks, reads a file, completes; the reasoning goes back and the cost is known`, async () => {
      server.reset();
      server.setScript([
        { thinking: `I should read ${fileName}.`, text: 'Reading.', toolCalls: [{ name: 'read_file', args: { path: fileName } }], chunkSize: 7 },
        { toolCalls: [{ name: 'attempt_completion', args: { result: 'The answer is 42.' } }], usage: { inputTokens: 2_000, outputTokens: 100 } },
      ]);
      const registry = new ToolRegistry();
      registry.registerFactory('read_file', readFileTool);
      const options: AgentSessionOptions = {
        provider: createProvider({ ...testCase.config(server), maxRetries: 0, idleTimeoutMs: 10_000 }),
        registry,
        environment: { workspaceRoots: [vscode.workspace.workspaceFolders![0]!.uri.fsPath], os: process.platform, shell: '/bin/bash' },
        maxSteps: 5,
        subAgents: false,
      };
      const session = new AgentSession(options);
      const end = await session.send('What is the answer?');
      assert.deepEqual(end, { status: 'completed', result: 'The answer is 42.' }, JSON.stringify(server.requests.map((r) => [r.path, r.outcome])));

      assert.equal(server.requests.length, 2);
      for (const request of server.requests) {
        assert.equal(request.route, testCase.route);
        assert.match(request.path, testCase.path);
        assert.equal(request.authHeader, true);
        assert.equal(request.outcome, 'completed');
      }
      const second = JSON.stringify(server.requests[1]!.body);
      assert.ok(second.includes('export const answer = 42;'), 'the file content read through VS Code went back to the model');
      if (testCase.route === 'responses') assert.ok(second.includes('"type":"reasoning"') && second.includes('encrypted_content'), 'the reasoning item went back');
      if (testCase.route === 'gemini') assert.ok(second.includes('thoughtSignature'), 'the thought signature went back');
      assert.ok(!second.includes(API_KEY));

      const thinking = session.transcript.filter((item) => item.kind === 'thinking');
      if (testCase.route !== 'openai') assert.deepEqual(thinking.map((item) => item.kind === 'thinking' && item.text), [`I should read ${fileName}.`]);
      const usage = session.usage;
      assert.ok(usage.inputTokens > 0 && usage.outputTokens > 0);
      assert.ok(usage.costUsd !== undefined && usage.costUsd > 0, `a cost for ${testCase.label}: ${JSON.stringify(usage)}`);
    });
  }
});
