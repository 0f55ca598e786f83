// Where an agent's own text goes in a request, as its source places it (see AgentPrompt in core/agent/system-prompt.ts).
import type { AgentPrompt } from '../../agent/system-prompt';
import type { AgentDefinition } from './agent';

/** Sources whose agent body is a sub-agent's whole system prompt (Claude Code sub-agents, OpenCode agents). */
const WHOLE_PROMPT_SOURCES = new Set(['Claude Code sub-agent', 'OpenCode agent', 'OpenCode agent (opencode.json)']);

/**
 * Where the agent's text goes, as its source places it: Copilot's rides with the user's message, Roo's
 * roleDefinition opens the system prompt and its customInstructions follow the rules, a Claude Code or OpenCode
 * body is the whole system prompt of a sub-agent (and opens it for the user's own task).
 */
export function agentPrompt(agent: AgentDefinition, role: 'main' | 'sub-agent'): AgentPrompt {
  if (agent.placement === 'user') return { name: agent.name, text: [agent.prompt.trim(), agent.instructions?.trim() ?? ''].filter((part) => part !== '').join('\n\n'), position: 'user' };
  const after = agent.instructions?.trim();
  const whole = role === 'sub-agent' && agent.placement === 'system' && WHOLE_PROMPT_SOURCES.has(agent.source) && agent.prompt.trim() !== '';
  return { name: agent.name, text: agent.prompt.trim(), position: whole ? 'whole' : 'first', ...(after ? { after } : {}) };
}
