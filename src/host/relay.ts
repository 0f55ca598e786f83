// The composition root, created on first use (never at activation): everything the window's agent needs is built
// here, once, and each entry point (the chat's intents, the palette commands) is handed exactly what it uses. The
// chat's task controller runs on real sessions: the configured model provider, the built-in tools on VS Code
// adapters (read-only ones only in Restricted Mode), approvals through the native modal, task history and saved
// tool output on disk. Nothing below imports this file; the runtime bundle (runtime/runtime.ts) exports it.
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { AgentSession } from '../core/agent';
import { runningBackground } from '../core/processes/process-list';
import { l10n } from '../core/l10n';
import type { ApprovalPrompter, ApprovalRequest } from '../core/ports/approval';
import type { TaskRecord } from '../core/ports/task-store';
import { type ToolLogger, ToolStatistics } from '../core/tools';
import { RUN_COMMAND, WEB_FETCH } from '../tools';
import type { MentionSuggestion } from '../shared/chat-model';
import type { WebviewToHost } from '../shared/protocol';
import type { ChatViewProvider } from './chat/chat-view';
import type { RuntimeCommand } from './commands/command-ids';
import { relayCommandHandlers } from './commands/relay-commands';
import type { ConfirmCallerTask } from './tasks/task-commands';
import { CheckpointDocuments } from './checkpoints/checkpoint-documents';
import { modalConfirm, type RestoreConfirm, restoreToItem } from './checkpoints/restore-flow';
import { settingLayers } from './settings/workspace-layers';
import { TaskChangesReview } from './checkpoints/review-changes';
import { WorkspaceCheckpoints } from './checkpoints/workspace-checkpoints';
import { displayPath } from '../tools/paths';
import { KeyGate } from './model/key-gate';
import { type ConfirmWorkspaceValue, modalConfirmWorkspaceValue, WorkspaceValueReview } from './permissions/workspace-review';
import { ApiKeys, describeModel, type ProviderId, providerLabel, readModelSettings } from './model/model-settings';
import type { ModelChoice } from './model/model-choices';
import type { SetupPrompts } from './model/setup-prompts';
import type { ConnectionTestResult } from '../core/model/connection-test';
import type { SetupStep } from '../shared/chat-model';
import type { ApprovalService } from './permissions/approval-service';
import type { ApprovalModeSetting } from './permissions/approval-mode-setting';
import { createApprovalService } from './permissions/create-approval-service';
import { ModalPrompter } from './permissions/modal-prompter';
import { createMcpServerManager, type McpOverrides } from './mcp/wiring';
import type { McpServerManager } from './mcp/server-manager';
import { MentionService } from './mentions/mention-service';
import type { TerminalRecorder } from './mentions/terminal-recorder';
import { TaskController } from './session/task-controller';
import { createTaskSession } from './session/session-factory';
import { ModelSurface } from './model/model-surface';
import { TurnModelState } from './customization/turn-model';
import { AgentSelection, type ConfirmAgentMode, createCustomizationService, type CustomizationService, modalConfirmAgentMode, vscodeProfileFolder } from './customization';
import { type HookConfirmer, HookSupport } from './customization/hooks';
import type { NotificationHooks } from '../core/customization/hooks/notification-hooks';
import { type CommandTurn, createSlashCommands, recordCommandTurn, type SlashCommands } from './customization/commands';
import { openFileReference } from './session/file-reference-opener';
import { FileTaskStore } from './history/task-store';
import { createToolHost, type ToolHost } from './tool-ports/tool-host';
import { readSandboxSettings } from './sandbox';
import { sandboxMcpLaunch } from './sandbox/mcp-launch';
import { placeholderJournalDir } from './sandbox/placeholders';
import { addToSandbox } from './sandbox/allowance-setting';
import { FileOutputStore } from './storage/tool-output-store';
import { ProcessCards } from './processes/process-cards';
import { ProcessStatusBar } from './processes/process-status-bar';
import type { TaskScope } from './session/session-scope';
import { ParallelTaskSurface } from './tasks/wiring';
import { TaskEntry, type TaskTargetPicker } from './task-entry/task-entry';
import { codeActionHandlers } from './code-actions/code-action-commands';
import { terminalActionHandlers } from './terminal-actions/terminal-commands';
import { commitMessageHandlers } from './scm/commit-message';
import { ChangeReview } from './change-review/change-review';
import type { ConfirmReview } from './change-review/review-question';
import { InlineEdits } from './inline-edit/inline-edit';
import type { InstructionPrompt } from './inline-edit/instruction-input';
import { REVIEW_TASK_WITH_RELAY, reviewTaskWithRelayHandler } from './tasks/review/task-agent-review';

export interface RelayServices {
  context: vscode.ExtensionContext;
  chat: ChatViewProvider;
  log: vscode.LogOutputChannel;
  approvalMode: ApprovalModeSetting;
  /** The last terminal command, recorded from activation on, for `@terminal`. */
  terminal: TerminalRecorder;
  /** Shows the chat view (its page may still be loading when this resolves). */
  focusChat(): Promise<void>;
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
  /** Integration tests answer whether a parallel task whose prompt a command's caller wrote may start; the default is the native modal. */
  confirmCallerTask?: ConfirmCallerTask;
  /** Integration tests answer whether Review My Changes may send the working tree's changes to the model; the default is the native modal. */
  confirmReview?: ConfirmReview;
  /** Integration tests answer whether an entry point's message starts a new task; the default is VS Code's QuickPick. */
  pickTaskTarget?: TaskTargetPicker;
  /** Integration tests type the inline edit's instruction; the default is VS Code's InputBox. */
  askInlineInstruction?: InstructionPrompt;
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
  /** The model the chat's turns run on when it is not the user's (an agent's or a command's), for the header. */
  readonly turnModel = new TurnModelState();
  /** The "/" list and a typed command's turn. */
  readonly slashCommands: SlashCommands;
  private readonly tools: ToolHost;
  /** The provider, the key state per provider, Set Up Provider, Select Model, Test Connection and the welcome. */
  readonly models: ModelSurface;
  private readonly outputStore: FileOutputStore;
  private readonly store: FileTaskStore;
  readonly checkpoints: WorkspaceCheckpoints;
  readonly review: TaskChangesReview;
  /** The background processes' status bar item and list ("Relay: 2 running"). */
  readonly processStatus: ProcessStatusBar;
  /** Parallel tasks: their sessions beside the chat's, the Tasks view, the approvals queue (src/host/tasks). */
  readonly parallel: ParallelTaskSurface;
  private readonly processCards: ProcessCards;
  /** Review My Changes: the review's session and its comment threads (src/host/change-review). */
  readonly changeReview: ChangeReview;
  /** What each palette and menu command does (commands/relay-commands.ts), by id. */
  readonly commands: Record<RuntimeCommand, (...args: unknown[]) => unknown>;
  private readonly logger: ToolLogger;
  private version = 0;
  private readonly disposables: vscode.Disposable[] = [];

  private readonly confirmAgentMode: ConfirmAgentMode;

  constructor(
    private readonly services: RelayServices,
    overrides: RelayOverrides = {},
  ) {
    this.confirmAgentMode = overrides.confirmAgentMode ?? modalConfirmAgentMode;
    const { context, chat, log } = services;
    const storage = context.globalStorageUri.fsPath;
    this.logger = { warn: (message, error) => log.warn(error === undefined ? message : `${message}: ${describeError(error)}`) };
    this.outputStore = new FileOutputStore(join(storage, 'tool-output'));
    this.store = new FileTaskStore(join(storage, 'tasks'), { logger: this.logger });
    const later: { notifications?: NotificationHooks } = {};
    this.tools = createToolHost(log, (tool, host, address) => this.approvals.allowsPrivateAddress(tool, host, address), {
      storage: processStorage(context),
      extensionPath: context.extensionUri.fsPath,
      webFetchDomains: () => this.approvals.allowedDomains(WEB_FETCH),
      // Asked only once a task runs, when the hooks exist.
      onQuestion: (callId, question) => void later.notifications?.question(callId, question),
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
    this.keys = new ApiKeys(context.secrets, new KeyGate({ state: context.globalState, confirmations, confirm: confirmValue, label: (p) => providerLabel(p as ProviderId), layers: settingLayers }));
    const sandbox = this.tools.sandbox;
    this.mcp = createMcpServerManager(
      context,
      log,
      overrides.mcp,
      sandbox ? sandboxMcpLaunch({ sandbox: sandbox.sandbox, enabled: () => readSandboxSettings().enabled, workspaceRoots: () => this.tools.services.workspaceRoots() }) : undefined,
    );
    this.customizations = createCustomizationService(() => this.tools.services.workspaceRoots(), vscodeProfileFolder(context.globalStorageUri));
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
    const notifier = this.hooks.notifications((message) => log.warn(`A Notification hook failed: ${message}`));
    later.notifications = notifier;
    const notifying = (p: ApprovalPrompter) => notifier.prompter(p);
    // The chat's task asks through the same first-in-first-out queue as the parallel tasks: one modal at a time.
    const queued: ApprovalPrompter = { ask: (prompt) => this.parallel.queue.ask(WINDOW_TASK, { prompt, taskTitle: '', branch: undefined }) };
    this.approvals = createApprovalService(approvalHost, { prompter: notifying(queued) });
    this.models = new ModelSurface({
      extension: context.extension,
      publish: (delta) => chat.publish(delta),
      keys: this.keys,
      ...(overrides.setupPrompts ? { setupPrompts: overrides.setupPrompts } : {}),
      logger: this.logger,
      publishSettings: () => this.controller.publishSettings(),
      hasTasks: async () => (await this.controller.listTasks()).length > 0,
    });
    this.slashCommands = createSlashCommands({
      customizations: this.customizations,
      roots: () => this.tools.services.workspaceRoots(),
      approvals: this.approvals,
      ...(this.tools.sandbox ? { sandbox: () => this.tools.sandbox!.commands.forCommands() } : {}),
    });
    this.mentions = new MentionService({
      services: this.tools.services,
      terminal: services.terminal,
      post: (message) => chat.post(message),
      log: this.logger,
      supportsImages: () => this.models.provider.model.supportsImages === true,
      readPolicy: (path) => this.approvals.readRefusal(path),
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
      restore: async (session, itemId, conversation) => {
        if (!(await this.parallel.restore(restoreDeps, session, itemId, conversation))) await restoreToItem(restoreDeps, session, itemId, conversation);
      },
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
          provider: await this.models.status(settings),
          imagesSupported: this.models.provider.model.supportsImages === true,
          agents: this.agents.choices(),
          ...(this.turnModel.value ? { turnModel: this.turnModel.value } : {}),
        };
      },
      notify: (message, level) => void (level === 'warning' ? vscode.window.showWarningMessage(message) : vscode.window.showInformationMessage(message)),
      onRunningChanged: (running) => {
        void vscode.commands.executeCommand('setContext', 'relay.taskRunning', running);
        if (running) return;
        void this.publishWelcome();
        this.turnModel.turnEnded();
      },
      log: this.logger,
      attach: (text, images, picked) => this.mentions.attach(text, images, picked),
      taskDeleted: (id) => this.tools.processes.forgetTask(id),
      liveProcesses: (id) => runningBackground(this.tools.processes.list(id)).length,
    });
    this.parallel = new ParallelTaskSurface({ context, chat, controller: this.controller, processes: this.tools.processes, prompter, approvals: (p, scopeFileSystem) => createApprovalService(approvalHost, { prompter: notifying(p), scopeFileSystem }), createSession: (record, scope) => this.createSession(record, scope), reviewer: this.tools.services.reviewer, ...(sandbox ? { sandbox: () => sandbox.commands.forCommands() } : {}), log: this.logger });
    this.processStatus = new ProcessStatusBar(this.tools.processes);
    this.processCards = new ProcessCards(this.tools.processes, (delta) => chat.publish(delta), this.logger);
    this.changeReview = new ChangeReview({
      createSession: (turn, scope) => this.createSession(undefined, scope, turn),
      startTask: async (text) => {
        if (this.controller.isRunning) {
          void vscode.window.showInformationMessage(l10n.t('Relay: a task is running: stop it or wait before fixing a review comment.'));
          return false;
        }
        await services.focusChat();
        await this.controller.handle({ type: 'newTask' });
        await this.controller.send(text);
        return true;
      },
      model: () => describeModel(readModelSettings()),
      ...(overrides.confirmReview ? { confirm: overrides.confirmReview } : {}),
      log,
    });
    // The entry points outside the chat (the light bulb…) send their message through one door: a new task or the
    // task on screen, as the person chooses.
    const entry = new TaskEntry({
      current: () => {
        const session = this.controller.session;
        return session && session.messages.length > 0 ? { title: session.view().title, running: session.isRunning } : undefined;
      },
      newTask: () => this.controller.handle({ type: 'newTask' }),
      send: (text) => this.controller.send(text),
      focusChat: services.focusChat,
      ...(overrides.pickTaskTarget ? { pick: overrides.pickTaskTarget } : {}),
    });
    const inlineEdits = new InlineEdits({ provider: () => this.models.provider, reviewer: this.tools.services.reviewer, log: this.logger, ...(overrides.askInlineInstruction ? { ask: overrides.askInlineInstruction } : {}) });
    this.commands = {
      ...inlineEdits.handlers(),
      ...codeActionHandlers({ start: (text) => entry.start(text), mentionOf: (uri, lines) => this.mentions.mentionOf(uri, lines) }),
      ...terminalActionHandlers({ recorder: services.terminal, start: (text) => entry.start(text) }),
      ...commitMessageHandlers({ provider: () => this.models.provider, log: this.logger }),
      ...this.changeReview.handlers(),
      [REVIEW_TASK_WITH_RELAY]: reviewTaskWithRelayHandler(() => this.parallel, this.changeReview),
      ...relayCommandHandlers({
      controller: this.controller,
      keys: this.keys,
      models: this.models,
      workspaceValues: this.workspaceValues,
      statistics: this.statistics,
      customizations: this.customizations,
      agents: this.agents,
      mcp: this.mcp,
      processStatus: this.processStatus,
      mentions: this.mentions,
      insertMentions: (mentions) => this.insertMentions(mentions),
      review: this.tools.review.handlers(),
      parallel: () => this.parallel,
      focusChat: services.focusChat,
      ...(overrides.confirmCallerTask ? { confirmCallerTask: overrides.confirmCallerTask } : {}),
      }),
    };
    this.disposables.push(
      this.parallel,
      this.changeReview,
      inlineEdits,
      documents,
      this.processCards,
      this.mentions,
      this.processStatus,
      this.tools,
      this.mcp,
      this.customizations,
      this.agents,
      services.approvalMode.onDidChangeMode(() => void this.controller.publishSettings()),
      this.keys.onDidChange(() => this.models.keysChanged()),
      this.turnModel.onDidChange(() => void this.controller.publishSettings()),
      this.agents.onDidChange(() => {
        this.version++; // the task on screen takes the new agent from its next message
        this.turnModel.agentChanged();
        void this.controller.publishSettings();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.models.foldersChanged()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration('relay')) return;
        this.version++;
        if (e.affectsConfiguration('relay.models')) this.models.reportModelOverrides();
        void this.controller.publishSettings();
      }),
      // Trust granted: the next run of the task on screen is offered the write and execute tools again.
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.version++),
    );
    this.publishState();
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
    return this.models.setUpProvider(step, provider);
  }

  /** "Relay: Select Model": the provider and model (for Azure, the deployment) a task uses; the chat shows them. */
  selectModel(): Promise<ModelChoice | undefined> {
    return this.models.selectModel();
  }

  /** "Relay: Test Connection": the test, then its result in a notification (OK) or a modal with the fix. */
  testConnection(): Promise<ConnectionTestResult> {
    return this.models.testConnection();
  }

  /** The same test without showing the result (the welcome still records it). */
  checkConnection(): Promise<ConnectionTestResult> {
    return this.models.checkConnection();
  }

  /** The example tasks and shortcuts; the short form once a task has been saved. */
  publishWelcome(): Promise<void> {
    return this.models.publishWelcome();
  }

  /** A session for the chat's task, or (with `scope`) a parallel task's, working in its worktree; `turn`: a command's turn. */
  private async createSession(record?: TaskRecord, scope?: TaskScope, turn?: CommandTurn): Promise<AgentSession> {
    const session = await createTaskSession(
      {
        tools: this.tools,
        approvals: this.approvals,
        workspaceValues: this.workspaceValues,
        mcp: this.mcp,
        log: this.services.log,
        approvalMode: this.services.approvalMode,
        customizations: this.customizations,
        agents: this.agents,
        hooks: this.hooks,
        provider: this.models.provider,
        providerDeps: this.models.providerDeps,
        providerFor: this.models.providerFor,
        keys: this.keys,
        confirmAgentMode: this.confirmAgentMode,
        store: this.store,
        checkpoints: this.checkpoints,
        outputStore: this.outputStore,
        statistics: this.statistics,
        logger: this.logger,
        agentsRead: () => void this.controller.publishSettings(), // the picker now lists the workspace's agents too
        turnModel: this.turnModel,
      },
      record,
      scope,
      turn,
    );
    this.models.followKeyVerdicts(session);
    return session;
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
function processStorage(context: vscode.ExtensionContext): { logDir: string; recordsPath?: string; placeholderDir: string; vscodeGlobalStorage: string } {
  const workspace = context.storageUri?.fsPath;
  return {
    logDir: join(context.globalStorageUri.fsPath, 'process-logs'),
    placeholderDir: placeholderJournalDir(context.globalStorageUri.fsPath),
    vscodeGlobalStorage: dirname(context.globalStorageUri.fsPath),
    ...(workspace ? { recordsPath: join(workspace, 'processes.json') } : {}),
  };
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
