// The user's own catalog entries (`relay.models`): window, output limit, prices and capabilities for custom or
// local models the built-in catalog does not know, or corrections to the ones it does. Validated with zod: a bad
// entry is reported by name and field and left out, and never stops the others from applying.
import { z } from 'zod';
import { LEGACY_FAMILY_NAMES, PROMPT_FAMILIES, type PromptFamily } from '../prompts/families';

/** `openai`, from before the OpenAI split: still read, as the GPT-5 family. */
const LEGACY_NAMES = Object.keys(LEGACY_FAMILY_NAMES) as [string, ...string[]];
import { familyOf, type CatalogEntry } from './catalog';

const price = z.number().nonnegative().finite();

export const modelOverrideSchema = z
  .object({
    contextWindow: z.number().int().positive(),
    maxOutputTokens: z.number().int().positive(),
    /** US dollars per million tokens. */
    inputPrice: price,
    outputPrice: price,
    cacheReadPrice: price,
    cacheWritePrice: price,
    supportsTools: z.boolean(),
    supportsImages: z.boolean(),
    supportsReasoning: z.boolean(),
    /** OpenAI and Azure: which API serves the model. */
    api: z.enum(['chat-completions', 'responses']),
    /** Whose instructions, edit tool and turn ending a custom model gets (src/core/prompts). */
    promptFamily: z.enum([...PROMPT_FAMILIES, ...LEGACY_NAMES]),
  })
  .partial()
  .strict()
  .refine((o) => (o.inputPrice === undefined) === (o.outputPrice === undefined), {
    message: 'inputPrice and outputPrice go together (a cost needs both)',
  })
  .refine((o) => o.contextWindow === undefined || o.maxOutputTokens === undefined || o.maxOutputTokens < o.contextWindow, {
    message: 'maxOutputTokens must be smaller than contextWindow',
  });

export type ModelOverride = z.infer<typeof modelOverrideSchema>;

export interface ParsedOverrides {
  /** By model id as the user wrote it, lower-cased. */
  entries: ReadonlyMap<string, Partial<CatalogEntry>>;
  /** One line per refused entry: "relay.models["x"]: contextWindow: expected a number". */
  problems: string[];
}

export function parseModelOverrides(value: unknown): ParsedOverrides {
  const entries = new Map<string, Partial<CatalogEntry>>();
  const problems: string[] = [];
  if (value === undefined || value === null) return { entries, problems };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { entries, problems: ['relay.models must be an object that maps model ids to their figures.'] };
  }
  for (const [id, raw] of Object.entries(value as Record<string, unknown>)) {
    const parsed = modelOverrideSchema.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
      problems.push(`relay.models["${id}"]: ${issues.join('; ')}`);
      continue;
    }
    entries.set(id.trim().toLowerCase(), toCatalogEntry(parsed.data));
  }
  return { entries, problems };
}

/** The override for a model id: its own entry, or the entry of the family it is a snapshot of. */
export function overrideFor(overrides: ParsedOverrides, id: string): Partial<CatalogEntry> | undefined {
  const exact = overrides.entries.get(id.trim().toLowerCase());
  if (exact) return exact;
  const family = familyOf(id, overrides.entries.keys());
  return family ? overrides.entries.get(family) : undefined;
}

function toCatalogEntry(o: ModelOverride): Partial<CatalogEntry> {
  const entry: Partial<CatalogEntry> = {};
  if (o.contextWindow !== undefined) entry.contextWindow = o.contextWindow;
  if (o.maxOutputTokens !== undefined) entry.maxOutputTokens = o.maxOutputTokens;
  if (o.inputPrice !== undefined && o.outputPrice !== undefined) {
    entry.pricing = { inputPerMTok: o.inputPrice, outputPerMTok: o.outputPrice };
    if (o.cacheReadPrice !== undefined) entry.pricing.cacheReadPerMTok = o.cacheReadPrice;
    if (o.cacheWritePrice !== undefined) entry.pricing.cacheWritePerMTok = o.cacheWritePrice;
  }
  if (o.supportsTools !== undefined) entry.supportsTools = o.supportsTools;
  if (o.supportsImages !== undefined) entry.supportsImages = o.supportsImages;
  if (o.supportsReasoning !== undefined) entry.supportsReasoning = o.supportsReasoning;
  if (o.api !== undefined) entry.api = o.api;
  if (o.promptFamily !== undefined) entry.promptFamily = LEGACY_FAMILY_NAMES[o.promptFamily] ?? (o.promptFamily as PromptFamily);
  return entry;
}
