// The questions every provider's setup shares (the provider, its key, its model) and the one way setup writes a
// setting. Questions only answer; the flow writes the key and the settings once the last question is answered,
// so a cancel at any step changes nothing.
import * as vscode from 'vscode';
import { listModels } from '../../core/model/model-listing';
import { SETUP } from '../onboarding/strings';
import { providerFetch } from '../proxy/proxy-fetch';
import { listVsCodeLmModels } from './vscode-lm-provider';
import { toChoice } from './model-choices';
import type { ApiKeys, ProviderId } from './model-settings';
import { allSetups, type ProviderSetup } from './provider-setup';
import type { SetupPrompts } from './setup-prompts';

export async function pickProvider(prompts: SetupPrompts, keys: ApiKeys, current: ProviderId): Promise<ProviderId | undefined> {
  const items = await Promise.all(
    allSetups().map(async (setup) => {
      const facts: (string | undefined)[] = [setup.id === current ? SETUP.currentProvider : undefined];
      if (setup.key === 'none') facts.push(SETUP.noKeyNeeded);
      else facts.push((await keys.has(setup.id)) ? SETUP.keyStored : setup.key === 'required' ? SETUP.keyMissing : undefined);
      return { label: setup.label, description: facts.filter(Boolean).join(' · '), id: setup.id };
    }),
  );
  items.sort((a, b) => Number(b.id === current) - Number(a.id === current));
  const picked = await prompts.pick(items, { title: SETUP.title, placeHolder: SETUP.pickProvider, ignoreFocusOut: true });
  return picked?.id;
}

/**
 * The key typed, '' to keep the stored one (or, for an optional key, to have none), undefined when cancelled.
 * Nothing is stored here.
 */
export async function askKey(prompts: SetupPrompts, keys: ApiKeys, setup: ProviderSetup, title: string, prompt?: (stored: boolean) => string): Promise<string | undefined> {
  const stored = await keys.has(setup.id);
  const key = await prompts.input({
    title,
    prompt: prompt ? prompt(stored) : stored ? SETUP.keyPromptStored(setup.label) : setup.key === 'optional' ? SETUP.keyOptional : SETUP.keyPrompt(setup.label, setup.keyPage),
    password: true,
    ignoreFocusOut: true,
    placeHolder: setup.keyPlaceholder,
    validateInput: (value) => (!value.trim() && !stored && setup.key === 'required' ? SETUP.keyRequired : undefined),
  });
  return key === undefined ? undefined : key.trim();
}

type ModelItem = vscode.QuickPickItem & { id?: string; custom?: boolean };

export interface ModelQuestion {
  setup: ProviderSetup;
  /** The key to read the live list with (one just typed, not yet stored), else the stored one is used. */
  apiKey?: string;
  baseUrl: string | undefined;
  current: string | undefined;
  title: string;
  placeHolder?: string;
}

export async function pickModel(prompts: SetupPrompts, keys: ApiKeys, question: ModelQuestion): Promise<string | undefined> {
  const { setup, title, current } = question;
  const picked = await prompts.pick(modelItems(keys, question), {
    title,
    placeHolder: question.placeHolder ?? SETUP.pickModel(setup.label),
    matchOnDescription: true,
    matchOnDetail: true,
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  if (!picked.custom) return picked.id;
  const id = await prompts.input({
    title,
    prompt: SETUP.modelIdPrompt(setup.label),
    value: current ?? '',
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : SETUP.modelIdRequired),
  });
  return id?.trim() || undefined;
}

async function modelItems(keys: ApiKeys, question: ModelQuestion): Promise<ModelItem[]> {
  const { setup, baseUrl, current } = question;
  const items: ModelItem[] = [];
  const mark = (id: string) => (id === current ? '$(check) ' : '');
  if (setup.listing === 'vscode-lm') {
    const offered = await listVsCodeLmModels().catch(() => []);
    for (const m of offered) items.push({ label: `${mark(m.id)}${m.name}`, description: m.id, detail: `${m.vendor} · ${m.family}`, id: m.id });
    if (items.length === 0) items.push({ label: `$(info) ${SETUP.noVsCodeModels}` });
    return items;
  }
  if (setup.listing) {
    const released = question.apiKey ? { key: question.apiKey } : await keys.release(setup.id, baseUrl);
    // A base URL the user did not allow (a repository's) gets no request at all: the built-in list only.
    const apiKey = released.key;
    const listing = await listModels({ provider: setup.listing, ...(apiKey ? { apiKey } : {}), ...(baseUrl && !released.withheld ? { baseUrl } : {}), fetch: providerFetch });
    if (listing.liveError) items.push({ label: `$(info) ${SETUP.liveListFailed(listing.liveError)}`, kind: vscode.QuickPickItemKind.Separator });
    for (const model of listing.models) {
      const choice = toChoice(setup.listing, model);
      const detail = [model.details, choice.detail].filter(Boolean).join(' · ');
      items.push({ label: `${mark(model.id)}${choice.label}`, ...(choice.label !== model.id ? { description: model.id } : {}), ...(detail ? { detail } : {}), id: model.id });
    }
    if (current && !items.some((i) => i.id === current)) items.unshift({ label: `${mark(current)}${current}`, id: current });
  } else if (current) {
    items.push({ label: `${mark(current)}${current}`, id: current });
  }
  items.push({ label: SETUP.enterModelId, custom: true, alwaysShow: true });
  return items;
}

/** Where the setting is set now (a workspace value would hide a user one), so the change takes effect. */
export async function updateSetting(key: string, value: string): Promise<void> {
  const config = vscode.workspace.getConfiguration('relay');
  const where = config.inspect(key);
  const target = where?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  // Already set to it: nothing to write. A default is written out, so what was picked stays picked.
  if (config.get(key) === value && (where?.workspaceValue !== undefined || where?.globalValue !== undefined)) return;
  await config.update(key, value, target);
}
