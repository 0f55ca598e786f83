// The model side of the window: the configured provider (and one built like it for other settings), the key state
// per provider (none, saved, verified, rejected) that the header, welcome and composer share, Set Up Provider,
// Select Model and Test Connection, the welcome, and the warnings about invalid `relay.models` entries.
import * as vscode from 'vscode';
import type { AgentSession } from '../../core/agent';
import { l10n } from '../../core/l10n';
import type { ConnectionTestResult } from '../../core/model/connection-test';
import { ModelOverrideNotices } from '../../core/model/override-notices';
import type { ToolLogger } from '../../core/tools';
import type { ChatDelta, SetupStep } from '../../shared/chat-model';
import { KeyVerdicts } from '../onboarding/key-verdicts';
import { WelcomeSource } from '../onboarding/welcome';
import { providerFetch } from '../proxy/proxy-fetch';
import { ConfiguredProvider, endpointOf } from './configured-provider';
import { showDeprecationNotice } from './deprecation-notice';
import { knownLifecycles, type ModelChoice, modelChoices } from './model-choices';
import { type ApiKeys, type ModelSettings, type ProviderId, providerLabel, readModelSettings } from './model-settings';
import { providerStatus } from './provider-status';
import { selectModelCommand } from './select-model';
import { setUpProviderCommand, type SetupDeps, testConnectionCommand, testWithProgress } from './setup-command';
import { type SetupPrompts, vscodeSetupPrompts } from './setup-prompts';
import { selectVsCodeLmProvider } from './vscode-lm-provider';

export interface ModelSurfaceDeps {
  extension: vscode.Extension<unknown>;
  /** Shows a change in the chat (the welcome). */
  publish(delta: ChatDelta): void;
  keys: ApiKeys;
  /** Integration tests answer Set Up Provider's questions; the default is VS Code's QuickPick and InputBox. */
  setupPrompts?: SetupPrompts;
  logger: ToolLogger;
  /** The chat's settings changed (model, key state): publish them again. */
  publishSettings(): unknown;
  /** Whether a task has been saved (the welcome is shorter then). */
  hasTasks(): Promise<boolean>;
}

export class ModelSurface {
  readonly provider: ConfiguredProvider;
  /** What the provider is built from, again for a command's turn with its own model. */
  readonly providerDeps: ConstructorParameters<typeof ConfiguredProvider>[0];
  /** A provider configured like the user's, for other settings (an agent's model). */
  readonly providerFor: (settings: () => ModelSettings) => ConfiguredProvider;
  /** One key state per provider (none, saved, verified, rejected) for the header, welcome and composer. */
  private readonly keyVerdicts = new KeyVerdicts();
  private readonly welcome: WelcomeSource;
  private readonly overrideNotices = new ModelOverrideNotices();

  constructor(private readonly deps: ModelSurfaceDeps) {
    this.providerDeps = {
      settings: readModelSettings,
      apiKey: (settings) => deps.keys.release(settings.provider, endpointOf(settings)),
      languageModel: async (id) => (await selectVsCodeLmProvider({ id })) ?? (await selectVsCodeLmProvider({})),
      onTurnSettings: (s) => {
        showDeprecationNotice(s.provider, s.model, knownLifecycles(s.provider));
        this.reportModelOverrides(s.modelOverrides?.problems ?? []);
      },
      fetch: providerFetch,
      providerLabel,
    };
    this.provider = new ConfiguredProvider(this.providerDeps);
    this.providerFor = (settings) => new ConfiguredProvider({ ...this.providerDeps, settings });
    this.welcome = new WelcomeSource(deps.extension, this.keyVerdicts);
  }

  /** The provider line of the chat's settings, in the one key state everything shows. */
  status(settings: ModelSettings): ReturnType<typeof providerStatus> {
    return providerStatus(settings, this.deps.keys, this.keyVerdicts);
  }

  /** A new or removed key: what a test or a request found out about the old one no longer holds. */
  keysChanged(): void {
    this.keyVerdicts.forget();
    void this.deps.publishSettings();
    void this.publishWelcome();
  }

  /** The workspace folders changed: the welcome's facts are read again. */
  foldersChanged(): void {
    this.welcome.forget();
    void this.publishWelcome();
  }

  /** Invalid `relay.models` entries: a warning naming each entry and its problem, and the same line in the log. */
  reportModelOverrides(problems: readonly string[] = readModelSettings().modelOverrides?.problems ?? []): void {
    const message = this.overrideNotices.next(problems);
    if (!message) return;
    this.deps.logger.warn(message);
    const open = l10n.t('Open Settings');
    void vscode.window.showWarningMessage(message, open).then((answer) => {
      if (answer === open) void vscode.commands.executeCommand('workbench.action.openSettings', 'relay.models');
    });
  }

  /** "Relay: Set Up Provider", whole or one step; the chat shows the new provider and the test result. */
  setUpProvider(step?: SetupStep, provider?: ProviderId): Promise<ConnectionTestResult | undefined> {
    return setUpProviderCommand(this.setupDeps(), step, provider);
  }

  /** "Relay: Select Model": the provider and model (for Azure, the deployment) a task uses; the chat shows them. */
  async selectModel(): Promise<ModelChoice | undefined> {
    const choice = await selectModelCommand({
      prompts: this.deps.setupPrompts ?? vscodeSetupPrompts,
      keys: this.deps.keys,
      choices: () => modelChoices(this.deps.keys),
      setUp: (provider) => this.setUpProvider('provider', provider),
    });
    await this.deps.publishSettings();
    return choice;
  }

  /** "Relay: Test Connection": the test, then its result in a notification (OK) or a modal with the fix. */
  testConnection(): Promise<ConnectionTestResult> {
    return testConnectionCommand(this.setupDeps());
  }

  /** The same test without showing the result (the welcome still records it). */
  checkConnection(): Promise<ConnectionTestResult> {
    return testWithProgress(this.setupDeps());
  }

  /** The example tasks and shortcuts; the short form once a task has been saved. */
  async publishWelcome(): Promise<void> {
    try {
      const compact = await this.deps.hasTasks();
      this.deps.publish({ type: 'welcome', welcome: await this.welcome.facts(compact, readModelSettings().provider) });
    } catch (error) {
      this.deps.logger.warn('Could not work out the welcome', error);
    }
  }

  /** A task's answered request proves its key works; a 401 that it does not: the header and welcome say so. */
  followKeyVerdicts(session: AgentSession): void {
    session.onEvent((event) => {
      const outcome = event.type === 'usage' ? 'accepted' : event.type === 'error' && event.error.kind === 'auth' ? 'rejected' : undefined;
      if (!outcome) return;
      const provider = readModelSettings().provider;
      const before = this.keyVerdicts.status(provider, 'set');
      this.keyVerdicts.recordRequest(provider, outcome);
      if (this.keyVerdicts.status(provider, 'set') === before) return;
      void this.deps.publishSettings();
      void this.publishWelcome();
    });
  }

  private setupDeps(): SetupDeps {
    return {
      keys: this.deps.keys,
      ...(this.deps.setupPrompts ? { prompts: this.deps.setupPrompts } : {}),
      changed: () => void this.deps.publishSettings(),
      tested: (result, settings) => {
        this.keyVerdicts.recordTest(settings.provider, result);
        void this.deps.publishSettings();
        void this.publishWelcome();
      },
    };
  }
}
