// "Relay: Set Up Provider" (also the chat's welcome button and the fix buttons on errors): pick a provider, give
// its base URL and key, pick a model from its live list, then Test connection. A `step` runs one part only (the
// key after a 401, the model after a 404, the base URL after a refused connection) and tests again. Each step
// reads what to ask from provider-setup.ts, so a provider added to PROVIDERS gets the flow without code here.
import * as vscode from 'vscode';
import type { SetupStep } from '../../core/model/connection-advice';
import type { ConnectionTestResult } from '../../core/model/connection-test';
import { listModels } from '../../core/model/model-listing';
import { SETUP } from '../onboarding/strings';
import { providerFetch } from '../proxy/proxy-fetch';
import { listVsCodeLmModels } from '../vscode-lm-provider';
import { checkConnection } from './connection-check';
import { toChoice } from './model-choices';
import { type ApiKeys, type ModelSettings, type ProviderId, readModelSettings } from './model-settings';
import { allSetups, type ProviderSetup, setupFor } from './provider-setup';

export interface SetupDeps {
  keys: ApiKeys;
  /** Called once the settings or key changed, so the chat shows them at once. */
  changed(): void;
  /** Told every Test connection result (the chat's welcome shows the last one). */
  tested?(result: ConnectionTestResult, settings: ModelSettings): void;
}

/** How many times a failed test may lead straight into its fix before the flow stops asking. */
const MAX_FIX_ROUNDS = 3;

export async function setUpProviderCommand(deps: SetupDeps, step?: SetupStep): Promise<ConnectionTestResult | undefined> {
  let next: SetupStep | 'none' | undefined = step;
  for (let round = 0; round <= MAX_FIX_ROUNDS; round++) {
    if (next === 'proxy') {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'http.proxy');
      return undefined;
    }
    if (!(await runSteps(deps, next))) return undefined;
    deps.changed();
    const result = await testWithProgress(deps);
    const again = await showResult(result);
    if (again === undefined) return result;
    next = again === 'test' ? 'none' : again;
  }
  return undefined;
}

/** "Relay: Test Connection": the test alone, with the settings in force. */
export async function testConnectionCommand(deps: SetupDeps): Promise<ConnectionTestResult> {
  const result = await testWithProgress(deps);
  const fix = await showResult(result);
  if (fix !== undefined) await setUpProviderCommand(deps, fix === 'test' ? undefined : fix);
  return result;
}

/** Asks what `step` needs (everything when undefined; nothing for 'none'); false when the person cancelled. */
async function runSteps(deps: SetupDeps, step: SetupStep | 'none' | undefined): Promise<boolean> {
  if (step === 'none') return true;
  const settings = readModelSettings();
  const full = step === undefined || step === 'provider';
  const provider = full ? await pickProvider(deps.keys, settings.provider) : settings.provider;
  if (!provider) return false;
  const setup = setupFor(provider);
  const changedProvider = provider !== settings.provider;
  const total = (full ? 1 : 0) + (setup.baseUrl === 'required' ? 1 : 0) + (setup.key !== 'none' ? 1 : 0) + 1;
  let at = 1;
  const title = () => (full ? SETUP.step(++at, total) : SETUP.title);

  let baseUrl = changedProvider ? undefined : settings.baseUrl;
  if (setup.baseUrl === 'required' && (full || step === 'baseUrl')) {
    const picked = await askBaseUrl(setup, baseUrl, title());
    if (picked === undefined) return false;
    baseUrl = picked;
  }
  if (setup.key !== 'none' && (full || step === 'key')) {
    if (!(await askKey(deps.keys, setup, title()))) return false;
  }
  let model = changedProvider ? undefined : settings.model;
  if (full || step === 'model') {
    const picked = await pickModel(deps.keys, setup, baseUrl, model, title());
    if (picked === undefined) return false;
    model = picked;
  }
  await update('provider', provider);
  // A base URL belongs to the provider it was set for: a new provider without one talks to its own endpoint.
  if (setup.baseUrl === 'required' || changedProvider) await update('baseUrl', baseUrl ?? '');
  if (model) await update('model', model);
  return true;
}

async function pickProvider(keys: ApiKeys, current: ProviderId): Promise<ProviderId | undefined> {
  const items = await Promise.all(
    allSetups().map(async (setup) => {
      const facts: (string | undefined)[] = [setup.id === current ? SETUP.currentProvider : undefined];
      if (setup.key === 'none') facts.push(SETUP.noKeyNeeded);
      else facts.push((await keys.get(setup.id)) ? SETUP.keyStored : setup.key === 'required' ? SETUP.keyMissing : undefined);
      return { label: setup.label, description: facts.filter(Boolean).join(' · '), id: setup.id };
    }),
  );
  items.sort((a, b) => Number(b.id === current) - Number(a.id === current));
  const picked = await vscode.window.showQuickPick(items, { title: SETUP.title, placeHolder: SETUP.pickProvider, ignoreFocusOut: true });
  return picked?.id;
}

async function askBaseUrl(setup: ProviderSetup, current: string | undefined, title: string): Promise<string | undefined> {
  const quick = vscode.window.createQuickPick<vscode.QuickPickItem & { url?: string }>();
  quick.title = title;
  quick.placeholder = SETUP.baseUrlPick;
  quick.ignoreFocusOut = true;
  const suggested = setup.baseUrlSuggestions.map((s) => ({ label: s.url, description: s.label, url: s.url }));
  if (current && !suggested.some((s) => s.url === current)) suggested.unshift({ label: current, description: SETUP.currentProvider, url: current });
  const isUrl = (text: string) => /^https?:\/\/\S+$/i.test(text);
  const refresh = () => {
    const typed = quick.value.trim();
    const typedItem = typed && !suggested.some((s) => s.url === typed)
      ? [isUrl(typed) ? { label: typed, description: SETUP.typeUrl(typed), url: typed, alwaysShow: true } : { label: `$(warning) ${SETUP.baseUrlInvalid}`, alwaysShow: true }]
      : [];
    quick.items = [...typedItem, ...suggested];
  };
  refresh();
  if (current) quick.activeItems = quick.items.filter((i) => i.url === current);
  return new Promise((resolve) => {
    quick.onDidChangeValue(refresh);
    quick.onDidAccept(() => {
      const url = (quick.selectedItems[0] ?? quick.activeItems[0])?.url ?? quick.value.trim();
      if (!isUrl(url)) return;
      resolve(url.replace(/\/+$/, ''));
      quick.hide();
    });
    quick.onDidHide(() => {
      resolve(undefined);
      quick.dispose();
    });
    quick.show();
  });
}

/** False when cancelled. An empty answer keeps a stored key (or, for an optional key, means none). */
async function askKey(keys: ApiKeys, setup: ProviderSetup, title: string): Promise<boolean> {
  const stored = await keys.get(setup.id);
  const key = await vscode.window.showInputBox({
    title,
    prompt: stored ? SETUP.keyPromptStored(setup.label) : setup.key === 'optional' ? SETUP.keyOptional : SETUP.keyPrompt(setup.label, setup.keyPage),
    password: true,
    ignoreFocusOut: true,
    placeHolder: setup.keyPlaceholder,
    validateInput: (value) => (!value.trim() && !stored && setup.key === 'required' ? SETUP.keyRequired : undefined),
  });
  if (key === undefined) return false;
  if (key.trim()) await keys.set(setup.id, key.trim());
  return true;
}

type ModelItem = vscode.QuickPickItem & { id?: string; custom?: boolean };

async function pickModel(keys: ApiKeys, setup: ProviderSetup, baseUrl: string | undefined, current: string | undefined, title: string): Promise<string | undefined> {
  const items = modelItems(keys, setup, baseUrl, current);
  const picked = await vscode.window.showQuickPick(items, {
    title,
    placeHolder: SETUP.pickModel(setup.label),
    matchOnDescription: true,
    matchOnDetail: true,
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  if (!picked.custom) return picked.id;
  const id = await vscode.window.showInputBox({
    title,
    prompt: SETUP.modelIdPrompt(setup.label),
    value: current ?? '',
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : SETUP.modelIdRequired),
  });
  return id?.trim() || undefined;
}

async function modelItems(keys: ApiKeys, setup: ProviderSetup, baseUrl: string | undefined, current: string | undefined): Promise<ModelItem[]> {
  const items: ModelItem[] = [];
  const mark = (id: string) => (id === current ? '$(check) ' : '');
  if (setup.listing === 'vscode-lm') {
    const offered = await listVsCodeLmModels().catch(() => []);
    for (const m of offered) items.push({ label: `${mark(m.id)}${m.name}`, description: m.id, detail: `${m.vendor} · ${m.family}`, id: m.id });
    if (items.length === 0) items.push({ label: `$(info) ${SETUP.noVsCodeModels}` });
    return items;
  }
  if (setup.listing) {
    const apiKey = await keys.get(setup.id);
    const listing = await listModels({ provider: setup.listing, ...(apiKey ? { apiKey } : {}), ...(baseUrl ? { baseUrl } : {}), fetch: providerFetch });
    if (listing.liveError) items.push({ label: `$(info) ${SETUP.liveListFailed(listing.liveError)}`, kind: vscode.QuickPickItemKind.Separator });
    for (const model of listing.models) {
      const choice = toChoice(setup.listing, model);
      const detail = [model.details, choice.detail].filter(Boolean).join(' · ');
      items.push({ label: `${mark(model.id)}${choice.label}`, ...(choice.label !== model.id ? { description: model.id } : {}), ...(detail ? { detail } : {}), id: model.id });
    }
  } else if (current) {
    items.push({ label: `${mark(current)}${current}`, id: current });
  }
  items.push({ label: SETUP.enterModelId, custom: true, alwaysShow: true });
  return items;
}

/** The test with the settings in force, under a progress notification; the result is not shown (callers do). */
export async function testWithProgress(deps: SetupDeps): Promise<ConnectionTestResult> {
  const settings = readModelSettings();
  const label = setupFor(settings.provider).label;
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: SETUP.testing(label, settings.model) },
    () => checkConnection(settings, deps.keys),
  );
  deps.tested?.(result, settings);
  return result;
}

/** Shows the result; returns the step the person chose to fix it with ('test' to try again), if any. */
async function showResult(result: ConnectionTestResult): Promise<SetupStep | 'test' | undefined> {
  const settings = readModelSettings();
  const label = setupFor(settings.provider).label;
  if (result.ok) {
    void vscode.window.showInformationMessage(SETUP.ok(label, result.model, result.latencyMs));
    return undefined;
  }
  const { advice } = result;
  const buttons = [advice.action, SETUP.testAgain].filter((b): b is string => Boolean(b));
  const detail = SETUP.failedDetail(advice.fix, result.error.message);
  const picked = await vscode.window.showErrorMessage(SETUP.failedTitle(advice.headline), { modal: true, detail }, ...buttons);
  if (picked === SETUP.testAgain) return 'test';
  if (picked && picked === advice.action) return advice.step;
  return undefined;
}

/** Where the setting is set now (a workspace value would hide a user one), so the change takes effect. */
async function update(key: 'provider' | 'model' | 'baseUrl', value: string): Promise<void> {
  const config = vscode.workspace.getConfiguration('relay');
  const where = config.inspect(key);
  const target = where?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  if (config.get(key) === value && (where?.workspaceValue !== undefined || where?.globalValue !== undefined)) return;
  await config.update(key, value, target);
}
