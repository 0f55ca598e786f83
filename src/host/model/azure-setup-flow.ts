// "Relay: Set Up Provider" for Azure OpenAI, in order: the resource endpoint, the key (so the deployments can be
// listed with it), the deployment (and the model it serves, when the list did not say), the api-version, the API.
// A step after a failed test asks only its part: 'baseUrl' the endpoint, 'key' the key, 'model' the deployment,
// api-version and API (what a 404 points at). Everything is written at the end, to the relay.azure.* settings the
// provider reads and the key to SecretStorage, so a cancel at any step changes nothing.
import type { SetupStep } from '../../core/model/connection-advice';
import { AZURE, SETUP } from '../onboarding/strings';
import { providerFetch } from '../proxy/proxy-fetch';
import { askAzureApi, askAzureApiVersion, askAzureDeployment, askAzureEndpoint, type AzureAsk, type OpenAIApiChoice } from './azure-setup-steps';
import { AZURE_DEFAULT_API_VERSION, type ApiKeys, type ModelSettings } from './model-settings';
import { setupFor } from './provider-setup';
import { askKey, pickModel, updateSetting } from './setup-questions';
import type { SetupPrompts } from './setup-prompts';

/** False when the person cancelled (nothing was written). `step` undefined: everything, after the provider pick. */
/** `providerAsked`: the provider pick was step 1 of this flow (counted in the step titles). */
export async function runAzureSteps(prompts: SetupPrompts, keys: ApiKeys, settings: ModelSettings, step: SetupStep | undefined, providerAsked: boolean): Promise<boolean> {
  const setup = setupFor('azure-openai');
  const wasAzure = settings.provider === 'azure-openai';
  const full = step === undefined || step === 'provider';
  const asks = { endpoint: full || step === 'baseUrl', key: full || step === 'key', deployment: full || step === 'model' };
  const total = (providerAsked ? 1 : 0) + Number(asks.endpoint) + Number(asks.key) + (asks.deployment ? 3 : 0);
  let at = providerAsked ? 1 : 0;
  const ask = (): AzureAsk => ({ prompts, fetch: providerFetch, title: total > 1 ? SETUP.step(++at, total) : SETUP.title });

  let endpoint = settings.azure?.endpoint ?? '';
  if (asks.endpoint) {
    const answer = await askAzureEndpoint(ask(), endpoint);
    if (answer === undefined) return false;
    endpoint = answer;
  }
  let key: string | undefined;
  if (asks.key) {
    key = await askKey(prompts, keys, setup, ask().title, AZURE.keyPrompt);
    if (key === undefined) return false;
  }
  let deployment = settings.azure?.deployment ?? '';
  let model = wasAzure ? settings.model : '';
  let apiVersion = settings.azure?.apiVersion || AZURE_DEFAULT_API_VERSION;
  let api: OpenAIApiChoice = (wasAzure && settings.openaiApi) || 'auto';
  if (asks.deployment) {
    const here = ask();
    const picked = await askAzureDeployment(here, endpoint, key || (await keys.release('azure-openai', endpoint)).key, deployment || model);
    if (!picked) return false;
    deployment = picked.name;
    if (picked.model) model = picked.model;
    else {
      // The same step: the list did not say which model the deployment serves, and the catalog needs it.
      const served = await pickModel(prompts, keys, { setup, baseUrl: undefined, current: model || undefined, title: here.title, placeHolder: AZURE.pickModel(deployment) });
      if (served === undefined) return false;
      model = served;
    }
    const version = await askAzureApiVersion(ask(), apiVersion);
    if (version === undefined) return false;
    apiVersion = version;
    const chosen = await askAzureApi(ask(), deployment, model, apiVersion, api);
    if (chosen === undefined) return false;
    api = chosen;
  }

  if (key) await keys.set('azure-openai', key, asks.endpoint ? endpoint : undefined);
  await updateSetting('provider', 'azure-openai');
  // A base URL belongs to the provider it was set for; Azure's endpoint is its own setting.
  if (!wasAzure) await updateSetting('baseUrl', '');
  if (asks.endpoint) await updateSetting('azure.endpoint', endpoint);
  if (asks.deployment) {
    await updateSetting('azure.deployment', deployment);
    await updateSetting('model', model);
    await updateSetting('azure.apiVersion', apiVersion);
    await updateSetting('azure.api', api);
  }
  return true;
}
