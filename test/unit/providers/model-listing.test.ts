// The model picker's live list over real HTTP against the scripted model server: Anthropic's paged Models
// API and OpenAI's `/models` through the official SDKs, merged with the catalog; deprecations marked; and
// the catalog alone, with the reason, when there is no key, the server fails, or it does not answer in time.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MODEL_CATALOG } from '../../../src/core/model/catalog';
import { isOpenAIChatModel, listModels } from '../../../src/core/model/model-listing';
import { startScriptedModelServer, type ScriptedModel, type ScriptedModelServer } from '../../support/scripted-model-server';

const KEY = 'sk-ant-listing-secret-key';

const ANTHROPIC_MODELS: ScriptedModel[] = [
  { id: 'claude-sonnet-6', displayName: 'Claude Sonnet 6', line: 'sonnet' },
  { id: 'claude-sonnet-5-5', displayName: 'Claude Sonnet 5.5', line: 'sonnet' },
  { id: 'claude-opus-5-5', displayName: 'Claude Opus 5.5', line: 'opus' },
  { id: 'claude-opus-5', displayName: 'Claude Opus 5', line: 'opus', lifecycle: 'deprecated', retiresAt: '2027-07-24T00:00:00Z' },
  { id: 'claude-sonnet-4-5', displayName: 'Claude Sonnet 4.5', line: 'sonnet', lifecycle: 'deprecated', retiresAt: '2026-11-30T00:00:00Z' },
];

describe('live model listing', () => {
  let server: ScriptedModelServer;
  before(async () => {
    server = await startScriptedModelServer();
  });
  after(() => server.close());

  test('Anthropic: every page of the Models API, newest first, then the catalog; catalog facts and deprecations attached', async () => {
    // More models than one page holds, so the SDK has to follow has_more / after_id.
    const many: ScriptedModel[] = [...ANTHROPIC_MODELS, ...Array.from({ length: 120 }, (_, i) => ({ id: `claude-test-${i}` }))];
    server.setModels({ models: many });
    const before = server.modelListings.count;
    const listing = await listModels({ provider: 'anthropic', apiKey: KEY, baseUrl: server.url });
    assert.equal(listing.liveError, undefined);
    assert.equal(server.modelListings.count - before, 2, 'two pages of 100');
    assert.equal(server.modelListings.authHeader, true);
    const ids = listing.models.map((m) => m.id);
    assert.deepEqual(ids.slice(0, 5), ANTHROPIC_MODELS.map((m) => m.id));
    assert.ok(ids.includes('claude-test-119'));
    const sonnet6 = listing.models[0]!;
    assert.deepEqual([sonnet6.live, sonnet6.name, sonnet6.catalog, sonnet6.deprecation], [true, 'Claude Sonnet 6', undefined, undefined], 'a new model appears without a release');
    assert.equal(listing.models[1]!.catalog, MODEL_CATALOG['claude-sonnet-5-5']);
    assert.deepEqual(listing.models.find((m) => m.id === 'claude-opus-5')!.deprecation, { id: 'claude-opus-5', endOfLife: '2027-07-24', replacement: 'claude-opus-5-5' });
    assert.equal(listing.models.find((m) => m.id === 'claude-sonnet-4-5')!.deprecation?.endOfLife, '2026-11-30');
    // Catalog-only Claude models follow, once each, and no OpenAI model is among them.
    const catalogOnly = listing.models.filter((m) => !m.live).map((m) => m.id);
    assert.ok(catalogOnly.includes('claude-fable-5-2') && !catalogOnly.includes('claude-sonnet-5-5'));
    assert.ok(ids.every((id) => id.startsWith('claude-')));
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(listing.lifecycles.some((l) => l.id === 'claude-opus-5' && l.lifecycle === 'deprecated'));
  });

  test('OpenAI: /models through the SDK, only models that can chat, merged with the OpenAI catalog', async () => {
    server.setModels({ models: [{ id: 'gpt-6-luna' }, { id: 'gpt-5.4' }, { id: 'text-embedding-3-large' }, { id: 'gpt-4o-mini-tts' }, { id: 'dall-e-3' }, { id: 'o4-mini' }] });
    const listing = await listModels({ provider: 'openai', apiKey: 'sk-openai-secret', baseUrl: server.openaiBaseUrl });
    assert.equal(listing.liveError, undefined);
    const live = listing.models.filter((m) => m.live).map((m) => m.id);
    assert.deepEqual(live, ['gpt-6-luna', 'gpt-5.4', 'o4-mini']);
    assert.equal(listing.models.find((m) => m.id === 'gpt-5.4')!.catalog, MODEL_CATALOG['gpt-5.4']);
    assert.ok(listing.models.some((m) => m.id === 'gpt-5.6-terra' && !m.live));
    assert.ok(listing.models.every((m) => !m.id.startsWith('claude-')));
  });

  test('OpenAI-compatible: the server list as it is, no catalog padding, and no key needed', async () => {
    server.setModels({ models: [{ id: 'qwen2.5-coder:32b' }, { id: 'anthropic/claude-sonnet-4-5' }, { id: 'nomic-embed-text' }] });
    const listing = await listModels({ provider: 'openai-compatible', baseUrl: server.openaiBaseUrl });
    assert.deepEqual(listing.models.map((m) => m.id), ['qwen2.5-coder:32b', 'anthropic/claude-sonnet-4-5', 'nomic-embed-text']);
    assert.equal(server.modelListings.authHeader, false, 'no Authorization header without a key');
    assert.equal(listing.models[1]!.deprecation?.replacement, 'anthropic/claude-sonnet-5-5');
  });

  test('no key: the catalog, and the server is not asked', async () => {
    const before = server.modelListings.count;
    const listing = await listModels({ provider: 'anthropic', baseUrl: server.url });
    assert.equal(server.modelListings.count, before);
    assert.equal(listing.liveError, 'no API key is set');
    assert.ok(listing.models.length > 0 && listing.models.every((m) => !m.live && m.catalog));
    assert.deepEqual(listing.lifecycles, []);
  });

  test('an error status: the catalog, with the status as the reason and the key nowhere in it', async () => {
    server.setModels({ status: 401 });
    const listing = await listModels({ provider: 'anthropic', apiKey: KEY, baseUrl: server.url });
    assert.equal(listing.liveError, 'the provider answered 401');
    assert.ok(listing.models.some((m) => m.id === 'claude-sonnet-5-5' && !m.live));
    server.setModels({ status: 500 });
    const openai = await listModels({ provider: 'openai', apiKey: KEY, baseUrl: server.openaiBaseUrl });
    assert.equal(openai.liveError, 'the provider answered 500');
    assert.ok(openai.models.some((m) => m.id === 'gpt-5.4'));
  });

  test('a server that does not answer: the catalog after the timeout, not a hang', async () => {
    server.setModels({ stallMs: 5_000 });
    // The server stalls far longer than the listing's deadline: an answer at all proves the deadline ended it.
    const listing = await listModels({ provider: 'anthropic', apiKey: KEY, baseUrl: server.url, timeoutMs: 200 });
    assert.equal(listing.liveError, 'the provider did not answer in time');
    assert.ok(listing.models.length > 0);
  });

  test('a listing the caller cancels says so, not that the provider was slow', async () => {
    server.setModels({ stallMs: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const listing = await listModels({ provider: 'openai', apiKey: KEY, baseUrl: server.openaiBaseUrl, signal: controller.signal, timeoutMs: 60_000 });
    assert.equal(listing.liveError, 'the listing was cancelled');
  });

  test('nothing listening (offline): the catalog with the reason', async () => {
    const closed = await startScriptedModelServer();
    const url = closed.url;
    await closed.close();
    const listing = await listModels({ provider: 'openai', apiKey: KEY, baseUrl: `${url}/v1` });
    assert.equal(listing.liveError, 'the provider could not be reached');
    assert.ok(listing.models.some((m) => m.id === 'gpt-5.6-luna'));
  });

  test('which OpenAI ids can run a task', () => {
    for (const id of ['gpt-5.6-sol', 'gpt-4.1', 'o3', 'o4-mini', 'chatgpt-4o-latest', 'codex-mini-latest']) assert.ok(isOpenAIChatModel(id), id);
    for (const id of ['text-embedding-3-small', 'whisper-1', 'tts-1', 'dall-e-3', 'gpt-4o-realtime-preview', 'gpt-image-1', 'omni-moderation-latest']) assert.ok(!isOpenAIChatModel(id), id);
  });
});
