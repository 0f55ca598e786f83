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

export type ListingProvider = 'anthropic' | 'openai' | 'openai-compatible';

export interface ListModelsOptions {
  provider: ListingProvider;
  /** Without a key, Anthropic and OpenAI are not asked (the catalog is listed); compatible servers may need none. */
  apiKey?: string;
  /** As the providers take it: Anthropic without `/v1`, OpenAI and compatibles with it. */
  baseUrl?: string;
  /** The whole listing, every page included, must finish within this. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ListedModel {
  id: string;
  /** The provider's display name, when it gives one. */
  name?: string;
  /** Whether the provider's live list has it (false: from the catalog only). */
  live: boolean;
  /** From the catalog, when the id is one we know. */
  catalog?: CatalogEntry;
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
}

/** The live list merged with the catalog; never throws. */
export async function listModels(options: ListModelsOptions): Promise<ModelListing> {
  let live: LiveModel[] | undefined;
  let liveError: string | undefined;
  if (options.provider !== 'openai-compatible' && !options.apiKey) {
    liveError = 'no API key is set';
  } else if (options.provider === 'openai-compatible' && !options.baseUrl) {
    liveError = 'no base URL is set';
  } else {
    try {
      live = await fetchLiveModels(options);
    } catch (error) {
      liveError = describe(error, options.apiKey);
    }
  }
  const lifecycles = (live ?? []).map(({ name: _name, ...lifecycle }) => lifecycle);
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
    const catalog = lookupModel(id);
    if (catalog) model.catalog = catalog;
    const deprecation = deprecationOf(id, live);
    if (deprecation) model.deprecation = deprecation;
    out.push(model);
  };
  // The provider's order first (Anthropic lists the newest first), then what only the catalog knows.
  for (const model of live) if (model.lifecycle !== 'retired') add(model.id, model);
  if (provider !== 'openai-compatible') {
    for (const id of Object.keys(MODEL_CATALOG)) if (catalogProvider(id) === provider) add(id, undefined);
  }
  return out;
}

async function fetchLiveModels(options: ListModelsOptions): Promise<LiveModel[]> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_LISTING_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const models: LiveModel[] = [];
  if (options.provider === 'anthropic') {
    const client = new Anthropic({
      apiKey: options.apiKey ?? null,
      baseURL: (options.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL).replace(/\/+$/, ''),
      maxRetries: 0,
    });
    for await (const m of client.models.list({ limit: 100 }, { signal })) {
      models.push({ id: m.id, name: m.display_name, lifecycle: m.lifecycle, retiresAt: m.retires_at, line: m.line });
      if (models.length >= MAX_MODELS) break;
    }
    return models;
  }
  const client = new OpenAI({
    apiKey: options.apiKey || 'no-key',
    baseURL: (options.baseUrl ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, ''),
    maxRetries: 0,
    organization: null,
    project: null,
    ...(options.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
  });
  for await (const m of client.models.list({ signal })) {
    if (options.provider === 'openai' && !isOpenAIChatModel(m.id)) continue;
    models.push({ id: m.id });
    if (models.length >= MAX_MODELS) break;
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
    text = 'the listing was cancelled or timed out';
  } else if (typeof status === 'number') {
    text = `the provider answered ${status}`;
  } else if (error instanceof Anthropic.APIConnectionError || error instanceof OpenAI.APIConnectionError) {
    text = 'the provider could not be reached';
  } else {
    text = error instanceof Error ? error.message : String(error);
  }
  return scrubSecrets(text, apiKey ? [apiKey] : []);
}
