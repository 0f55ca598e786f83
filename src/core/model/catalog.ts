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
// Gemini: windows and output limits from ai.google.dev/gemini-api/docs/models (1,048,576 in, 65,536 out),
// prices from ai.google.dev/gemini-api/docs/pricing ("Gemini Developer API Pricing", paid tier, text/image/video
// input, output including thinking tokens). Checked again 2026-11-25 against copies of that page, since the page
// itself could not be fetched here: Gemini 3 Flash Preview's $0.50 in / $3.00 out / $0.05 context caching is quoted
// verbatim from it by factquire.com (models/google/gemini-3-flash-preview, read 2026-07-04); 2.5 Flash's $0.30/$2.50
// and 2.5 Flash-Lite's $0.10/$0.40 are what morphllm.com/gemini-api-pricing lists from it. Their caching prices
// ($0.03 and $0.01) were not found in a copy that could be trusted, so they remain as read in the first pass.
// 2.5 Pro and 3 Pro are priced in two tiers by prompt size (above 200K tokens), so like Haiku 5.5 they have no price.
//
// Capabilities: every model here calls tools and reads images; `supportsReasoning` marks the ones that think
// (Claude 3.7 and later, OpenAI's o-series and GPT-5 family, Gemini 2.5 and later). OpenAI's reasoning models
// run on the Responses API (`api`), the only one that carries their reasoning from one tool call to the next.
import { type PromptFamily, promptFamilyOf } from '../prompts/families';
import type { Usage } from './events';
import type { ModelInfo, ModelPricing } from './provider';

export interface CatalogEntry {
  contextWindow: number;
  maxOutputTokens: number;
  pricing?: ModelPricing;
  /** Native tool calling; false sends tools in the prompt (text protocol). Absent: true. */
  supportsTools?: boolean;
  supportsImages?: boolean;
  /** Thinks before answering: takes a thinking budget or reasoning effort, and its reasoning is shown. */
  supportsReasoning?: boolean;
  /** OpenAI models: the API that serves them best. Absent: Chat Completions. */
  api?: 'chat-completions' | 'responses';
  /** Whose instructions the model gets; absent: found from the id (promptFamilyOf). */
  promptFamily?: PromptFamily;
}

const CLAUDE = { supportsImages: true, supportsReasoning: true } as const;

/** Anthropic prices cache writes at 1.25x and cache reads at 0.1x the input price (5-minute cache). */
function anthropic(contextWindow: number, maxOutputTokens: number, input: number, output: number): CatalogEntry {
  return anthropicCached(contextWindow, maxOutputTokens, input, output, input * 1.25, input / 10);
}

/** For the models whose published cache prices depart from those ratios (Opus 5.5, the Fable line). */
function anthropicCached(contextWindow: number, maxOutputTokens: number, input: number, output: number, cacheWrite: number, cacheRead: number): CatalogEntry {
  const pricing = { inputPerMTok: input, outputPerMTok: output, cacheWritePerMTok: cacheWrite, cacheReadPerMTok: cacheRead };
  return { contextWindow, maxOutputTokens, pricing, ...CLAUDE };
}

/** Claude models from before extended thinking (3.5 and 3). */
function withoutThinking(entry: CatalogEntry): CatalogEntry {
  return { ...entry, supportsReasoning: false };
}

/** OpenAI caches automatically: no write surcharge, reads at the listed cached-input price. */
function openai(contextWindow: number, maxOutputTokens: number, input: number, output: number, cachedInput: number, reasoning = true): CatalogEntry {
  const pricing = { inputPerMTok: input, outputPerMTok: output, cacheReadPerMTok: cachedInput };
  return { contextWindow, maxOutputTokens, pricing, ...openaiCapabilities(reasoning) };
}

/** GPT-5.6 bills cache writes at 1.25x the uncached input price (its model pages say so). */
function openai56(input: number, output: number, cachedInput: number): CatalogEntry {
  const pricing = { inputPerMTok: input, outputPerMTok: output, cacheReadPerMTok: cachedInput, cacheWritePerMTok: input * 1.25 };
  return { contextWindow: 1_050_000, maxOutputTokens: 128_000, pricing, ...openaiCapabilities(true) };
}

function openaiCapabilities(reasoning: boolean): Pick<CatalogEntry, 'supportsImages' | 'supportsReasoning' | 'api'> {
  return reasoning ? { supportsImages: true, supportsReasoning: true, api: 'responses' } : { supportsImages: true, supportsReasoning: false };
}

/** Gemini: a 1M-token window, 64K output; context-cache reads at the listed caching price, no write surcharge. */
function gemini(price?: { input: number; output: number; cachedInput: number }): CatalogEntry {
  const entry: CatalogEntry = { contextWindow: 1_048_576, maxOutputTokens: 65_536, supportsImages: true, supportsReasoning: true };
  if (price) entry.pricing = { inputPerMTok: price.input, outputPerMTok: price.output, cacheReadPerMTok: price.cachedInput };
  return entry;
}

const FABLE_5_2 = anthropicCached(1_000_000, 128_000, 8, 40, 10, 0.2);
const FABLE_5_1 = anthropicCached(1_000_000, 128_000, 10, 50, 12.5, 0.25);
const FABLE_5 = anthropicCached(1_000_000, 128_000, 10, 50, 12.5, 1);

export const MODEL_CATALOG: Readonly<Record<string, CatalogEntry>> = {
  'claude-sonnet-5-5': anthropic(1_000_000, 128_000, 2, 10),
  'claude-opus-5-5': anthropicCached(1_000_000, 128_000, 4, 20, 5, 0.2),
  // Haiku 5.5 is priced in two tiers by prompt size ($0.10/$0.50 up to 100K tokens, $0.50/$2.50 above), which
  // one price cannot express; no price, so its cost shows as unknown rather than as the lower tier.
  'claude-haiku-5-5': { contextWindow: 1_000_000, maxOutputTokens: 128_000, ...CLAUDE },
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
  'claude-3-5-haiku': withoutThinking(anthropic(200_000, 8_192, 0.8, 4)),
  'claude-3-5-sonnet': withoutThinking(anthropic(200_000, 8_192, 3, 15)),
  'claude-3-haiku': withoutThinking(anthropic(200_000, 4_096, 0.25, 1.25)),
  // GPT-5.6 Sol's page lists a promotional $4/$20 "until at least 21 November 2026"; what it costs after that
  // is not published there, so no price.
  'gpt-5.6-sol': { contextWindow: 1_050_000, maxOutputTokens: 128_000, ...openaiCapabilities(true) },
  'gpt-5.6-terra': openai56(2, 12, 0.2),
  'gpt-5.6-luna': openai56(0.2, 1.2, 0.02),
  'gpt-5.4': openai(1_050_000, 128_000, 2.5, 15, 0.25),
  'gpt-5.4-mini': openai(400_000, 128_000, 0.75, 4.5, 0.075),
  'gpt-5.4-nano': openai(400_000, 128_000, 0.2, 1.25, 0.02),
  'gpt-5': openai(400_000, 128_000, 1.25, 10, 0.125),
  'gpt-5-mini': openai(400_000, 128_000, 0.25, 2, 0.025),
  'gpt-5-nano': openai(400_000, 128_000, 0.05, 0.4, 0.005),
  'gpt-4.1': openai(1_047_576, 32_768, 2, 8, 0.5, false),
  'gpt-4.1-mini': openai(1_047_576, 32_768, 0.4, 1.6, 0.1, false),
  'gpt-4.1-nano': openai(1_047_576, 32_768, 0.1, 0.4, 0.025, false),
  'gpt-4o': openai(128_000, 16_384, 2.5, 10, 1.25, false),
  'gpt-4o-mini': openai(128_000, 16_384, 0.15, 0.6, 0.075, false),
  o3: openai(200_000, 100_000, 2, 8, 0.5),
  'o4-mini': openai(200_000, 100_000, 1.1, 4.4, 0.275),
  'gemini-3-pro-preview': gemini(),
  'gemini-3-flash-preview': gemini({ input: 0.5, output: 3, cachedInput: 0.05 }),
  'gemini-2.5-pro': gemini(),
  'gemini-2.5-flash': gemini({ input: 0.3, output: 2.5, cachedInput: 0.03 }),
  'gemini-2.5-flash-lite': gemini({ input: 0.1, output: 0.4, cachedInput: 0.01 }),
};

/** Which provider serves a catalog id: Claude models are Anthropic's, Gemini models Google's, the rest OpenAI's. */
export function catalogProvider(id: string): 'anthropic' | 'openai' | 'gemini' {
  const bare = bareId(id);
  if (bare.startsWith('claude-')) return 'anthropic';
  return bare.startsWith('gemini-') ? 'gemini' : 'openai';
}

/**
 * For ids we do not know (local models, new releases): a common window, a modest output limit, no price, and
 * no images (most local models are text-only; sending one an image fails the whole request).
 */
export const UNKNOWN_MODEL: CatalogEntry = { contextWindow: 128_000, maxOutputTokens: 8_192, supportsImages: false };
/** Every Claude model since Claude 3 has at least this window and Claude 4 models this much output. */
const UNKNOWN_CLAUDE: CatalogEntry = { contextWindow: 200_000, maxOutputTokens: 32_000, supportsImages: true };

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
    // Gemini adds "-001" and "-preview-09-2025" to its stable and preview snapshots.
    const suffix = /^(\d{8}|\d{4}-\d{2}-\d{2}|0|\d{3}|latest|preview-\d{2}-\d{4})(-|$)/;
    const matches = bare === key || (bare.startsWith(`${key}-`) && suffix.test(bare.slice(key.length + 1)));
    if (matches && (!best || key.length > best.length)) best = key;
  }
  return best;
}

/** The catalog entry for an id, or undefined when the id is not one we know. */
export function lookupModel(id: string): CatalogEntry | undefined {
  const key = familyOf(id, Object.keys(MODEL_CATALOG));
  return key ? MODEL_CATALOG[key] : undefined;
}

/**
 * What Relay assumes about a model: the catalog's entry (or a default for ids it does not know), with the
 * user's override from `relay.models` on top. `supportsNativeTools` false (the text-protocol setting) wins.
 */
export function modelInfoFor(provider: string, id: string, supportsNativeTools = true, override?: Partial<CatalogEntry>): ModelInfo {
  const entry: CatalogEntry = { ...(lookupModel(id) ?? unknownEntry(provider, id)), ...override };
  const info: ModelInfo = {
    id,
    label: `${provider} · ${id}`,
    contextWindow: entry.contextWindow,
    maxOutputTokens: entry.maxOutputTokens,
    supportsNativeTools: supportsNativeTools && entry.supportsTools !== false,
  };
  if (entry.supportsReasoning !== undefined) info.supportsReasoning = entry.supportsReasoning;
  if (entry.supportsImages !== undefined) info.supportsImages = entry.supportsImages;
  if (entry.pricing) info.pricing = entry.pricing;
  info.promptFamily = entry.promptFamily ?? promptFamilyOf(id);
  return info;
}

/** Ids the catalog does not list: a Claude or Gemini default by name, OpenAI's reasoning lines by name, else the generic one. */
function unknownEntry(provider: string, id: string): CatalogEntry {
  const bare = bareId(id);
  if (bare.startsWith('claude-')) return UNKNOWN_CLAUDE;
  if (bare.startsWith('gemini-')) return gemini();
  if (provider !== 'openai-compatible' && OPENAI_REASONING.test(bare)) return { ...UNKNOWN_MODEL, ...openaiCapabilities(true) };
  return UNKNOWN_MODEL;
}

/** OpenAI's reasoning lines (o1, o3, o4-mini, GPT-5 and later, Codex), including the ones served only by the Responses API. */
const OPENAI_REASONING = /^(o\d|gpt-[5-9]|codex)/;

/**
 * The OpenAI API a model runs on: the user's choice when set, else the catalog's (reasoning models on the
 * Responses API), else Chat Completions, which every OpenAI-compatible server speaks.
 */
export function openaiApiFor(provider: string, id: string, setting: 'auto' | 'chat-completions' | 'responses' = 'auto', override?: Partial<CatalogEntry>): 'chat-completions' | 'responses' {
  if (setting !== 'auto') return setting;
  if (override?.api) return override.api;
  if (provider === 'openai-compatible') return 'chat-completions';
  return (lookupModel(id) ?? unknownEntry(provider, id)).api ?? 'chat-completions';
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
