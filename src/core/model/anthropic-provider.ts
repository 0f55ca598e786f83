// Anthropic Messages API over the official SDK, streaming. The SDK's own retries are off (maxRetries: 0):
// the shared failure handling retries, and only while nothing has reached the caller yet.
import Anthropic from '@anthropic-ai/sdk';
import { AnthropicEventMapper } from './anthropic-events';
import { toAnthropicRequest } from './anthropic-request';
import { modelInfoFor } from './catalog';
import type { ModelStreamEvent } from './events';
import type { FailureContext } from './failure';
import { observedFetch } from './observed-fetch';
import type { ModelInfo, ModelProvider, ModelRequest } from './provider';
import { resilientStream, type FailureHandlingOptions, type WireAttempt } from './resilient-stream';
import { catchingSdkDeprecationWarning } from './sdk-deprecation-warning';
import { singleErrorStream } from './single-error-stream';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

export interface AnthropicProviderOptions {
  model: string;
  apiKey?: string;
  /** Without the `/v1` suffix, as the SDK takes it. */
  baseUrl?: string;
  /** How long to wait for the response to start (the SDK's `timeout`); the idle watchdog covers the rest. */
  requestTimeoutMs?: number;
  /** Overrides the catalog's entry (context window, output limit, pricing). */
  modelInfo?: ModelInfo;
  /** Extended thinking's token budget (at least 1,024); undefined or 0 leaves it off. */
  thinkingBudgetTokens?: number;
  failure?: FailureHandlingOptions;
  /** The HTTP transport (a proxy-aware fetch); the global fetch when left out. */
  fetch?: typeof fetch;
}

export class AnthropicProvider implements ModelProvider {
  readonly id = 'anthropic';
  readonly model: ModelInfo;
  private readonly baseUrl: string;
  private readonly context: FailureContext;

  constructor(private readonly options: AnthropicProviderOptions) {
    this.model = options.modelInfo ?? modelInfoFor('anthropic', options.model);
    this.baseUrl = (options.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.context = { service: 'Anthropic', model: options.model, baseUrl: this.baseUrl };
  }

  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelStreamEvent> {
    const apiKey = this.options.apiKey;
    if (!apiKey) {
      return singleErrorStream({
        kind: 'auth',
        message: "No Anthropic API key is set. Run 'Relay: Set API Key' to enter one.",
        retryable: false,
      });
    }
    return resilientStream((attempt) => this.attempt(request, apiKey, attempt), signal, {
      ...this.options.failure,
      context: this.context,
      secrets: [apiKey],
    });
  }

  private async *attempt(request: ModelRequest, apiKey: string, wire: WireAttempt): AsyncGenerator<ModelStreamEvent> {
    // A client per attempt so the fetch reports activity to this attempt's watchdog; connections are pooled
    // by Node's fetch underneath, so this costs no new connection.
    const client = new Anthropic({
      apiKey,
      baseURL: this.baseUrl,
      maxRetries: 0,
      fetch: observedFetch(wire.alive, this.options.fetch),
      ...(this.options.requestTimeoutMs !== undefined ? { timeout: this.options.requestTimeoutMs } : {}),
    });
    const maxTokens = request.maxOutputTokens ?? this.model.maxOutputTokens;
    const budget = this.model.supportsReasoning === false ? 0 : (this.options.thinkingBudgetTokens ?? 0);
    const body = toAnthropicRequest(request, this.options.model, maxTokens, budget);
    // A deprecated model gets one notice from the host (relay.model), not a console warning per request.
    const stream = await catchingSdkDeprecationWarning(() => client.messages.create(body, { signal: wire.signal }));
    const mapper = new AnthropicEventMapper();
    for await (const event of stream) yield* mapper.map(event);
  }
}
