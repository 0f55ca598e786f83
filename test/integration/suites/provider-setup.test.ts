// Provider setup inside the real VS Code: Test connection (Relay.checkConnection: the command's test without its
// dialogs, which this test server refuses; E2E covers the dialogs) through the extension's own Relay (settings, SecretStorage,
// the proxy-aware fetch) against the scripted model server over real HTTP — OK, a rejected key, an unknown model,
// a refused connection; VS Code's http.proxy honoured by the test, the model list and a task's requests (a local
// proxy sees them) and http.noProxy bypassing it; a task's 401 carrying the fix step; the welcome facts.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import * as vscode from 'vscode';
import type { RelayApi } from '../../../src/extension';
import type { Relay } from '../../../src/host/relay';
import type { ChatItem } from '../../../src/shared/chat-model';
import { startTestProxy, type TestProxy } from '../../support/http-proxy';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { activateRelay, relayWithScriptedPrompter, waitFor } from '../helpers';

const RELAY_SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol'] as const;
const HTTP_SETTINGS = ['proxy', 'noProxy'] as const;
const KEY = 'sk-compatible-test-key-1234';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('provider setup: Test connection and proxy inside VS Code', () => {
  let api: RelayApi;
  let relay: Relay;
  let server: ScriptedModelServer;
  let proxy: TestProxy;
  const saved = new Map<string, unknown>();
  let savedKey: string | undefined;
  const relayConfig = () => vscode.workspace.getConfiguration('relay');
  const httpConfig = () => vscode.workspace.getConfiguration('http');

  before(async () => {
    api = await activateRelay();
    ({ relay } = await relayWithScriptedPrompter());
    server = await startScriptedModelServer();
    proxy = await startTestProxy();
    for (const key of RELAY_SETTINGS) saved.set(`relay.${key}`, relayConfig().inspect(key)?.globalValue);
    for (const key of HTTP_SETTINGS) saved.set(`http.${key}`, httpConfig().inspect(key)?.globalValue);
    savedKey = await relay.keys.get('openai-compatible');
    await relayConfig().update('provider', 'openai-compatible', vscode.ConfigurationTarget.Global);
    await relayConfig().update('model', 'scripted-coder', vscode.ConfigurationTarget.Global);
    await relayConfig().update('baseUrl', server.openaiBaseUrl, vscode.ConfigurationTarget.Global);
    await relayConfig().update('textProtocol', false, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    for (const key of RELAY_SETTINGS) await relayConfig().update(key, saved.get(`relay.${key}`), vscode.ConfigurationTarget.Global);
    for (const key of HTTP_SETTINGS) await httpConfig().update(key, saved.get(`http.${key}`), vscode.ConfigurationTarget.Global);
    await relay.keys.set('openai-compatible', savedKey);
    await server?.close();
    await proxy?.close();
  });

  beforeEach(() => {
    server.reset();
    proxy.seen.length = 0;
    proxy.requests.length = 0;
  });

  it('OK: one request for one token, with the latency', async () => {
    server.setScript([{ text: 'OK' }]);
    const result = await relay.checkConnection();
    assert.ok(result.ok, JSON.stringify(result));
    assert.ok(result.latencyMs >= 0);
    assert.equal(server.requests.length, 1);
    assert.equal((server.requests[0]!.body as { max_tokens?: number }).max_tokens, 1);
    assert.equal(server.requests[0]!.authHeader, false, 'no key stored: none sent to the compatible server');
  });

  it('401 with a stored key: the key was rejected, and the fix is to enter it again', async () => {
    await relay.keys.set('openai-compatible', KEY);
    try {
      server.setScript([{ fault: { status: 401 } }]);
      const result = await relay.checkConnection();
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.equal(result.advice.problem, 'bad_key');
      assert.equal(result.advice.step, 'key');
      assert.equal(result.advice.action, 'Enter API Key');
      assert.equal(server.requests[0]!.authHeader, true, 'the stored key was sent');
      assert.doesNotMatch(JSON.stringify(result), new RegExp(KEY));
    } finally {
      await relay.keys.set('openai-compatible', undefined);
    }
  });

  it('404: the model was not found, and the fix is to pick one', async () => {
    server.setScript([{ fault: { status: 404 } }]);
    const result = await relay.checkConnection();
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.equal(result.advice.problem, 'model_not_found');
    assert.equal(result.advice.step, 'model');
    assert.match(result.advice.headline, /scripted-coder/);
  });

  it('refused: nothing listens at the base URL, and the fix is the base URL or starting the server', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    await relayConfig().update('baseUrl', url, vscode.ConfigurationTarget.Global);
    try {
      const result = await relay.checkConnection();
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.equal(result.advice.problem, 'refused');
      assert.equal(result.advice.step, 'baseUrl');
      assert.match(result.advice.headline, new RegExp(url.replace(/[.:/]/g, '\\$&')));
    } finally {
      await relayConfig().update('baseUrl', server.openaiBaseUrl, vscode.ConfigurationTarget.Global);
    }
  });

  it('http.proxy: the test, the model picker\'s list and a task all go through the proxy; http.noProxy bypasses it', async () => {
    await httpConfig().update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
    try {
      server.setScript([{ text: 'OK' }]);
      const tested = await relay.checkConnection();
      assert.ok(tested.ok, JSON.stringify(tested));
      const target = `127.0.0.1:${server.port}`;
      assert.deepEqual(proxy.seen, [target], 'the proxy saw the test request');
      assert.deepEqual(proxy.requests, ['POST /v1/chat/completions']);

      server.setScript([{ text: 'Through the proxy.', toolCalls: [{ id: 'call_proxy_done', name: 'attempt_completion', args: { result: 'Done.' } }] }]);
      api.chat.submitIntent({ type: 'newTask' });
      api.chat.submitIntent({ type: 'sendMessage', text: 'Say something.' });
      await waitFor(() => api.chat.snapshot.items.find((i) => i.kind === 'tool' && i.status.callId === 'call_proxy_done' && i.status.state === 'success'), 15_000, 'the task to finish');
      assert.deepEqual(proxy.requests, ['POST /v1/chat/completions', 'POST /v1/chat/completions'], "the task's model request went through the proxy too");
      assert.ok(proxy.seen.every((s) => s === target));

      proxy.seen.length = 0;
      proxy.requests.length = 0;
      await httpConfig().update('noProxy', ['127.0.0.1'], vscode.ConfigurationTarget.Global);
      server.setScript([{ text: 'OK' }]);
      const direct = await relay.checkConnection();
      assert.ok(direct.ok, JSON.stringify(direct));
      assert.deepEqual([...proxy.seen, ...proxy.requests], [], 'a host in http.noProxy is reached directly');
    } finally {
      await httpConfig().update('noProxy', undefined, vscode.ConfigurationTarget.Global);
      await httpConfig().update('proxy', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it("a task's 401 is an error whose fix button runs the key step; the welcome and header facts come from the host", async () => {
    api.chat.submitIntent({ type: 'newTask' });
    server.setScript([{ fault: { status: 401 } }]);
    api.chat.submitIntent({ type: 'sendMessage', text: 'Hello.' });
    const error = await waitFor(
      () => api.chat.snapshot.items.find((i): i is Extract<ChatItem, { kind: 'error' }> => i.kind === 'error'),
      15_000,
      'the 401 error in the chat',
    );
    assert.deepEqual(error.fix, { step: 'key', label: 'Enter API Key' });

    const settings = await waitFor(() => api.chat.snapshot.settings.provider, 5_000, 'the provider status');
    assert.deepEqual(settings, { id: 'openai-compatible', label: 'OpenAI-compatible server', model: 'scripted-coder', key: 'not-needed' });
    // The task's 401 is newer news than the earlier successful Test connection: that test is no longer shown beside it.
    // The welcome is published again after the verdict, a few ticks after the error reaches the chat: wait for it.
    const welcome = await waitFor(
      () => (api.chat.snapshot.welcome?.lastTest === undefined ? api.chat.snapshot.welcome : undefined),
      10_000,
      'the welcome without the OK test after the request was refused',
    );
    assert.equal(welcome.examples.length, 3);
    assert.ok(welcome.shortcuts.some((s) => s.action === 'Focus Chat'));
  });
});
