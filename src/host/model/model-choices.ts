// What the model picker offers: for Anthropic and OpenAI the provider's live list merged with the catalog
// (the catalog alone without a key or when offline), for an OpenAI-compatible server its `/models`, and the
// models VS Code offers. Deprecated models are marked. The live lists are kept for this window so a task
// started later can tell a deprecation the catalog does not know yet.
import type { LiveLifecycle } from '../../core/model/deprecation';
import { formatEndOfLife } from '../../core/model/deprecation';
import { type ListedModel, listModels, type ListingProvider } from '../../core/model/model-listing';
import { providerFetch } from '../proxy/proxy-fetch';
import { listVsCodeLmModels } from './vscode-lm-provider';
import { listAzureDeployments } from '../../core/model/azure-setup';
import { catalogFacts } from '../../core/model/model-facts';
import { l10n } from '../../core/l10n';
import { AZURE } from '../onboarding/strings';
import { type ApiKeys, type ModelSettings, type ProviderId, readModelSettings } from './model-settings';

export interface ModelChoice {
  provider: ProviderId;
  /** The model id; for Azure the model the deployment serves, '' when nobody has said. */
  id: string;
  label: string;
  detail?: string;
  /** Azure OpenAI: the deployment that is called. */
  deployment?: string;
}

/** The deployment Azure calls now: its setting, or the model's name when none is set (what the provider does). */
export function currentDeployment(settings: ModelSettings): string | undefined {
  if (settings.provider !== 'azure-openai') return settings.azure?.deployment || undefined;
  return settings.azure?.deployment || settings.model;
}

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
      if (provider === 'azure-openai') return azureChoices(settings, (await keys.release(provider, settings.azure?.endpoint || undefined)).key);
      const released = await keys.release(provider, baseUrl);
      // A base URL the user did not allow (a repository's) gets no request at all, not even a keyless model list.
      if (released.withheld && baseUrl) return [];
      return listedChoices(provider, released.key, baseUrl);
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
  const note = listing.liveError && provider !== 'openai-compatible' ? l10n.t('built-in list (live list unavailable: {0})', listing.liveError) : undefined;
  return listing.models.map((model) => toChoice(provider, model, note));
}

/**
 * The resource's deployments, each with the model it serves, once an endpoint is set; the current deployment
 * always (first when the list lacks it). A resource that does not list its deployments to a key still offers the
 * current one and "Enter a deployment name...".
 */
async function azureChoices(settings: ModelSettings, apiKey: string | undefined): Promise<ModelChoice[]> {
  const endpoint = settings.azure?.endpoint;
  if (!endpoint) return [];
  const listing = apiKey ? await listAzureDeployments({ endpoint, apiKey, fetch: providerFetch }) : undefined;
  const choices = listing?.ok ? listing.deployments.map((d) => deploymentChoice(d.name, d.model)) : [];
  const now = currentDeployment(settings);
  if (now && !choices.some((c) => c.deployment === now)) {
    const unlisted = listing && !listing.ok ? l10n.t('the resource did not list its deployments ({0})', listing.why) : undefined;
    choices.unshift(deploymentChoice(now, settings.provider === 'azure-openai' ? settings.model : undefined, unlisted));
  }
  return choices;
}

function deploymentChoice(deployment: string, model: string | undefined, note?: string): ModelChoice {
  const facts = model ? [AZURE.serves(model), ...catalogFacts(model)] : [];
  if (note) facts.push(note);
  return { provider: 'azure-openai', id: model ?? '', label: deployment, deployment, ...(facts.length ? { detail: facts.join(' · ') } : {}) };
}

export function toChoice(provider: ListingProvider, model: ListedModel, fallbackNote?: string): ModelChoice {
  const facts: string[] = [];
  if (model.deprecation) {
    const { endOfLife, replacement } = model.deprecation;
    facts.push(
      endOfLife ? l10n.t('deprecated, end of life {0}: use {1}', formatEndOfLife(endOfLife), replacement) : l10n.t('deprecated: use {0}', replacement),
    );
  }
  if (model.catalog) facts.push(...catalogFacts(model.id));
  if (!model.live && fallbackNote) facts.push(fallbackNote);
  const choice: ModelChoice = { provider, id: model.id, label: `${model.deprecation ? '$(warning) ' : ''}${model.name ?? model.id}` };
  if (facts.length) choice.detail = facts.join(' · ');
  return choice;
}
