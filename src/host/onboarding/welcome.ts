// The host side of the chat's welcome: the example tasks, the shortcuts and the last connection test, published
// as deltas (the provider status beside them is model/provider-status.ts). The webview only draws them.
import type * as vscode from 'vscode';
import { exampleTasks } from '../../core/onboarding/example-tasks';
import { shortcutsFrom } from '../../core/onboarding/shortcuts';
import type { WelcomeFacts } from '../../shared/chat-model';
import type { KeyVerdicts } from './key-verdicts';
import { gatherWorkspaceFacts } from './workspace-facts';

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
