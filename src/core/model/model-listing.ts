// The models a provider offers right now, for the model picker: Anthropic's Models API and `/models` of
// OpenAI and OpenAI-compatible servers, through the official SDKs, merged with the catalog (the catalog
// gives windows and prices; the live list adds models released since, and Anthropic's says which are
// deprecated). Offline, without a key, slow or failing, the picker still gets the catalog, and the reason.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { ANTHROPIC_DEFAULT_BASE_URL } from './anthropic-provider';
import { catalogProvider, lookupModel, MODEL_CATALOG, type CatalogEntry } from './catalog';
import { deprecationOf, type Deprecation, type LiveLifecycle } from './deprecation';
import { scrubSecrets } from './failure';
import { OPENAI_DEFAULT_BASE_URL } from './openai-provider';

export type ListingProvider = 'anthropic' | 'openai' | 'openai-compatible' | 'gemini' | 'azure-openai';

export interface ListModelsOptions {
  provider: ListingProvider;
  /** Without a key, Anthropic and OpenAI are not asked (the catalog is listed); compatible servers may need none. */
  apiKey?: string;
  /** As the providers take it: Anthropic without `/v1`, OpenAI and compatibles with it. */
  baseUrl?: string;
  /** The whole listing, every page included, must finish within this. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The HTTP transport (the host's proxy-aware fetch); the global fetch when left out. */
  fetch?: typeof fetch;
}

export interface ListedModel {
  id: string;
  /** The provider's display name, when it gives one. */
  name?: string;
  /** Whether the provider's live list has it (false: from the catalog only). */
  live: boolean;
  /** From the catalog, when the id is one we know. */
  catalog?: CatalogEntry;
  /** What the server says about a local model (Ollama: parameter size and quantization). */
  details?: string;
  deprecation?: Deprecation;
}

export interface ModelListing {
  models: ListedModel[];
  /** The live list's lifecycle facts (empty without a live list), for later deprecation checks. */
  lifecycles: LiveLifecycle[];
  /** Why the live list is missing (no key, offline, an error status), undefined when it was read. */
  liveError?: string;
}

export const DEFAULT_LISTING_TIMEOUT_MS = 5_000;
/** More than any provider lists today; a server that pages forever stops here. */
const MAX_MODELS = 1_000;

interface LiveModel extends LiveLifecycle {
  name?: string;
  details?: string;
}

/** The live list merged with the catalog; never throws. */
export async function listModels(options: ListModelsOptions): Promise<ModelListing> {
  let live: LiveModel[] | undefined;
  let liveError: string | undefined;
  if (options.provider === 'gemini' || options.provider === 'azure-openai') {
    // Gemini's and Azure's deployments are listed from the catalog (Azure names deployments, not models).
    return { models: merge(options.provider, []), lifecycles: [] };
  }
  if (options.provider !== 'openai-compatible' && !options.apiKey) {
    liveError = 'no API key is set';
  } else if (options.provider === 'openai-compatible' && !options.baseUrl) {
    liveError = 'no base URL is set';
  } else {
    // Our own deadline, told apart from the caller's cancellation: the SDKs report both as an abort.
    const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_LISTING_TIMEOUT_MS);
    try {
      live = await fetchLiveModels(options, timeout);
    } catch (error) {
      const timedOut = timeout.aborted && !options.signal?.aborted;
      liveError = timedOut ? 'the provider did not answer in time' : describe(error, options.apiKey);
    }
  }
  const lifecycles = (live ?? []).map(({ name: _name, details: _details, ...lifecycle }) => lifecycle);
  const models = merge(options.provider, live ?? []);
  return liveError === undefined ? { models, lifecycles } : { models, lifecycles, liveError };
}

function merge(provider: ListingProvider, live: readonly LiveModel[]): ListedModel[] {
  const out: ListedModel[] = [];
  const seen = new Set<string>();
  const add = (id: string, fromLive: LiveModel | undefined) => {
    if (seen.has(id.toLowerCase())) return;
    seen.add(id.toLowerCase());
    const model: ListedModel = { id, live: Boolean(fromLive) };
    if (fromLive?.name && fromLive.name !== id) model.name = fromLive.name;
    if (fromLive?.details) model.details = fromLive.details;
    const catalog = lookupModel(id);
    if (catalog) model.catalog = catalog;
    const deprecation = deprecationOf(id, live);
    if (deprecation) model.deprecation = deprecation;
    out.push(model);
  };
  // The provider's order first (Anthropic lists the newest first), then what only the catalog knows.
  for (const model of live) if (model.lifecycle !== 'retired') add(model.id, model);
  if (provider !== 'openai-compatible') {
    const family = provider === 'azure-openai' ? 'openai' : provider;
    for (const id of Object.keys(MODEL_CATALOG)) if (catalogProvider(id) === family) add(id, undefined);
  }
  return out;
}

async function fetchLiveModels(options: ListModelsOptions, timeout: AbortSignal): Promise<LiveModel[]> {
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const models: LiveModel[] = [];
  if (options.provider === 'anthropic') {
    const client = new Anthropic({
      apiKey: options.apiKey ?? null,
      baseURL: (options.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL).replace(/\/+$/, ''),
      maxRetries: 0,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    for await (const m of client.models.list({ limit: 100 }, { signal })) {
      models.push({ id: m.id, name: m.display_name, lifecycle: m.lifecycle, retiresAt: m.retires_at, line: m.line });
      if (models.length >= MAX_MODELS) break;
    }
    return models;
  }
  if (options.provider === 'openai-compatible' && options.baseUrl && looksLikeOllama(options.baseUrl)) {
    // Ollama's own list says more (parameter size, quantization) than its OpenAI-compatible /models.
    const tags = await fetchOllamaTags(options.baseUrl, options.fetch ?? globalThis.fetch, signal).catch(() => undefined);
    if (tags) return tags;
  }
  try {
    return await fetchOpenAIModels(options, signal);
  } catch (error) {
    // An Ollama on another port, or behind a proxy path, may still answer its native list.
    if (options.provider !== 'openai-compatible' || !options.baseUrl) throw error;
    const tags = await fetchOllamaTags(options.baseUrl, options.fetch ?? globalThis.fetch, signal).catch(() => undefined);
    if (tags) return tags;
    throw error;
  }
}

async function fetchOpenAIModels(options: ListModelsOptions, signal: AbortSignal): Promise<LiveModel[]> {
  const models: LiveModel[] = [];
  const client = new OpenAI({
    apiKey: options.apiKey || 'no-key',
    baseURL: (options.baseUrl ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, ''),
    maxRetries: 0,
    organization: null,
    project: null,
    ...(options.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  for await (const m of client.models.list({ signal })) {
    if (options.provider === 'openai' && !isOpenAIChatModel(m.id)) continue;
    models.push({ id: m.id });
    if (models.length >= MAX_MODELS) break;
  }
  return models;
}

/** Ollama listens on 11434 by default; anything named "ollama" is probably one too. */
export function looksLikeOllama(baseUrl: string): boolean {
  try {
    const url = new URL(baseUrl);
    return url.port === '11434' || /ollama/i.test(url.hostname);
  } catch {
    return false;
  }
}

/** Ollama's native list, `GET /api/tags` beside its OpenAI-compatible `/v1`: the installed models with their details. */
export async function fetchOllamaTags(baseUrl: string, fetchImpl: typeof fetch, signal: AbortSignal): Promise<LiveModel[]> {
  const root = baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const response = await fetchImpl(`${root}/api/tags`, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw Object.assign(new Error(`the server answered ${response.status}`), { status: response.status });
  const body = (await response.json()) as { models?: unknown };
  if (!Array.isArray(body.models)) throw new Error('not an Ollama model list');
  const models: LiveModel[] = [];
  for (const entry of body.models.slice(0, MAX_MODELS) as { name?: unknown; model?: unknown; details?: { parameter_size?: unknown; quantization_level?: unknown } }[]) {
    const id = typeof entry.model === 'string' ? entry.model : typeof entry.name === 'string' ? entry.name : undefined;
    if (!id) continue;
    const facts = [entry.details?.parameter_size, entry.details?.quantization_level].filter((f): f is string => typeof f === 'string' && f !== '');
    models.push(facts.length ? { id, details: facts.join(' · ') } : { id });
  }
  return models;
}

/** OpenAI's list also has embeddings, speech, image and moderation models, which cannot run a task. */
export function isOpenAIChatModel(id: string): boolean {
  return /^(gpt-|o\d|chatgpt-|codex-)/.test(id) && !/(embedding|tts|whisper|dall-e|image|audio|realtime|transcribe|moderation|search)/.test(id);
}

function describe(error: unknown, apiKey: string | undefined): string {
  const status = typeof error === 'object' && error !== null && 'status' in error ? (error as { status?: unknown }).status : undefined;
  const name = error instanceof Error ? error.name : '';
  let text: string;
  if (name === 'TimeoutError' || error instanceof Anthropic.APIConnectionTimeoutError || error instanceof OpenAI.APIConnectionTimeoutError) {
    text = 'the provider did not answer in time';
  } else if (name === 'AbortError' || error instanceof Anthropic.APIUserAbortError || error instanceof OpenAI.APIUserAbortError) {
    text = 'the listing was cancelled';
  } else if (typeof status === 'number') {
    text = `the provider answered ${status}`;
  } else if (error instanceof Anthropic.APIConnectionError || error instanceof OpenAI.APIConnectionError) {
    text = 'the provider could not be reached';
  } else {
    text = error instanceof Error ? error.message : String(error);
  }
  return scrubSecrets(text, apiKey ? [apiKey] : []);
}
