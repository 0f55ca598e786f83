// The one interface every model provider implements (Anthropic, OpenAI and compatibles, vscode.lm, and the
// text-protocol wrapper). Providers translate a neutral conversation into their wire format and their stream
// back into ModelStreamEvents; the agent loop never learns which provider spoke.
import type { PromptFamily } from '../prompts/families';
import type { ModelToolSpec } from '../tools/model-description';
import type { ModelStreamEvent } from './events';
import type { ReasoningPart } from './reasoning';
import type { ImageMediaType } from '../mentions/images';

export type { ModelToolSpec };

export type UserPart =
  | { type: 'text'; text: string }
  /** An image the user attached (only sent to models that take images); base64 without a data: prefix. */
  | { type: 'image'; mediaType: ImageMediaType; data: string }
  /** The result of an earlier assistant `tool_call` with the same callId. */
  | { type: 'tool_result'; callId: string; content: string; isError?: boolean };

export type { ReasoningPart, ReasoningSource } from './reasoning';

export type AssistantPart =
  | { type: 'text'; text: string }
  | ReasoningPart
  /**
   * A complete call as the model made it; `args` is the parsed argument object. `signature`: Gemini's thought
   * signature on the call's part, which the API requires back on that same part.
   */
  | { type: 'tool_call'; callId: string; name: string; args: Record<string, unknown>; signature?: string };

/**
 * The neutral conversation. Invariants every provider may rely on: messages alternate user/assistant
 * starting with user; every assistant `tool_call` is answered by a `tool_result` with the same callId in
 * the very next user message (the APIs reject orphans either way).
 */
export type ChatMessage = { role: 'user'; content: UserPart[] } | { role: 'assistant'; content: AssistantPart[] };

export interface ModelRequest {
  system: string;
  messages: ChatMessage[];
  /** Native tool calling; empty when the provider runs in text-protocol mode (tools are in the system prompt). */
  tools: ModelToolSpec[];
  maxOutputTokens?: number;
  temperature?: number;
}

export interface ModelPricing {
  /** US dollars per million tokens. */
  inputPerMTok: number;
  outputPerMTok: number;
  cacheReadPerMTok?: number;
  cacheWritePerMTok?: number;
}

export interface ModelInfo {
  /** The id the API takes, e.g. "claude-sonnet-4-5" or "gpt-4.1". */
  id: string;
  /** For people, e.g. "anthropic · claude-sonnet-4-5". */
  label: string;
  contextWindow: number;
  maxOutputTokens: number;
  /** False: the loop describes tools in the system prompt and parses calls out of the text. */
  supportsNativeTools: boolean;
  /** The model reasons before it answers (and takes a reasoning effort or thinking budget). */
  supportsReasoning?: boolean;
  /** The model reads images. */
  supportsImages?: boolean;
  pricing?: ModelPricing;
  /** Whose instructions, edit tool and turn ending the model gets (src/core/prompts); absent: the compact default. */
  promptFamily?: PromptFamily;
}

export interface ModelProvider {
  /** "anthropic" | "openai" | "vscode-lm" | ... */
  readonly id: string;
  readonly model: ModelInfo;
  /**
   * Streams one model turn. Never throws: failures arrive as one `error` event (already retried where
   * retrying makes sense) and end the stream. A turn that ends normally ends with a `stop` event.
   * A tool call whose arguments did not arrive completely never gets its `tool_call_end`.
   * Aborting `signal` ends the stream promptly with an `error` of kind `cancelled`.
   */
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelStreamEvent>;
}

/** Rough token estimate for budgeting: ~4 characters a token for English and code. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
