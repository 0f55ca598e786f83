// The window's shared services, built once by the composition root before any entry point: task history and saved
// tool output on disk, the built-in tools' VS Code adapters, checkpoints, API keys, the workspace values asked
// before they loosen Relay, MCP servers, customisation files, hooks, the agent picked, approvals, the model surface,
// slash commands and mentions. Every entry point (chat and tasks, the editor's, Source Control's, the terminal's) is
// handed what it uses of these.
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { NotificationHooks } from '../../core/customization/hooks/notification-hooks';
import type { ApprovalPrompt, ApprovalPrompter, ApprovalRequest, PromptAnswer } from '../../core/ports/approval';
import type { FileSystemFacts } from '../../core/permissions/types';
import { type ToolLogger, ToolStatistics } from '../../core/tools';
import { RUN_COMMAND, WEB_FETCH } from '../../tools';
import { displayPath } from '../../tools/paths';
import { CheckpointDocuments } from '../checkpoints/checkpoint-documents';
import { modalConfirm, type RestoreFlowDeps } from '../checkpoints/restore-flow';
import { TaskChangesReview } from '../checkpoints/review-changes';
import { WorkspaceCheckpoints } from '../checkpoints/workspace-checkpoints';
import { AgentSelection, createCustomizationService, type CustomizationService, vscodeProfileFolder } from '../customization';
import { createSlashCommands, type SlashCommands } from '../customization/commands';
import { HookSupport } from '../customization/hooks';
import { TurnModelState } from '../customization/turn-model';
import { FileTaskStore } from '../history/task-store';
import type { McpServerManager } from '../mcp/server-manager';
import { createMcpServerManager } from '../mcp/wiring';
import { MentionService } from '../mentions/mention-service';
import { KeyGate } from '../model/key-gate';
import { ApiKeys, type ProviderId, providerLabel } from '../model/model-settings';
import { ModelSurface } from '../model/model-surface';
import type { ApprovalService } from '../permissions/approval-service';
import { createApprovalService } from '../permissions/create-approval-service';
import { ModalPrompter } from '../permissions/modal-prompter';
import { modalConfirmWorkspaceValue, WorkspaceValueReview } from '../permissions/workspace-review';
import { readSandboxSettings } from '../sandbox';
import { addToSandbox } from '../sandbox/allowance-setting';
import { sandboxMcpLaunch } from '../sandbox/mcp-launch';
import { placeholderJournalDir } from '../sandbox/placeholders';
import { settingLayers } from '../settings/workspace-layers';
import { FileOutputStore } from '../storage/tool-output-store';
import { createToolHost, type ToolHost } from '../tool-ports/tool-host';
import type { RelayOverrides, RelayServices } from './host-inputs';

/** What is built after these services and asked for only once they run. */
export interface LaterParts {
  /** The chat's approvals go through the parallel tasks' queue: one modal at a time across the window. */
  askQueued(prompt: ApprovalPrompt): Promise<PromptAnswer>;
  /** The chat's settings and welcome are published again (the chat's task controller). */
  publishSettings(): Promise<void>;
  /** Whether a task was ever saved (the welcome's short form). */
  hasTasks(): Promise<boolean>;
}

export interface HostServices {
  logger: ToolLogger;
  statistics: ToolStatistics;
  outputStore: FileOutputStore;
  store: FileTaskStore;
  tools: ToolHost;
  checkpoints: WorkspaceCheckpoints;
  /** The checkpoints' read-only documents (diffs of Review Task Changes and the restore preview). */
  documents: CheckpointDocuments;
  review: TaskChangesReview;
  /** What Restore asks and writes with. */
  restoreDeps: RestoreFlowDeps;
  workspaceValues: WorkspaceValueReview;
  keys: ApiKeys;
  mcp: McpServerManager;
  customizations: CustomizationService;
  hooks: HookSupport;
  agents: AgentSelection;
  turnModel: TurnModelState;
  /** The chat's approvals (through the window's queue). */
  approvals: ApprovalService;
  /** A parallel task's approvals: asking through `prompter`, with its file system facts. */
  approvalsFor(prompter: ApprovalPrompter, scopeFileSystem: (facts: FileSystemFacts) => FileSystemFacts): ApprovalService;
  /** The window's approval prompter (the native modal, or a test's). */
  prompter: ApprovalPrompter;
  models: ModelSurface;
  slashCommands: SlashCommands;
  mentions: MentionService;
}

export function buildHostServices(services: RelayServices, overrides: RelayOverrides, later: LaterParts): HostServices {
  const { context, chat, log } = services;
  const storage = context.globalStorageUri.fsPath;
  const logger: ToolLogger = { warn: (message, error) => log.warn(error === undefined ? message : `${message}: ${describeError(error)}`) };
  const outputStore = new FileOutputStore(join(storage, 'tool-output'));
  const store = new FileTaskStore(join(storage, 'tasks'), { logger });
  const hooksLater: { notifications?: NotificationHooks } = {};
  // The approval service is built below; the tool host asks it only once a tool runs.
  const tools: ToolHost = createToolHost(log, (tool, host, address) => approvals.allowsPrivateAddress(tool, host, address), {
    storage: processStorage(context),
    extensionPath: context.extensionUri.fsPath,
    webFetchDomains: () => approvals.allowedDomains(WEB_FETCH),
    // Asked only once a task runs, when the hooks exist.
    onQuestion: (callId, question) => void hooksLater.notifications?.question(callId, question),
  });
  const roots = () => tools.services.workspaceRoots();
  const confirmations = services.approvalMode.confirmations;
  const checkpoints = new WorkspaceCheckpoints(storage, roots, log, confirmations);
  const documents = new CheckpointDocuments(checkpoints);
  const notify = (message: string, level: 'info' | 'warning') =>
    void (level === 'warning' ? vscode.window.showWarningMessage(message) : vscode.window.showInformationMessage(message));
  const show = (path: string) => displayPath(path, roots());
  const review = new TaskChangesReview({ checkpoints, documents, show, notify });
  const restoreDeps: RestoreFlowDeps = { checkpoints, documents, show, notify, confirm: overrides.restoreConfirm ?? modalConfirm };
  const confirmValue = overrides.confirmWorkspaceValue ?? modalConfirmWorkspaceValue;
  const workspaceValues = new WorkspaceValueReview(confirmations, confirmValue);
  const keys = new ApiKeys(context.secrets, new KeyGate({ state: context.globalState, confirmations, confirm: confirmValue, label: (p) => providerLabel(p as ProviderId), layers: settingLayers }));
  const sandbox = tools.sandbox;
  const mcp = createMcpServerManager(
    context,
    log,
    overrides.mcp,
    sandbox ? sandboxMcpLaunch({ sandbox: sandbox.sandbox, enabled: () => readSandboxSettings().enabled, workspaceRoots: roots }) : undefined,
  );
  const customizations = createCustomizationService(roots, vscodeProfileFolder(context.globalStorageUri));
  const hooks = new HookSupport({
    customizations,
    state: context.globalState,
    workspaceRoots: roots,
    approvalMode: () => services.approvalMode.mode,
    ...(sandbox ? { sandbox: () => sandbox.commands.forCommands() } : {}),
    ...(overrides.confirmHooks ? { confirm: overrides.confirmHooks } : {}),
  });
  const agents = new AgentSelection(context.workspaceState, customizations);
  const approvalHost = {
    extensionUri: context.extensionUri,
    globalStorageUri: context.globalStorageUri,
    toolOutputDir: outputStore.directory,
    log,
    confirmations,
    sandboxUse: (request: ApprovalRequest) => (request.toolName === RUN_COMMAND && sandbox ? sandbox.commands.useFor(request.args) : { type: 'none' as const }),
    ...(sandbox ? { sandboxAllow: addToSandbox } : {}),
  };
  const prompter = overrides.prompter ?? new ModalPrompter();
  const notifier = hooks.notifications((message) => log.warn(`A Notification hook failed: ${message}`));
  hooksLater.notifications = notifier;
  const notifying = (p: ApprovalPrompter) => notifier.prompter(p);
  // The chat's task asks through the same first-in-first-out queue as the parallel tasks: one modal at a time.
  const approvals = createApprovalService(approvalHost, { prompter: notifying({ ask: (prompt) => later.askQueued(prompt) }) });
  const models = new ModelSurface({
    extension: context.extension,
    publish: (delta) => chat.publish(delta),
    keys,
    ...(overrides.setupPrompts ? { setupPrompts: overrides.setupPrompts } : {}),
    logger,
    publishSettings: () => later.publishSettings(),
    hasTasks: () => later.hasTasks(),
  });
  const slashCommands = createSlashCommands({
    customizations,
    roots,
    approvals,
    ...(sandbox ? { sandbox: () => sandbox.commands.forCommands() } : {}),
  });
  const mentions = new MentionService({
    services: tools.services,
    terminal: services.terminal,
    post: (message) => chat.post(message),
    log: logger,
    supportsImages: () => models.provider.model.supportsImages === true,
    readPolicy: (path) => approvals.readRefusal(path),
  });
  return {
    logger,
    statistics: new ToolStatistics(),
    outputStore,
    store,
    tools,
    checkpoints,
    documents,
    review,
    restoreDeps,
    workspaceValues,
    keys,
    mcp,
    customizations,
    hooks,
    agents,
    turnModel: new TurnModelState(),
    approvals,
    approvalsFor: (p, scopeFileSystem) => createApprovalService(approvalHost, { prompter: notifying(p), scopeFileSystem }),
    prompter,
    models,
    slashCommands,
    mentions,
  };
}

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
