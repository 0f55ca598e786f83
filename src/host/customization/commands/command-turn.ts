// What a command's turn runs with: its agent (by id, else the selected one),
// its tools (only those, and never more than the agent's), its pre-approved tools (an allow for this turn that
// never passes a deny, pre-approved.ts). Recorded for Show Customizations. Its model is resolved like an agent's
// (../agent-model.ts, commandModelProvider).
import { l10n } from '../../../core/l10n';
import type { AgentDefinition } from '../../../core/customization/agents/agent';
import { restrictionsFor } from '../../../core/customization/agents/agent-restrictions';
import { BUILTIN_AGENTS } from '../../../core/customization/agents/builtin-agents';
import { findAgent } from '../../../core/customization/agents/same-name';
import { COMMANDS_KIND_ID } from '../../../core/customization/commands/commands-kind';
import { type PreApproval, preApprovals } from '../../../core/customization/commands/pre-approved';
import type { CustomizationService } from '../customization-service';
import type { CommandTurn } from './slash-commands';
import { shownSource } from '../../../core/customization/source-names';

export interface TurnTools {
  agent: AgentDefinition;
  /** The agent's allow-list narrowed to the command's tools (undefined: every tool). */
  narrow(allowed: readonly string[] | undefined): string[] | undefined;
  preApproved: PreApproval[];
  /** Names in the command that mean nothing here, for Show Customizations (recordCommandTurn). */
  warnings: string[];
  /** What the chat should say too (an MCP server the command's tools name that gives no tool). */
  notices: string[];
}

/** What Show Customizations lists for the last turn's command (nothing for a message that was no command). */
export function recordCommandTurn(service: CustomizationService, turn: CommandTurn | undefined, extra: readonly string[] = []): void {
  const lines: string[] = [];
  if (turn) {
    const { command } = turn;
    lines.push(l10n.t('Command: /{0} ({1}, {2})', command.id, shownSource(command.source), command.path));
    if (turn.subtask) lines.push(l10n.t("Runs as a sub-agent: only its report joins the conversation."));
    if (turn.agent) lines.push(turn.subtask ? l10n.t('Agent of the sub-agent: {0}', turn.agent) : l10n.t('Agent for this turn: {0}', turn.agent));
    if (turn.model) lines.push(l10n.t('Model for this turn: {0}', turn.model));
    if (turn.tools) lines.push(l10n.t('Tools for this turn: only {0}', turn.tools.join(', ')));
    if (turn.allowedTools) lines.push(l10n.t("Pre-approved for this turn (your deny rules and Relay's checks still apply): {0}", turn.allowedTools.join(', ')));
  }
  service.lastTurn.set({ kind: COMMANDS_KIND_ID, title: l10n.t('Slash command of the last turn'), lines: [...lines, ...extra] });
}

/** The turn's agent, tools and pre-approvals, and the names that mean nothing here (for the turn's report). */
export function commandTurnTools(
  turn: CommandTurn,
  agents: readonly AgentDefinition[],
  selected: AgentDefinition,
  available: ReadonlyMap<string, string>,
  root: string | undefined,
): TurnTools {
  const warnings: string[] = [];
  let agent = selected;
  if (turn.agent) {
    const found = findAgent(turn.agent, [...BUILTIN_AGENTS, ...agents]);
    if (found) agent = found;
    else warnings.push(l10n.t('Agent "{0}" was not found; the turn ran with {1}.', turn.agent, selected.name));
  }
  let only: string[] | undefined;
  const notices: string[] = [];
  if (turn.tools) {
    const restricted = restrictionsFor({ ...BUILTIN_AGENTS[0]!, allow: turn.tools }, available, root);
    only = restricted.allowedTools;
    warnings.push(...restricted.warnings);
    notices.push(...restricted.notices.map((text) => l10n.t('The command /{0}: {1}', turn.command.id, text)));
  }
  const pre = preApprovals(turn.allowedTools ?? [], available);
  warnings.push(...pre.warnings);
  return {
    agent,
    narrow: (allowed) => (only === undefined ? (allowed ? [...allowed] : undefined) : allowed === undefined ? only : allowed.filter((name) => only.includes(name))),
    preApproved: pre.entries,
    warnings,
    notices,
  };
}
