// Builds a task's AgentSession from the window's parts: the built-in tools (scoped to a parallel task's worktree
// when it has one) under the trust filter, MCP and other extensions' tools, the agent picked (or a slash command's
// turn) with its model, approval mode, tool lists and file guard enforced by the ToolManager, the rules and hooks of
// the workspace, and where its history, checkpoints and long outputs go.
import * as vscode from 'vscode';
import { AgentSession, type AgentEnvironment } from '../../core/agent';
import { withFirstTurnNotes } from '../../core/customization/agents/fallback-provider';
import { preApprovingGate } from '../../core/customization/commands/pre-approved';
import type { AgentDefinition } from '../../core/customization/agents/agent';
import { AGENTS_KIND_ID } from '../../core/customization/agents/agents-kind';
import { l10n } from '../../core/l10n';
import type { TaskRecord } from '../../core/ports/task-store';
import { processNoticeText } from '../../core/processes/notices';
import { ATTEMPT_COMPLETION, NEW_TASK, SEARCH_TOOLS, type ToolLogger, ToolRegistry, type ToolStatistics } from '../../core/tools';
import { createBuiltinToolFactories } from '../../tools';
import type { WorkspaceCheckpoints } from '../checkpoints/workspace-checkpoints';
import { type AgentSelection, agentTurns, type ConfirmAgentMode, type CustomizationService, delegatesFor, inMode, sessionAgent, toolKinds, turnRulesFrom } from '../customization';
import type { AgentTurnDeps } from '../customization/agent-turns';
import type { TurnModelState } from '../customization/turn-model';
import { type CommandTurn, commandTurnTools, recordCommandTurn } from '../customization/commands';
import { type AgentModelDeps, commandModelProvider } from '../customization/agent-model';
import type { HookSupport } from '../customization/hooks';
import type { FileTaskStore } from '../history/task-store';
import { registerExternalTools, toolDeferral } from '../mcp/wiring';
import type { McpServerManager } from '../mcp/server-manager';
import type { ConfiguredProvider } from '../model/configured-provider';
import { type ApiKeys, type ModelSettings, type ProviderId, providerLabel, readModelSettings } from '../model/model-settings';
import { listVsCodeLmModels } from '../model/vscode-lm-provider';
import type { ApprovalModeSetting } from '../permissions/approval-mode-setting';
import type { ApprovalService } from '../permissions/approval-service';
import type { WorkspaceValueReview } from '../permissions/workspace-review';
import type { FileOutputStore } from '../storage/tool-output-store';
import type { ToolHost } from '../tool-ports/tool-host';
import { servicesForTask, type TaskScope } from './session-scope';
import { modalWithCancel } from '../dialogs/modal';
import { commandSandboxState } from '../sandbox/sandbox-state';

export interface SessionFactoryDeps {
  tools: ToolHost;
  approvals: ApprovalService;
  workspaceValues: WorkspaceValueReview;
  mcp: McpServerManager;
  log: vscode.LogOutputChannel;
  approvalMode: ApprovalModeSetting;
  customizations: CustomizationService;
  agents: AgentSelection;
  hooks: HookSupport;
  /** The user's provider, and how to build one for other settings (an agent's or a command's model). */
  provider: ConfiguredProvider;
  providerDeps: ConstructorParameters<typeof ConfiguredProvider>[0];
  providerFor: (settings: () => ModelSettings) => ConfiguredProvider;
  keys: ApiKeys;
  confirmAgentMode: ConfirmAgentMode;
  store: FileTaskStore;
  checkpoints: WorkspaceCheckpoints;
  outputStore: FileOutputStore;
  statistics: ToolStatistics;
  logger: ToolLogger;
  /** The workspace's agents are read: the picker lists them too. */
  agentsRead(): void;
  /** The model the chat's turns run on when not the user's, for the header and the composer. */
  turnModel: TurnModelState;
}

/** A session for the chat's task, or (with `scope`) a parallel task's, working in its worktree; `turn`: a command's turn. */
export async function createTaskSession(deps: SessionFactoryDeps, record?: TaskRecord, scope?: TaskScope, turn?: CommandTurn): Promise<AgentSession> {
  const { tools, customizations } = deps;
  const roots = scope ? [scope.workRoot] : tools.services.workspaceRoots();
  const approvals = scope?.approvals ?? deps.approvals;
  const registry = new ToolRegistry();
  const builtins = createBuiltinToolFactories(scope ? servicesForTask(tools.services, scope.workRoot, scope.env) : tools.services);
  for (const tool of deps.approvals.offeredTools(builtins)) {
    registry.registerFactory(tool.name, tool.factory, { source: tool.source });
  }
  // A repository's settings that would make Relay ask less wait for the user: asked before the task's first step.
  await deps.workspaceValues.askNew();
  // MCP servers (connected lazily, now), other extensions' tools and discovered tools, under the same trust filter.
  await registerExternalTools(registry, new Set([ATTEMPT_COMPLETION, NEW_TASK, SEARCH_TOOLS]), {
    mcp: deps.mcp,
    offered: (tool) => deps.approvals.offeredTools([tool]).length > 0,
    log: deps.log,
    confirmations: deps.approvalMode.confirmations,
  });
  approvals.resetLoopGuard();
  // The agent's tool lists and file guard are enforced by the ToolManager, and carried into its sub-agents.
  const kinds = toolKinds(registry.list(), builtins, [ATTEMPT_COMPLETION, NEW_TASK]);
  // A command's turn may name its agent, narrow the tools and pre-approve some (command-turn.ts). A sub-agent
  // command's agent is its sub-agent's (new_task names it): the conversation keeps the selected one.
  const forTask = turn?.subtask ? { ...turn, agent: undefined } : turn;
  const command = forTask ? commandTurnTools(forTask, (await customizations.get<AgentDefinition>(AGENTS_KIND_ID)).entries, await deps.agents.current(), kinds, roots[0]) : undefined;
  // The agent's model (with fallbacks) and approval mode apply to its turns, and each delegable agent's model to its own.
  const noticed: { session?: AgentSession } = {};
  const picked = command?.agent ?? (await deps.agents.current());
  const delegable = await deps.agents.delegable();
  const models: AgentModelDeps = { settings: readModelSettings, hasKey: (provider) => deps.keys.has(provider), languageModels: listVsCodeLmModels, create: deps.providerFor };
  const turns = await agentTurns(picked, delegable, {
    user: deps.provider,
    models,
    ownMode: deps.approvalMode.mode,
    confirmations: deps.approvalMode.confirmations,
    confirmMode: deps.confirmAgentMode,
    note: (text) => noticed.session?.notice(text, 'info'),
    ...(scope || turn?.model ? {} : { using: shownModel(deps.turnModel, picked.name, turn !== undefined) }),
  });
  // A command's model is for its turn, resolved like an agent's: one the user's providers do not serve falls back to
  // the turn's agent's model (or the user's), said in the chat, instead of going to the provider as a model id.
  const commandOwner = turn ? `/${turn.command.id}` : '';
  const commandModel = turn?.model
    ? await commandModelProvider(commandOwner, turn.model, turns.provider, models, (text) => noticed.session?.notice(text, 'info'), scope ? undefined : shownModel(deps.turnModel, commandOwner, true))
    : undefined;
  if (forTask && ((command?.warnings.length ?? 0) > 0 || commandModel)) recordCommandTurn(customizations, forTask, [...(command?.warnings ?? []), ...(commandModel ? [commandModel.report] : [])]);
  // Typing a sub-agent command asks for its new_task call (OpenCode does not ask either): pre-approved like an allow
  // rule, so a deny rule, plan mode and every call of the sub-agent are still decided as usual.
  const preApproved = [...(command?.preApproved ?? []), ...(turn?.subtask ? [{ tools: [NEW_TASK] }] : [])];
  const agent = sessionAgent(picked, kinds, roots[0], customizations, turns.report);
  const allowedTools = command ? command.narrow(agent.allowedTools) : agent.allowedTools;
  const delegates = delegatesFor(delegable, kinds, roots[0], turns.delegateProviders);
  deps.agentsRead();
  const environment: AgentEnvironment = {
    workspaceRoots: roots,
    os: process.platform,
    shell: vscode.env.shell || process.env.SHELL || 'sh',
    ...(scope?.worktree ? { parallelTask: scope.worktree } : {}),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    // The agent's own mode when it has one, else the one the user has now; the sandbox as its settings and platform say.
    conditions: () => ({ approvalMode: turns.mode ?? deps.approvalMode.mode, sandbox: commandSandboxState(tools.sandbox) }),
  };
  const session = new AgentSession(
    {
      // A command's model is for its turn; otherwise the agent's (with fallbacks) or the user's.
      // An MCP server the agent's or the command's tool list names but that gives no tool: said at the first turn.
      provider: withFirstTurnNotes(commandModel?.provider ?? turns.provider, [...agent.notices, ...(command?.notices ?? [])], (text) => noticed.session?.notice(text, 'warning')),
      registry,
      environment,
      turnRules: turnRulesFrom(customizations, { agent: () => agent.agent.id }),
      toolHooks: (taskId) => deps.hooks.forTask(taskId),
      sessionHooks: (taskId) => deps.hooks.forSession(taskId),
      ...(agent.prompt ? { agent: agent.prompt } : {}),
      ...(allowedTools ? { allowedTools } : {}),
      disallowedTools: agent.disallowedTools,
      callGuards: agent.callGuards,
      ...(delegates.length > 0 ? { delegates } : {}),
      approvals: inMode(tools.diffs.watch(command ? preApprovingGate(approvals, preApproved, turn!.command.id) : approvals), turns.mode),
      confirmContinue: (steps) => confirmContinue(steps),
      store: deps.store,
      // A parallel task's checkpoints are commits on its branch (the user's folder's store would snapshot the wrong folder).
      ...(scope ? { id: scope.id, ...(scope.checkpoints ? { checkpoints: scope.checkpoints } : {}) } : { checkpoints: deps.checkpoints }),
      outputStore: deps.outputStore,
      statistics: deps.statistics,
      maxSteps: readModelSettings().maxSteps,
      deferral: toolDeferral(),
      logger: deps.logger,
      processNotices: (taskId) => processNoticeText(tools.processes.takeNotices(taskId)),
    },
    record,
  );
  noticed.session = session;
  scope?.watch(session);
  return session;
}

async function confirmContinue(steps: number): Promise<boolean> {
  const proceed = l10n.t('Continue');
  const answer = await modalWithCancel(
    'warning',
    l10n.t('Relay has taken {0} steps on this task.', steps),
    l10n.t('Continue for another round of steps, or pause the task here (you can resume it later). The limit is the relay.maxSteps setting.'),
    [proceed],
  );
  return answer === proceed;
}

/** What the selected agent's first turn runs on, for the header: kept while the agent stays picked, or for one command's turn. */
function shownModel(state: TurnModelState, owner: string, oneTurn: boolean): NonNullable<AgentTurnDeps['using']> {
  return (used, why) => {
    // The provider by its display name, as the header and the welcome name it ("OpenAI-compatible server").
    const model = used ? { ...used, provider: providerLabel(used.provider as ProviderId), owner, why } : undefined;
    if (!oneTurn) state.agent(model);
    else if (model) state.command(model);
  };
}
