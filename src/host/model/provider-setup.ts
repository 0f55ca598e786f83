// What "Relay: Set Up Provider" asks for each provider, as data over PROVIDERS: whether it takes a key and a
// base URL, the base URLs to suggest, and where its live model list comes from. A provider added to PROVIDERS
// without an entry here still gets a working flow from its `needsKey` (a key, then a model id); add an entry to
// ask for a base URL or to list its models.
import type { ListingProvider } from '../../core/model/model-listing';
import { PROVIDERS, type ProviderId } from './model-settings';

export interface ProviderSetup {
  id: ProviderId;
  label: string;
  /** 'required': the key is asked for; 'optional': asked, may stay empty (local servers); 'none': never asked. */
  key: 'required' | 'optional' | 'none';
  keyPlaceholder: string;
  /** Where to get a key, shown in the key prompt. */
  keyPage?: string;
  /** 'required': a base URL must be set; 'none': the provider's own endpoint is used. */
  baseUrl: 'required' | 'none';
  baseUrlSuggestions: readonly { label: string; url: string }[];
  /** Where the live model list comes from; undefined: the model id is typed. */
  listing: ListingProvider | 'vscode-lm' | undefined;
}

type SetupExtras = Partial<Omit<ProviderSetup, 'id' | 'label'>>;

const EXTRAS: Partial<Record<string, SetupExtras>> = {
  anthropic: { keyPlaceholder: 'sk-ant-...', keyPage: 'https://console.anthropic.com/settings/keys', listing: 'anthropic' },
  openai: { keyPlaceholder: 'sk-...', keyPage: 'https://platform.openai.com/api-keys', listing: 'openai' },
  gemini: { keyPlaceholder: 'AIza...', keyPage: 'https://aistudio.google.com/apikey' },
  // Its own questions (endpoint, deployment, api-version, API: azure-setup-flow.ts); the model it serves comes
  // from the catalog's OpenAI models.
  'azure-openai': { keyPage: 'https://portal.azure.com', listing: 'azure-openai' },
  'openai-compatible': {
    key: 'optional',
    baseUrl: 'required',
    baseUrlSuggestions: [
      // Product names, the same in every language.
      /* eslint-disable no-restricted-syntax */
      { label: 'Ollama', url: 'http://localhost:11434/v1' },
      { label: 'LM Studio', url: 'http://localhost:1234/v1' },
      { label: 'vLLM', url: 'http://localhost:8000/v1' },
      { label: 'OpenRouter', url: 'https://openrouter.ai/api/v1' },
      /* eslint-enable no-restricted-syntax */
    ],
    listing: 'openai-compatible',
  },
  'vscode-lm': { listing: 'vscode-lm' },
};

export function setupFor(id: ProviderId): ProviderSetup {
  const entry = PROVIDERS.find((p) => p.id === id) ?? { id, label: id, needsKey: true };
  return {
    id,
    label: entry.label,
    key: entry.needsKey ? 'required' : 'none',
    keyPlaceholder: '',
    baseUrl: 'none',
    baseUrlSuggestions: [],
    listing: undefined,
    ...EXTRAS[id],
  };
}

export function allSetups(): ProviderSetup[] {
  return PROVIDERS.map((p) => setupFor(p.id));
}
