// What we know about current Anthropic and OpenAI models: context window, output limit and list price in
// US dollars per million tokens (long-context surcharges left out). Dated snapshot ids and router prefixes
// ("claude-sonnet-4-5-20250929", "anthropic/claude-sonnet-4-5") find their family's entry. Anything else gets
// a conservative default and no price, so cost is shown as unknown rather than guessed.
import type { Usage } from './events';
import type { ModelInfo, ModelPricing } from './provider';

export interface CatalogEntry {
  contextWindow: number;
  maxOutputTokens: number;
  pricing?: ModelPricing;
}

/** Anthropic prices cache writes at 1.25x and cache reads at 0.1x the input price (5-minute cache). */
function anthropic(contextWindow: number, maxOutputTokens: number, input: number, output: number): CatalogEntry {
  const pricing = { inputPerMTok: input, outputPerMTok: output, cacheWritePerMTok: input * 1.25, cacheReadPerMTok: input / 10 };
  return { contextWindow, maxOutputTokens, pricing };
}

/** OpenAI caches automatically: no write surcharge, reads at the listed cached-input price. */
function openai(contextWindow: number, maxOutputTokens: number, input: number, output: number, cachedInput: number): CatalogEntry {
  return { contextWindow, maxOutputTokens, pricing: { inputPerMTok: input, outputPerMTok: output, cacheReadPerMTok: cachedInput } };
}

export const MODEL_CATALOG: Readonly<Record<string, CatalogEntry>> = {
  'claude-opus-4-5': anthropic(200_000, 64_000, 5, 25),
  'claude-opus-4-1': anthropic(200_000, 32_000, 15, 75),
  'claude-opus-4': anthropic(200_000, 32_000, 15, 75),
  'claude-sonnet-4-5': anthropic(200_000, 64_000, 3, 15),
  'claude-sonnet-4': anthropic(200_000, 64_000, 3, 15),
  'claude-3-7-sonnet': anthropic(200_000, 64_000, 3, 15),
  'claude-haiku-4-5': anthropic(200_000, 64_000, 1, 5),
  'claude-3-5-haiku': anthropic(200_000, 8_192, 0.8, 4),
  'claude-3-5-sonnet': anthropic(200_000, 8_192, 3, 15),
  'claude-3-haiku': anthropic(200_000, 4_096, 0.25, 1.25),
  'gpt-5': openai(400_000, 128_000, 1.25, 10, 0.125),
  'gpt-5-mini': openai(400_000, 128_000, 0.25, 2, 0.025),
  'gpt-5-nano': openai(400_000, 128_000, 0.05, 0.4, 0.005),
  'gpt-4.1': openai(1_047_576, 32_768, 2, 8, 0.5),
  'gpt-4.1-mini': openai(1_047_576, 32_768, 0.4, 1.6, 0.1),
  'gpt-4.1-nano': openai(1_047_576, 32_768, 0.1, 0.4, 0.025),
  'gpt-4o': openai(128_000, 16_384, 2.5, 10, 1.25),
  'gpt-4o-mini': openai(128_000, 16_384, 0.15, 0.6, 0.075),
  o3: openai(200_000, 100_000, 2, 8, 0.5),
  'o4-mini': openai(200_000, 100_000, 1.1, 4.4, 0.275),
};

/** For ids we do not know (local models, new releases): a common window, a modest output limit, no price. */
export const UNKNOWN_MODEL: CatalogEntry = { contextWindow: 128_000, maxOutputTokens: 8_192 };
/** Every Claude model since Claude 3 has at least this window and Claude 4 models this much output. */
const UNKNOWN_CLAUDE: CatalogEntry = { contextWindow: 200_000, maxOutputTokens: 32_000 };

/** The catalog entry for an id, or undefined when the id is not one we know. */
export function lookupModel(id: string): CatalogEntry | undefined {
  const bare = id.slice(id.lastIndexOf('/') + 1).toLowerCase();
  let best: string | undefined;
  for (const key of Object.keys(MODEL_CATALOG)) {
    // A key matches itself or a versioned form of itself: "-20250929", "-2025-04-14", "-0", "-latest".
    const matches = bare === key || (bare.startsWith(`${key}-`) && /^(\d|latest$)/.test(bare.slice(key.length + 1)));
    if (matches && (!best || key.length > best.length)) best = key;
  }
  return best ? MODEL_CATALOG[best] : undefined;
}

export function modelInfoFor(provider: string, id: string, supportsNativeTools = true): ModelInfo {
  const bare = id.slice(id.lastIndexOf('/') + 1).toLowerCase();
  const entry = lookupModel(id) ?? (bare.startsWith('claude-') ? UNKNOWN_CLAUDE : UNKNOWN_MODEL);
  const info: ModelInfo = {
    id,
    label: `${provider} · ${id}`,
    contextWindow: entry.contextWindow,
    maxOutputTokens: entry.maxOutputTokens,
    supportsNativeTools,
  };
  if (entry.pricing) info.pricing = entry.pricing;
  return info;
}

/**
 * The cost of one turn in US dollars, or undefined without a price. `inputTokens` counts uncached input only
 * (every provider reports it that way), so cached reads and cache writes are priced on their own; a missing
 * cache price falls back to the input price.
 */
export function costUsd(usage: Usage, pricing: ModelPricing | undefined): number | undefined {
  if (!pricing) return undefined;
  const perToken = (perMTok: number) => perMTok / 1_000_000;
  return (
    usage.inputTokens * perToken(pricing.inputPerMTok) +
    usage.outputTokens * perToken(pricing.outputPerMTok) +
    (usage.cacheReadTokens ?? 0) * perToken(pricing.cacheReadPerMTok ?? pricing.inputPerMTok) +
    (usage.cacheWriteTokens ?? 0) * perToken(pricing.cacheWritePerMTok ?? pricing.inputPerMTok)
  );
}
