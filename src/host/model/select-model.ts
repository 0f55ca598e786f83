// "Relay: Select Model": one QuickPick of every provider's models. It writes the provider and model where they
// are set now (a workspace value would hide a user one) and, for a deprecated model, shows the notice. Azure
// OpenAI calls a deployment, not a model: its part of the list is the resource's deployments, and picking one
// sets the deployment and the model it serves (asked when the resource did not say). A provider the picker
// cannot finish on its own (Azure without an endpoint, a compatible server without its URL) is offered as
// "Set Up …", which runs that provider's setup.
import * as vscode from 'vscode';
import { isDeploymentName } from '../../core/model/azure-setup';
import { l10n } from '../../core/l10n';
import { AZURE } from '../onboarding/strings';
import { showDeprecationNotice } from './deprecation-notice';
import { currentDeployment, knownLifecycles, type ModelChoice } from './model-choices';
import { type ApiKeys, describeModel, type ModelSettings, PROVIDERS, type ProviderId, providerLabel, readModelSettings } from './model-settings';
import { setupFor } from './provider-setup';
import { pickModel, updateSetting } from './setup-questions';
import type { SetupPrompts } from './setup-prompts';

/** Where the picker finds models: the providers' live lists merged with the catalog, and what vscode.lm offers. */
export type ModelChoices = () => Promise<ModelChoice[]>;

export interface SelectModelDeps {
  prompts: SetupPrompts;
  keys: ApiKeys;
  choices: ModelChoices;
  /** "Relay: Set Up Provider" for one provider. */
  setUp(provider: ProviderId): Promise<unknown>;
}

type PickItem = vscode.QuickPickItem & { choice?: ModelChoice; custom?: ProviderId; setUp?: ProviderId };

const CHECK = '$(check) ';

/** The choice written, or undefined when nothing was (cancelled, or handed to Set Up Provider). */
export async function selectModelCommand(deps: SelectModelDeps): Promise<ModelChoice | undefined> {
  const current = readModelSettings();
  const title = l10n.t('Relay: Select Model');
  // The picker opens at once and shows its busy bar while the live lists load (each has a timeout).
  const items = deps.choices().then((all) => pickItems(all, current));
  const picked = await deps.prompts.pick(items, { title, placeHolder: l10n.t('Now: {0}', describeModel(current)), matchOnDescription: true, matchOnDetail: true });
  if (!picked) return undefined;
  if (picked.setUp) {
    await deps.setUp(picked.setUp);
    return undefined;
  }
  let choice = picked.choice ?? (picked.custom ? await askCustom(deps.prompts, picked.custom, current, title) : undefined);
  if (choice?.provider === 'azure-openai' && !choice.id) choice = await withServedModel(deps, choice, current, title);
  if (!choice) return undefined;
  await write(choice, current);
  showDeprecationNotice(choice.provider, choice.id, knownLifecycles(choice.provider));
  return choice;
}

function pickItems(all: readonly ModelChoice[], current: ModelSettings): PickItem[] {
  const items: PickItem[] = [];
  const isCurrent = (choice: ModelChoice) =>
    choice.provider === current.provider && (choice.provider === 'azure-openai' ? choice.deployment === currentDeployment(current) : choice.id === current.model);
  for (const provider of PROVIDERS) {
    const choices = all.filter((c) => c.provider === provider.id);
    items.push({ label: provider.label, kind: vscode.QuickPickItemKind.Separator });
    for (const choice of choices) {
      const shown = choice.deployment ?? choice.label;
      items.push({
        label: `${isCurrent(choice) ? CHECK : ''}${shown}`,
        description: choice.deployment ? undefined : choice.id === choice.label ? undefined : choice.id,
        detail: choice.detail,
        choice,
      });
    }
    const needsSetUp =
      (provider.id === 'azure-openai' && !current.azure?.endpoint) || (provider.id === 'openai-compatible' && (current.provider !== 'openai-compatible' || !current.baseUrl));
    if (provider.id === 'vscode-lm') {
      if (choices.length === 0) items.push({ label: `$(info) ${l10n.t('No models are offered by VS Code here')}`, description: l10n.t('for example, sign in to GitHub Copilot') });
    } else if (needsSetUp && choices.length === 0) {
      items.push({ label: `$(gear) ${l10n.t('Set Up {0}...', provider.label)}`, description: l10n.t('Relay: Set Up Provider'), setUp: provider.id });
    } else {
      const label = provider.id === 'azure-openai' ? AZURE.enterDeployment : `$(edit) ${l10n.t('Enter a model id...')}`;
      items.push({ label, description: provider.label, custom: provider.id });
    }
  }
  return items;
}

async function askCustom(prompts: SetupPrompts, provider: ProviderId, current: ModelSettings, title: string): Promise<ModelChoice | undefined> {
  if (provider === 'azure-openai') {
    const name = await prompts.input({
      title,
      prompt: AZURE.deploymentPrompt,
      value: currentDeployment(current) ?? '',
      ignoreFocusOut: true,
      validateInput: (value) => (isDeploymentName(value) ? undefined : AZURE.deploymentInvalid),
    });
    return name === undefined ? undefined : { provider, id: '', label: name.trim(), deployment: name.trim() };
  }
  const id = await prompts.input({
    title: l10n.t('Relay: model id for {0}', providerLabel(provider)),
    value: current.provider === provider ? current.model : '',
    validateInput: (v) => (v.trim() ? undefined : l10n.t('Enter the model id the API expects')),
  });
  return id?.trim() ? { provider, id: id.trim(), label: id.trim() } : undefined;
}

/** The catalog needs the model an Azure deployment serves; the same question Set Up Provider asks. */
async function withServedModel(deps: SelectModelDeps, choice: ModelChoice, current: ModelSettings, title: string): Promise<ModelChoice | undefined> {
  const deployment = choice.deployment ?? choice.label;
  const served = await pickModel(deps.prompts, deps.keys, {
    setup: setupFor('azure-openai'),
    baseUrl: undefined,
    current: current.provider === 'azure-openai' ? current.model : undefined,
    title,
    placeHolder: AZURE.pickModel(deployment),
  });
  return served ? { ...choice, id: served } : undefined;
}

async function write(choice: ModelChoice, current: ModelSettings): Promise<void> {
  if (choice.provider !== current.provider) {
    await updateSetting('provider', choice.provider);
    // A base URL belongs to the provider it was set for (as Set Up Provider does when the provider changes).
    if (current.baseUrl) await updateSetting('baseUrl', '');
  }
  if (choice.provider === 'azure-openai' && choice.deployment) await updateSetting('azure.deployment', choice.deployment);
  await updateSetting('model', choice.id);
}
