// An agent's approval mode (Claude's permissionMode, Relay's approvalMode) applies to the turns run in that agent.
// The agent is a file in the repository, and a repository may only make Relay stricter (as its settings may): a
// mode at least as careful as the user's applies at once; a looser one (auto-edit, yolo) is a request the user
// answers in a modal naming the agent, its file and the mode, kept with the workspace values the user confirmed
// (outside every workspace) and asked again when the file asks for another mode. Declined, the user's own mode
// applies and the chat says so.
import { l10n } from '../../core/l10n';
import type { ApprovalGate } from '../../core/ports/approval';
import type { ApprovalMode } from '../../core/permissions/types';
import { decideApprovalMode } from '../../core/permissions/workspace-values';
import type { AgentDefinition } from '../../core/customization/agents/agent';
import type { WorkspaceConfirmations } from '../settings/workspace-confirmations';
import { askUnasked, fileLook } from '../dialogs/modal';
import { shownPath } from '../platform/shown-path';

export interface AgentModeQuestion {
  agent: string;
  file: string;
  mode: ApprovalMode;
  own: ApprovalMode;
}

/** True when the user lets the agent's turns run in its looser mode. Integration tests answer it; the default is a modal. */
export type ConfirmAgentMode = (question: AgentModeQuestion) => Promise<boolean>;

export interface AgentMode {
  /** The mode of the agent's turns; undefined: the user's own. */
  mode?: ApprovalMode;
  /** Said once in the task's chat when the agent's mode differs from the user's, or was declined. */
  note?: string;
}

/** Confirmations are keyed by this subject, the agent's id, the mode and the file. */
const SUBJECT = 'agent approval mode';

export async function agentApprovalMode(agent: AgentDefinition, own: ApprovalMode, confirmations: WorkspaceConfirmations, confirm: ConfirmAgentMode): Promise<AgentMode> {
  const wanted = agent.approvalMode;
  if (!wanted || wanted === own) return {};
  const value = { setting: `agent:${agent.id}`, value: wanted, file: agent.path };
  let decided = decideApprovalMode(own, value, (v) => confirmations.has(v, SUBJECT));
  if (decided.pending.length > 0 && (await confirm({ agent: agent.name, file: agent.path, mode: wanted, own }))) {
    await confirmations.add([value], SUBJECT);
    decided = { value: wanted, pending: [] };
  }
  if (decided.pending.length > 0) {
    return { note: l10n.t('Agent "{0}" asks for the {1} approval mode; you did not allow it, so its turns use yours ({2}).', agent.name, wanted, own) };
  }
  return { mode: decided.value, note: l10n.t('Agent "{0}" runs in the {1} approval mode (yours is {2}).', agent.name, decided.value, own) };
}

/** The gate the agent's session asks: every call is decided in the agent's mode. */
export function inMode(gate: ApprovalGate, mode: ApprovalMode | undefined): ApprovalGate {
  if (!mode) return gate;
  return { approve: (request, signal) => gate.approve({ ...request, mode }, signal) };
}

export const modalConfirmAgentMode: ConfirmAgentMode = async (question) => {
  const allow = l10n.t('Allow');
  // Nobody asked: the agent's file did. Enter opens the file, Escape keeps the user's own mode (dialogs/).
  const answer = await askUnasked(
    {
      message: l10n.t('Let the agent "{0}" run in the {1} approval mode?', question.agent, question.mode),
      detail: l10n.t(
        'Its file {0} asks for it. It makes Relay ask less than your own approval mode ({1}) while this agent works. Not allowed, the agent uses your mode. Asked again if the agent asks for another mode.',
        shownPath(question.file),
        question.own,
      ),
      actions: [allow],
    },
    fileLook(l10n.t('Show Agent File'), question.file, question.mode),
    l10n.t("Don't Allow"),
  );
  return answer === allow;
};
