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
  pickModel: (provider: string) => l10n.t('Pick a {0} model', provider),
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

export const WELCOME = {
  testedOk: (ms: number) => l10n.t('Connection tested: OK in {0} ms.', ms),
};
