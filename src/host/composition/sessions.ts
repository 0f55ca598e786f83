// How every task's session is made: the chat's task, a parallel task's (with its scope: its worktree), and a
// command's turn (Review My Changes). One factory over the host's services, handed to each entry point that runs one.
import type { AgentSession } from '../../core/agent';
import type { TaskRecord } from '../../core/ports/task-store';
import type { ConfirmAgentMode } from '../customization';
import type { CommandTurn } from '../customization/commands';
import { createTaskSession } from '../session/session-factory';
import type { TaskScope } from '../session/session-scope';
import type { HostServices } from './host-services';
import type { RelayServices } from './host-inputs';

/** A session for the chat's task, or (with `scope`) a parallel task's, working in its worktree; `turn`: a command's turn. */
export type CreateSession = (record?: TaskRecord, scope?: TaskScope, turn?: CommandTurn) => Promise<AgentSession>;

export function sessionFactory(host: HostServices, services: Pick<RelayServices, 'log' | 'approvalMode'>, confirmAgentMode: ConfirmAgentMode, agentsRead: () => void): CreateSession {
  return async (record, scope, turn) => {
    const session = await createTaskSession(
      {
        tools: host.tools,
        approvals: host.approvals,
        workspaceValues: host.workspaceValues,
        mcp: host.mcp,
        log: services.log,
        approvalMode: services.approvalMode,
        customizations: host.customizations,
        agents: host.agents,
        hooks: host.hooks,
        provider: host.models.provider,
        providerDeps: host.models.providerDeps,
        providerFor: host.models.providerFor,
        keys: host.keys,
        confirmAgentMode,
        store: host.store,
        checkpoints: host.checkpoints,
        outputStore: host.outputStore,
        statistics: host.statistics,
        logger: host.logger,
        agentsRead,
        turnModel: host.turnModel,
      },
      record,
      scope,
      turn,
    );
    host.models.followKeyVerdicts(session);
    return session;
  };
}
