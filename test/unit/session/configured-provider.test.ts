// The provider resolved from the settings at every turn: missing keys and bad settings become one clear,
// retryable error event; a key or model changed between turns applies to the next turn; keys never leak.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatMessage, setLocalizer } from '../../../src/core/l10n';
import { DEFAULT_MODEL } from '../../../src/core/model/default-model';
import type { ModelStreamEvent } from '../../../src/core/model/events';
import type { ModelRequest } from '../../../src/core/model/provider';
import { ConfiguredProvider } from '../../../src/host/model/configured-provider';
import type { ModelSettings, ProviderId } from '../../../src/host/model/model-settings';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { ScriptedProvider, turn } from '../agent/fakes';

const REQUEST: ModelRequest = { system: 'You are a test.', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [] };
const SECRET = 'sk-ant-secret-key-do-not-log';

async function collect(stream: AsyncIterable<ModelStreamEvent>): Promise<ModelStreamEvent[]> {
  const events: ModelStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

function settingsOf(overrides: Partial<ModelSettings> = {}): ModelSettings {
  return { provider: 'anthropic', model: DEFAULT_MODEL, baseUrl: undefined, textProtocol: false, maxSteps: 25, previewEdits: true, ...overrides };
}

describe('configured provider: the settings in force at each turn', () => {
  let server: ScriptedModelServer;
  before(async () => {
    server = await startScriptedModelServer({ script: [{ text: 'one' }, { text: 'two' }, { text: 'three' }] });
  });
  after(() => server.close());

  test('no API key: one retryable auth error that names the command, and no request is made', async () => {
    const provider = new ConfiguredProvider({ settings: () => settingsOf(), apiKey: async () => ({ key: undefined }), languageModel: async () => undefined });
    const events = await collect(provider.stream(REQUEST, new AbortController().signal));
    assert.equal(events.length, 1);
    const [event] = events;
    assert.ok(event?.type === 'error');
    assert.equal(event.error.kind, 'auth');
    assert.equal(event.error.retryable, true);
    assert.match(event.error.message, /Relay: Set API Key/);
  });

  test('in Chinese the missing key, the missing base URL and the missing vscode.lm model are said in Chinese, naming the palette titles', async () => {
    // Seen in the zh-cn E2E: the chat said "No API key is set for anthropic…" in English.
    const bundle = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;
    setLocalizer((message, ...args) => formatMessage(bundle[message] ?? message, args));
    try {
      const errorOf = async (overrides: Partial<ModelSettings>) => {
        const provider = new ConfiguredProvider({
          settings: () => settingsOf(overrides),
          apiKey: async () => ({ key: undefined }),
          languageModel: async () => undefined,
          providerLabel: (id) => (id === 'anthropic' ? 'Anthropic' : id),
        });
        const [event] = await collect(provider.stream(REQUEST, new AbortController().signal));
        assert.ok(event?.type === 'error');
        return event.error.message;
      };
      assert.equal(await errorOf({}), '尚未为 Anthropic 设置 API 密钥。请点击“输入 API 密钥”（或运行“Relay: 设置 API 密钥”），然后点击“重试”。');
      assert.equal(await errorOf({ provider: 'openai-compatible', model: 'qwen' }), 'OpenAI 兼容提供商需要一个基础 URL，例如 Ollama 的 http://localhost:11434/v1。');
      assert.match(await errorOf({ provider: 'vscode-lm', model: 'x' }), /^VS Code 在这里没有提供语言模型。.*“Relay: 选择模型”/);
    } finally {
      setLocalizer((message, ...args) => formatMessage(message, args));
    }
  });

  test('an OpenAI-compatible server without a base URL: a configuration error, not a throw', async () => {
    const provider = new ConfiguredProvider({
      settings: () => settingsOf({ provider: 'openai-compatible', model: 'qwen' }),
      apiKey: async () => ({ key: undefined }),
      languageModel: async () => undefined,
    });
    const [event] = await collect(provider.stream(REQUEST, new AbortController().signal));
    assert.ok(event?.type === 'error');
    assert.match(event.error.message, /base URL/);
  });

  test('streams over real HTTP with the stored key; a model changed between turns is used on the next turn', async () => {
    let settings = settingsOf({ baseUrl: server.url, model: DEFAULT_MODEL });
    const keysAsked: ProviderId[] = [];
    const provider = new ConfiguredProvider({
      settings: () => settings,
      apiKey: async (s) => (keysAsked.push(s.provider), { key: SECRET }),
      languageModel: async () => undefined,
    });
    assert.equal(provider.model.id, DEFAULT_MODEL);
    const first = await collect(provider.stream(REQUEST, new AbortController().signal));
    assert.ok(first.some((e) => e.type === 'text_delta' && e.text === 'one'));
    settings = settingsOf({ baseUrl: server.url, model: 'claude-haiku-5-5' });
    assert.equal(provider.model.id, 'claude-haiku-5-5', 'model info follows the settings at once');
    await collect(provider.stream(REQUEST, new AbortController().signal));
    const bodies = server.requests.slice(-2).map((r) => r.body as { model: string });
    assert.deepEqual(bodies.map((b) => b.model), [DEFAULT_MODEL, 'claude-haiku-5-5']);
    assert.equal(server.requests.at(-1)?.authHeader, true, 'the key goes to the API in its header');
    assert.deepEqual(keysAsked, ['anthropic', 'anthropic'], 'the key is read at every turn, so a new key applies at once');
  });

  test('a key kept back from the endpoint (the user did not allow it) fails the turn with that reason and sends nothing', async () => {
    const before = server.requests.length;
    const provider = new ConfiguredProvider({
      settings: () => settingsOf({ baseUrl: server.url }),
      apiKey: async () => ({ key: undefined, withheld: 'not sent to that server' }),
      languageModel: async () => undefined,
    });
    const events = await collect(provider.stream(REQUEST, new AbortController().signal));
    assert.deepEqual(events, [{ type: 'error', error: { kind: 'auth', message: 'not sent to that server', retryable: true } }]);
    assert.equal(server.requests.length, before, 'no request went out');
  });

  test('every turn tells onTurnSettings the settings it runs with (the deprecated-model notice hooks in here)', async () => {
    server.setScript([{ text: 'a' }, { text: 'b' }]);
    let settings = settingsOf({ baseUrl: server.url, model: 'claude-sonnet-4-5' });
    const told: string[] = [];
    const provider = new ConfiguredProvider({
      settings: () => settings,
      apiKey: async () => ({ key: SECRET }),
      languageModel: async () => undefined,
      onTurnSettings: (s) => told.push(`${s.provider}:${s.model}`),
    });
    await collect(provider.stream(REQUEST, new AbortController().signal));
    settings = settingsOf({ baseUrl: server.url, model: DEFAULT_MODEL });
    await collect(provider.stream(REQUEST, new AbortController().signal));
    assert.deepEqual(told, ['anthropic:claude-sonnet-4-5', `anthropic:${DEFAULT_MODEL}`]);
  });

  test('vscode-lm: the model VS Code offers is used; none offered gives a not_found error naming Select Model', async () => {
    const offered = new ScriptedProvider([turn('from lm')]);
    let available = true;
    const provider = new ConfiguredProvider({
      settings: () => settingsOf({ provider: 'vscode-lm', model: 'copilot-gpt' }),
      apiKey: async () => assert.fail('vscode-lm needs no key'),
      languageModel: async () => (available ? offered : undefined),
    });
    const events = await collect(provider.stream(REQUEST, new AbortController().signal));
    assert.ok(events.some((e) => e.type === 'text_delta' && e.text === 'from lm'));
    assert.equal(provider.model.id, 'scripted-1', 'the resolved model describes itself once known');
    available = false;
    const other = new ConfiguredProvider({ settings: () => settingsOf({ provider: 'vscode-lm', model: 'x' }), apiKey: async () => ({ key: undefined }), languageModel: async () => undefined });
    const [error] = await collect(other.stream(REQUEST, new AbortController().signal));
    assert.ok(error?.type === 'error' && error.error.kind === 'not_found' && /Relay: Select Model/.test(error.error.message));
  });

  test('text-protocol mode: the model info says tools go in the prompt', () => {
    const provider = new ConfiguredProvider({ settings: () => settingsOf({ textProtocol: true }), apiKey: async () => ({ key: SECRET }), languageModel: async () => undefined });
    assert.equal(provider.model.supportsNativeTools, false);
  });

  test('a rejected key (401) is reported without the key in the message', async () => {
    const failing = await startScriptedModelServer({ script: [{ fault: { status: 401 } }] });
    try {
      const provider = new ConfiguredProvider({ settings: () => settingsOf({ baseUrl: failing.url }), apiKey: async () => ({ key: SECRET }), languageModel: async () => undefined });
      const events = await collect(provider.stream(REQUEST, new AbortController().signal));
      const error = events.find((e) => e.type === 'error');
      assert.ok(error?.type === 'error' && error.error.kind === 'auth');
      assert.ok(!JSON.stringify(events).includes(SECRET));
    } finally {
      await failing.close();
    }
  });
});
