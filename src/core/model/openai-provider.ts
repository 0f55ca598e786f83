// OpenAI Chat Completions over the official SDK, streaming; by base URL it also serves every
// OpenAI-compatible server (Ollama, LM Studio, vLLM, OpenRouter). The SDK's own retries are off: the shared
// failure handling retries, and only while nothing has reached the caller yet.
import OpenAI from 'openai';
import { modelInfoFor } from './catalog';
import type { ModelStreamEvent } from './events';
import type { FailureContext } from './failure';
import { observedFetch } from './observed-fetch';
import { OpenAIChunkMapper } from './openai-chunks';
import { toOpenAIRequest } from './openai-request';
import type { ModelInfo, ModelProvider, ModelRequest } from './provider';
import { resilientStream, type FailureHandlingOptions, type WireAttempt } from './resilient-stream';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** The SDK insists on a key; local servers need none, so this stands in and its header is removed. */
const NO_KEY = 'no-key';

export interface OpenAIProviderOptions {
  model: string;
  /** Optional for local servers: without one no Authorization header is sent. */
  apiKey?: string;
  /** Including `/v1`, e.g. http://localhost:11434/v1 for Ollama. */
  baseUrl?: string;
  /** "openai" for OpenAI itself; "openai-compatible" for anything else (changes naming and the token-limit field). */
  flavor?: 'openai' | 'openai-compatible';
  requestTimeoutMs?: number;
  modelInfo?: ModelInfo;
  failure?: FailureHandlingOptions;
  /** The HTTP transport (a proxy-aware fetch); the global fetch when left out. */
  fetch?: typeof fetch;
}

export class OpenAIProvider implements ModelProvider {
  readonly id: 'openai' | 'openai-compatible';
  readonly model: ModelInfo;
  private readonly baseUrl: string;
  private readonly context: FailureContext;

  constructor(private readonly options: OpenAIProviderOptions) {
    this.id = options.flavor ?? 'openai';
    this.model = options.modelInfo ?? modelInfoFor(this.id, options.model);
    this.baseUrl = (options.baseUrl ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, '');
    const service = this.id === 'openai' && !options.baseUrl ? 'OpenAI' : `the server at ${this.baseUrl}`;
    this.context = { service, model: options.model, baseUrl: this.baseUrl };
  }

  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelStreamEvent> {
    return resilientStream((attempt) => this.attempt(request, attempt), signal, {
      ...this.options.failure,
      context: this.context,
      secrets: this.options.apiKey ? [this.options.apiKey] : [],
    });
  }

  private async *attempt(request: ModelRequest, wire: WireAttempt): AsyncGenerator<ModelStreamEvent> {
    const apiKey = this.options.apiKey;
    // A client per attempt so the fetch reports activity to this attempt's watchdog; Node's fetch pools the
    // connections underneath. Organization and project are pinned so stray environment variables stay out.
    const client = new OpenAI({
      apiKey: apiKey || NO_KEY,
      baseURL: this.baseUrl,
      organization: null,
      project: null,
      maxRetries: 0,
      fetch: observedFetch(wire.alive, this.options.fetch),
      ...(apiKey ? {} : { defaultHeaders: { Authorization: null } }),
      ...(this.options.requestTimeoutMs !== undefined ? { timeout: this.options.requestTimeoutMs } : {}),
    });
    const body = toOpenAIRequest(request, {
      model: this.options.model,
      maxTokens: request.maxOutputTokens ?? this.model.maxOutputTokens,
      tokenLimitField: this.id === 'openai' ? 'max_completion_tokens' : 'max_tokens',
    });
    const stream = await client.chat.completions.create(body, { signal: wire.signal });
    const mapper = new OpenAIChunkMapper();
    for await (const chunk of stream) yield* mapper.map(chunk);
    yield* mapper.finish();
  }
}
