// What we know about current Anthropic and OpenAI models: context window, output limit and list price in
// US dollars per million tokens (long-context surcharges left out). Dated snapshot ids and router prefixes
// ("claude-sonnet-4-5-20250929", "anthropic/claude-sonnet-4-5") find their family's entry. Anything else gets
// a conservative default and no price, so cost is shown as unknown rather than guessed.
//
// Sources (read 2026-11-24): the Claude 5.x figures are from each model's page on platform.claude.com
// (models/<name>/overview) and the models overview; the Fable cache prices from the Fable 5.1 "what's new"
// note (cache reads a quarter of Fable 5's) as listed by LiteLLM and rightsize. GPT-5.6 figures are from
// developers.openai.com/api/docs/models/<id>; GPT-5.4 and its mini and nano from OpenAI's model pages where
// stored (nano) and otherwise the gateways that list OpenAI's rates (Vercel AI Gateway, Venice). An entry
// whose price was not published in a form this table can hold has no price, with a comment saying why.
import type { Usage } from './events';
import type { ModelInfo, ModelPricing } from './provider';

export interface CatalogEntry {
  contextWindow: number;
  maxOutputTokens: number;
  pricing?: ModelPricing;
}

/** Anthropic prices cache writes at 1.25x and cache reads at 0.1x the input price (5-minute cache). */
function anthropic(contextWindow: number, maxOutputTokens: number, input: number, output: number): CatalogEntry {
  return anthropicCached(contextWindow, maxOutputTokens, input, output, input * 1.25, input / 10);
}

/** For the models whose published cache prices depart from those ratios (Opus 5.5, the Fable line). */
function anthropicCached(contextWindow: number, maxOutputTokens: number, input: number, output: number, cacheWrite: number, cacheRead: number): CatalogEntry {
  const pricing = { inputPerMTok: input, outputPerMTok: output, cacheWritePerMTok: cacheWrite, cacheReadPerMTok: cacheRead };
  return { contextWindow, maxOutputTokens, pricing };
}

/** OpenAI caches automatically: no write surcharge, reads at the listed cached-input price. */
function openai(contextWindow: number, maxOutputTokens: number, input: number, output: number, cachedInput: number): CatalogEntry {
  return { contextWindow, maxOutputTokens, pricing: { inputPerMTok: input, outputPerMTok: output, cacheReadPerMTok: cachedInput } };
}

/** GPT-5.6 bills cache writes at 1.25x the uncached input price (its model pages say so). */
function openai56(input: number, output: number, cachedInput: number): CatalogEntry {
  const pricing = { inputPerMTok: input, outputPerMTok: output, cacheReadPerMTok: cachedInput, cacheWritePerMTok: input * 1.25 };
  return { contextWindow: 1_050_000, maxOutputTokens: 128_000, pricing };
}

const FABLE_5_2 = anthropicCached(1_000_000, 128_000, 8, 40, 10, 0.2);
const FABLE_5_1 = anthropicCached(1_000_000, 128_000, 10, 50, 12.5, 0.25);
const FABLE_5 = anthropicCached(1_000_000, 128_000, 10, 50, 12.5, 1);

export const MODEL_CATALOG: Readonly<Record<string, CatalogEntry>> = {
  'claude-sonnet-5-5': anthropic(1_000_000, 128_000, 2, 10),
  'claude-opus-5-5': anthropicCached(1_000_000, 128_000, 4, 20, 5, 0.2),
  // Haiku 5.5 is priced in two tiers by prompt size ($0.10/$0.50 up to 100K tokens, $0.50/$2.50 above), which
  // one price cannot express; no price, so its cost shows as unknown rather than as the lower tier.
  'claude-haiku-5-5': { contextWindow: 1_000_000, maxOutputTokens: 128_000 },
  'claude-fable-5-2': FABLE_5_2,
  // Mythos models are Fable models with other safeguards, by invitation: same specifications and prices.
  'claude-mythos-5-2': FABLE_5_2,
  'claude-fable-5-1': FABLE_5_1,
  'claude-mythos-5-1': FABLE_5_1,
  'claude-fable-5': FABLE_5,
  'claude-mythos-5': FABLE_5,
  'claude-sonnet-5': anthropic(1_000_000, 128_000, 2, 10),
  'claude-opus-5': anthropic(1_000_000, 128_000, 5, 25),
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
  // GPT-5.6 Sol's page lists a promotional $4/$20 "until at least 21 November 2026"; what it costs after that
  // is not published there, so no price.
  'gpt-5.6-sol': { contextWindow: 1_050_000, maxOutputTokens: 128_000 },
  'gpt-5.6-terra': openai56(2, 12, 0.2),
  'gpt-5.6-luna': openai56(0.2, 1.2, 0.02),
  'gpt-5.4': openai(1_050_000, 128_000, 2.5, 15, 0.25),
  'gpt-5.4-mini': openai(400_000, 128_000, 0.75, 4.5, 0.075),
  'gpt-5.4-nano': openai(400_000, 128_000, 0.2, 1.25, 0.02),
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

/** Which provider serves a catalog id: Claude models are Anthropic's, the rest OpenAI's. */
export function catalogProvider(id: string): 'anthropic' | 'openai' {
  return bareId(id).startsWith('claude-') ? 'anthropic' : 'openai';
}

/** For ids we do not know (local models, new releases): a common window, a modest output limit, no price. */
export const UNKNOWN_MODEL: CatalogEntry = { contextWindow: 128_000, maxOutputTokens: 8_192 };
/** Every Claude model since Claude 3 has at least this window and Claude 4 models this much output. */
const UNKNOWN_CLAUDE: CatalogEntry = { contextWindow: 200_000, maxOutputTokens: 32_000 };

/** The id without a router prefix ("anthropic/claude-x" -> "claude-x"), lower-cased. */
export function bareId(id: string): string {
  return id.slice(id.lastIndexOf('/') + 1).toLowerCase();
}

/**
 * The key among `keys` that `id` is a snapshot or alias of, the longest when several are. A key matches
 * itself or a dated or aliased form of itself: "-20250929", "-2025-04-14", "-0", "-latest". Not a later
 * version: "claude-sonnet-5-5" is not a "claude-sonnet-5", nor "gpt-4.1-turbo" a "gpt-4.1".
 */
export function familyOf(id: string, keys: Iterable<string>): string | undefined {
  const bare = bareId(id);
  let best: string | undefined;
  for (const key of keys) {
    const matches = bare === key || (bare.startsWith(`${key}-`) && /^(\d{8}|\d{4}-\d{2}-\d{2}|0|latest)(-|$)/.test(bare.slice(key.length + 1)));
    if (matches && (!best || key.length > best.length)) best = key;
  }
  return best;
}

/** The catalog entry for an id, or undefined when the id is not one we know. */
export function lookupModel(id: string): CatalogEntry | undefined {
  const key = familyOf(id, Object.keys(MODEL_CATALOG));
  return key ? MODEL_CATALOG[key] : undefined;
}

export function modelInfoFor(provider: string, id: string, supportsNativeTools = true): ModelInfo {
  const entry = lookupModel(id) ?? (bareId(id).startsWith('claude-') ? UNKNOWN_CLAUDE : UNKNOWN_MODEL);
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
