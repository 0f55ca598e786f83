// A task's tools (ToolManager): the registry narrowed by the task's options, and `new_task` when the task may
// delegate. A sub-agent is a child session whose options inherit the parent's restrictions (denials and guards
// only accumulate down the tree); its cards, usage, approvals and notices become the parent's (forwardChildEvent).
import type { Usage } from '../model/events';
import type { ApprovalAudit } from '../ports/approval';
import { type AnyTool, createSystemTools, NEW_TASK, ToolManager, type ToolLogger } from '../tools';
import type { AgentEvent } from './events';
import type { AgentSessionOptions } from './session-options';
import { canDelegate, type ChildSession, createSubTaskRunner } from './sub-agent';

/** What a session's tools need of the session. */
export interface SessionToolsHost {
  options: AgentSessionOptions;
  taskId: string;
  logger: ToolLogger;
  /** The tools of the manager made here: a sub-agent never gets more. */
  parentTools(): AnyTool[];
  /** A new session with these options (an AgentSession: this file cannot import it). */
  createChild(options: AgentSessionOptions): ChildSession;
  forward(event: AgentEvent, parentCallId: string): void;
}

export function createSessionTools(host: SessionToolsHost): ToolManager {
  const options = host.options;
  const depth = options.depth ?? 0;
  const settings = options.subAgents === false ? undefined : (options.subAgents ?? {});
  const delegate = settings !== undefined && canDelegate(depth, settings);
  const runSubTask = delegate
    ? createSubTaskRunner({
        depth,
        settings,
        parentTools: () => host.parentTools(),
        ...(options.delegates ? { delegates: options.delegates } : {}),
        createChild: (allowedTools, restrictions) =>
          // The sub-task's changes are covered by the checkpoint before its new_task call. A named agent's
          // restrictions add to the parent's: denials and guards only accumulate down the tree.
          host.createChild({
            ...options,
            store: undefined,
            checkpoints: undefined,
            allowedTools,
            disallowedTools: [...(options.disallowedTools ?? []), ...(restrictions?.disallowedTools ?? [])],
            callGuards: [...(options.callGuards ?? []), ...(restrictions?.callGuards ?? [])],
            ...(restrictions?.agent ? { agent: restrictions.agent } : {}),
            ...(restrictions?.provider ? { provider: restrictions.provider } : {}),
            depth: depth + 1,
          }),
        forward: (event, parentCallId) => host.forward(event, parentCallId),
      })
    : undefined;
  return new ToolManager({
    registry: options.registry,
    taskId: host.taskId,
    systemTools: createSystemTools(runSubTask ? { runSubTask } : {}),
    ...(options.allowedTools ? { allowedTools: options.allowedTools } : {}),
    // Without a runner new_task could only fail: do not offer it at all.
    disallowedTools: [...(options.disallowedTools ?? []), ...(delegate ? [] : [NEW_TASK])],
    ...(options.deferral ? { deferral: options.deferral } : {}),
    ...(options.callGuards ? { callGuards: options.callGuards } : {}),
    logger: host.logger,
  });
}

/** Where a sub-agent's forwarded events land in the parent session. */
export interface ChildEventTarget {
  emit(event: AgentEvent): void;
  addUsage(turn: Usage, turnCostUsd: number | undefined): void;
  recordAudit(audit: ApprovalAudit): void;
}

/** A sub-agent's cards, usage, approvals and notices become the parent's; its chatter stays inside. */
export function forwardChildEvent(event: AgentEvent, parentCallId: string, parent: ChildEventTarget): void {
  switch (event.type) {
    case 'tool_status': {
      const owner = event.parentCallId ? `${parentCallId}/${event.parentCallId}` : parentCallId;
      parent.emit({ type: 'tool_status', status: event.status, parentCallId: owner });
      return;
    }
    case 'usage':
      parent.addUsage(event.turn, event.turnCostUsd);
      return;
    case 'approval':
      parent.recordAudit(event.audit);
      return;
    case 'notice':
      parent.emit({ ...event, text: `Sub-agent: ${event.text}` });
      return;
    default:
      return;
  }
}
