// The one way a stored API key leaves Relay: to the origin it was saved for (recorded by Set API Key and Set Up
// Provider), or to the one the user's own settings name for its provider; anywhere else (a base URL or Azure
// endpoint from a repository's settings, a provider switched by them) only after the user allowed that exact value
// from that file in a modal. Keys saved before the binding existed are bound to the user's own endpoint (the
// provider's default when the user set none). The bindings live in global state, where no workspace can write.
// The conversation is a secret too (file contents, the user's words): with no key at all, the first request of
// any kind to an endpoint a workspace or folder setting chose waits for the same modal, remembered per value.
import { l10n } from '../../core/l10n';
import type * as vscode from 'vscode';
import { defaultEndpoint, keyMayGo, originOf } from '../../core/model/key-endpoint';
import type { WorkspaceValue } from '../../core/permissions/workspace-values';
import type { WorkspaceConfirmations } from '../settings/workspace-confirmations';
import type { SettingLayers } from '../settings/workspace-layers';
import type { ConfirmWorkspaceValue } from '../permissions/workspace-review';

const BINDINGS_KEY = 'relay.apiKeyEndpoints';

/** What release() gives: the key, or why it was kept back (for the error the caller shows). */
export type Released = { key: string | undefined; withheld?: undefined } | { key: undefined; withheld: string };

export interface KeyGateDeps {
  state: Pick<vscode.Memento, 'get' | 'update'>;
  confirmations: Pick<WorkspaceConfirmations, 'has' | 'add'>;
  confirm: ConfirmWorkspaceValue;
  /** "Anthropic". */
  label(provider: string): string;
  /** A setting as the user and the workspace wrote it (settings/workspace-layers.ts's settingLayers). */
  layers<T>(key: string): SettingLayers<T>;
}

/** The subject of a confirmation that lets requests without a key go to a workspace's endpoint. */
const ENDPOINT_SUBJECT = 'endpoint';

export class KeyGate {
  constructor(private readonly deps: KeyGateDeps) {}

  /** Records where a key just saved may go: `endpoint` when the flow named one, else the user's own endpoint. */
  async bind(provider: string, endpoint: string | undefined): Promise<void> {
    const bindings = { ...this.bindings() };
    const origin = originOf(endpoint ?? this.userEndpoint(provider));
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
   * Whether `key` (the stored key of `provider`) may go to `endpoint`, asking the user when the endpoint is new;
   * with no key, whether a request may go there at all (asked when a workspace chose it). `endpoint` undefined:
   * the provider's default.
   */
  async release(provider: string, key: string | undefined, endpoint: string | undefined): Promise<Released> {
    const target = endpoint ?? defaultEndpoint(provider);
    // Nowhere to send it yet (an Azure resource without an endpoint): nothing to ask.
    if (!target) return { key: undefined };
    const bound = this.bindings()[provider];
    const own = this.userEndpoint(provider);
    const usersOwn = keyMayGo(target, [bound, own]);
    if (!key) return usersOwn ? { key: undefined } : this.releaseConversation(provider, target);
    if (usersOwn) return { key };
    const source = this.sourceOf(provider, target);
    const origin = originOf(target) ?? String(target);
    if (this.deps.confirmations.has(source, keySubject(provider))) return { key };
    const allowed = await this.deps.confirm({
      setting: source.setting,
      value: JSON.stringify(source.value),
      file: source.file,
      key: { provider: this.deps.label(provider), origin, boundTo: bound ?? originOf(own) },
    });
    if (allowed) {
      // Allowing the key to go there allows the conversation too.
      await this.deps.confirmations.add([source], keySubject(provider));
      await this.deps.confirmations.add([source], ENDPOINT_SUBJECT);
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

  /** A request without a key: to an endpoint a workspace chose, only once the user allowed that value. */
  private async releaseConversation(provider: string, target: string): Promise<Released> {
    const chosen = this.workspaceEndpoint(provider, target);
    if (!chosen) return { key: undefined };
    if (this.deps.confirmations.has(chosen, ENDPOINT_SUBJECT) || this.deps.confirmations.has(chosen, keySubject(provider))) return { key: undefined };
    const origin = originOf(target) ?? target;
    const allowed = await this.deps.confirm({ setting: chosen.setting, value: JSON.stringify(chosen.value), file: chosen.file, endpoint: { origin } });
    if (allowed) {
      await this.deps.confirmations.add([chosen], ENDPOINT_SUBJECT);
      return { key: undefined };
    }
    return {
      key: undefined,
      withheld: l10n.t(
        'Relay sent nothing to {0}: {1} is set to it in {2} and you did not allow it. Allow it when asked (Retry), or remove the setting.',
        origin,
        chosen.setting,
        chosen.file,
      ),
    };
  }

  /**
   * The endpoint the user's own settings name for `provider`: their base URL (Azure: endpoint) when their own
   * provider setting is this provider, otherwise the provider's default.
   */
  private userEndpoint(provider: string): string | undefined {
    const ownProvider = this.deps.layers<string>('relay.provider').user;
    const own = this.deps.layers<string>(endpointSetting(provider)).user?.trim();
    if (own && (ownProvider === provider || provider === 'azure-openai')) return own;
    return defaultEndpoint(provider);
  }

  /** The workspace's (or a folder's) value of the provider's endpoint setting, when that is where `target` comes from. */
  private workspaceEndpoint(provider: string, target: string): WorkspaceValue | undefined {
    const workspace = this.deps.layers<unknown>(endpointSetting(provider)).workspace;
    if (!workspace || typeof workspace.value !== 'string') return undefined;
    const origin = originOf(workspace.value);
    return workspace.value.trim() === target.trim() || (origin !== undefined && origin === originOf(target)) ? workspace : undefined;
  }

  /** The setting and file that sent the request to `target`: the workspace's value when it names that origin. */
  private sourceOf(provider: string, target: string): WorkspaceValue {
    const workspace = this.workspaceEndpoint(provider, target);
    if (workspace) return workspace;
    const providerLayer = this.deps.layers<unknown>('relay.provider').workspace;
    // The user's own endpoint, used for another provider because a workspace switched the provider.
    if (providerLayer) return { setting: 'relay.provider', value: providerLayer.value, file: providerLayer.file };
    return { setting: endpointSetting(provider), value: target, file: l10n.t('Set Up Provider') };
  }

  private bindings(): Record<string, string> {
    const stored = this.deps.state.get<unknown>(BINDINGS_KEY);
    return stored !== null && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  }
}

function endpointSetting(provider: string): string {
  return provider === 'azure-openai' ? 'relay.azure.endpoint' : 'relay.baseUrl';
}

function keySubject(provider: string): string {
  return `key:${provider}`;
}

