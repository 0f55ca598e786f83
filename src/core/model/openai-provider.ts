// OpenAI over the official SDK, streaming, through Chat Completions or the Responses API (per model: the
// catalog says which, a setting may override). By base URL it also serves every OpenAI-compatible server
// (Ollama, LM Studio, vLLM, OpenRouter), and through the SDK's AzureOpenAI client, Azure OpenAI deployments.
// The SDK's own retries are off: the shared failure handling retries, and only while nothing has reached the
// caller yet.
import OpenAI, { AzureOpenAI } from 'openai';
import { l10n } from '../l10n';
import { modelInfoFor } from './catalog';
import type { ModelStreamEvent } from './events';
import type { FailureContext } from './failure';
import { observedFetch } from './observed-fetch';
import { OpenAIChunkMapper } from './openai-chunks';
import { toOpenAIRequest } from './openai-request';
import { ResponsesEventMapper } from './openai-responses-events';
import { freeformTools, toResponsesRequest, type ReasoningEffort } from './openai-responses-request';
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
  /** Which API serves the model; defaults to Chat Completions. */
  api?: OpenAIApi;
  /** Reasoning effort for models that take it (OpenAI's reasoning models). */
  reasoningEffort?: ReasoningEffort;
  /** An Azure OpenAI deployment instead of OpenAI (the SDK's AzureOpenAI client). */
  azure?: AzureTarget;
  requestTimeoutMs?: number;
  modelInfo?: ModelInfo;
  failure?: FailureHandlingOptions;
  /** The HTTP transport (a proxy-aware fetch); the global fetch when left out. */
  fetch?: typeof fetch;
}

export type OpenAIApi = 'chat-completions' | 'responses';

export interface AzureTarget {
  /** https://RESOURCE.openai.azure.com */
  endpoint: string;
  /** The deployment name, which Azure takes in place of a model id. */
  deployment: string;
  /** e.g. "2025-04-01-preview"; the Responses API needs a recent one. */
  apiVersion: string;
}

export class OpenAIProvider implements ModelProvider {
  readonly id: 'openai' | 'openai-compatible' | 'azure-openai';
  readonly model: ModelInfo;
  private readonly baseUrl: string;
  private readonly context: FailureContext;

  constructor(private readonly options: OpenAIProviderOptions) {
    this.id = options.azure ? 'azure-openai' : (options.flavor ?? 'openai');
    this.model = options.modelInfo ?? modelInfoFor(this.id, options.model);
    if (options.azure) {
      this.baseUrl = `${options.azure.endpoint.replace(/\/+$/, '')}/openai`;
      this.context = { service: 'Azure OpenAI', model: options.azure.deployment, baseUrl: options.azure.endpoint, azureApiVersion: options.azure.apiVersion };
      return;
    }
    this.baseUrl = (options.baseUrl ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, '');
    const service = this.id === 'openai' && !options.baseUrl ? 'OpenAI' : l10n.t('the server at {0}', this.baseUrl);
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
    const client = this.client(wire);
    const maxTokens = request.maxOutputTokens ?? this.model.maxOutputTokens;
    if (this.options.api === 'responses') {
      const body = toResponsesRequest(request, {
        model: this.options.azure?.deployment ?? this.options.model,
        maxTokens,
        reasoning: this.model.supportsReasoning === true,
        ...(this.options.reasoningEffort ? { effort: this.options.reasoningEffort } : {}),
      });
      const stream = await client.responses.create(body, { signal: wire.signal });
      const mapper = new ResponsesEventMapper(freeformTools(request.tools));
      for await (const event of stream) yield* mapper.map(event);
      return;
    }
    const body = toOpenAIRequest(request, {
      model: this.options.azure?.deployment ?? this.options.model,
      maxTokens,
      tokenLimitField: this.id === 'openai-compatible' ? 'max_tokens' : 'max_completion_tokens',
      ...(this.options.reasoningEffort && this.model.supportsReasoning ? { reasoningEffort: this.options.reasoningEffort } : {}),
    });
    const stream = await client.chat.completions.create(body, { signal: wire.signal });
    const mapper = new OpenAIChunkMapper();
    for await (const chunk of stream) yield* mapper.map(chunk);
    yield* mapper.finish();
  }

  /**
   * A client per attempt so the fetch reports activity to this attempt's watchdog; Node's fetch pools the
   * connections underneath. Organization, project and base URL are pinned so stray environment variables stay out.
   */
  private client(wire: WireAttempt): OpenAI {
    const apiKey = this.options.apiKey;
    const common = {
      maxRetries: 0,
      fetch: observedFetch(wire.alive, this.options.fetch),
      ...(this.options.requestTimeoutMs !== undefined ? { timeout: this.options.requestTimeoutMs } : {}),
    };
    if (this.options.azure) {
      // baseURL rather than endpoint: the client would otherwise refuse to start when OPENAI_BASE_URL is set.
      return new AzureOpenAI({ apiKey: apiKey || NO_KEY, baseURL: this.baseUrl, apiVersion: this.options.azure.apiVersion, deployment: this.options.azure.deployment, organization: null, project: null, ...common });
    }
    return new OpenAI({
      apiKey: apiKey || NO_KEY,
      baseURL: this.baseUrl,
      organization: null,
      project: null,
      ...common,
      ...(apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    });
  }
}
