// "Relay: Set API Key" and "Relay: Select Model". Keys are typed into a password box and stored in
// SecretStorage; the model picker writes the provider and model settings (user scope) and, for a deprecated
// model, shows the deprecation notice.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import { knownLifecycles } from './model-choices';
import { showDeprecationNotice } from './deprecation-notice';
import { type ApiKeys, PROVIDERS, type ProviderId, providerLabel, readModelSettings } from './model-settings';

export interface ModelChoice {
  provider: ProviderId;
  id: string;
  label: string;
  detail?: string;
}

/** Where the picker finds models: the providers' live lists merged with the catalog, and what vscode.lm offers. */
export type ModelChoices = () => Promise<ModelChoice[]>;

export async function setApiKeyCommand(keys: ApiKeys, provider?: ProviderId): Promise<boolean> {
  const target = provider ?? (await pickProvider(l10n.t('Which provider is the key for?'), (p) => p.needsKey || p.id === 'openai-compatible'));
  if (!target) return false;
  const existing = await keys.get(target);
  const key = await vscode.window.showInputBox({
    title: l10n.t('Relay: API key for {0}', providerLabel(target)),
    prompt: existing
      ? l10n.t('A key is stored. Enter a new one to replace it, or clear the box and press Enter to remove it.')
      : l10n.t('Stored in your OS keychain through VS Code SecretStorage, never in settings or logs.'),
    password: true,
    ignoreFocusOut: true,
    placeHolder: target === 'anthropic' ? 'sk-ant-...' : target === 'gemini' ? 'AIza...' : 'sk-...',
  });
  if (key === undefined) return false;
  await keys.set(target, key.trim() || undefined);
  void vscode.window.showInformationMessage(
    key.trim() ? l10n.t('Relay: the {0} key is stored.', providerLabel(target)) : l10n.t('Relay: the {0} key was removed.', providerLabel(target)),
  );
  return true;
}

export async function selectModelCommand(choices: ModelChoices): Promise<ModelChoice | undefined> {
  const current = readModelSettings();
  // The picker opens at once and shows its busy bar while the live lists load (each has a timeout).
  const items = choices().then((all) => pickItems(all, current.provider, current.model));
  const picked = await vscode.window.showQuickPick(items, {
    title: l10n.t('Relay: Select Model'),
    placeHolder: l10n.t('Now: {0} · {1}', current.provider, current.model),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!picked) return undefined;
  let choice = picked.choice;
  if (picked.custom) {
    const id = await vscode.window.showInputBox({
      title: l10n.t('Relay: model id for {0}', providerLabel(picked.custom)),
      value: current.provider === picked.custom ? current.model : '',
      validateInput: (v) => (v.trim() ? undefined : l10n.t('Enter the model id the API expects')),
    });
    if (!id) return undefined;
    choice = { provider: picked.custom, id: id.trim(), label: id.trim() };
  }
  if (!choice) return undefined;
  const config = vscode.workspace.getConfiguration('relay');
  await config.update('provider', choice.provider, vscode.ConfigurationTarget.Global);
  await config.update('model', choice.id, vscode.ConfigurationTarget.Global);
  showDeprecationNotice(choice.provider, choice.id, knownLifecycles(choice.provider));
  return choice;
}

type PickItem = vscode.QuickPickItem & { choice?: ModelChoice; custom?: ProviderId };

function pickItems(all: readonly ModelChoice[], currentProvider: ProviderId, currentModel: string): PickItem[] {
  const items: PickItem[] = [];
  for (const provider of PROVIDERS) {
    const models = all.filter((c) => c.provider === provider.id);
    items.push({ label: provider.label, kind: vscode.QuickPickItemKind.Separator });
    for (const choice of models) {
      const selected = choice.provider === currentProvider && choice.id === currentModel;
      items.push({
        label: `${selected ? '$(check) ' : ''}${choice.label}`,
        description: choice.id === choice.label ? undefined : choice.id,
        detail: choice.detail,
        choice,
      });
    }
    if (provider.id === 'vscode-lm' && models.length === 0) {
      items.push({ label: `$(info) ${l10n.t('No models are offered by VS Code here')}`, description: l10n.t('for example, sign in to GitHub Copilot') });
    } else if (provider.id !== 'vscode-lm') {
      items.push({ label: `$(edit) ${l10n.t('Enter a model id...')}`, description: provider.label, custom: provider.id });
    }
  }
  return items;
}

async function pickProvider(
  title: string,
  filter: (p: (typeof PROVIDERS)[number]) => boolean,
): Promise<ProviderId | undefined> {
  const current = readModelSettings().provider;
  const options = PROVIDERS.filter(filter).sort((a, b) => Number(b.id === current) - Number(a.id === current));
  const picked = await vscode.window.showQuickPick(
    options.map((p) => ({ label: p.label, description: p.id === current ? l10n.t('current provider') : undefined, id: p.id })),
    { title },
  );
  return picked?.id;
}
