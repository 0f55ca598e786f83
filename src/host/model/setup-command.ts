// "Relay: Set Up Provider" (also the chat's welcome button and the fix buttons on errors): pick a provider, give
// its base URL and key, pick a model from its live list, then Test connection. A `step` runs one part only (the
// key after a 401, the model after a 404, the base URL after a refused connection) and tests again. Each step
// reads what to ask from provider-setup.ts, so a provider added to PROVIDERS gets the flow without code here;
// Azure OpenAI asks its own questions (azure-setup-flow.ts). The key and settings are written after the last answer.
import * as vscode from 'vscode';
import { requestEvidence, type SetupStep } from '../../core/model/connection-advice';
import type { ConnectionTestResult } from '../../core/model/connection-test';
import { SETUP } from '../onboarding/strings';
import { runAzureSteps } from './azure-setup-flow';
import { checkConnection } from './connection-check';
import { connectionNotices } from './connection-notices';
import { type ApiKeys, type ModelSettings, type ProviderId, readModelSettings } from './model-settings';
import { type ProviderSetup, setupFor } from './provider-setup';
import { askKey, pickModel, pickProvider, updateSetting } from './setup-questions';
import { type SetupPrompts, vscodeSetupPrompts } from './setup-prompts';

export interface SetupDeps {
  keys: ApiKeys;
  /** Called once the settings or key changed, so the chat shows them at once. */
  changed(): void;
  /** Told every Test connection result (the chat's welcome shows the last one). */
  tested?(result: ConnectionTestResult, settings: ModelSettings): void;
  /** The QuickPick and InputBox; integration tests answer them. */
  prompts?: SetupPrompts;
}

/** How many times a failed test may lead straight into its fix before the flow stops asking. */
const MAX_FIX_ROUNDS = 3;

/** `provider`: set up this one (from Select Model's "Set Up …") instead of asking which. */
export async function setUpProviderCommand(deps: SetupDeps, step?: SetupStep, provider?: ProviderId): Promise<ConnectionTestResult | undefined> {
  let next: SetupStep | 'none' | undefined = step;
  let chosen = provider;
  for (let round = 0; round <= MAX_FIX_ROUNDS; round++) {
    if (next === 'proxy') {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'http.proxy');
      return undefined;
    }
    if (!(await runSteps(deps, next, chosen))) return undefined;
    chosen = undefined;
    deps.changed();
    const result = await testWithProgress(deps);
    const again = await showResult(result, deps.prompts ?? vscodeSetupPrompts);
    if (again === undefined) return result;
    next = again === 'test' ? 'none' : again;
  }
  return undefined;
}

/** "Relay: Test Connection": the test alone, with the settings in force. */
export async function testConnectionCommand(deps: SetupDeps): Promise<ConnectionTestResult> {
  const result = await testWithProgress(deps);
  const fix = await showResult(result, deps.prompts ?? vscodeSetupPrompts);
  if (fix !== undefined) await setUpProviderCommand(deps, fix === 'test' ? undefined : fix);
  return result;
}

/** Asks what `step` needs (everything when undefined; nothing for 'none'); false when the person cancelled. */
async function runSteps(deps: SetupDeps, step: SetupStep | 'none' | undefined, chosen?: ProviderId): Promise<boolean> {
  if (step === 'none') return true;
  const prompts = deps.prompts ?? vscodeSetupPrompts;
  const settings = readModelSettings();
  const full = step === undefined || step === 'provider';
  const provider = full ? (chosen ?? (await pickProvider(prompts, deps.keys, settings.provider))) : settings.provider;
  if (!provider) return false;
  // The provider question counts as step 1 only when it was asked here.
  const asked = full && !chosen;
  if (provider === 'azure-openai') return runAzureSteps(prompts, deps.keys, settings, step, asked);
  const setup = setupFor(provider);
  const changedProvider = provider !== settings.provider;
  const total = (asked ? 1 : 0) + (setup.baseUrl === 'required' ? 1 : 0) + (setup.key !== 'none' ? 1 : 0) + 1;
  let at = asked ? 1 : 0;
  const title = () => (full && total > 1 ? SETUP.step(++at, total) : SETUP.title);

  let baseUrl = changedProvider ? undefined : settings.baseUrl;
  // The base URL the person gave in this flow: a key typed in the same flow is saved for it.
  let givenBaseUrl: string | undefined;
  if (setup.baseUrl === 'required' && (full || step === 'baseUrl')) {
    const picked = await askBaseUrl(setup, baseUrl, title());
    if (picked === undefined) return false;
    baseUrl = givenBaseUrl = picked;
  }
  let key: string | undefined;
  if (setup.key !== 'none' && (full || step === 'key')) {
    key = await askKey(prompts, deps.keys, setup, title());
    if (key === undefined) return false;
  }
  let model = changedProvider ? undefined : settings.model;
  if (full || step === 'model') {
    const picked = await pickModel(prompts, deps.keys, { setup, ...(key ? { apiKey: key } : {}), baseUrl, current: model, title: title() });
    if (picked === undefined) return false;
    model = picked;
  }
  // Written only now: a cancel above leaves the key and every setting as they were.
  if (key) await deps.keys.set(provider, key, givenBaseUrl);
  await updateSetting('provider', provider);
  // A base URL belongs to the provider it was set for: a new provider without one talks to its own endpoint.
  if (setup.baseUrl === 'required' || changedProvider) await updateSetting('baseUrl', baseUrl ?? '');
  if (model) await updateSetting('model', model);
  return true;
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

/** The test with the settings in force, under a progress notification; the result is not shown (callers do). */
export async function testWithProgress(deps: SetupDeps): Promise<ConnectionTestResult> {
  const settings = readModelSettings();
  const label = targetLabel(settings);
  // In the connection slot: "testing…" replaces an earlier "connected" or "key is stored", and goes with the test.
  const result = await connectionNotices.during(SETUP.testing(label, settings.model), () => checkConnection(settings, deps.keys));
  deps.tested?.(result, settings);
  return result;
}

/** Shows the result; returns the step the person chose to fix it with ('test' to try again), if any. */
async function showResult(result: ConnectionTestResult, prompts: SetupPrompts): Promise<SetupStep | 'test' | undefined> {
  const label = targetLabel(readModelSettings());
  if (result.ok) {
    connectionNotices.post(SETUP.ok(label, result.model, result.latencyMs));
    return undefined;
  }
  connectionNotices.withdraw();
  const { advice } = result;
  const buttons = [advice.action, SETUP.testAgain].filter((b): b is string => Boolean(b));
  // What the request got, only where it adds to the title: the server's own words, not Relay's advice again.
  const evidence = requestEvidence(advice.headline, result.error);
  const detail = evidence ? SETUP.failedDetail(advice.fix, evidence) : advice.fix;
  const picked = await prompts.failure(SETUP.failedTitle(advice.headline), detail, buttons);
  if (picked === SETUP.testAgain) return 'test';
  if (picked && picked === advice.action) return advice.step;
  return undefined;
}

/** The provider as the messages name it: Azure with its deployment ("Azure OpenAI · relay-4-1"). */
function targetLabel(settings: ModelSettings): string {
  const label = setupFor(settings.provider).label;
  const deployment = settings.provider === 'azure-openai' ? settings.azure?.deployment || settings.model : undefined;
  return deployment ? `${label} · ${deployment}` : label;
}
