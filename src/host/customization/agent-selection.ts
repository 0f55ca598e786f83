// The agent the user picked for new tasks (kept per workspace), and what it means for a session: its tool lists
// and file guard (enforced by the ToolManager, inherited by sub-agents) and its prompt, recorded for
// Show Customizations.
import * as vscode from 'vscode';
import { l10n, type Marked } from '../../core/l10n';
import type { AgentDefinition } from '../../core/customization/agents/agent';
import type { AgentPrompt } from '../../core/agent';
import { agentPrompt } from '../../core/customization/agents/agent-prompt';
import { restrictionsFor } from '../../core/customization/agents/agent-restrictions';
import { AGENTS_KIND_ID } from '../../core/customization/agents/agents-kind';
import { BUILTIN_AGENTS, DEFAULT_AGENT_ID } from '../../core/customization/agents/builtin-agents';
import { agentLabels, findAgent } from '../../core/customization/agents/same-name';
import type { ToolCallGuard } from '../../core/tools';
import type { AgentChoices, AgentHandoff } from '../../shared/chat-model';
import type { CustomizationService } from './customization-service';
import { shownSource } from '../../core/customization/source-names';

const SELECTED_KEY = 'relay.selectedAgent';

export interface SessionAgent {
  agent: AgentDefinition;
  allowedTools?: string[];
  disallowedTools: string[];
  callGuards: ToolCallGuard[];
  prompt?: AgentPrompt;
  /** What the chat should say about the agent's tool lists (an MCP server it names that gives no tool). */
  notices: string[];
}

export class AgentSelection {
  private readonly changed = new vscode.EventEmitter<string>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly state: vscode.Memento,
    private readonly customizations: CustomizationService,
  ) {}

  get selectedId(): string {
    return this.state.get<string>(SELECTED_KEY) ?? DEFAULT_AGENT_ID;
  }

  async select(id: string): Promise<void> {
    await this.state.update(SELECTED_KEY, id === DEFAULT_AGENT_ID ? undefined : id);
    this.changed.fire(id);
  }

  /** Built-in agents first, then the workspace's that people may pick. */
  async pickable(): Promise<AgentDefinition[]> {
    const { entries } = await this.customizations.get<AgentDefinition>(AGENTS_KIND_ID);
    return [...BUILTIN_AGENTS, ...entries.filter((agent) => agent.userInvocable)];
  }

  /** The picker's choices without reading a file: built-ins, and the workspace's agents once a task has read them. */
  choices(): AgentChoices {
    const loaded = this.customizations.peek<AgentDefinition>(AGENTS_KIND_ID)?.entries ?? [];
    const agents = [...BUILTIN_AGENTS, ...loaded.filter((agent) => agent.userInvocable)];
    const selected = agents.some((agent) => agent.id === this.selectedId) ? this.selectedId : DEFAULT_AGENT_ID;
    // Two agents showing one name (a repository's "Plan" beside the built-in one) are told apart by their source.
    const labels = agentLabels(agents, (agent) => displayed(agent, agent.name));
    return {
      selected,
      choices: agents.map((agent, i) => {
        const handoffs = handoffsOf(agent, agents);
        return { id: agent.id, name: labels[i]!, ...(agent.description ? { description: displayed(agent, agent.description) } : {}), ...(handoffs.length > 0 ? { handoffs } : {}) };
      }),
    };
  }

  /** The workspace's agents the model may delegate to by name. */
  async delegable(): Promise<AgentDefinition[]> {
    const { entries } = await this.customizations.get<AgentDefinition>(AGENTS_KIND_ID);
    return entries.filter((agent) => agent.modelInvocable);
  }

  /** The selected agent; one whose file went away falls back to Agent. */
  async current(): Promise<AgentDefinition> {
    const id = this.selectedId;
    return (await this.pickable()).find((agent) => agent.id === id) ?? BUILTIN_AGENTS[0]!;
  }

  dispose(): void {
    this.changed.dispose();
  }

  /** *Relay: Select Agent*. */
  async pick(): Promise<void> {
    const agents = await this.pickable();
    const labels = agentLabels(agents, (agent) => displayed(agent, agent.name));
    const picked = await vscode.window.showQuickPick(
      agents.map((agent, i) => ({
        label: labels[i]!,
        description: agent.id === this.selectedId ? l10n.t('selected') : shownSource(agent.source),
        detail: displayed(agent, agent.description ?? ''),
        id: agent.id,
      })),
      { title: l10n.t('Relay: Select Agent'), placeHolder: l10n.t('The agent new messages go to: its tools, files and instructions') },
    );
    if (picked) await this.select(picked.id);
  }
}

/** The agent's handoffs whose target people may pick (by id, or by name as Copilot writes it; same-name.ts); the others are left out. */
function handoffsOf(agent: AgentDefinition, agents: readonly AgentDefinition[]): AgentHandoff[] {
  const out: AgentHandoff[] = [];
  for (const handoff of agent.handoffs) {
    const target = findAgent(handoff.agent, agents);
    if (!target) continue;
    out.push({ label: handoff.label, agent: target.id, ...(handoff.prompt ? { prompt: handoff.prompt } : {}), ...(handoff.send ? { send: true } : {}) });
  }
  return out;
}

/** A built-in agent's name and description are marked messages, shown in the display language. */
function displayed(agent: AgentDefinition, text: string): string {
  return agent.source === 'Relay' && text !== '' ? l10n.marked(text as Marked).ui : text;
}

/** What `agent` means for a session with these tools (name → kind); the choice is recorded for Show Customizations. */
export function sessionAgent(agent: AgentDefinition, available: ReadonlyMap<string, string>, root: string | undefined, service: CustomizationService, extra: readonly string[] = []): SessionAgent {
  const restrictions = restrictionsFor(agent, available, root);
  const prompt = agent.prompt.trim() || agent.instructions?.trim() ? agentPrompt(agent, 'main') : undefined;
  service.lastTurn.set({
    kind: AGENTS_KIND_ID,
    title: l10n.t('Agent and tools of the last task'),
    lines: [
      l10n.t('Agent: {0} ({1})', agent.name, shownSource(agent.source)),
      restrictions.allowedTools ? l10n.t('Allowed tools: {0}', restrictions.allowedTools.join(', ')) : l10n.t('Allowed tools: all'),
      l10n.t('Denied tools: {0}', restrictions.disallowedTools.length > 0 ? restrictions.disallowedTools.join(', ') : l10n.t('none')),
      ...(agent.files ? [l10n.t('Edits limited to: {0}', agent.files.description ?? agent.files.regex ?? (agent.files.patterns ?? []).map((p) => `${p.glob}: ${p.action}`).join(', '))] : []),
      ...extra,
      ...restrictions.warnings,
    ],
  });
  return {
    agent,
    ...(restrictions.allowedTools ? { allowedTools: restrictions.allowedTools } : {}),
    disallowedTools: restrictions.disallowedTools,
    callGuards: restrictions.callGuards,
    ...(prompt ? { prompt } : {}),
    notices: restrictions.notices.map((text) => l10n.t('Agent "{0}": {1}', agent.name, text)),
  };
}

/** The task's tools by name with their kinds: built-ins know theirs; new_task reads; others (MCP, discovered) may run anything. */
export function toolKinds(registered: readonly { name: string }[], builtins: readonly { name: string; kind: string }[], systemTools: readonly string[]): Map<string, string> {
  const kinds = new Map(builtins.map((tool) => [tool.name, tool.kind]));
  const available = new Map<string, string>();
  for (const name of systemTools) available.set(name, 'readonly');
  for (const { name } of registered) available.set(name, kinds.get(name) ?? 'execute');
  return available;
}
