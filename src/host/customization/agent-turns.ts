// What an agent changes about a session besides its tools: the model of its turns (with fallbacks) and their
// approval mode, for the selected agent and for each workspace agent the model may delegate to. What is decided is
// said once in the task's chat, at its first turn, and recorded for Show Customizations.
import type { AgentDefinition } from '../../core/customization/agents/agent';
import { type FallbackProviderOptions, withFirstTurnNotes } from '../../core/customization/agents/fallback-provider';
import type { LanguageModelSummary } from '../../core/customization/agents/agent-model';
import { l10n } from '../../core/l10n';
import type { ModelProvider } from '../../core/model/provider';
import type { ApprovalMode } from '../../core/permissions/types';
import type { WorkspaceConfirmations } from '../settings/workspace-confirmations';
import { agentApprovalMode, type ConfirmAgentMode } from './agent-mode';
import { type AgentModelDeps, agentModelProvider } from './agent-model';

export interface AgentTurnDeps {
  /** The user's own model. */
  user: ModelProvider;
  models: AgentModelDeps;
  /** The user's approval mode now. */
  ownMode: ApprovalMode;
  confirmations: WorkspaceConfirmations;
  confirmMode: ConfirmAgentMode;
  /** Shows a sentence in the task's chat. */
  note(text: string): void;
  /** The model the selected agent's turns run on, once known (undefined: the user's own). */
  using?: FallbackProviderOptions['using'];
}

export interface AgentTurns {
  provider: ModelProvider;
  /** Undefined: the user's own mode. */
  mode?: ApprovalMode;
  /** For Show Customizations. */
  report: string[];
  /** Each delegable agent's own model, by id (only those that name one). */
  delegateProviders: Map<string, ModelProvider>;
}

export async function agentTurns(agent: AgentDefinition, delegable: readonly AgentDefinition[], deps: AgentTurnDeps): Promise<AgentTurns> {
  const models = memoised(deps.models);
  const chosen = await agentModelProvider(agent, deps.user, models, deps.note, deps.using);
  const mode = await agentApprovalMode(agent, deps.ownMode, deps.confirmations, deps.confirmMode);
  const delegateProviders = new Map<string, ModelProvider>();
  for (const delegate of delegable) {
    if (delegate.models.length === 0) continue;
    delegateProviders.set(delegate.id, (await agentModelProvider(delegate, deps.user, models, deps.note)).provider);
  }
  return {
    provider: withFirstTurnNotes(chosen.provider, mode.note ? [mode.note] : [], deps.note),
    ...(mode.mode ? { mode: mode.mode } : {}),
    report: [chosen.report, l10n.t('Approval mode: {0}', mode.mode ?? deps.ownMode)],
    delegateProviders,
  };
}

/** One key lookup per provider and one listing of VS Code's models per session, whatever the number of agents. */
function memoised(deps: AgentModelDeps): AgentModelDeps {
  const keys = new Map<string, Promise<boolean>>();
  let listed: Promise<LanguageModelSummary[]> | undefined;
  return {
    settings: () => deps.settings(),
    hasKey: (provider) => keys.get(provider) ?? keys.set(provider, deps.hasKey(provider)).get(provider)!,
    languageModels: () => (listed ??= deps.languageModels()),
    create: (settings) => deps.create(settings),
  };
}
