// One place that turns the user's model settings into a ModelProvider.
import { AnthropicProvider } from './anthropic-provider';
import { OpenAIProvider } from './openai-provider';
import type { ModelProvider } from './provider';
import type { FailureHandlingOptions } from './resilient-stream';
import { TextProtocolProvider } from './text-protocol-provider';

export interface ProviderConfig {
  provider: 'anthropic' | 'openai' | 'openai-compatible';
  model: string;
  /** Anthropic: without `/v1`. OpenAI and compatibles: with it (http://localhost:11434/v1). */
  baseUrl?: string;
  /** Required for Anthropic and OpenAI; optional for local OpenAI-compatible servers. */
  apiKey?: string;
  /** Describe tools in the prompt and parse calls from text, for models without native tool calling. */
  textProtocol?: boolean;
  /** No byte from the server for this long ends the turn with `idle_timeout`. */
  idleTimeoutMs?: number;
  /** Retries of a request that failed before any output (429, 5xx, overloaded, connection errors). */
  maxRetries?: number;
  /** How long to wait for a response to start. */
  requestTimeoutMs?: number;
  /** The HTTP transport (the host's proxy-aware fetch); the global fetch when left out. */
  fetch?: typeof fetch;
}

/** Seams for tests: the backoff's sleep, randomness and clock, and the idle watchdog's timers. */
export type ProviderDependencies = Pick<FailureHandlingOptions, 'sleep' | 'random' | 'now' | 'timers'>;

export function createProvider(config: ProviderConfig, dependencies: ProviderDependencies = {}): ModelProvider {
  if (!config.model.trim()) throw new Error('No model is configured: choose one in Relay settings.');
  const failure: FailureHandlingOptions = { ...dependencies };
  if (config.idleTimeoutMs !== undefined) failure.idleTimeoutMs = config.idleTimeoutMs;
  if (config.maxRetries !== undefined) failure.maxRetries = config.maxRetries;
  const common = {
    model: config.model,
    failure,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    ...(config.requestTimeoutMs !== undefined ? { requestTimeoutMs: config.requestTimeoutMs } : {}),
    ...(config.fetch ? { fetch: config.fetch } : {}),
  };
  let provider: ModelProvider;
  switch (config.provider) {
    case 'anthropic':
      provider = new AnthropicProvider(common);
      break;
    case 'openai':
      provider = new OpenAIProvider({ ...common, flavor: 'openai' });
      break;
    case 'openai-compatible':
      if (!config.baseUrl) {
        throw new Error('An OpenAI-compatible provider needs a base URL, e.g. http://localhost:11434/v1 for Ollama.');
      }
      provider = new OpenAIProvider({ ...common, flavor: 'openai-compatible' });
      break;
    default:
      throw new Error(`Unknown model provider "${String((config as { provider: unknown }).provider)}".`);
  }
  return config.textProtocol ? new TextProtocolProvider(provider) : provider;
}
