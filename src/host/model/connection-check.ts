// Test connection with the settings in force: the same provider a task would build (same SDK, the proxy-aware
// fetch), one token, no retries. The result is core's (connection-test.ts); this only resolves settings and keys.
import { type AdviceContext, adviceFor } from '../../core/model/connection-advice';
import { type ConnectionTestResult, testConnection } from '../../core/model/connection-test';
import { createProvider } from '../../core/model/factory';
import { endpointOf, providerConfigFor } from './configured-provider';
import { ANTHROPIC_DEFAULT_BASE_URL } from '../../core/model/anthropic-provider';
import { OPENAI_DEFAULT_BASE_URL } from '../../core/model/openai-provider';
import type { ModelProvider } from '../../core/model/provider';
import { proxyFor } from '../../core/model/proxy-rules';
import { providerFetch, readProxySettings } from '../proxy/proxy-fetch';
import { selectVsCodeLmProvider } from './vscode-lm-provider';
import type { ApiKeys, ModelSettings } from './model-settings';
import { setupFor } from './provider-setup';

export const CONNECTION_TEST_TIMEOUT_MS = 20_000;

export async function checkConnection(settings: ModelSettings, keys: ApiKeys): Promise<ConnectionTestResult> {
  const setup = setupFor(settings.provider);
  const azure = settings.provider === 'azure-openai' ? settings.azure : undefined;
  // Azure is asked at its resource endpoint, for a deployment (the model id when none is set).
  const baseUrl = azure ? azure.endpoint || undefined : (settings.baseUrl ?? defaultBaseUrl(settings.provider));
  const proxy = baseUrl ? proxyFor(baseUrl, readProxySettings()) : undefined;
  const advice: AdviceContext = {
    provider: setup.label,
    model: settings.model,
    ...(baseUrl ? { baseUrl } : {}),
    ...(proxy ? { proxy } : {}),
    ...(azure ? { azure: { deployment: azure.deployment || settings.model, apiVersion: azure.apiVersion } } : {}),
  };
  const released = setup.key === 'none' ? { key: undefined } : await keys.release(settings.provider, endpointOf(settings));
  if (released.withheld) {
    return { ok: false, latencyMs: 0, error: { kind: 'auth', message: released.withheld, retryable: true }, advice: { ...adviceFor('other', advice), headline: released.withheld } };
  }
  const apiKey = released.key;
  const notReady = (problem: 'no_key' | 'no_base_url' | 'no_model'): ConnectionTestResult => {
    const said = adviceFor(problem, advice);
    return {
      ok: false,
      latencyMs: 0,
      error: { kind: problem === 'no_key' ? 'auth' : 'bad_request', message: said.headline, retryable: true },
      advice: said,
    };
  };
  if (setup.key === 'required' && !apiKey) return notReady('no_key');
  if (setup.baseUrl === 'required' && !settings.baseUrl) return notReady('no_base_url');
  if (azure && !azure.endpoint) return notReady('no_base_url');
  let provider: ModelProvider | undefined;
  if (settings.provider === 'vscode-lm') {
    provider = await selectVsCodeLmProvider({ id: settings.model }, { maxRetries: 0 });
    if (!provider) return notReady('no_model');
  } else {
    try {
      provider = createProvider({ ...providerConfigFor(settings, apiKey, providerFetch), maxRetries: 0, requestTimeoutMs: CONNECTION_TEST_TIMEOUT_MS });
    } catch (error) {
      // A setting the provider needs is missing (Azure's endpoint, say): the error names it.
      const message = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        latencyMs: 0,
        error: { kind: 'bad_request', message, retryable: true },
        advice: { ...adviceFor('other', advice), headline: message },
      };
    }
  }
  return testConnection(provider, { advice, keySet: Boolean(apiKey), now: () => performance.now(), timeoutMs: CONNECTION_TEST_TIMEOUT_MS });
}

function defaultBaseUrl(provider: string): string | undefined {
  if (provider === 'anthropic') return ANTHROPIC_DEFAULT_BASE_URL;
  if (provider === 'openai') return OPENAI_DEFAULT_BASE_URL;
  return undefined;
}
