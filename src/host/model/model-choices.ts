// What the model picker offers: for Anthropic and OpenAI the provider's live list merged with the catalog
// (the catalog alone without a key or when offline), for an OpenAI-compatible server its `/models`, and the
// models VS Code offers. Deprecated models are marked. The live lists are kept for this window so a task
// started later can tell a deprecation the catalog does not know yet.
import type { LiveLifecycle } from '../../core/model/deprecation';
import { formatEndOfLife } from '../../core/model/deprecation';
import { type ListedModel, listModels, type ListingProvider } from '../../core/model/model-listing';
import { providerFetch } from '../proxy/proxy-fetch';
import { listVsCodeLmModels } from '../vscode-lm-provider';
import type { ModelChoice } from './model-commands';
import { type ApiKeys, readModelSettings } from './model-settings';

const lastLifecycles = new Map<string, LiveLifecycle[]>();

/** The lifecycle facts from the last live list of this provider in this window (empty before one). */
export function knownLifecycles(provider: string): readonly LiveLifecycle[] {
  return lastLifecycles.get(provider) ?? [];
}

export async function modelChoices(keys: ApiKeys): Promise<ModelChoice[]> {
  const settings = readModelSettings();
  const listed = await Promise.all(
    (['anthropic', 'openai', 'gemini', 'azure-openai', 'openai-compatible'] as const).map(async (provider) => {
      // The base URL belongs to the provider it was set for; a compatible server is only listed when it is current.
      const baseUrl = settings.provider === provider ? settings.baseUrl : undefined;
      if (provider === 'openai-compatible' && !baseUrl) return [];
      // Azure's models are offered once a resource is configured.
      if (provider === 'azure-openai' && !settings.azure?.endpoint) return [];
      return listedChoices(provider, await keys.get(provider), baseUrl);
    }),
  );
  let offered: ModelChoice[] = [];
  try {
    offered = (await listVsCodeLmModels()).map((m) => ({ provider: 'vscode-lm', id: m.id, label: m.name, detail: `${m.vendor} · ${m.family}` }));
  } catch {
    // No language model access (declined consent, no provider): the picker says so under its heading.
  }
  return [...listed.flat(), ...offered];
}

async function listedChoices(provider: ListingProvider, apiKey: string | undefined, baseUrl: string | undefined): Promise<ModelChoice[]> {
  const listing = await listModels({ provider, ...(apiKey ? { apiKey } : {}), ...(baseUrl ? { baseUrl } : {}), fetch: providerFetch });
  if (listing.lifecycles.length) lastLifecycles.set(provider, listing.lifecycles);
  const note = listing.liveError && provider !== 'openai-compatible' ? `built-in list (live list unavailable: ${listing.liveError})` : undefined;
  return listing.models.map((model) => toChoice(provider, model, note));
}

export function toChoice(provider: ListingProvider, model: ListedModel, fallbackNote?: string): ModelChoice {
  const facts: string[] = [];
  if (model.deprecation) {
    const until = model.deprecation.endOfLife ? `, end of life ${formatEndOfLife(model.deprecation.endOfLife)}` : '';
    facts.push(`deprecated${until}: use ${model.deprecation.replacement}`);
  }
  if (model.catalog) {
    facts.push(`${Math.round(model.catalog.contextWindow / 1000)}K context`);
    const price = model.catalog.pricing;
    facts.push(price ? `$${price.inputPerMTok} / $${price.outputPerMTok} per M tokens` : 'price unknown');
  }
  if (!model.live && fallbackNote) facts.push(fallbackNote);
  const choice: ModelChoice = { provider, id: model.id, label: `${model.deprecation ? '$(warning) ' : ''}${model.name ?? model.id}` };
  if (facts.length) choice.detail = facts.join(' · ');
  return choice;
}
