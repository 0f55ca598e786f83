// The model of an agent's turns (core/customization/agents/agent-model.ts chooses, fallback-provider.ts runs):
// resolved against the user's providers when the session is made, each candidate a provider configured like the
// user's own but for its provider and model. An agent without a model field runs on the user's model, untouched.
import { l10n } from '../../core/l10n';
import type { AgentDefinition } from '../../core/customization/agents/agent';
import { chooseAgentModel, type LanguageModelSummary, mayNameLanguageModel, type ModelTarget } from '../../core/customization/agents/agent-model';
import { FallbackProvider, type FallbackProviderOptions } from '../../core/customization/agents/fallback-provider';
import type { ModelProvider } from '../../core/model/provider';
import type { ModelSettings, ProviderId } from '../model/model-settings';

export interface AgentModelDeps {
  /** The user's model settings now. */
  settings(): ModelSettings;
  /** Whether an API key is saved for the provider. */
  hasKey(provider: ProviderId): Promise<boolean>;
  /** The models VS Code offers; asked only for an agent that names a model. */
  languageModels(): Promise<LanguageModelSummary[]>;
  /** A provider configured like the user's, for these settings. */
  create(settings: () => ModelSettings): ModelProvider;
}

const KEYED: readonly ProviderId[] = ['anthropic', 'openai', 'gemini', 'azure-openai'];

/** The user's settings for another provider and model: the base URL and OpenAI API choice belong to the user's own provider. */
export function settingsFor(user: ModelSettings, target: ModelTarget): ModelSettings {
  if (target.provider === user.provider) return { ...user, model: target.model };
  const { openaiApi: _api, ...rest } = user;
  return { ...rest, provider: target.provider as ProviderId, model: target.model, baseUrl: undefined };
}

/**
 * The provider of the agent's turns: `user` when the agent names no model, else the agent's models in order with
 * the user's model last. `note` shows a sentence in the task's chat (which model it uses when not the first).
 */
export async function agentModelProvider(
  agent: Pick<AgentDefinition, 'name' | 'models'>,
  user: ModelProvider,
  deps: AgentModelDeps,
  note: (text: string) => void,
  using?: FallbackProviderOptions['using'],
  owner: FallbackProviderOptions['owner'] = 'agent',
): Promise<{ provider: ModelProvider; report: string }> {
  if (agent.models.length === 0) {
    using?.(undefined, '');
    return { provider: user, report: l10n.t('Model: yours') };
  }
  const settings = deps.settings();
  const keyed = new Set<string>();
  for (const provider of KEYED) if (await deps.hasKey(provider)) keyed.add(provider);
  let languageModels: LanguageModelSummary[] | undefined;
  if (mayNameLanguageModel(agent.models, settings.provider)) {
    try {
      languageModels = await deps.languageModels();
    } catch {
      languageModels = undefined; // no access to VS Code's models: a Copilot name is skipped with its reason
    }
  }
  const choice = chooseAgentModel(agent.models, { user: { provider: settings.provider, model: settings.model }, keyed, ...(languageModels ? { languageModels } : {}) });
  const candidates = choice.candidates.map((target) => ({ written: target.written, provider: deps.create(() => settingsFor(deps.settings(), target)) }));
  const provider = new FallbackProvider({ agentName: agent.name, owner, candidates, user, skipped: choice.skipped, note, ...(using ? { using } : {}) });
  const report = l10n.t(
    'Model: {0} (from {1}{2})',
    choice.candidates.map((t) => `${t.model} · ${t.provider}`).join(', ') || l10n.t('yours'),
    agent.models.join(', '),
    choice.skipped.length > 0 ? `; ${l10n.t('skipped: {0}', choice.skipped.map((s) => `${s.model}: ${s.why}`).join('; '))}` : '',
  );
  return { provider, report };
}

/**
 * The provider of a slash command's turn (its `model` field, in any peer's spelling): the same resolver as an
 * agent's model, so a name the user's providers do not serve falls back to `fallback` (the turn's agent's model, or
 * the user's) with a sentence in the chat, instead of being sent to the provider as a model id.
 */
export function commandModelProvider(
  command: string,
  model: string,
  fallback: ModelProvider,
  deps: AgentModelDeps,
  note: (text: string) => void,
  using?: FallbackProviderOptions['using'],
): Promise<{ provider: ModelProvider; report: string }> {
  return agentModelProvider({ name: command, models: [model] }, fallback, deps, note, using, 'command');
}
