// Model providers: the neutral contract, the Anthropic and OpenAI(-compatible) implementations, the
// text-protocol wrapper, the shared failure handling and the model catalog.
export type * from './events';
export type { AssistantPart, ChatMessage, ModelInfo, ModelPricing, ModelProvider, ModelRequest, ModelToolSpec, UserPart } from './provider';
export { estimateTokens } from './provider';
export { createProvider, type ProviderConfig, type ProviderDependencies } from './factory';
export { AnthropicProvider, ANTHROPIC_DEFAULT_BASE_URL, type AnthropicProviderOptions } from './anthropic-provider';
export { OpenAIProvider, OPENAI_DEFAULT_BASE_URL, type OpenAIProviderOptions } from './openai-provider';
export { TextProtocolProvider, type TextProtocolOptions } from './text-protocol-provider';
export { renderToolCallText, renderToolResultText, toTextProtocolMessages, TOOL_RESULT_TAG } from './text-protocol-history';
export { AnthropicEventMapper, anthropicStopReason } from './anthropic-events';
export { toAnthropicMessages, toAnthropicRequest, toAnthropicToolParam, NO_CONTENT } from './anthropic-request';
export { OpenAIChunkMapper, openAIStopReason, openAIUsage } from './openai-chunks';
export { toOpenAIMessages, toOpenAIRequest, toOpenAIToolParam } from './openai-request';
export {
  resilientStream,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_RETRIES,
  type FailureHandlingOptions,
  type OpenAttempt,
  type ResilientStreamOptions,
  type WireAttempt,
} from './resilient-stream';
export { classifyFailure, scrubError, scrubSecrets, type Failure, type FailureContext } from './failure';
export { abortableSleep, backoffDelayMs, DEFAULT_BACKOFF, retryAfterMs, retryDelayMs, type BackoffOptions } from './retry-timing';
export { observedFetch } from './observed-fetch';
export { IdleWatchdog, realTimers, type Timers } from './idle-watchdog';
export { costUsd, lookupModel, modelInfoFor, MODEL_CATALOG, UNKNOWN_MODEL, type CatalogEntry } from './catalog';
export { singleErrorStream } from './single-error-stream';
