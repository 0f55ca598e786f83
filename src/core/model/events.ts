// The events every model provider streams, and the tool-call events the tool runtime consumes.
// Providers translate their wire protocol into these; nothing downstream knows which provider spoke.
import type { ReasoningPart } from './reasoning';

/** A tool call as it streams: started (id and name known), argument text arriving, finished. */
export type ToolCallStreamEvent =
  /** `signature`: Gemini's thought signature for this call, to be sent back with it (see ReasoningPart). */
  | { type: 'tool_call_start'; callId: string; name: string; signature?: string }
  | { type: 'tool_call_delta'; callId: string; argsDelta: string }
  | { type: 'tool_call_end'; callId: string };

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

/** Why the model stopped. `tool_use` means it expects tool results next. */
export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'other';

export type ModelStreamEvent =
  | { type: 'text_delta'; text: string }
  /** Reasoning to show as it streams; never sent back as text. */
  | { type: 'thinking_delta'; text: string }
  /**
   * A finished reasoning block as the API wants it back in later turns (signature, encrypted content). Comes
   * after the block's thinking_deltas; the history keeps it, in order, at the front of the assistant message.
   */
  | { type: 'reasoning'; part: ReasoningPart }
  | ToolCallStreamEvent
  | { type: 'usage'; usage: Usage }
  | { type: 'stop'; reason: StopReason }
  /**
   * The server began its reply again inside the same response (a gateway that retries upstream and splices a
   * second message into the stream). Everything streamed before it in this turn is superseded: its text and
   * tool calls are dropped, never run, and what follows is the reply.
   */
  | { type: 'restart' }
  | { type: 'error'; error: ModelError };

export type ModelErrorKind =
  | 'auth' // 401: bad or missing key
  | 'forbidden' // 403: the key has no access
  | 'not_found' // 404: unknown model or endpoint
  | 'rate_limited' // 429 after retries
  | 'quota' // the account's quota, credit or billing: never retried (a 429 `insufficient_quota` included)
  | 'overloaded' // 529 / overloaded_error after retries
  | 'server' // 5xx after retries
  | 'network' // connection refused / reset after retries
  | 'idle_timeout' // the stream went quiet for too long
  | 'stream_broken' // the stream ended before the model finished
  | 'bad_request' // 400: the request itself was refused
  | 'cancelled'
  | 'unknown';

/** A provider failure, already phrased for a person; never carries a secret. */
export interface ModelError {
  kind: ModelErrorKind;
  message: string;
  status?: number;
  retryable: boolean;
  /** For connection failures: the low-level cause (ECONNREFUSED, a TLS certificate code, a proxy refusal), for advice. */
  cause?: string;
  /** "azure": an Azure OpenAI deployment failed, whose fixes differ (a 404 is the deployment or api-version). */
  endpoint?: 'azure';
  /**
   * What the server itself answered ("401: Incorrect API key provided."), or the connection's low-level cause,
   * without Relay's summary and advice around it: the evidence a setup modal shows under its own advice.
   */
  said?: string;
}
