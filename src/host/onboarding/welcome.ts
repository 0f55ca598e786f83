// The host side of the chat's welcome: the provider status (header and welcome), the example tasks and the
// shortcuts, published as deltas. The webview only draws them.
import type * as vscode from 'vscode';
import { exampleTasks } from '../../core/onboarding/example-tasks';
import { shortcutsFrom } from '../../core/onboarding/shortcuts';
import type { ProviderStatus, WelcomeFacts } from '../../shared/chat-model';
import type { ApiKeys, ModelSettings } from '../model/model-settings';
import { setupFor } from '../model/provider-setup';
import type { KeyVerdicts } from './key-verdicts';
import { gatherWorkspaceFacts } from './workspace-facts';

export async function providerStatus(settings: ModelSettings, keys: ApiKeys, verdicts?: KeyVerdicts): Promise<ProviderStatus> {
  const setup = setupFor(settings.provider);
  const stored = setup.key === 'none' ? 'not-needed' : (await keys.has(settings.provider)) ? 'set' : setup.key === 'optional' ? 'not-needed' : 'missing';
  const key = verdicts ? verdicts.status(settings.provider, stored) : stored;
  const deployment = settings.provider === 'azure-openai' ? settings.azure?.deployment || settings.model : undefined;
  return { id: settings.provider, label: setup.label, model: settings.model, key, ...(deployment ? { deployment } : {}) };
}

export class WelcomeSource {
  private examples: Promise<string[]> | undefined;
  constructor(
    private readonly extension: vscode.Extension<unknown>,
    private readonly verdicts: KeyVerdicts,
  ) {}

  /** The workspace changed: the examples are worked out again on the next publish. */
  forget(): void {
    this.examples = undefined;
  }

  /** `provider`: the one selected now; only its own last test is shown. */
  async facts(compact: boolean, provider: string): Promise<WelcomeFacts> {
    this.examples ??= gatherWorkspaceFacts().then(
      (facts) => exampleTasks(facts),
      () => exampleTasks({ buildFiles: [], languages: {} }),
    );
    const contributes = (this.extension.packageJSON as { contributes?: Parameters<typeof shortcutsFrom>[0] }).contributes;
    const facts: WelcomeFacts = { examples: await this.examples, shortcuts: shortcutsFrom(contributes, process.platform), compact };
    const lastTest = this.verdicts.lastTest(provider);
    if (lastTest) facts.lastTest = lastTest;
    return facts;
  }
}
