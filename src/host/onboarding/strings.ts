// Every user-visible string that the onboarding and provider setup add on the host side, in one place (the
// webview's are in webview/strings.ts, the advice sentences in src/core/model/connection-advice.ts). Getters and
// functions, not constants: l10n.t runs when the string is shown, after the host injected VS Code's localiser.
import { l10n } from '../../core/l10n';

export const SETUP = {
  get title() {
    return l10n.t('Relay: Set Up Provider');
  },
  step: (n: number, of: number) => l10n.t('Relay: Set Up Provider ({0}/{1})', n, of),
  get pickProvider() {
    return l10n.t('Which model provider should Relay use?');
  },
  get currentProvider() {
    return l10n.t('current');
  },
  get keyStored() {
    return l10n.t('key stored');
  },
  get keyMissing() {
    return l10n.t('no key yet');
  },
  get noKeyNeeded() {
    return l10n.t('no key needed');
  },
  keyPrompt: (provider: string, page: string | undefined) =>
    page
      ? l10n.t('Your {0} API key. It is stored in VS Code SecretStorage (your OS keychain), never in settings or logs. Get one at {1}', provider, page)
      : l10n.t('Your {0} API key. It is stored in VS Code SecretStorage (your OS keychain), never in settings or logs.', provider),
  keyPromptStored: (provider: string) => l10n.t('A {0} key is stored. Press Enter to keep it, or type a new one to replace it.', provider),
  get keyOptional() {
    return l10n.t('Optional: most local servers need no key. Leave empty for none.');
  },
  get keyRequired() {
    return l10n.t('Enter the API key (or press Escape to cancel).');
  },
  get baseUrlPick() {
    return l10n.t('Where is the server? Pick one, or type its URL.');
  },
  get baseUrlPrompt() {
    return l10n.t('The base URL of the OpenAI-compatible API, including /v1.');
  },
  get baseUrlInvalid() {
    return l10n.t('Enter an http:// or https:// URL.');
  },
  typeUrl: (url: string) => l10n.t('Use {0}', url),
  // "Pick a OpenAI model": the article depends on the name; the name after a colon reads right for every provider.
  pickModel: (provider: string) => l10n.t('Pick a model: {0}', provider),
  get loadingModels() {
    return l10n.t("Reading the provider's model list…");
  },
  liveListFailed: (why: string) => l10n.t('Live list unavailable ({0}): showing the built-in list.', why),
  get enterModelId() {
    return l10n.t('$(edit) Enter a model id...');
  },
  modelIdPrompt: (provider: string) => l10n.t('The model id, as {0} names it', provider),
  get modelIdRequired() {
    return l10n.t('Enter the model id the API expects');
  },
  get noVsCodeModels() {
    return l10n.t('VS Code offers no language models here (sign in to GitHub Copilot, for example).');
  },
  testing: (provider: string, model: string) => l10n.t('Relay: testing {0} · {1}…', provider, model),
  ok: (provider: string, model: string, ms: number) => l10n.t('Relay: connected to {0} · {1} in {2} ms.', provider, model, ms),
  failedTitle: (headline: string) => l10n.t('Relay: {0}', headline),
  failedDetail: (fix: string, exact: string) => l10n.t('{0}\n\nWhat the request got: {1}', fix, exact),
  get testAgain() {
    return l10n.t('Test Again');
  },
};

/** Azure OpenAI's questions: its endpoint, deployment, api-version and API. */
export const AZURE = {
  get endpointPrompt() {
    return l10n.t("Your Azure OpenAI resource's endpoint (Azure portal › your resource › Keys and Endpoint). Pasting a whole request URL is fine: Relay keeps the endpoint.");
  },
  get endpointEmpty() {
    return l10n.t('Enter the endpoint of your Azure OpenAI resource.');
  },
  get endpointInvalid() {
    return l10n.t('Enter a URL such as https://NAME.openai.azure.com.');
  },
  get endpointHttps() {
    return l10n.t('Azure OpenAI is reached over https:// (plain http:// only on this machine).');
  },
  endpointKept: (endpoint: string, dropped: string) => l10n.t('Relay will use {0} and drop {1} (the /openai path, deployment and api-version are added per request).', endpoint, dropped),
  keyPrompt: (stored: boolean) =>
    stored
      ? l10n.t('An Azure OpenAI key is stored. Press Enter to keep it, or type a new one to replace it.')
      : l10n.t("KEY 1 or KEY 2 from your resource's Keys and Endpoint page. It is stored in VS Code SecretStorage (your OS keychain), never in settings or logs."),
  listing: (endpoint: string) => l10n.t('Relay: reading the deployments of {0}…', endpoint),
  get pickDeployment() {
    return l10n.t('Which deployment should Relay use?');
  },
  serves: (model: string) => l10n.t('serves {0}', model),
  get enterDeployment() {
    return l10n.t('$(edit) Enter a deployment name...');
  },
  get deploymentPrompt() {
    return l10n.t('The deployment name, as Azure AI Foundry › Deployments shows it (the name you gave the deployment, not the model).');
  },
  deploymentPromptUnlisted: (why: string) =>
    l10n.t("The deployment name, as Azure AI Foundry › Deployments shows it (the name you gave the deployment, not the model). The resource did not list its deployments to this key ({0}), so type it.", why),
  get deploymentInvalid() {
    return l10n.t('A deployment name has letters, digits, "-", "_" or "." only, at most 64.');
  },
  pickModel: (deployment: string) => l10n.t('Which model does deployment {0} serve? (Relay takes its context window, price and API from it.)', deployment),
  get pickApiVersion() {
    return l10n.t('Which api-version should Relay send?');
  },
  get defaultVersion() {
    return l10n.t('default');
  },
  get bothApis() {
    return l10n.t('Chat Completions and the Responses API');
  },
  get chatOnly() {
    return l10n.t('generally available · Chat Completions only');
  },
  get previewChatOnly() {
    return l10n.t('Chat Completions only');
  },
  get otherVersion() {
    return l10n.t('$(edit) Other...');
  },
  get apiVersionPrompt() {
    return l10n.t('The api-version, such as 2025-04-01-preview or 2024-10-21.');
  },
  get apiVersionInvalid() {
    return l10n.t('An api-version looks like 2024-10-21 or 2025-04-01-preview.');
  },
  pickApi: (deployment: string) => l10n.t('Which API should Relay use with deployment {0}?', deployment),
  get automatic() {
    return l10n.t('Automatic');
  },
  automaticDetail: (api: string, model: string) => l10n.t('{0}, the API the catalog names for {1}', api, model),
  get chatCompletions() {
    return l10n.t('Chat Completions API');
  },
  get responses() {
    return l10n.t('Responses API');
  },
  get needsNewerVersion() {
    return l10n.t('needs api-version 2025-03-01-preview or later: pick another api-version first');
  },
};

export const WELCOME = {
  testedOk: (ms: number) => l10n.t('Connection tested: OK in {0} ms.', ms),
};
