// What a failed model request means for the person setting Relay up, and what to do about it: a ModelError
// (already classified by failure.ts) becomes a problem, a headline in plain words, the fix, and the setup step
// that fixes it (the chat's error button and the Test connection result run that step). Pure, unit-tested; every
// sentence is in ADVICE below, so they can be localised in one place.
import { l10n } from '../l10n';
import { isProxyCause, isTlsCause } from './failure';
import type { ModelError } from './events';

import type { SetupStep } from '../../shared/chat-model';

export type { SetupStep };

export type ConnectionProblem =
  | 'no_key'
  | 'no_base_url'
  | 'no_model'
  | 'bad_key'
  | 'no_access'
  | 'model_not_found'
  | 'refused'
  | 'unknown_host'
  | 'unreachable'
  | 'tls'
  | 'proxy'
  | 'rate_limited'
  | 'quota'
  | 'server'
  | 'api_version'
  | 'other';

export interface AdviceContext {
  /** "Anthropic", "OpenAI-compatible server", ... */
  provider: string;
  model: string;
  /** The endpoint asked, when known. */
  baseUrl?: string;
  /** The proxy the request went through (http.proxy), when one is set. */
  proxy?: string;
  /** Azure OpenAI: what the request named instead of a model; its failures get Azure's own advice. */
  azure?: { deployment: string; apiVersion: string };
}

export interface ConnectionAdvice {
  problem: ConnectionProblem;
  /** What went wrong, in one sentence. */
  headline: string;
  /** What to do, in one sentence. */
  fix: string;
  /** The setup step that fixes it (undefined: nothing to set up, e.g. a server error). */
  step?: SetupStep;
  /** The label of the button that runs the step. */
  action?: string;
}

type Values = Required<Pick<AdviceContext, 'provider' | 'model'>> & { where: string; proxy: string; deployment: string; apiVersion: string };
type Template = (c: Values) => string;

/** Every sentence the advice uses, by problem: the one place to localise. */
export const ADVICE: Record<ConnectionProblem, { headline: Template; fix: Template; step?: SetupStep }> = {
  no_key: {
    headline: (c) => l10n.t('No API key is set for {0}.', c.provider),
    fix: () => l10n.t('Enter your API key: it is kept in VS Code SecretStorage (your OS keychain).'),
    step: 'key',
  },
  no_base_url: {
    headline: (c) => l10n.t('No base URL is set for the {0}.', c.provider),
    fix: () => l10n.t('Enter the URL of the server, with /v1 (Ollama: http://localhost:11434/v1).'),
    step: 'baseUrl',
  },
  no_model: {
    headline: (c) => l10n.t('Model "{0}" is not available from {1}.', c.model, c.provider),
    fix: () => l10n.t('Pick one of the models offered here.'),
    step: 'model',
  },
  bad_key: {
    headline: (c) => l10n.t('{0} rejected the API key.', c.provider),
    fix: () => l10n.t('Enter the key again: check it was copied whole and has not been revoked.'),
    step: 'key',
  },
  no_access: {
    headline: (c) => l10n.t('The API key has no access to "{0}".', c.model),
    fix: () => l10n.t("Use a key whose organization or plan includes this model, or pick another model."),
    step: 'key',
  },
  model_not_found: {
    headline: (c) => l10n.t('Model "{0}" was not found at {1}.', c.model, c.where),
    fix: () => l10n.t('Pick a model from the list the provider offers.'),
    step: 'model',
  },
  refused: {
    headline: (c) => l10n.t('Nothing is listening at {0}: the connection was refused.', c.where),
    fix: () => l10n.t('Start the server (for Ollama: ollama serve), or correct the base URL.'),
    step: 'baseUrl',
  },
  unknown_host: {
    headline: (c) => l10n.t('The host of {0} could not be found.', c.where),
    fix: () => l10n.t('Check the base URL for typos, and your network or VPN.'),
    step: 'baseUrl',
  },
  unreachable: {
    headline: (c) => l10n.t('{0} did not answer.', c.where),
    fix: () => l10n.t('Check your network, firewall or VPN, and that the base URL is right.'),
    step: 'baseUrl',
  },
  tls: {
    headline: (c) => l10n.t('The certificate of {0} was not trusted.', c.where),
    fix: () => l10n.t("If a corporate proxy inspects TLS, add its CA to your system, or set http.proxyStrictSSL to false; otherwise check the base URL."),
    step: 'proxy',
  },
  proxy: {
    headline: (c) => l10n.t('The proxy {0} refused or failed the connection.', c.proxy),
    fix: () => l10n.t('Check the http.proxy setting (and http.proxyAuthorization if the proxy needs a login).'),
    step: 'proxy',
  },
  rate_limited: {
    headline: (c) => l10n.t('{0} is rate limiting this key.', c.provider),
    fix: () => l10n.t("The key and model work: wait a minute, or check your plan's limits."),
  },
  quota: {
    headline: (c) => l10n.t("{0} refused the request: the account's quota or credit is used up.", c.provider),
    fix: () => l10n.t("The key works: check the plan and billing page of the provider's console, add credit or raise the limit, then try again."),
  },
  server: {
    headline: (c) => l10n.t('{0} had a server error.', c.provider),
    fix: () => l10n.t('The settings look right: try again shortly.'),
  },
  api_version: {
    headline: (c) => l10n.t('{0} does not accept api-version {1}.', c.provider, c.apiVersion),
    fix: () => l10n.t('Pick an api-version your resource supports: 2024-10-21 is the latest generally available one; the Responses API needs 2025-03-01-preview or later.'),
    step: 'model',
  },
  other: {
    headline: () => l10n.t('The request failed.'),
    fix: () => l10n.t('Read the details below; Relay: Set Up Provider can change the provider, key, base URL or model.'),
    step: 'provider',
  },
};

/**
 * Azure OpenAI names a deployment, not a model, and its endpoint is a resource: where its failures mean
 * something else, these sentences and buttons replace the general ones (a 404 is a wrong deployment name or an
 * api-version the resource does not serve; never "pick a model").
 */
const AZURE_ADVICE: Partial<Record<ConnectionProblem, { headline?: Template; fix?: Template; action?: () => string }>> = {
  quota: {
    fix: (c) => l10n.t("Check the quota of deployment \"{0}\" (Azure AI Foundry › Quotas) and the subscription's billing in the Azure portal, then try again.", c.deployment),
  },
  no_base_url: {
    headline: () => l10n.t('No resource endpoint is set for Azure OpenAI.'),
    fix: () => l10n.t("Enter your resource's endpoint, e.g. https://NAME.openai.azure.com (Azure portal › your resource › Keys and Endpoint)."),
    action: () => l10n.t('Change Endpoint'),
  },
  bad_key: {
    fix: () => l10n.t("Enter KEY 1 or KEY 2 from your resource's Keys and Endpoint page in the Azure portal; a key of another resource is rejected."),
  },
  no_access: {
    headline: (c) => l10n.t('Azure OpenAI refused access to deployment "{0}".', c.deployment),
    fix: () => l10n.t("The key was accepted but the resource refused the request: check its networking rules (firewall, private endpoint) and that the key belongs to this resource."),
  },
  model_not_found: {
    headline: (c) => l10n.t('Azure OpenAI found no deployment "{0}" with api-version {1} at {2}.', c.deployment, c.apiVersion, c.where),
    fix: () =>
      l10n.t('Either the deployment name or the api-version is wrong: use the deployment name shown in Azure AI Foundry › Deployments (the name you gave it, not the model), and an api-version your resource supports (2024-10-21 is generally available; the Responses API needs 2025-03-01-preview or later).'),
    action: () => l10n.t('Change Deployment or API Version'),
  },
  api_version: { action: () => l10n.t('Change Deployment or API Version') },
  refused: {
    fix: () => l10n.t('Check the resource endpoint: it looks like https://NAME.openai.azure.com.'),
    action: () => l10n.t('Change Endpoint'),
  },
  unknown_host: {
    fix: () => l10n.t("Check the resource endpoint for typos (https://NAME.openai.azure.com, NAME being your resource's name), and your network or VPN."),
    action: () => l10n.t('Change Endpoint'),
  },
  unreachable: {
    fix: () => l10n.t('Check your network, firewall or VPN, and that the resource endpoint is right.'),
    action: () => l10n.t('Change Endpoint'),
  },
};

/** The buttons that run each step, in the chat and in the Test connection result. */
export const STEP_ACTIONS: Record<SetupStep, string> = {
  get key() {
    return l10n.t('Enter API Key');
  },
  get model() {
    return l10n.t('Pick a Model');
  },
  get baseUrl() {
    return l10n.t('Change Base URL');
  },
  get proxy() {
    return l10n.t('Open Proxy Settings');
  },
  get provider() {
    return l10n.t('Set Up Provider');
  },
};

const REFUSED = /ECONNREFUSED/;
const UNKNOWN_HOST = /ENOTFOUND|EAI_AGAIN/;

/** Which problem a failed request shows. A missing key is told apart from a rejected one by `keySet`. */
export function problemOf(error: ModelError, keySet = true): ConnectionProblem {
  const cause = error.cause ?? '';
  switch (error.kind) {
    case 'auth':
      return keySet ? 'bad_key' : 'no_key';
    case 'forbidden':
      return 'no_access';
    case 'not_found':
      return 'model_not_found';
    case 'rate_limited':
      return 'rate_limited';
    case 'quota':
      return 'quota';
    case 'server':
    case 'overloaded':
      return 'server';
    case 'network':
    case 'unknown':
      if (isProxyCause(cause)) return 'proxy';
      if (isTlsCause(cause)) return 'tls';
      if (REFUSED.test(cause)) return 'refused';
      if (UNKNOWN_HOST.test(cause)) return 'unknown_host';
      if (error.kind === 'network') return 'unreachable';
      return 'other';
    case 'idle_timeout':
      return 'unreachable';
    default:
      return 'other';
  }
}

export function adviseFailure(error: ModelError, context: AdviceContext, keySet = true): ConnectionAdvice {
  let problem = problemOf(error, keySet);
  // A refused or unreachable proxy looks like a refused server: with a proxy set, the proxy is the first suspect.
  if (context.proxy && (problem === 'refused' || problem === 'unknown_host' || problem === 'unreachable')) problem = 'proxy';
  // Azure refuses an api-version it does not serve with a 400 that says so.
  if (context.azure && error.kind === 'bad_request' && /api[- ]?version/i.test(error.message)) problem = 'api_version';
  return adviceFor(problem, context);
}

/** The advice for a problem, in the words of the provider in `context` (Azure's own where they differ). */
export function adviceFor(problem: ConnectionProblem, context: AdviceContext): ConnectionAdvice {
  const entry = ADVICE[problem];
  const azure = context.azure ? AZURE_ADVICE[problem] : undefined;
  const values: Values = {
    provider: context.provider,
    model: context.model,
    where: context.baseUrl ?? context.provider,
    proxy: context.proxy ?? '',
    deployment: context.azure?.deployment ?? context.model,
    apiVersion: context.azure?.apiVersion ?? '',
  };
  const advice: ConnectionAdvice = { problem, headline: (azure?.headline ?? entry.headline)(values), fix: (azure?.fix ?? entry.fix)(values) };
  if (entry.step) {
    advice.step = entry.step;
    advice.action = azure?.action?.() ?? STEP_ACTIONS[entry.step];
  }
  return advice;
}

/**
 * The fix a task's error offers in the chat, from the error alone (the chat knows no proxy or key state):
 * 401/403 → the key, 404 → pick a model, refused or unknown host → the base URL, TLS or proxy → proxy settings.
 */
export function errorFix(error: ModelError): { step: SetupStep; label: string } | undefined {
  const problem = problemOf(error);
  if (problem === 'other' || problem === 'rate_limited' || problem === 'quota' || problem === 'server') return undefined;
  if (problem === 'unreachable' && error.kind === 'idle_timeout') return undefined;
  const step = ADVICE[problem].step;
  if (!step) return undefined;
  const azure = error.endpoint === 'azure' ? AZURE_ADVICE[problem]?.action?.() : undefined;
  return { step, label: azure ?? STEP_ACTIONS[step] };
}

/**
 * What the failed request got, for a setup modal's body under its advice: the server's own answer (or the
 * connection's cause) when the error has it, else the error's message; undefined when it would only repeat the
 * headline (no request was sent: "No API key is set" twice, title and body). Relay's summary and advice around the
 * server's answer ("Run 'Relay: Set API Key'…") are left out: the modal's advice and button say them once.
 */
export function requestEvidence(headline: string, error: Pick<ModelError, 'message' | 'said'>): string | undefined {
  const text = (error.said ?? error.message).trim();
  const plain = (s: string) => s.toLowerCase().replace(/[\s.。:：,，!！]+/g, ' ').trim();
  if (!text || plain(headline).includes(plain(text))) return undefined;
  return text;
}
