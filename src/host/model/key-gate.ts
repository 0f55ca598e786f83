// The one way a stored API key leaves Relay: to the origin it was saved for (recorded by Set API Key and Set Up
// Provider), or to the one the user's own settings name for its provider; anywhere else (a base URL or Azure
// endpoint from a repository's settings, a provider switched by them) only after the user allowed that exact value
// from that file in a modal. Keys saved before the binding existed are bound to the user's own endpoint (the
// provider's default when the user set none). The bindings live in global state, where no workspace can write.
import { l10n } from '../../core/l10n';
import type * as vscode from 'vscode';
import { defaultEndpoint, keyMayGo, originOf } from '../../core/model/key-endpoint';
import type { WorkspaceValue } from '../../core/permissions/workspace-values';
import type { WorkspaceConfirmations } from '../settings/workspace-confirmations';
import { settingLayers } from '../settings/workspace-layers';
import type { ConfirmWorkspaceValue } from '../permissions/workspace-review';

const BINDINGS_KEY = 'relay.apiKeyEndpoints';

/** What release() gives: the key, or why it was kept back (for the error the caller shows). */
export type Released = { key: string | undefined; withheld?: undefined } | { key: undefined; withheld: string };

export interface KeyGateDeps {
  state: Pick<vscode.Memento, 'get' | 'update'>;
  confirmations: WorkspaceConfirmations;
  confirm: ConfirmWorkspaceValue;
  /** "Anthropic". */
  label(provider: string): string;
}

export class KeyGate {
  constructor(private readonly deps: KeyGateDeps) {}

  /** Records where a key just saved may go: `endpoint` when the flow named one, else the user's own endpoint. */
  async bind(provider: string, endpoint: string | undefined): Promise<void> {
    const bindings = { ...this.bindings() };
    const origin = originOf(endpoint ?? userEndpoint(provider));
    if (origin) bindings[provider] = origin;
    else delete bindings[provider];
    await this.deps.state.update(BINDINGS_KEY, bindings);
  }

  /** Forgets a removed key's binding. */
  async unbind(provider: string): Promise<void> {
    const bindings = { ...this.bindings() };
    delete bindings[provider];
    await this.deps.state.update(BINDINGS_KEY, bindings);
  }

  /**
   * Whether `key` (the stored key of `provider`) may go to `endpoint`, asking the user when the endpoint is new.
   * `endpoint` undefined: the provider's default.
   */
  async release(provider: string, key: string | undefined, endpoint: string | undefined): Promise<Released> {
    const target = endpoint ?? defaultEndpoint(provider);
    // No key, or nowhere to send it yet (an Azure resource without an endpoint): nothing to ask.
    if (!key || !target) return { key: undefined };
    const bound = this.bindings()[provider];
    if (keyMayGo(target, [bound, userEndpoint(provider)])) return { key };
    const source = sourceOf(provider, target);
    const origin = originOf(target) ?? String(target);
    if (this.deps.confirmations.has(source, keySubject(provider))) return { key };
    const allowed = await this.deps.confirm({
      setting: source.setting,
      value: JSON.stringify(source.value),
      file: source.file,
      key: { provider: this.deps.label(provider), origin, boundTo: bound ?? originOf(userEndpoint(provider)) },
    });
    if (allowed) {
      await this.deps.confirmations.add([source], keySubject(provider));
      return { key };
    }
    return {
      key: undefined,
      withheld: l10n.t(
        'Relay did not send your {0} API key to {1}: {2} is set to it in {3} and you did not allow it. Allow it when asked (Retry), or remove the setting.',
        this.deps.label(provider),
        origin,
        source.setting,
        source.file,
      ),
    };
  }

  private bindings(): Record<string, string> {
    const stored = this.deps.state.get<unknown>(BINDINGS_KEY);
    return stored !== null && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  }
}

function endpointSetting(provider: string): string {
  return provider === 'azure-openai' ? 'relay.azure.endpoint' : 'relay.baseUrl';
}

/**
 * The endpoint the user's own settings name for `provider`: their base URL (Azure: endpoint) when their own
 * provider setting is this provider, otherwise the provider's default.
 */
function userEndpoint(provider: string): string | undefined {
  const ownProvider = settingLayers<string>('relay.provider').user;
  const own = settingLayers<string>(endpointSetting(provider)).user?.trim();
  if (own && (ownProvider === provider || provider === 'azure-openai')) return own;
  return defaultEndpoint(provider);
}

/** The setting and file that sent the request to `target`: the workspace's value when it names that origin. */
function sourceOf(provider: string, target: string | undefined): WorkspaceValue {
  const setting = endpointSetting(provider);
  const workspace = settingLayers<unknown>(setting).workspace;
  if (workspace && typeof workspace.value === 'string' && originOf(workspace.value) === originOf(target)) return workspace;
  const providerLayer = settingLayers<unknown>('relay.provider').workspace;
  // The user's own endpoint, used for another provider because a workspace switched the provider.
  if (providerLayer) return { setting: 'relay.provider', value: providerLayer.value, file: providerLayer.file };
  return { setting, value: target ?? '', file: l10n.t('Set Up Provider') };
}

function keySubject(provider: string): string {
  return `key:${provider}`;
}

