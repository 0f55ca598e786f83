// "Relay: Set API Key": the key is typed into a password box and stored in SecretStorage ("Relay: Select Model"
// is select-model.ts).
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import { connectionNotices } from './connection-notices';
import { type ApiKeys, PROVIDERS, type ProviderId, providerLabel, readModelSettings } from './model-settings';

export async function setApiKeyCommand(keys: ApiKeys, provider?: ProviderId): Promise<boolean> {
  const target = provider ?? (await pickProvider(l10n.t('Which provider is the key for?'), (p) => p.needsKey || p.id === 'openai-compatible'));
  if (!target) return false;
  const existing = await keys.has(target);
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
  // In the connection slot: "stored" then "removed" replace each other instead of stacking.
  connectionNotices.post(key.trim() ? l10n.t('Relay: the {0} key is stored.', providerLabel(target)) : l10n.t('Relay: the {0} key was removed.', providerLabel(target)));
  return true;
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
