// The composition root, created on first use (never at activation): the chat's task controller on real
// sessions — the configured model provider, the built-in tools on VS Code adapters (read-only ones only in
// Restricted Mode), approvals through the native modal, task history and saved tool output on disk.
import { l10n } from '../core/l10n';
import { ModelOverrideNotices } from '../core/model/override-notices';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { AgentSession, type AgentEnvironment } from '../core/agent';
import type { ApprovalPrompter, ApprovalRequest } from '../core/ports/approval';
import type { TaskRecord } from '../core/ports/task-store';
import { ATTEMPT_COMPLETION, NEW_TASK, SEARCH_TOOLS, type ToolLogger, ToolRegistry, ToolStatistics } from '../core/tools';
import { createBuiltinToolFactories, RUN_COMMAND, WEB_FETCH } from '../tools';
import type { MentionSuggestion } from '../shared/chat-model';
import type { WebviewToHost } from '../shared/protocol';
import type { ChatViewProvider } from './chat/chat-view';
import { CheckpointDocuments } from './checkpoints/checkpoint-documents';
import { modalConfirm, type RestoreConfirm, restoreToItem } from './checkpoints/restore-flow';
import { TaskChangesReview } from './checkpoints/review-changes';
import { WorkspaceCheckpoints } from './checkpoints/workspace-checkpoints';
import { displayPath } from '../tools/paths';
import { ConfiguredProvider, endpointOf } from './model/configured-provider';
import { KeyGate } from './model/key-gate';
import { type ConfirmWorkspaceValue, modalConfirmWorkspaceValue, WorkspaceValueReview } from './settings/workspace-review';
import { showDeprecationNotice } from './model/deprecation-notice';
import { knownLifecycles, modelChoices } from './model/model-choices';
import { ApiKeys, describeModel, type ModelSettings, type ProviderId, providerLabel, readModelSettings } from './model/model-settings';
import { type ModelChoice, selectModelCommand } from './model/select-model';
import { setUpProviderCommand, testConnectionCommand, testWithProgress, type SetupDeps } from './model/setup-command';
import { type SetupPrompts, vscodeSetupPrompts } from './model/setup-prompts';
import { providerStatus, WelcomeSource } from './onboarding/welcome';
import { KeyVerdicts } from './onboarding/key-verdicts';
import { providerFetch } from './proxy/proxy-fetch';
import type { ConnectionTestResult } from '../core/model/connection-test';
import type { SetupStep } from '../shared/chat-model';
import type { ApprovalService } from './permissions/approval-service';
import type { ApprovalModeSetting } from './permissions/approval-mode-setting';
import { createApprovalService } from './permissions/create-approval-service';
import { ModalPrompter } from './permissions/modal-prompter';
import { createMcpServerManager, registerExternalTools, toolDeferral, type McpOverrides } from './mcp/wiring';
import type { McpServerManager } from './mcp/server-manager';
import { MentionService } from './mentions/mention-service';
import type { TerminalRecorder } from './mentions/terminal-recorder';
import { TaskController } from './session/task-controller';
import { AgentSelection, agentTurns, type ConfirmAgentMode, createCustomizationService, type CustomizationService, delegatesFor, inMode, modalConfirmAgentMode, sessionAgent, toolKinds, turnRulesFrom } from './customization';
import { type HookConfirmer, HookSupport } from './customization/hooks';
import { type CommandTurn, commandTurnTools, createSlashCommands, recordCommandTurn, type SlashCommands, turnModelSettings } from './customization/commands';
import { preApprovingGate } from '../core/customization/commands/pre-approved';
import { AGENTS_KIND_ID } from '../core/customization/agents/agents-kind';
import type { AgentDefinition } from '../core/customization/agents/agent';
import { openFileReference } from './session/file-reference-opener';
import { FileTaskStore } from './history/task-store';
import { processNoticeText } from '../core/processes/notices';
import { createToolHost, type ToolHost } from './tool-ports/tool-host';
import { readSandboxSettings } from './sandbox';
import { sandboxMcpLaunch } from './sandbox/mcp-launch';
import { placeholderJournalDir } from './sandbox/placeholders';
import { addToSandbox } from './sandbox/allowance-setting';
import { FileOutputStore } from './storage/tool-output-store';
import { listVsCodeLmModels, selectVsCodeLmProvider } from './model/vscode-lm-provider';
import { ProcessCards } from './processes/process-cards';
import { ProcessStatusBar } from './processes/process-status-bar';
import { servicesForTask } from './tasks/task-scope';
import type { TaskScope } from './tasks/task-sessions';
import { ParallelTaskSurface } from './tasks/wiring';

export interface RelayServices {
  context: vscode.ExtensionContext;
  chat: ChatViewProvider;
  log: vscode.LogOutputChannel;
  approvalMode: ApprovalModeSetting;
  /** The last terminal command, recorded from activation on, for `@terminal`. */
  terminal: TerminalRecorder;
}

export interface RelayOverrides {
  /** Integration tests answer approvals; the default is the native modal. */
  prompter?: ApprovalPrompter;
  /** Integration tests answer the MCP server confirmation and input prompts. */
  mcp?: McpOverrides;
  /** Integration tests answer the restore question; the default is the native modal. */
  restoreConfirm?: RestoreConfirm;
  /** Integration tests answer Set Up Provider's questions; the default is VS Code's QuickPick and InputBox. */
  setupPrompts?: SetupPrompts;
  /** Integration tests answer whether a workspace value that loosens Relay may apply; the default is the native modal. */
  confirmWorkspaceValue?: ConfirmWorkspaceValue;
  /** Integration tests answer the confirmation of a repository's hooks; the default is the native modal. */
  confirmHooks?: HookConfirmer;
  /** Integration tests answer whether an agent may run in a looser approval mode than the user's; the default is the native modal. */
  confirmAgentMode?: ConfirmAgentMode;
}

export class Relay implements vscode.Disposable {
  readonly controller: TaskController;
  readonly keys: ApiKeys;
  /** Asks about a workspace's looser settings when a task starts, and for "Review Workspace Settings". */
  readonly workspaceValues: WorkspaceValueReview;
  readonly statistics = new ToolStatistics();
  readonly approvals: ApprovalService;
  readonly mcp: McpServerManager;
  readonly mentions: MentionService;
  /** Rules, agents, hooks and commands from the workspace's files; nothing is read before the first task. */
  readonly customizations: CustomizationService;
  readonly hooks: HookSupport;
  /** The agent picked for new tasks (Agent, Plan, Ask or the workspace's). */
  readonly agents: AgentSelection;
  /** The "/" list and a typed command's turn. */
  readonly slashCommands: SlashCommands;
  private readonly tools: ToolHost;
  private readonly provider: ConfiguredProvider;
  /** What the provider is built from, again for a command's turn with its own model. */
  private readonly providerDeps: ConstructorParameters<typeof ConfiguredProvider>[0];
  private readonly outputStore: FileOutputStore;
  private readonly store: FileTaskStore;
  readonly checkpoints: WorkspaceCheckpoints;
  readonly review: TaskChangesReview;
  /** The background processes' status bar item and list ("Relay: 2 running"). */
  readonly processStatus: ProcessStatusBar;
  /** Parallel tasks: their sessions beside the chat's, the Tasks view, the approvals queue (src/host/tasks). */
  readonly parallel: ParallelTaskSurface;
  private readonly processCards: ProcessCards;
  private readonly logger: ToolLogger;
  private readonly modelOverrideNotices = new ModelOverrideNotices();
  private version = 0;
  private readonly welcome: WelcomeSource;
  /** One key state per provider (none, saved, verified, rejected) for the header, welcome and composer. */
  private readonly keyVerdicts = new KeyVerdicts();
  private readonly disposables: vscode.Disposable[] = [];

  private readonly setupPrompts: SetupPrompts | undefined;
  private readonly confirmAgentMode: ConfirmAgentMode;
  /** A provider configured like the user's, for other settings (an agent's model). */
  private readonly providerFor: (settings: () => ModelSettings) => ConfiguredProvider;

  constructor(
    private readonly services: RelayServices,
    overrides: RelayOverrides = {},
  ) {
    this.setupPrompts = overrides.setupPrompts;
    this.confirmAgentMode = overrides.confirmAgentMode ?? modalConfirmAgentMode;
    const { context, chat, log } = services;
    const storage = context.globalStorageUri.fsPath;
    this.logger = { warn: (message, error) => log.warn(error === undefined ? message : `${message}: ${describeError(error)}`) };
    this.outputStore = new FileOutputStore(join(storage, 'tool-output'));
    this.store = new FileTaskStore(join(storage, 'tasks'), { logger: this.logger });
    this.tools = createToolHost(log, (tool, host, address) => this.approvals.allowsPrivateAddress(tool, host, address), {
      storage: processStorage(context),
      extensionPath: context.extensionUri.fsPath,
      webFetchDomains: () => this.approvals.allowedDomains(WEB_FETCH),
    });
    this.checkpoints = new WorkspaceCheckpoints(storage, () => this.tools.services.workspaceRoots(), log, services.approvalMode.confirmations);
    const documents = new CheckpointDocuments(this.checkpoints);
    const notify = (message: string, level: 'info' | 'warning') =>
      void (level === 'warning' ? vscode.window.showWarningMessage(message) : vscode.window.showInformationMessage(message));
    const show = (path: string) => displayPath(path, this.tools.services.workspaceRoots());
    this.review = new TaskChangesReview({ checkpoints: this.checkpoints, documents, show, notify });
    const restoreDeps = { checkpoints: this.checkpoints, documents, show, notify, confirm: overrides.restoreConfirm ?? modalConfirm };
    const confirmations = services.approvalMode.confirmations;
    const confirmValue = overrides.confirmWorkspaceValue ?? modalConfirmWorkspaceValue;
    this.workspaceValues = new WorkspaceValueReview(confirmations, confirmValue);
    this.keys = new ApiKeys(context.secrets, new KeyGate({ state: context.globalState, confirmations, confirm: confirmValue, label: (p) => providerLabel(p as ProviderId) }));
    const sandbox = this.tools.sandbox;
    this.mcp = createMcpServerManager(
      context,
      log,
      overrides.mcp,
      sandbox ? sandboxMcpLaunch({ sandbox: sandbox.sandbox, enabled: () => readSandboxSettings().enabled, workspaceRoots: () => this.tools.services.workspaceRoots() }) : undefined,
    );
    this.customizations = createCustomizationService(() => this.tools.services.workspaceRoots());
    this.hooks = new HookSupport({
      customizations: this.customizations,
      state: context.globalState,
      workspaceRoots: () => this.tools.services.workspaceRoots(),
      approvalMode: () => services.approvalMode.mode,
      ...(sandbox ? { sandbox: () => sandbox.commands.forCommands() } : {}),
      ...(overrides.confirmHooks ? { confirm: overrides.confirmHooks } : {}),
    });
    this.agents = new AgentSelection(context.workspaceState, this.customizations);
    const approvalHost = {
      extensionUri: context.extensionUri,
      globalStorageUri: context.globalStorageUri,
      toolOutputDir: this.outputStore.directory,
      log,
      confirmations: services.approvalMode.confirmations,
      sandboxUse: (request: ApprovalRequest) => (request.toolName === RUN_COMMAND && this.tools.sandbox ? this.tools.sandbox.commands.useFor(request.args) : { type: 'none' as const }),
      ...(sandbox ? { sandboxAllow: addToSandbox } : {}),
    };
    const prompter = overrides.prompter ?? new ModalPrompter();
    const notifying = (p: ApprovalPrompter) => this.hooks.notifying(p, (message) => log.warn(`A Notification hook failed: ${message}`));
    // The chat's task asks through the same first-in-first-out queue as the parallel tasks: one modal at a time.
    const queued: ApprovalPrompter = { ask: (prompt) => this.parallel.queue.ask(WINDOW_TASK, { prompt, taskTitle: '', branch: undefined }) };
    this.approvals = createApprovalService(approvalHost, { prompter: notifying(queued) });
    this.providerDeps = {
      settings: readModelSettings,
      apiKey: (settings) => this.keys.release(settings.provider, endpointOf(settings)),
      languageModel: async (id) => (await selectVsCodeLmProvider({ id })) ?? (await selectVsCodeLmProvider({})),
      onTurnSettings: (s) => {
        showDeprecationNotice(s.provider, s.model, knownLifecycles(s.provider));
        this.reportModelOverrides(s.modelOverrides?.problems ?? []);
      },
      fetch: providerFetch,
      providerLabel,
    };
    this.provider = new ConfiguredProvider(this.providerDeps);
    this.slashCommands = createSlashCommands({
      customizations: this.customizations,
      roots: () => this.tools.services.workspaceRoots(),
      approvals: this.approvals,
      ...(this.tools.sandbox ? { sandbox: () => this.tools.sandbox!.commands.forCommands() } : {}),
    });
    this.providerFor = (settings) => new ConfiguredProvider({ ...this.providerDeps, settings });
    this.welcome = new WelcomeSource(context.extension, this.keyVerdicts);
    this.mentions = new MentionService({
      services: this.tools.services,
      terminal: services.terminal,
      post: (message) => chat.post(message),
      log: this.logger,
      supportsImages: () => this.provider.model.supportsImages === true,
    });
    this.controller = new TaskController({
      publish: (delta) => chat.publish(delta),
      store: this.store,
      createSession: (record, turn) => this.createSession(record, record ? this.parallel.scopeFor(record.id) : undefined, turn),
      runsInBackground: (id) => this.parallel.runsInBackground(id),
      expandCommand: async (text) => {
        const expanded = await this.slashCommands.expand(text);
        recordCommandTurn(this.customizations, expanded.type === 'turn' ? expanded.turn : undefined);
        return expanded;
      },
      restoreDraft: (text) => chat.post({ type: 'restoreDraft', text }),
      configVersion: () => this.version,
      answerQuestion: (callId, answer) => this.tools.questions.answer(callId, answer),
      openDiff: (callId) => this.tools.diffs.open(callId),
      openFileReference: (reference) => openFileReference(reference, (message) => void vscode.window.showInformationMessage(message)),
      restore: (session, itemId, conversation) => restoreToItem(restoreDeps, session, itemId, conversation),
      reviewChanges: (session) => this.review.open(session),
      setMode: (mode) => services.approvalMode.setMode(mode),
      selectModel: async () => void (await vscode.commands.executeCommand('relay.selectModel')),
      setAgent: async (agent) => (agent === '' ? this.agents.pick() : this.agents.select(agent)),
      setUpProvider: async (step) => void (await this.setUpProvider(step)),
      settings: async () => {
        const settings = readModelSettings();
        return {
          mode: services.approvalMode.mode,
          model: describeModel(settings),
          provider: await providerStatus(settings, this.keys, this.keyVerdicts),
          imagesSupported: this.provider.model.supportsImages === true,
          agents: this.agents.choices(),
        };
      },
      notify: (message, level) => void (level === 'warning' ? vscode.window.showWarningMessage(message) : vscode.window.showInformationMessage(message)),
      onRunningChanged: (running) => {
        void vscode.commands.executeCommand('setContext', 'relay.taskRunning', running);
        if (!running) void this.publishWelcome();
      },
      log: this.logger,
      attach: (text, images, picked) => this.mentions.attach(text, images, picked),
      taskDeleted: (id) => this.tools.processes.forgetTask(id),
    });
    this.parallel = new ParallelTaskSurface({ context, chat, controller: this.controller, processes: this.tools.processes, prompter, approvals: (p, scopeFileSystem) => createApprovalService(approvalHost, { prompter: notifying(p), scopeFileSystem }), createSession: (record, scope) => this.createSession(record, scope), reviewer: this.tools.services.reviewer, ...(sandbox ? { sandbox: () => sandbox.commands.forCommands() } : {}), log: this.logger });
    this.processStatus = new ProcessStatusBar(this.tools.processes);
    this.processCards = new ProcessCards(this.tools.processes, (delta) => chat.publish(delta), this.logger);
    this.disposables.push(
      this.parallel,
      documents,
      this.processCards,
      this.mentions,
      this.processStatus,
      this.tools,
      this.mcp,
      this.customizations,
      this.agents,
      services.approvalMode.onDidChangeMode(() => void this.controller.publishSettings()),
      this.keys.onDidChange(() => {
        // A new or removed key: what a test or a request found out about the old one no longer holds.
        this.keyVerdicts.forget();
        void this.controller.publishSettings();
        void this.publishWelcome();
      }),
      this.agents.onDidChange(() => {
        this.version++; // the task on screen takes the new agent from its next message
        void this.controller.publishSettings();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        this.welcome.forget();
        void this.publishWelcome();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration('relay')) return;
        this.version++;
        if (e.affectsConfiguration('relay.models')) this.reportModelOverrides(readModelSettings().modelOverrides?.problems ?? []);
        void this.controller.publishSettings();
      }),
      // Trust granted: the next run of the task on screen is offered the write and execute tools again.
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.version++),
    );
    this.publishState();
  }

  /** Invalid `relay.models` entries: a warning naming each entry and its problem, and the same line in the log. */
  private reportModelOverrides(problems: readonly string[]): void {
    const message = this.modelOverrideNotices.next(problems);
    if (!message) return;
    this.logger.warn(message);
    const open = l10n.t('Open Settings');
    void vscode.window.showWarningMessage(message, open).then((answer) => {
      if (answer === open) void vscode.commands.executeCommand('workbench.action.openSettings', 'relay.models');
    });
  }

  /** The per-hunk review commands of the diff editor. */
  reviewCommands(): ReturnType<ToolHost['review']['handlers']> {
    return this.tools.review.handlers();
  }

  /** A validated intent from the chat webview. */
  receive(message: WebviewToHost): void {
    switch (message.type) {
      case 'ready':
        return this.publishState();
      case 'slashCommandQuery':
        return void this.slashCommands
          .list()
          .then((commands) => this.services.chat.post({ type: 'slashCommands', requestId: message.requestId, commands }))
          .catch((e: unknown) => this.logger.warn('Slash commands could not be listed', e));
      case 'mentionQuery':
        return void this.mentions.suggest(message.requestId, message.query, message.indexGeneration).catch((e: unknown) => this.logger.warn('Mention suggestions failed', e));
      case 'previewMention':
        return void this.mentions.preview(message.requestId, message.token).catch((e: unknown) => this.logger.warn('Mention preview failed', e));
      case 'dropUris':
        return void this.mentions.dropped(message.uris).catch((e: unknown) => this.logger.warn('Dropped files could not be mentioned', e));
      case 'stopProcess':
        return void this.processCards.stop(message.processId).catch((e: unknown) => this.logger.warn('Stopping the process failed', e));
      case 'openProcessUrl':
        return void this.processCards.openUrl(message.processId, message.url, message.external).catch((e: unknown) => this.logger.warn('Opening the URL failed', e));
      default:
        return void this.controller.handle(message);
    }
  }

  /** Adds mentions to the composer, once the chat has loaded if it is still loading. */
  insertMentions(mentions: MentionSuggestion[]): void {
    this.services.chat.postWhenReady({ type: 'insertMentions', mentions });
  }

  /** The settings, history and welcome the chat shows; sent again whenever a webview (re)loads. */
  publishState(): void {
    void this.controller.publishSettings();
    void this.controller.refreshHistory();
    void this.publishWelcome();
  }

  /** "Relay: Set Up Provider", whole or one step; the chat shows the new provider and the test result. */
  setUpProvider(step?: SetupStep, provider?: ProviderId): Promise<ConnectionTestResult | undefined> {
    return setUpProviderCommand(this.setupDeps(), step, provider);
  }

  /** "Relay: Select Model": the provider and model (for Azure, the deployment) a task uses; the chat shows them. */
  async selectModel(): Promise<ModelChoice | undefined> {
    const choice = await selectModelCommand({
      prompts: this.setupPrompts ?? vscodeSetupPrompts,
      keys: this.keys,
      choices: () => modelChoices(this.keys),
      setUp: (provider) => this.setUpProvider('provider', provider),
    });
    await this.controller.publishSettings();
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
      const compact = (await this.controller.listTasks()).length > 0;
      this.services.chat.publish({ type: 'welcome', welcome: await this.welcome.facts(compact, readModelSettings().provider) });
    } catch (error) {
      this.logger.warn('Could not work out the welcome', error);
    }
  }

  private setupDeps(): SetupDeps {
    return {
      keys: this.keys,
      ...(this.setupPrompts ? { prompts: this.setupPrompts } : {}),
      changed: () => void this.controller.publishSettings(),
      tested: (result, settings) => {
        this.keyVerdicts.recordTest(settings.provider, result);
        void this.controller.publishSettings();
        void this.publishWelcome();
      },
    };
  }

  /** A session for the chat's task, or (with `scope`) a parallel task's, working in its worktree; `turn`: a command's turn. */
  private async createSession(record?: TaskRecord, scope?: TaskScope, turn?: CommandTurn): Promise<AgentSession> {
    const roots = scope ? [scope.workRoot] : this.tools.services.workspaceRoots();
    const registry = new ToolRegistry();
    const builtins = createBuiltinToolFactories(scope ? servicesForTask(this.tools.services, scope.workRoot) : this.tools.services);
    for (const tool of this.approvals.offeredTools(builtins)) {
      registry.registerFactory(tool.name, tool.factory, { source: tool.source });
    }
    // A repository's settings that would make Relay ask less wait for the user: asked before the task's first step.
    await this.workspaceValues.askNew();
    // MCP servers (connected lazily, now), other extensions' tools and discovered tools, under the same trust filter.
    await registerExternalTools(registry, new Set([ATTEMPT_COMPLETION, NEW_TASK, SEARCH_TOOLS]), {
      mcp: this.mcp,
      offered: (tool) => this.approvals.offeredTools([tool]).length > 0,
      log: this.services.log,
      confirmations: this.services.approvalMode.confirmations,
    });
    (scope?.approvals ?? this.approvals).resetLoopGuard();
    // The agent's tool lists and file guard are enforced by the ToolManager, and carried into its sub-agents.
    const kinds = toolKinds(registry.list(), builtins, [ATTEMPT_COMPLETION, NEW_TASK]);
    // A command's turn may name its agent, narrow the tools and pre-approve some (command-turn.ts).
    const command = turn ? commandTurnTools(turn, (await this.customizations.get<AgentDefinition>(AGENTS_KIND_ID)).entries, await this.agents.current(), kinds, roots[0], this.customizations) : undefined;
    // The agent's model (with fallbacks) and approval mode apply to its turns, and each delegable agent's model to its own.
    const noticed: { session?: AgentSession } = {};
    const picked = command?.agent ?? (await this.agents.current());
    const delegable = await this.agents.delegable();
    const turns = await agentTurns(picked, delegable, {
      user: this.provider,
      models: {
        settings: readModelSettings,
        hasKey: (provider) => this.keys.has(provider),
        languageModels: listVsCodeLmModels,
        create: this.providerFor,
      },
      ownMode: this.services.approvalMode.mode,
      confirmations: this.services.approvalMode.confirmations,
      confirmMode: this.confirmAgentMode,
      note: (text) => noticed.session?.notice(text, 'info'),
    });
    const agent = sessionAgent(picked, kinds, roots[0], this.customizations, turns.report);
    const allowedTools = command ? command.narrow(agent.allowedTools) : agent.allowedTools;
    const delegates = delegatesFor(delegable, kinds, roots[0], turns.delegateProviders);
    void this.controller.publishSettings(); // the picker now lists the workspace's agents too
    const environment: AgentEnvironment = { workspaceRoots: roots, os: process.platform, shell: vscode.env.shell || process.env.SHELL || 'sh' };
    const session = new AgentSession(
      {
        // A command's model is for its turn; otherwise the agent's (with fallbacks) or the user's.
        provider: turn?.model ? new ConfiguredProvider({ ...this.providerDeps, settings: () => turnModelSettings(readModelSettings(), turn.model!) }) : turns.provider,
        registry,
        environment,
        turnRules: turnRulesFrom(this.customizations, { agent: () => agent.agent.id }),
        toolHooks: (taskId) => this.hooks.forTask(taskId),
        sessionHooks: (taskId) => this.hooks.forSession(taskId),
        ...(agent.prompt ? { agent: agent.prompt } : {}),
        ...(allowedTools ? { allowedTools } : {}),
        disallowedTools: agent.disallowedTools,
        callGuards: agent.callGuards,
        ...(delegates.length > 0 ? { delegates } : {}),
        approvals: inMode(this.tools.diffs.watch(command ? preApprovingGate(scope?.approvals ?? this.approvals, command.preApproved, turn!.command.id) : (scope?.approvals ?? this.approvals)), turns.mode),
        confirmContinue: (steps) => confirmContinue(steps),
        store: this.store,
        // A parallel task's checkpoints would snapshot the user's folder, not its worktree: it has none for now.
        ...(scope ? { id: scope.id } : { checkpoints: this.checkpoints }),
        outputStore: this.outputStore,
        statistics: this.statistics,
        maxSteps: readModelSettings().maxSteps,
        deferral: toolDeferral(),
        logger: this.logger,
        processNotices: (taskId) => processNoticeText(this.tools.processes.takeNotices(taskId)),
      },
      record,
    );
    noticed.session = session;
    this.followKeyVerdicts(session);
    scope?.watch(session);
    return session;
  }

  /** A task's answered request proves its key works; a 401 that it does not: the header and welcome say so. */
  private followKeyVerdicts(session: AgentSession): void {
    session.onEvent((event) => {
      const outcome = event.type === 'usage' ? 'accepted' : event.type === 'error' && event.error.kind === 'auth' ? 'rejected' : undefined;
      if (!outcome) return;
      const provider = readModelSettings().provider;
      const before = this.keyVerdicts.status(provider, 'set');
      this.keyVerdicts.recordRequest(provider, outcome);
      if (this.keyVerdicts.status(provider, 'set') === before) return;
      void this.controller.publishSettings();
      void this.publishWelcome();
    });
  }

  /** Deactivation: the task's processes are stopped (terminate, then kill) before the window goes. */
  shutdown(): Promise<void> {
    return this.tools.processes.dispose();
  }

  dispose(): void {
    void this.controller.dispose();
    this.approvals.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

/** The approvals queue's key for the chat's own (not parallel) task. */
const WINDOW_TASK = '';

/** Process logs beside the other tool output; records per workspace (an empty window reaps nothing). */
function processStorage(context: vscode.ExtensionContext): { logDir: string; recordsPath?: string; placeholderDir: string } {
  const workspace = context.storageUri?.fsPath;
  return {
    logDir: join(context.globalStorageUri.fsPath, 'process-logs'),
    placeholderDir: placeholderJournalDir(context.globalStorageUri.fsPath),
    ...(workspace ? { recordsPath: join(workspace, 'processes.json') } : {}),
  };
}

async function confirmContinue(steps: number): Promise<boolean> {
  const proceed = l10n.t('Continue');
  const answer = await vscode.window.showWarningMessage(
    l10n.t('Relay has taken {0} steps on this task.', steps),
    {
      modal: true,
      detail: l10n.t('Continue for another round of steps, or pause the task here (you can resume it later). The limit is the relay.maxSteps setting.'),
    },
    proceed,
  );
  return answer === proceed;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
