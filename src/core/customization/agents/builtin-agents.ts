// The agents every workspace has: Agent (every tool), Plan (reads and plans, changes nothing), Ask (answers).
// They go through the same enforcement as a repository's agents.
import { l10n } from '../../l10n';
import type { AgentDefinition } from './agent';

function builtin(id: string, name: string, description: string, allow: string[] | undefined, prompt: string): AgentDefinition {
  return { id, name, source: 'Relay', path: '', description, prompt, placement: 'system', ...(allow ? { allow } : {}), deny: [], models: [], handoffs: [], modelInvocable: false, userInvocable: true };
}

export const DEFAULT_AGENT_ID = 'agent';

export const BUILTIN_AGENTS: readonly AgentDefinition[] = [
  builtin(DEFAULT_AGENT_ID, l10n.mark('Agent'), l10n.mark('Reads, edits and runs commands to carry out the task.'), undefined, ''),
  builtin(
    'plan',
    l10n.mark('Plan'),
    l10n.mark('Investigates and writes a plan; changes no file and runs no command.'),
    ['read', 'web', 'todo_write'],
    'You are planning, not implementing: investigate the code and answer with a concrete, step-by-step plan (files, changes, checks). You cannot edit files or run commands in this agent; the user switches to Agent to carry the plan out.',
  ),
  builtin(
    'ask',
    l10n.mark('Ask'),
    l10n.mark('Answers questions about the code; changes nothing.'),
    ['read', 'web'],
    'Answer the user\'s question about the code, citing files as path:line. You cannot edit files or run commands in this agent.',
  ),
];
