// Which model Relay talks to: provider, model and base URL from settings, the API key from SecretStorage only.
// Keys never go to settings, logs, history or error messages.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import { AZURE_DEFAULT_API_VERSION } from '../../core/model/azure-setup';
import { DEFAULT_MODEL, DEFAULT_PROVIDER } from '../../core/model/default-model';
import { parseModelOverrides, type ParsedOverrides } from '../../core/model/model-overrides';
import type { AzureTarget } from '../../core/model/openai-provider';
import type { ReasoningEffort } from '../../core/model/openai-responses-request';
import type { KeyGate, Released } from './key-gate';

export type ProviderId = 'anthropic' | 'openai' | 'openai-compatible' | 'gemini' | 'azure-openai' | 'vscode-lm';

// Brand names read the same in every language.
/* eslint-disable no-restricted-syntax */
export const PROVIDERS: readonly { id: ProviderId; label: string; needsKey: boolean }[] = [
  { id: 'anthropic', label: 'Anthropic', needsKey: true },
  { id: 'openai', label: 'OpenAI', needsKey: true },
  { id: 'gemini', label: 'Google Gemini', needsKey: true },
  { id: 'azure-openai', label: 'Azure OpenAI', needsKey: true },
  {
    id: 'openai-compatible',
    get label() {
      return l10n.t('OpenAI-compatible server');
    },
    needsKey: false,
  },
  {
    id: 'vscode-lm',
    get label() {
      return l10n.t('VS Code Language Models');
    },
    needsKey: false,
  },
];
/* eslint-enable no-restricted-syntax */

const EFFORTS: readonly ReasoningEffort[] = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'];

export interface ModelSettings {
  provider: ProviderId;
  model: string;
  /** Undefined: the provider's default endpoint. */
  baseUrl: string | undefined;
  textProtocol: boolean;
  maxSteps: number;
  previewEdits: boolean;
  /** Anthropic extended thinking and Gemini's thinking budget, in tokens; 0 or absent: off (Gemini: its default). */
  thinkingBudget?: number;
  /** OpenAI reasoning models; absent: the model's default. */
  reasoningEffort?: ReasoningEffort;
  /**
   * Which OpenAI API the current provider is called with; absent: the catalog's choice for the model. Read from
   * `relay.openaiApi` for OpenAI and from `relay.azure.api` for Azure, so choosing one never changes the other.
   */
  openaiApi?: 'auto' | 'chat-completions' | 'responses';
  /** Azure OpenAI's resource endpoint, deployment and API version. */
  azure?: AzureTarget;
  /** `relay.models`, validated. */
  modelOverrides?: ParsedOverrides;
}

export function readModelSettings(): ModelSettings {
  const config = vscode.workspace.getConfiguration('relay');
  const provider = config.get<string>('provider', DEFAULT_PROVIDER);
  const baseUrl = config.get<string>('baseUrl', '').trim();
  return {
    provider: isProviderId(provider) ? provider : DEFAULT_PROVIDER,
    model: config.get<string>('model', '').trim() || DEFAULT_MODEL,
    baseUrl: baseUrl || undefined,
    textProtocol: config.get<boolean>('textProtocol', false),
    maxSteps: Math.max(1, config.get<number>('maxSteps', 25)),
    previewEdits: config.get<boolean>('previewEdits', true),
    ...reasoningSettings(config),
    azure: {
      endpoint: config.get<string>('azure.endpoint', '').trim(),
      deployment: config.get<string>('azure.deployment', '').trim(),
      apiVersion: config.get<string>('azure.apiVersion', '').trim() || AZURE_DEFAULT_API_VERSION,
    },
    modelOverrides: parseModelOverrides(config.get<unknown>('models', {})),
  };
}

export { AZURE_DEFAULT_API_VERSION };

function reasoningSettings(config: vscode.WorkspaceConfiguration): Pick<ModelSettings, 'thinkingBudget' | 'reasoningEffort' | 'openaiApi'> {
  const out: Pick<ModelSettings, 'thinkingBudget' | 'reasoningEffort' | 'openaiApi'> = {};
  const budget = config.get<number>('thinkingBudget', 0);
  if (Number.isFinite(budget) && budget > 0) out.thinkingBudget = Math.floor(budget);
  const effort = config.get<string>('reasoningEffort', 'default');
  if ((EFFORTS as readonly string[]).includes(effort)) out.reasoningEffort = effort as ReasoningEffort;
  const provider = config.get<string>('provider', DEFAULT_PROVIDER);
  const api = config.get<string>(provider === 'azure-openai' ? 'azure.api' : 'openaiApi', 'auto');
  if (api === 'chat-completions' || api === 'responses') out.openaiApi = api;
  return out;
}

export function isProviderId(value: string): value is ProviderId {
  return PROVIDERS.some((p) => p.id === value);
}

export function providerLabel(id: ProviderId): string {
  return PROVIDERS.find((p) => p.id === id)?.label ?? id;
}

/**
 * For the chat's model button: the model first, so a narrow sidebar still shows it ("claude-sonnet-5-5 · anthropic").
 * Azure names what is called by its deployment, so that comes first, with the model it serves when it differs
 * ("prod-chat (gpt-4.1) · azure-openai").
 */
export function describeModel(settings: ModelSettings): string {
  const deployment = settings.provider === 'azure-openai' ? settings.azure?.deployment || settings.model : undefined;
  if (!deployment) return `${settings.model} · ${settings.provider}`;
  return deployment === settings.model ? `${deployment} · ${settings.provider}` : `${deployment} (${settings.model}) · ${settings.provider}`;
}

/**
 * API keys, one per provider, in the OS keychain through SecretStorage. A key leaves Relay only through
 * release(), which sends it to the endpoint it was saved for or asks first (key-gate.ts).
 */
export class ApiKeys {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly gate: KeyGate,
  ) {}

  /** The stored key, to show whether one is set and for Relay's own tests; never to send it anywhere. */
  get(provider: ProviderId): Thenable<string | undefined> {
    return this.secrets.get(secretName(provider));
  }

  async has(provider: ProviderId): Promise<boolean> {
    return Boolean(await this.get(provider));
  }

  /**
   * The stored key for a request to `endpoint` (undefined: the provider's default), or why it is kept back: a key
   * goes only to the endpoint it was saved for unless the user allows the new one.
   */
  async release(provider: ProviderId, endpoint: string | undefined): Promise<Released> {
    return this.gate.release(provider, await this.get(provider), endpoint);
  }

  /** Stores (or, without a key, removes) a key, bound to `endpoint` when the flow named one, else the user's own. */
  async set(provider: ProviderId, key: string | undefined, endpoint?: string): Promise<void> {
    if (key) {
      await this.secrets.store(secretName(provider), key);
      await this.gate.bind(provider, endpoint);
    } else {
      await this.secrets.delete(secretName(provider));
      await this.gate.unbind(provider);
    }
  }

  readonly onDidChange = (listener: () => void): vscode.Disposable =>
    this.secrets.onDidChange((event) => {
      if (event.key.startsWith('relay.apiKey.')) listener();
    });
}

function secretName(provider: ProviderId): string {
  return `relay.apiKey.${provider}`;
}
