// The composition root, created on first use (never at activation): it builds the host once, from the composition
// modules below (composition/), and hands each entry point exactly what it uses. First the shared services
// (host-services.ts), then the one session factory (sessions.ts), the chat and the parallel tasks
// (chat-and-tasks.ts), the editor's, the terminal's and Source Control's entry points, and the palette's commands;
// then it follows the settings (settings-events.ts). Nothing below imports this file; the runtime bundle
// (runtime/runtime.ts) exports it.
import type * as vscode from 'vscode';
import type { ToolStatistics } from '../core/tools';
import type { MentionSuggestion, SetupStep } from '../shared/chat-model';
import type { WebviewToHost } from '../shared/protocol';
import type { ConnectionTestResult } from '../core/model/connection-test';
import type { ChangeReview } from './change-review/change-review';
import type { TaskChangesReview } from './checkpoints/review-changes';
import type { WorkspaceCheckpoints } from './checkpoints/workspace-checkpoints';
import type { RuntimeCommand } from './commands/command-ids';
import { relayCommandHandlers } from './commands/relay-commands';
import { type AgentSelection, type CustomizationService, modalConfirmAgentMode } from './customization';
import type { SlashCommands } from './customization/commands';
import type { HookSupport } from './customization/hooks';
import type { TurnModelState } from './customization/turn-model';
import type { McpServerManager } from './mcp/server-manager';
import type { MentionService } from './mentions/mention-service';
import type { ModelChoice } from './model/model-choices';
import type { ApiKeys, ProviderId } from './model/model-settings';
import type { ModelSurface } from './model/model-surface';
import type { ApprovalService } from './permissions/approval-service';
import type { WorkspaceValueReview } from './permissions/workspace-review';
import type { ProcessStatusBar } from './processes/process-status-bar';
import type { TaskController } from './session/task-controller';
import type { ParallelTaskSurface } from './tasks/wiring';
import type { ToolHost } from './tool-ports/tool-host';
import { askAsWindowTask, buildChatAndTasks, taskEntryDoor } from './composition/chat-and-tasks';
import { editorEntryPoints } from './composition/editor-entry-points';
import { buildHostServices } from './composition/host-services';
import type { RelayOverrides, RelayServices } from './composition/host-inputs';
import { sessionFactory } from './composition/sessions';
import { ConfigVersion, followSettings } from './composition/settings-events';
import { sourceControlEntryPoints } from './composition/source-control';
import { terminalEntryPoints } from './composition/terminal-entry-points';

export type { RelayOverrides, RelayServices } from './composition/host-inputs';

export class Relay implements vscode.Disposable {
  readonly controller: TaskController;
  readonly keys: ApiKeys;
  /** Asks about a workspace's looser settings when a task starts, and for "Review Workspace Settings". */
  readonly workspaceValues: WorkspaceValueReview;
  readonly statistics: ToolStatistics;
  readonly approvals: ApprovalService;
  readonly mcp: McpServerManager;
  readonly mentions: MentionService;
  /** Rules, agents, hooks and commands from the workspace's files; nothing is read before the first task. */
  readonly customizations: CustomizationService;
  readonly hooks: HookSupport;
  /** The agent picked for new tasks (Agent, Plan, Ask or the workspace's). */
  readonly agents: AgentSelection;
  /** The model the chat's turns run on when it is not the user's (an agent's or a command's), for the header. */
  readonly turnModel: TurnModelState;
  /** The "/" list and a typed command's turn. */
  readonly slashCommands: SlashCommands;
  /** The provider, the key state per provider, Set Up Provider, Select Model, Test Connection and the welcome. */
  readonly models: ModelSurface;
  readonly checkpoints: WorkspaceCheckpoints;
  readonly review: TaskChangesReview;
  /** The background processes' status bar item and list ("Relay: 2 running"). */
  readonly processStatus: ProcessStatusBar;
  /** Parallel tasks: their sessions beside the chat's, the Tasks view, the approvals queue (src/host/tasks). */
  readonly parallel: ParallelTaskSurface;
  /** Review My Changes: the review's session and its comment threads (src/host/change-review). */
  readonly changeReview: ChangeReview;
  /** What each palette and menu command does (commands/relay-commands.ts and the entry points'), by id. */
  readonly commands: Record<RuntimeCommand, (...args: unknown[]) => unknown>;
  private readonly tools: ToolHost;
  private readonly chatIntents: (message: WebviewToHost) => void;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly services: RelayServices,
    overrides: RelayOverrides = {},
  ) {
    const host = buildHostServices(services, overrides, {
      askQueued: (prompt) => askAsWindowTask(this.parallel, prompt),
      publishSettings: () => this.controller.publishSettings(),
      hasTasks: async () => (await this.controller.listTasks()).length > 0,
    });
    this.tools = host.tools;
    this.keys = host.keys;
    this.workspaceValues = host.workspaceValues;
    this.statistics = host.statistics;
    this.approvals = host.approvals;
    this.mcp = host.mcp;
    this.mentions = host.mentions;
    this.customizations = host.customizations;
    this.hooks = host.hooks;
    this.agents = host.agents;
    this.turnModel = host.turnModel;
    this.slashCommands = host.slashCommands;
    this.models = host.models;
    this.checkpoints = host.checkpoints;
    this.review = host.review;
    const version = new ConfigVersion();
    // The picker lists the workspace's agents too once a session has read them.
    const createSession = sessionFactory(host, services, overrides.confirmAgentMode ?? modalConfirmAgentMode, () => void this.controller.publishSettings());
    const chatAndTasks = buildChatAndTasks(host, services, createSession, version, () => this.publishState());
    this.controller = chatAndTasks.controller;
    this.parallel = chatAndTasks.parallel;
    this.processStatus = chatAndTasks.processStatus;
    this.chatIntents = chatAndTasks.receive;
    // The entry points outside the chat (the light bulb, the terminal) send their message through one door.
    const entry = taskEntryDoor(this.controller, services.focusChat, overrides);
    const editor = editorEntryPoints(host, entry, overrides);
    const scm = sourceControlEntryPoints(host, services, chatAndTasks, createSession, overrides);
    this.changeReview = scm.changeReview;
    this.commands = {
      ...editor.handlers,
      ...terminalEntryPoints(services.terminal, entry),
      ...scm.handlers,
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
      editor.inlineEdits,
      host.documents,
      chatAndTasks.processCards,
      this.mentions,
      this.processStatus,
      this.tools,
      this.mcp,
      this.customizations,
      this.agents,
      ...followSettings(host, services, version, () => this.controller.publishSettings()),
    );
    this.publishState();
  }

  /** A validated intent from the chat webview. */
  receive(message: WebviewToHost): void {
    this.chatIntents(message);
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
