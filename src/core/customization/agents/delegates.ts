// The workspace agents the model may delegate to through new_task, as the agent loop takes them: each with its own
// restrictions (added to the parent's), its prompt, its own model when it names one, and the text the model reads
// to choose it (Roo's and Kilo's `whenToUse` when given, else the description people read too).
import type { DelegateAgent } from '../../agent/sub-agent';
import type { ModelProvider } from '../../model/provider';
import type { AgentDefinition } from './agent';
import { agentPrompt } from './agent-prompt';
import { restrictionsFor } from './agent-restrictions';

/**
 * The workspace agents the model may delegate to, each with its own restrictions (added to the parent's) and, when
 * it names one, its own model (`providers`, by agent id).
 */
export function delegatesFor(
  agents: readonly AgentDefinition[],
  available: ReadonlyMap<string, string>,
  root: string | undefined,
  providers: ReadonlyMap<string, ModelProvider> = new Map(),
): DelegateAgent[] {
  return agents.map((agent) => {
    const restrictions = restrictionsFor(agent, available, root);
    const prompt = agent.prompt.trim() || agent.instructions?.trim() ? agentPrompt(agent, 'sub-agent') : undefined;
    const provider = providers.get(agent.id);
    return {
      name: agent.id,
      // What the model reads to choose it: Roo's and Kilo's whenToUse when given, else the description.
      ...(agent.whenToUse || agent.description ? { description: agent.whenToUse ?? agent.description } : {}),
      ...(restrictions.allowedTools ? { allowedTools: restrictions.allowedTools } : {}),
      disallowedTools: restrictions.disallowedTools,
      callGuards: restrictions.callGuards,
      ...(prompt ? { prompt } : {}),
      ...(provider ? { provider } : {}),
    };
  });
}
