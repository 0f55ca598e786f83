// The provider line the chat's header and welcome show: the provider, its model (for Azure, the deployment) and
// the one key state everything shares (none, saved, verified, rejected).
import type { ProviderStatus } from '../../shared/chat-model';
import type { KeyVerdicts } from '../onboarding/key-verdicts';
import type { ApiKeys, ModelSettings } from './model-settings';
import { setupFor } from './provider-setup';

export async function providerStatus(settings: ModelSettings, keys: ApiKeys, verdicts?: KeyVerdicts): Promise<ProviderStatus> {
  const setup = setupFor(settings.provider);
  const stored = setup.key === 'none' ? 'not-needed' : (await keys.has(settings.provider)) ? 'set' : setup.key === 'optional' ? 'not-needed' : 'missing';
  const key = verdicts ? verdicts.status(settings.provider, stored) : stored;
  const deployment = settings.provider === 'azure-openai' ? settings.azure?.deployment || settings.model : undefined;
  return { id: settings.provider, label: setup.label, model: settings.model, key, ...(deployment ? { deployment } : {}) };
}
