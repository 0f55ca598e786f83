// The host side of the chat's welcome: the provider status (header and welcome), the example tasks and the
// shortcuts, published as deltas. The webview only draws them.
import type * as vscode from 'vscode';
import type { ConnectionTestResult } from '../../core/model/connection-test';
import { exampleTasks } from '../../core/onboarding/example-tasks';
import { shortcutsFrom } from '../../core/onboarding/shortcuts';
import type { ProviderStatus, WelcomeFacts } from '../../shared/chat-model';
import type { ApiKeys, ModelSettings } from '../model/model-settings';
import { setupFor } from '../model/provider-setup';
import { WELCOME } from './strings';
import { gatherWorkspaceFacts } from './workspace-facts';

export async function providerStatus(settings: ModelSettings, keys: ApiKeys): Promise<ProviderStatus> {
  const setup = setupFor(settings.provider);
  const key = setup.key === 'none' ? 'not-needed' : (await keys.has(settings.provider)) ? 'set' : setup.key === 'optional' ? 'not-needed' : 'missing';
  const deployment = settings.provider === 'azure-openai' ? settings.azure?.deployment || settings.model : undefined;
  return { id: settings.provider, label: setup.label, model: settings.model, key, ...(deployment ? { deployment } : {}) };
}

export class WelcomeSource {
  private examples: Promise<string[]> | undefined;
  private lastTest: WelcomeFacts['lastTest'];

  constructor(private readonly extension: vscode.Extension<unknown>) {}

  /** The workspace changed: the examples are worked out again on the next publish. */
  forget(): void {
    this.examples = undefined;
  }

  recordTest(result: ConnectionTestResult): void {
    this.lastTest = result.ok ? { ok: true, text: WELCOME.testedOk(result.latencyMs) } : { ok: false, text: `${result.advice.headline} ${result.advice.fix}` };
  }

  async facts(compact: boolean): Promise<WelcomeFacts> {
    this.examples ??= gatherWorkspaceFacts().then(
      (facts) => exampleTasks(facts),
      () => exampleTasks({ buildFiles: [], languages: {} }),
    );
    const contributes = (this.extension.packageJSON as { contributes?: Parameters<typeof shortcutsFrom>[0] }).contributes;
    const facts: WelcomeFacts = { examples: await this.examples, shortcuts: shortcutsFrom(contributes, process.platform), compact };
    if (this.lastTest) facts.lastTest = this.lastTest;
    return facts;
  }
}
