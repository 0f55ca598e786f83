// The vscode.lm provider inside the real extension host: model listing, the conversions to VS Code's own
// part classes, error-code mapping, and the provider's wiring (tools, whole tool calls, cancellation by
// token) driven through a scripted LanguageModelChat. A round trip with a real model needs one installed;
// the offline test server has none, so that test skips and says why.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ModelStreamEvent } from '../../../src/core/model/events';
import type { ChatMessage } from '../../../src/core/model/provider';
import {
  classifyVsCodeLmFailure,
  listVsCodeLmModels,
  selectVsCodeLmProvider,
  toVsCodeLmMessages,
  toVsCodeLmTools,
  vsCodeLmEvents,
  VsCodeLmProvider,
} from '../../../src/host/model/vscode-lm-provider';

const context = { service: 'VS Code language model "Test"', model: 'test-model', baseUrl: 'vscode.lm (test)' };

async function collect(stream: AsyncIterable<ModelStreamEvent>): Promise<ModelStreamEvent[]> {
  const events: ModelStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

async function* parts(...items: unknown[]): AsyncGenerator<unknown> {
  for (const item of items) yield item;
}

/** A LanguageModelChat that replays parts and records what it was asked; it can wait for cancellation. */
function scriptedChat(reply: unknown[], options: { waitForCancel?: boolean } = {}) {
  const calls: { messages: vscode.LanguageModelChatMessage[]; options?: vscode.LanguageModelChatRequestOptions; token?: vscode.CancellationToken }[] = [];
  const chat: vscode.LanguageModelChat = {
    id: 'scripted-model',
    name: 'Scripted',
    vendor: 'relay-tests',
    family: 'gpt-4o',
    version: '1',
    maxInputTokens: 64_000,
    countTokens: async () => 0,
    sendRequest: async (messages, requestOptions, token) => {
      calls.push({ messages, options: requestOptions, token });
      async function* stream(): AsyncGenerator<unknown> {
        for (const part of reply) yield part;
        if (options.waitForCancel) {
          await new Promise<void>((resolve) => token?.onCancellationRequested(() => resolve()));
          throw new vscode.CancellationError();
        }
      }
      return { stream: stream(), text: (async function* () {})() };
    },
  };
  return { chat, calls };
}

describe('vscode-lm provider inside a real VS Code', () => {
  it('lists the chat models VS Code offers (possibly none)', async () => {
    const models = await listVsCodeLmModels();
    console.log(`vscode.lm offers ${models.length} chat model(s)${models.length ? `: ${models.map((m) => m.id).join(', ')}` : ''}`);
    for (const model of models) {
      assert.ok(model.id && model.vendor && model.family, JSON.stringify(model));
      assert.ok(model.maxInputTokens > 0);
    }
  });

  it('converts the history into VS Code message parts, tool calls paired with results', () => {
    const history: ChatMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'Read a.ts' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading.' },
          { type: 'tool_call', callId: 'call_1', name: 'read_file', args: { path: 'a.ts' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'and be quick' },
          { type: 'tool_result', callId: 'call_1', content: 'not found', isError: true },
        ],
      },
    ];
    const messages = toVsCodeLmMessages('You are Relay.', history);
    assert.deepEqual(
      messages.map((m) => m.role),
      [vscode.LanguageModelChatMessageRole.User, vscode.LanguageModelChatMessageRole.Assistant, vscode.LanguageModelChatMessageRole.User],
    );
    const [first, assistant, results] = messages;
    assert.deepEqual(first!.content.map((p) => (p as vscode.LanguageModelTextPart).value), ['You are Relay.', 'Read a.ts']);
    const call = assistant!.content[1];
    assert.ok(call instanceof vscode.LanguageModelToolCallPart);
    assert.deepEqual([call.callId, call.name, call.input], ['call_1', 'read_file', { path: 'a.ts' }]);
    const result = results!.content[0];
    assert.ok(result instanceof vscode.LanguageModelToolResultPart, 'tool results lead their message');
    assert.equal(result.callId, 'call_1');
    assert.equal((result.content[0] as vscode.LanguageModelTextPart).value, 'Error: not found');
    assert.ok(results!.content[1] instanceof vscode.LanguageModelTextPart);
  });

  it('converts tool specs into LanguageModelChatTool', () => {
    const schema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
    assert.deepEqual(toVsCodeLmTools([{ name: 'read_file', description: 'Read a file.', inputSchema: schema }]), [
      { name: 'read_file', description: 'Read a file.', inputSchema: schema },
    ]);
  });

  it('maps a response of text and whole tool calls to start, one delta, end', async () => {
    const events = await collect(
      vsCodeLmEvents(parts(new vscode.LanguageModelTextPart('Let me look.'), new vscode.LanguageModelToolCallPart('c1', 'read_file', { path: 'a.ts' }))),
    );
    assert.deepEqual(events, [
      { type: 'text_delta', text: 'Let me look.' },
      { type: 'tool_call_start', callId: 'c1', name: 'read_file' },
      { type: 'tool_call_delta', callId: 'c1', argsDelta: '{"path":"a.ts"}' },
      { type: 'tool_call_end', callId: 'c1' },
      { type: 'stop', reason: 'tool_use' },
    ]);
  });

  it('maps LanguageModelError codes to error kinds', () => {
    const kind = (err: unknown) => classifyVsCodeLmFailure(err, context, Date.now()).error;
    assert.equal(kind(vscode.LanguageModelError.NoPermissions('no consent')).kind, 'forbidden');
    assert.match(kind(vscode.LanguageModelError.NoPermissions()).message, /Manage Language Model Access/);
    assert.equal(kind(vscode.LanguageModelError.Blocked('quota')).kind, 'rate_limited');
    assert.equal(kind(vscode.LanguageModelError.NotFound('gone')).kind, 'not_found');
    assert.equal(kind(new vscode.CancellationError()).kind, 'cancelled');
  });

  it('streams through the provider: tools sent, tool calls emitted, system prompt first', async () => {
    const { chat, calls } = scriptedChat([new vscode.LanguageModelToolCallPart('c9', 'list_files', {})]);
    const provider = new VsCodeLmProvider(chat);
    assert.equal(provider.model.contextWindow, 64_000);
    const events = await collect(
      provider.stream(
        {
          system: 'You are Relay.',
          messages: [{ role: 'user', content: [{ type: 'text', text: 'list' }] }],
          tools: [{ name: 'list_files', description: 'List files.', inputSchema: { type: 'object', properties: {} } }],
        },
        new AbortController().signal,
      ),
    );
    assert.deepEqual(events.map((e) => e.type), ['tool_call_start', 'tool_call_delta', 'tool_call_end', 'stop']);
    assert.deepEqual(calls[0]!.options!.tools!.map((t) => t.name), ['list_files']);
    assert.equal((calls[0]!.messages[0]!.content[0] as vscode.LanguageModelTextPart).value, 'You are Relay.');
  });

  it('aborting cancels the request token and ends with cancelled', async () => {
    const { chat, calls } = scriptedChat([new vscode.LanguageModelTextPart('Thinking about it')], { waitForCancel: true });
    const controller = new AbortController();
    const events: ModelStreamEvent[] = [];
    const request = { system: '', messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'go' }] }], tools: [] };
    for await (const event of new VsCodeLmProvider(chat).stream(request, controller.signal)) {
      events.push(event);
      if (event.type === 'text_delta') controller.abort();
    }
    assert.deepEqual(events.map((e) => e.type), ['text_delta', 'error']);
    assert.equal((events[1] as { error: { kind: string } }).error.kind, 'cancelled');
    assert.equal(calls[0]!.token!.isCancellationRequested, true);
  });

  it('round trip with a real chat model (skipped when VS Code offers none, as on the offline test server)', async function () {
    const models = await listVsCodeLmModels();
    if (models.length === 0) {
      console.log('skipped: vscode.lm offers no chat model here (no model-contributing extension is installed)');
      this.skip();
    }
    const provider = await selectVsCodeLmProvider({ id: models[0]!.id });
    assert.ok(provider);
    const events = await collect(
      provider.stream({ system: '', messages: [{ role: 'user', content: [{ type: 'text', text: 'Reply with the word ok.' }] }], tools: [] }, new AbortController().signal),
    );
    const last = events[events.length - 1]!;
    // Without consent the model refuses with NoPermissions: still a well-formed end of stream.
    assert.ok(last.type === 'stop' || (last.type === 'error' && last.error.kind === 'forbidden'), JSON.stringify(last));
  });
});
