// Azure OpenAI's own questions in "Relay: Set Up Provider": the resource endpoint (normalised from whatever was
// pasted, saying what was dropped), the deployment (from the resource's list when it gives one to an API key,
// typed otherwise), the model it serves (for the catalog) when the list did not say, the api-version and the
// API. Each returns undefined when the person cancels; nothing here writes a setting or a key.
import * as vscode from 'vscode';
import {
  AZURE_API_VERSIONS,
  AZURE_DEFAULT_API_VERSION,
  isApiVersion,
  isDeploymentName,
  listAzureDeployments,
  normaliseAzureEndpoint,
  supportsResponses,
  type AzureDeployment,
} from '../../core/model/azure-setup';
import { openaiApiFor } from '../../core/model/catalog';
import { AZURE } from '../onboarding/strings';
import type { SetupPrompts } from './setup-prompts';

export type OpenAIApiChoice = 'auto' | 'chat-completions' | 'responses';

/** What the questions ask with: the prompts, the step's title, and the proxy-aware fetch. */
export interface AzureAsk {
  prompts: SetupPrompts;
  title: string;
  fetch: typeof fetch;
}

/** An example, not a sentence: the same in every language. */
const ENDPOINT_EXAMPLE = 'https://NAME.openai.azure.com';
const CURRENT = '$(check) ';

export async function askAzureEndpoint(ask: AzureAsk, current: string): Promise<string | undefined> {
  const answer = await ask.prompts.input({
    title: ask.title,
    prompt: AZURE.endpointPrompt,
    value: current,
    placeHolder: ENDPOINT_EXAMPLE,
    ignoreFocusOut: true,
    validateInput: (value) => {
      const checked = normaliseAzureEndpoint(value);
      if (!checked.ok) return checked.problem === 'empty' ? AZURE.endpointEmpty : checked.problem === 'not_https' ? AZURE.endpointHttps : AZURE.endpointInvalid;
      // Not an error: says what will be kept, so a pasted request URL is understood before Enter.
      return checked.dropped ? { message: AZURE.endpointKept(checked.endpoint, checked.dropped), severity: vscode.InputBoxValidationSeverity.Info } : undefined;
    },
  });
  if (answer === undefined) return undefined;
  const checked = normaliseAzureEndpoint(answer);
  return checked.ok ? checked.endpoint : undefined;
}

type DeploymentItem = vscode.QuickPickItem & { deployment?: AzureDeployment; typed?: boolean };

/** The deployment, picked from the resource's list when it answers the key, else typed. */
export async function askAzureDeployment(ask: AzureAsk, endpoint: string, apiKey: string | undefined, current: string): Promise<AzureDeployment | undefined> {
  const listing = apiKey
    ? await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: AZURE.listing(endpoint) }, () =>
        listAzureDeployments({ endpoint, apiKey, fetch: ask.fetch }),
      )
    : { ok: true as const, deployments: [] };
  if (listing.ok && listing.deployments.length > 0) {
    const items: DeploymentItem[] = listing.deployments.map((d) => ({
      label: `${d.name === current ? CURRENT : ''}${d.name}`,
      ...(d.model ? { description: AZURE.serves(d.model) } : {}),
      deployment: d,
    }));
    items.sort((a, b) => Number(b.deployment?.name === current) - Number(a.deployment?.name === current));
    items.push({ label: AZURE.enterDeployment, typed: true, alwaysShow: true });
    const picked = await ask.prompts.pick(items, { title: ask.title, placeHolder: AZURE.pickDeployment, matchOnDescription: true, ignoreFocusOut: true });
    if (!picked) return undefined;
    if (picked.deployment) return picked.deployment;
  }
  const typed = await ask.prompts.input({
    title: ask.title,
    prompt: listing.ok ? AZURE.deploymentPrompt : AZURE.deploymentPromptUnlisted(listing.why),
    value: current,
    ignoreFocusOut: true,
    validateInput: (value) => (isDeploymentName(value) ? undefined : AZURE.deploymentInvalid),
  });
  return typed === undefined ? undefined : { name: typed.trim() };
}

export async function askAzureApiVersion(ask: AzureAsk, current: string): Promise<string | undefined> {
  type Item = vscode.QuickPickItem & { version?: string };
  const known = AZURE_API_VERSIONS.map((v) => v.version);
  const items: Item[] = AZURE_API_VERSIONS.map((v) => ({
    label: `${v.version === current ? CURRENT : ''}${v.version}`,
    ...(v.version === AZURE_DEFAULT_API_VERSION ? { description: AZURE.defaultVersion } : {}),
    detail: v.responses ? AZURE.bothApis : v.ga ? AZURE.chatOnly : AZURE.previewChatOnly,
    version: v.version,
  }));
  if (current && !known.includes(current)) items.unshift({ label: `${CURRENT}${current}`, detail: supportsResponses(current) ? AZURE.bothApis : AZURE.previewChatOnly, version: current });
  items.push({ label: AZURE.otherVersion, alwaysShow: true });
  const picked = await ask.prompts.pick(items, { title: ask.title, placeHolder: AZURE.pickApiVersion, ignoreFocusOut: true });
  if (!picked) return undefined;
  if (picked.version) return picked.version;
  const typed = await ask.prompts.input({
    title: ask.title,
    prompt: AZURE.apiVersionPrompt,
    value: current,
    ignoreFocusOut: true,
    validateInput: (value) => (isApiVersion(value) ? undefined : AZURE.apiVersionInvalid),
  });
  return typed?.trim() || undefined;
}

/** Chat Completions or the Responses API (the provider serves both), or the catalog's choice for the model. */
export async function askAzureApi(ask: AzureAsk, deployment: string, model: string, apiVersion: string, current: OpenAIApiChoice): Promise<OpenAIApiChoice | undefined> {
  type Item = vscode.QuickPickItem & { api: OpenAIApiChoice };
  const names = { 'chat-completions': AZURE.chatCompletions, responses: AZURE.responses };
  const automatic = openaiApiFor('azure-openai', model, 'auto');
  const tooOld = (api: 'chat-completions' | 'responses') => (api === 'responses' && !supportsResponses(apiVersion) ? { description: AZURE.needsNewerVersion } : {});
  const items: Item[] = [
    { label: AZURE.automatic, detail: AZURE.automaticDetail(names[automatic], model), ...tooOld(automatic), api: 'auto' },
    { label: names['chat-completions'], api: 'chat-completions' },
    { label: names.responses, ...tooOld('responses'), api: 'responses' },
  ];
  for (const item of items) if (item.api === current) item.label = `${CURRENT}${item.label}`;
  const picked = await ask.prompts.pick(items, { title: ask.title, placeHolder: AZURE.pickApi(deployment), ignoreFocusOut: true });
  return picked?.api;
}
