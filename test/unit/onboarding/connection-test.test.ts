// Test connection over real HTTP against the scripted model server: OK with the latency, and the exact problem
// for a bad key, an unknown model and a refused connection; Ollama's native model list; the proxy fetch that
// honours http.proxy (a local proxy sees the request, and a refusal by the proxy is told apart); the proxy rules.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testConnection } from '../../../src/core/model/connection-test';
import { createProvider } from '../../../src/core/model/factory';
import { listModels } from '../../../src/core/model/model-listing';
import { normaliseProxyUrl, proxyFor } from '../../../src/core/model/proxy-rules';
import { createProxyFetch } from '../../../src/host/proxy/proxy-bundle';
import { startTestProxy, type TestProxy } from '../../support/http-proxy';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { freePort } from '../../support/vscode/server';

/** A clock that advances 7 ms per reading, so the latency is exact without reading the wall clock. */
function steppingClock() {
  let t = 1000;
  return () => (t += 7);
}

describe('test connection', () => {
  let server: ScriptedModelServer;
  let proxy: TestProxy;
  before(async () => {
    server = await startScriptedModelServer({ ollamaTags: true });
    proxy = await startTestProxy();
  });
  after(async () => {
    await server.close();
    await proxy.close();
  });

  const run = (options: { baseUrl: string; provider?: 'anthropic' | 'openai-compatible'; apiKey?: string; fetch?: typeof fetch; proxy?: string }) => {
    const provider = createProvider({ provider: options.provider ?? 'openai-compatible', model: 'scripted-coder', baseUrl: options.baseUrl, maxRetries: 0, ...(options.apiKey ? { apiKey: options.apiKey } : {}), ...(options.fetch ? { fetch: options.fetch } : {}) });
    return testConnection(provider, {
      advice: { provider: 'Scripted', model: 'scripted-coder', baseUrl: options.baseUrl, ...(options.proxy ? { proxy: options.proxy } : {}) },
      keySet: Boolean(options.apiKey),
      now: steppingClock(),
    });
  };

  test('OK: one request for one token, and the latency', async () => {
    server.reset();
    server.setScript([{ text: 'OK' }]);
    const result = await run({ baseUrl: server.openaiBaseUrl });
    assert.ok(result.ok, JSON.stringify(result));
    assert.equal(result.latencyMs, 7);
    assert.equal(result.reply, 'OK');
    assert.equal(server.requests.length, 1);
    const body = server.requests[0]!.body as { max_tokens?: number; tools?: unknown };
    assert.equal(body.max_tokens, 1);
    assert.equal(body.tools, undefined, 'no tools in a connection test');
  });

  test('401: the key was rejected → enter the key again (Anthropic wire)', async () => {
    server.reset();
    server.setScript([{ fault: { status: 401 } }]);
    const result = await run({ baseUrl: server.url, provider: 'anthropic', apiKey: 'sk-ant-wrong-key-123' });
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.equal(result.advice.problem, 'bad_key');
    assert.equal(result.advice.step, 'key');
    assert.doesNotMatch(JSON.stringify(result), /sk-ant-wrong-key-123/, 'the key never appears in the result');
    assert.equal(server.requests.length, 1, 'no retry');
  });

  test('404: the model is not there → pick a model', async () => {
    server.reset();
    server.setScript([{ fault: { status: 404 } }]);
    const result = await run({ baseUrl: server.openaiBaseUrl });
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.equal(result.advice.problem, 'model_not_found');
    assert.equal(result.advice.step, 'model');
    assert.match(result.error.message, /scripted-coder/);
  });

  test('refused: nothing listens → start the server or fix the base URL', async () => {
    const baseUrl = `http://127.0.0.1:${await freePort()}/v1`;
    const result = await run({ baseUrl });
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.equal(result.advice.problem, 'refused');
    assert.equal(result.advice.step, 'baseUrl');
    assert.equal(result.error.cause, 'ECONNREFUSED');
  });

  test('through a proxy: the proxy sees the request and the answer comes back', async () => {
    server.reset();
    server.setScript([{ text: 'OK' }]);
    proxy.seen.length = 0;
    proxy.requests.length = 0;
    const proxied = createProxyFetch({ proxy: proxy.url, strictSSL: true, authorization: 'Basic dXNlcjpwYXNz' });
    try {
      const result = await run({ baseUrl: server.openaiBaseUrl, fetch: proxied.fetch, proxy: proxy.url });
      assert.ok(result.ok, JSON.stringify(result));
      assert.deepEqual(proxy.seen, [`127.0.0.1:${server.port}`], 'tunnelled through the proxy');
      assert.deepEqual(proxy.requests, ['POST /v1/chat/completions']);
      assert.deepEqual(proxy.authorizations, ['Basic dXNlcjpwYXNz']);
      // The model list goes the same way.
      server.setModels({ models: [{ id: 'scripted-coder' }] });
      const listing = await listModels({ provider: 'openai-compatible', baseUrl: server.openaiBaseUrl, fetch: proxied.fetch });
      assert.deepEqual(listing.models.map((m) => m.id), ['scripted-coder']);
      assert.deepEqual(proxy.requests, ['POST /v1/chat/completions', 'GET /v1/models']);
    } finally {
      await proxied.close();
    }
  });

  test('a proxy that refuses the tunnel is named as the problem', async () => {
    proxy.refuseWith = 407;
    const proxied = createProxyFetch({ proxy: proxy.url, strictSSL: true });
    try {
      const result = await run({ baseUrl: server.openaiBaseUrl, fetch: proxied.fetch, proxy: proxy.url });
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.equal(result.advice.problem, 'proxy', JSON.stringify(result.error));
      assert.equal(result.advice.step, 'proxy');
    } finally {
      proxy.refuseWith = undefined;
      await proxied.close();
    }
  });

  test("Ollama: the native /api/tags list with each model's size and quantization", async () => {
    server.setModels({ models: [{ id: 'qwen2.5-coder:32b', parameterSize: '32.8B', quantization: 'Q4_K_M' }, { id: 'llama3.2:3b' }] });
    // Not on Ollama's port, so /v1/models answers first; /api/tags is the fallback when it fails.
    const viaModels = await listModels({ provider: 'openai-compatible', baseUrl: server.openaiBaseUrl });
    assert.deepEqual(viaModels.models.map((m) => [m.id, m.details]), [['qwen2.5-coder:32b', undefined], ['llama3.2:3b', undefined]]);
    const tags = await listModels({ provider: 'openai-compatible', baseUrl: `http://ollama.localhost:${server.port}/v1`, fetch: (input, init) => fetch(String(input).replace('ollama.localhost', '127.0.0.1'), init) });
    assert.deepEqual(tags.models.map((m) => [m.id, m.details]), [['qwen2.5-coder:32b', '32.8B · Q4_K_M'], ['llama3.2:3b', undefined]]);
  });
});

describe('proxy rules', () => {
  const settings = { proxy: 'http://proxy.corp:3128', strictSSL: true, authorization: undefined, noProxy: ['localhost', '.internal.corp', '*.dev.corp', '10.0.0.5:8080'] };
  test('http.noProxy hosts, domains and host:port entries connect directly; everything else goes through the proxy', () => {
    assert.equal(proxyFor('https://api.anthropic.com/v1/messages', settings), 'http://proxy.corp:3128');
    assert.equal(proxyFor('http://localhost:11434/v1', settings), undefined);
    assert.equal(proxyFor('https://llm.internal.corp/v1', settings), undefined);
    assert.equal(proxyFor('https://internal.corp/v1', settings), undefined);
    assert.equal(proxyFor('https://a.dev.corp/v1', settings), undefined);
    assert.equal(proxyFor('http://10.0.0.5:8080/v1', settings), undefined);
    assert.equal(proxyFor('http://10.0.0.5:9090/v1', settings), 'http://proxy.corp:3128');
    assert.equal(proxyFor('https://notinternal.corp/v1', settings), 'http://proxy.corp:3128');
    assert.equal(proxyFor('https://x', { ...settings, noProxy: ['*'] }), undefined);
    assert.equal(proxyFor('https://x', { ...settings, proxy: undefined }), undefined);
  });
  test('a proxy without a scheme is http', () => {
    assert.equal(normaliseProxyUrl('proxy.corp:3128'), 'http://proxy.corp:3128');
    assert.equal(normaliseProxyUrl('https://p:1'), 'https://p:1');
    assert.equal(normaliseProxyUrl('  '), undefined);
  });
});
