// The provider a task talks to, as the settings say *now*: resolved at the start of every model turn, so a model
// picked or a key set while a task is open applies to its next turn, and a missing key or bad setting becomes one
// clear, retryable error in the chat instead of a task that cannot start. No `vscode` import (the host injects
// settings, SecretStorage and vscode.lm), so it is unit-tested in plain Node. Keys live only in memory here.
import { l10n } from '../../core/l10n';
import { modelInfoFor } from '../../core/model/catalog';
import { overrideFor } from '../../core/model/model-overrides';
import type { ModelStreamEvent, ModelError } from '../../core/model/events';
import { createProvider, type ProviderConfig } from '../../core/model/factory';
import type { ModelInfo, ModelProvider, ModelRequest } from '../../core/model/provider';
import { TextProtocolProvider } from '../../core/model/text-protocol-provider';
import type { ModelSettings, ProviderId } from './model-settings';

export interface ConfiguredProviderDeps {
  settings(): ModelSettings;
  /** From SecretStorage, for a request with these settings: undefined with why when it may not go there. */
  apiKey(settings: ModelSettings): Promise<{ key: string | undefined; withheld?: string }>;
  /** A vscode.lm model with this id (or, failing that, any), undefined when VS Code offers none. */
  languageModel(id: string): Promise<ModelProvider | undefined>;
  /** Told the settings of every turn before it starts, e.g. to show the deprecated-model notice (once). */
  onTurnSettings?(settings: ModelSettings): void;
  /** The HTTP transport for provider requests (VS Code's proxy settings); the global fetch when left out. */
  fetch?: typeof fetch;
  /** The provider's name as people read it ("Anthropic"); its id when left out. */
  providerLabel?(provider: ProviderId): string;
}

type Resolved = { ok: true; provider: ModelProvider } | { ok: false; error: ModelError };

/**
 * The commands the errors point to, as the palette shows them: "Relay: " and the title of package.nls.<locale>.json
 * (the bundle repeats those titles; test/unit/l10n checks that they agree).
 */
const HINT = {
  get setApiKey() {
    return `Relay: ${l10n.t('Set API Key')}`;
  },
  get selectModel() {
    return `Relay: ${l10n.t('Select Model')}`;
  },
};

export class ConfiguredProvider implements ModelProvider {
  private cached: { settingsKey: string; apiKey: string | undefined; provider: ModelProvider } | undefined;

  constructor(private readonly deps: ConfiguredProviderDeps) {}

  get id(): string {
    return this.deps.settings().provider;
  }

  /** The model as the current settings name it (the resolved provider's own info once it exists). */
  get model(): ModelInfo {
    const settings = this.deps.settings();
    if (this.cached?.settingsKey === keyOf(settings)) return this.cached.provider.model;
    const override = settings.modelOverrides ? overrideFor(settings.modelOverrides, settings.model) : undefined;
    return modelInfoFor(settings.provider, settings.model, !settings.textProtocol, override);
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamEvent> {
    let resolved: Resolved;
    try {
      resolved = await this.resolve();
    } catch (error) {
      resolved = { ok: false, error: configurationError(error instanceof Error ? error.message : String(error)) };
    }
    if (!resolved.ok) {
      yield { type: 'error', error: resolved.error };
      return;
    }
    yield* resolved.provider.stream(request, signal);
  }

  private async resolve(): Promise<Resolved> {
    const settings = this.deps.settings();
    this.deps.onTurnSettings?.(settings);
    const settingsKey = keyOf(settings);
    if (settings.provider === 'vscode-lm') {
      if (this.cached?.settingsKey === settingsKey) return { ok: true, provider: this.cached.provider };
      const chat = await this.deps.languageModel(settings.model);
      if (!chat) {
        return {
          ok: false,
          error: configurationError(
            l10n.t('VS Code offers no language model here. Sign in to a model provider (for example GitHub Copilot), or choose another provider with "{0}".', HINT.selectModel),
            'not_found',
          ),
        };
      }
      return this.keep(settingsKey, undefined, settings.textProtocol ? new TextProtocolProvider(chat) : chat);
    }
    const released = await this.deps.apiKey(settings);
    if (released.withheld) return { ok: false, error: configurationError(released.withheld, 'auth') };
    const apiKey = released.key;
    if (!apiKey && settings.provider !== 'openai-compatible') {
      const name = this.deps.providerLabel?.(settings.provider) ?? settings.provider;
      return { ok: false, error: configurationError(l10n.t('No API key is set for {0}. Press Enter API Key (or run "{1}"), then Retry.', name, HINT.setApiKey), 'auth') };
    }
    if (this.cached?.settingsKey === settingsKey && this.cached.apiKey === apiKey) return { ok: true, provider: this.cached.provider };
    const provider = createProvider(providerConfigFor(settings, apiKey, this.deps.fetch));
    return this.keep(settingsKey, apiKey, provider);
  }

  private keep(settingsKey: string, apiKey: string | undefined, provider: ModelProvider): Resolved {
    this.cached = { settingsKey, apiKey, provider };
    return { ok: true, provider };
  }
}

/** Where requests with these settings go (and so the stored key): Azure's endpoint, the base URL, or the default. */
export function endpointOf(settings: ModelSettings): string | undefined {
  return settings.provider === 'azure-openai' ? settings.azure?.endpoint || undefined : settings.baseUrl;
}

/** What createProvider gets for these settings: one place, so Test connection builds exactly what a task uses. */
export function providerConfigFor(settings: ModelSettings, apiKey: string | undefined, fetch?: typeof globalThis.fetch): ProviderConfig {
  const override = settings.modelOverrides ? overrideFor(settings.modelOverrides, settings.model) : undefined;
  return {
    provider: settings.provider as ProviderConfig['provider'],
    model: settings.model,
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(fetch ? { fetch } : {}),
    // A custom model the user says cannot call tools runs on the text protocol.
    textProtocol: settings.textProtocol || override?.supportsTools === false,
    ...(override ? { catalogOverride: override } : {}),
    ...(settings.openaiApi ? { openaiApi: settings.openaiApi } : {}),
    ...(settings.reasoningEffort ? { reasoningEffort: settings.reasoningEffort } : {}),
    ...(settings.thinkingBudget ? { thinkingBudgetTokens: settings.thinkingBudget } : {}),
    ...(settings.provider === 'azure-openai' && settings.azure ? { azure: settings.azure } : {}),
  };
}

function keyOf(s: ModelSettings): string {
  const override = s.modelOverrides ? overrideFor(s.modelOverrides, s.model) : undefined;
  return JSON.stringify([s.provider, s.model, s.baseUrl ?? '', s.textProtocol, s.thinkingBudget, s.reasoningEffort, s.openaiApi, s.azure, override]);
}

function configurationError(message: string, kind: ModelError['kind'] = 'bad_request'): ModelError {
  // Retryable: the user fixes the setting or the key, then presses Retry on the same task.
  return { kind, message, retryable: true };
}
