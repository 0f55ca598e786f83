// The model's reasoning as the conversation keeps it: shared by the provider interface and the stream's events.

/**
 * The model's reasoning, kept so the API that produced it gets it back unchanged in later turns (Anthropic
 * wants thinking blocks with their signatures in tool-use turns; the Responses API wants reasoning items with
 * their encrypted content). Only the provider named by `source` ever sends it; every other one drops it, and
 * nobody sends it as plain text.
 */
export interface ReasoningPart {
  type: 'reasoning';
  /** The API that produced it: "anthropic", "openai-responses" or "gemini". */
  source: ReasoningSource;
  /** What the model showed of its reasoning (a summary for OpenAI); may be empty. */
  text: string;
  /** Anthropic: the block's signature (for a redacted block, its `data`); Gemini: the thought signature. */
  signature?: string;
  /** Anthropic: a `redacted_thinking` block, whose `signature` holds the encrypted data. */
  redacted?: boolean;
  /** Responses API: the reasoning item's id and encrypted content (store: false needs both). */
  itemId?: string;
  encryptedContent?: string;
}

export type ReasoningSource = 'anthropic' | 'openai-responses' | 'gemini';
