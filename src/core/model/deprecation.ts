// Which models are deprecated, when they stop working and what to switch to. The Anthropic SDK keeps its
// list private (it only warns on the console per request), so this table mirrors it; a unit test reads the
// SDK's shipped list and makes real requests through the SDK, and fails when this table misses a model the
// SDK deprecates. The Models API also reports deprecations live (`lifecycle`, `retires_at`): a listed model
// the table does not know yet still counts, with the date the API gives.
import { bareId, familyOf } from './catalog';
import { DEFAULT_MODEL } from './default-model';

export interface DeprecatedModel {
  /** The last day the model answers, YYYY-MM-DD (UTC), when one is known. */
  endOfLife?: string;
  /** The model to move to, as the same provider names it. */
  replacement: string;
}

/** From the Anthropic SDK's DEPRECATED_MODELS and Anthropic's model deprecations page. Dated snapshots match their family. */
export const DEPRECATED_MODELS: Readonly<Record<string, DeprecatedModel>> = {
  'claude-sonnet-4-5': { endOfLife: '2026-11-30', replacement: DEFAULT_MODEL },
};

/** What a provider's live model list says about one model (the Anthropic Models API has these fields). */
export interface LiveLifecycle {
  id: string;
  lifecycle?: 'active' | 'deprecated' | 'retired';
  /** RFC 3339, as the API gives it. */
  retiresAt?: string | null;
  /** The model line ("sonnet", "opus"...), to find a replacement in the same line. */
  line?: string | null;
}

export interface Deprecation extends DeprecatedModel {
  /** The id as configured, router prefix and snapshot date included. */
  id: string;
}

/**
 * Whether `id` is deprecated, and until when. `live` is the provider's model list, newest first, when Relay
 * has it: it adds deprecations the table does not know and a replacement from the same line. Router
 * prefixes carry over to the replacement ("anthropic/claude-sonnet-4-5" -> "anthropic/claude-sonnet-5-5").
 */
export function deprecationOf(id: string, live: readonly LiveLifecycle[] = []): Deprecation | undefined {
  const prefix = id.slice(0, id.lastIndexOf('/') + 1);
  const key = familyOf(id, Object.keys(DEPRECATED_MODELS));
  const known = key ? DEPRECATED_MODELS[key] : undefined;
  if (known) return { id, ...known, replacement: prefix + known.replacement };
  const bare = bareId(id);
  const listed = live.find((m) => m.id.toLowerCase() === bare);
  if (!listed || (listed.lifecycle !== 'deprecated' && listed.lifecycle !== 'retired')) return undefined;
  const successor = live.find((m) => m.lifecycle === 'active' && m.line && m.line === listed.line);
  const deprecation: Deprecation = { id, replacement: prefix + (successor?.id ?? DEFAULT_MODEL) };
  const day = listed.retiresAt?.slice(0, 10);
  if (day && /^\d{4}-\d{2}-\d{2}$/.test(day)) deprecation.endOfLife = day;
  return deprecation;
}

/** "30 November 2026", in English whatever the locale, as the rest of Relay's messages are. */
export function formatEndOfLife(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
