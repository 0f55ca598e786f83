// One place that turns the user's model settings into a ModelProvider.
import { l10n } from '../l10n';
import { AnthropicProvider } from './anthropic-provider';
import { modelInfoFor, openaiApiFor, type CatalogEntry } from './catalog';
import { GeminiProvider } from './gemini-provider';
import { OpenAIProvider, type AzureTarget } from './openai-provider';
import type { ReasoningEffort } from './openai-responses-request';
import type { ModelProvider } from './provider';
import type { FailureHandlingOptions } from './resilient-stream';
import { TextProtocolProvider } from './text-protocol-provider';

export type ProviderKind = 'anthropic' | 'openai' | 'openai-compatible' | 'azure-openai' | 'gemini';

export interface ProviderConfig {
  provider: ProviderKind;
  model: string;
  /** Anthropic and Gemini: without the version. OpenAI and compatibles: with it (http://localhost:11434/v1). */
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
  /** The user's figures for this model (`relay.models`), over the catalog's. */
  catalogOverride?: Partial<CatalogEntry>;
  /** OpenAI and Azure: force an API; "auto" (the default) follows the catalog. */
  openaiApi?: 'auto' | 'chat-completions' | 'responses';
  /** OpenAI reasoning models: how hard to think. Undefined leaves the model's default. */
  reasoningEffort?: ReasoningEffort;
  /** Anthropic extended thinking (0 or undefined: off) and Gemini's thinking budget (undefined: its default). */
  thinkingBudgetTokens?: number;
  /** Azure OpenAI: the resource endpoint, the deployment (empty: the model id) and the API version. */
  azure?: AzureTarget;
}

/** Seams for tests: the backoff's sleep, randomness and clock, and the idle watchdog's timers. */
export type ProviderDependencies = Pick<FailureHandlingOptions, 'sleep' | 'random' | 'now' | 'timers'>;

export function createProvider(config: ProviderConfig, dependencies: ProviderDependencies = {}): ModelProvider {
  if (!config.model.trim()) throw new Error(l10n.t('No model is configured: choose one in Relay settings.'));
  const failure: FailureHandlingOptions = { ...dependencies };
  if (config.idleTimeoutMs !== undefined) failure.idleTimeoutMs = config.idleTimeoutMs;
  if (config.maxRetries !== undefined) failure.maxRetries = config.maxRetries;
  const modelInfo = modelInfoFor(config.provider, config.model, true, config.catalogOverride);
  const common = {
    model: config.model,
    modelInfo,
    failure,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    ...(config.requestTimeoutMs !== undefined ? { requestTimeoutMs: config.requestTimeoutMs } : {}),
    ...(config.fetch ? { fetch: config.fetch } : {}),
  };
  let provider: ModelProvider;
  switch (config.provider) {
    case 'anthropic':
      provider = new AnthropicProvider({ ...common, ...(config.thinkingBudgetTokens ? { thinkingBudgetTokens: config.thinkingBudgetTokens } : {}) });
      break;
    case 'gemini':
      provider = new GeminiProvider({ ...common, ...(config.thinkingBudgetTokens ? { thinkingBudgetTokens: config.thinkingBudgetTokens } : {}) });
      break;
    case 'openai':
    case 'openai-compatible':
    case 'azure-openai': {
      if (config.provider === 'openai-compatible' && !config.baseUrl) {
        throw new Error(l10n.t('An OpenAI-compatible provider needs a base URL, e.g. {0} for Ollama.', 'http://localhost:11434/v1'));
      }
      if (config.provider === 'azure-openai' && !(config.azure?.endpoint && config.azure.apiVersion)) {
        throw new Error(l10n.t('Azure OpenAI needs an endpoint and an API version: set {0} and {1}.', 'relay.azure.endpoint', 'relay.azure.apiVersion'));
      }
      const api = openaiApiFor(config.provider, config.model, config.openaiApi, config.catalogOverride);
      provider = new OpenAIProvider({
        ...common,
        flavor: config.provider === 'openai-compatible' ? 'openai-compatible' : 'openai',
        api,
        ...(config.reasoningEffort ? { reasoningEffort: config.reasoningEffort } : {}),
        // The deployment defaults to the model id (the catalog knows the model, Azure the deployment).
        ...(config.provider === 'azure-openai' && config.azure ? { azure: { ...config.azure, deployment: config.azure.deployment || config.model } } : {}),
      });
      break;
    }
    default:
      throw new Error(`Unknown model provider "${String((config as { provider: unknown }).provider)}".`);
  }
  return config.textProtocol ? new TextProtocolProvider(provider) : provider;
}
