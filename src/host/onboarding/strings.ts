// Every user-visible string that the onboarding and provider setup add on the host side, in one place so they
// can be localised together (the webview's are in webview/strings.ts, the advice sentences in
// src/core/model/connection-advice.ts).
export const SETUP = {
  title: 'Relay: Set Up Provider',
  step: (n: number, of: number) => `Relay: Set Up Provider (${n}/${of})`,
  pickProvider: 'Which model provider should Relay use?',
  currentProvider: 'current',
  keyStored: 'key stored',
  keyMissing: 'no key yet',
  noKeyNeeded: 'no key needed',
  keyPrompt: (provider: string, page: string | undefined) =>
    `Your ${provider} API key. It is stored in VS Code SecretStorage (your OS keychain), never in settings or logs.${page ? ` Get one at ${page}` : ''}`,
  keyPromptStored: (provider: string) => `A ${provider} key is stored. Press Enter to keep it, or type a new one to replace it.`,
  keyOptional: 'Optional: most local servers need no key. Leave empty for none.',
  keyRequired: 'Enter the API key (or press Escape to cancel).',
  baseUrlPick: 'Where is the server? Pick one, or type its URL.',
  baseUrlPrompt: 'The base URL of the OpenAI-compatible API, including /v1.',
  baseUrlInvalid: 'Enter an http:// or https:// URL.',
  typeUrl: (url: string) => `Use ${url}`,
  pickModel: (provider: string) => `Pick a ${provider} model`,
  loadingModels: 'Reading the provider\'s model list…',
  liveListFailed: (why: string) => `Live list unavailable (${why}): showing the built-in list.`,
  enterModelId: '$(edit) Enter a model id...',
  modelIdPrompt: (provider: string) => `The model id, as ${provider} names it`,
  modelIdRequired: 'Enter the model id the API expects',
  noVsCodeModels: 'VS Code offers no language models here (sign in to GitHub Copilot, for example).',
  testing: (provider: string, model: string) => `Relay: testing ${provider} · ${model}…`,
  ok: (provider: string, model: string, ms: number) => `Relay: connected to ${provider} · ${model} in ${ms} ms.`,
  failedTitle: (headline: string) => `Relay: ${headline}`,
  failedDetail: (fix: string, exact: string) => `${fix}\n\nWhat the request got: ${exact}`,
  testAgain: 'Test Again',
} as const;

export const WELCOME = {
  testedOk: (ms: number) => `Connection tested: OK in ${ms} ms.`,
} as const;
