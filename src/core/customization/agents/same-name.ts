// Agents that share a name: a repository's "Plan" beside the built-in one, or "reviewer" in both .claude/agents and
// .github/agents. Each keeps its own unique id (agents-kind.ts); here is how people tell them apart and which one a
// bare name reaches:
//  - the pickers show a shared name with its source ("reviewer · Claude Code sub-agent"), and with its id as well
//    when one source has it twice (two workspace folders);
//  - a name a command's `agent:` or a handoff gives reaches the first agent, in this order, whose id is that name,
//    whose id ends with ":<name>" (a prefixed one), or whose name is that name (ignoring case): the built-in agents
//    first, then the files in path order. Show Customizations says which one that is.
import type { AgentDefinition } from './agent';

/** The agent a bare name reaches among `agents` (built-ins first, then the files in path order). */
export function findAgent(wanted: string, agents: readonly AgentDefinition[]): AgentDefinition | undefined {
  const lower = wanted.toLowerCase();
  return (
    agents.find((agent) => agent.id === wanted) ??
    agents.find((agent) => agent.id.toLowerCase() === lower) ??
    agents.find((agent) => agent.id.toLowerCase().endsWith(`:${lower}`)) ??
    agents.find((agent) => agent.name.toLowerCase() === lower)
  );
}

/**
 * The label of each agent in a picker, in the same order: its name (`display` gives it in the user's language), with
 * its source when another agent shows the same name, and its id too when that is not enough.
 */
export function agentLabels(agents: readonly AgentDefinition[], display: (agent: AgentDefinition) => string = (agent) => agent.name): string[] {
  const names = agents.map(display);
  const count = (labels: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const label of labels) counts.set(label.toLowerCase(), (counts.get(label.toLowerCase()) ?? 0) + 1);
    return counts;
  };
  const byName = count(names);
  const withSource = names.map((name, i) => ((byName.get(name.toLowerCase()) ?? 0) > 1 ? `${name} · ${agents[i]!.source}` : name));
  const bySource = count(withSource);
  return withSource.map((label, i) => ((bySource.get(label.toLowerCase()) ?? 0) > 1 ? `${label} · ${agents[i]!.id}` : label));
}

export interface SharedName {
  /** The name as the first agent spells it. */
  name: string;
  /** Every agent showing that name, built-ins first. */
  agents: AgentDefinition[];
  /** The one a command or handoff naming it reaches. */
  reached: AgentDefinition | undefined;
}

/** The names two or more agents share (ignoring case), with who shares them and which one the name reaches. */
export function sharedNames(agents: readonly AgentDefinition[]): SharedName[] {
  const groups = new Map<string, AgentDefinition[]>();
  for (const agent of agents) groups.set(agent.name.toLowerCase(), [...(groups.get(agent.name.toLowerCase()) ?? []), agent]);
  return [...groups.values()].filter((group) => group.length > 1).map((group) => ({ name: group[0]!.name, agents: group, reached: findAgent(group[0]!.name, agents) }));
}
