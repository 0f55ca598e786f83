// The `new_task` runner: a child session with its own history and a narrower tool set (read-only tools plus
// what the settings allow; `new_task` only while under the depth limit), the same provider, and its
// attempt_completion result returned as the tool's result. The parent's cancellation reaches it through the
// call's signal; its tool cards, usage and approvals are reported through the parent.
import { ATTEMPT_COMPLETION, NEW_TASK, type AnyTool, type SubTaskRunner, type ToolCallGuard } from '../tools';
import type { ModelProvider } from '../model/provider';
import type { AgentPrompt } from './system-prompt';
import type { AgentEvent, AgentState } from './events';

/** A workspace agent the model may delegate to by name: its restrictions narrow the child's, never widen them. */
export interface DelegateAgent {
  name: string;
  description?: string;
  allowedTools?: readonly string[];
  disallowedTools: readonly string[];
  callGuards: readonly ToolCallGuard[];
  prompt?: AgentPrompt;
  /** The agent's own model (with its fallbacks); absent: the delegating task's. */
  provider?: ModelProvider;
}

export interface ChildRestrictions {
  disallowedTools?: readonly string[];
  callGuards?: readonly ToolCallGuard[];
  agent?: AgentPrompt;
  provider?: ModelProvider;
}

export interface SubAgentSettings {
  /** How deep delegation may go: 1 (the default) lets the user's task delegate, but not its sub-agents. */
  maxDepth?: number;
  /** Write or execute tools a sub-agent may use besides the read-only ones, e.g. ["run_command"]. */
  extraTools?: readonly string[];
}

export const DEFAULT_SUB_AGENT_DEPTH = 1;

/** What the runner needs of a child session (AgentSession implements it). */
export interface ChildSession {
  send(text: string): Promise<AgentState>;
  cancel(): void;
  onEvent(listener: (event: AgentEvent) => void): { dispose(): void };
  dispose(): Promise<void>;
}

export interface SubAgentHost {
  /** The parent's depth: 0 for the user's task. */
  depth: number;
  settings: SubAgentSettings;
  /** The tools the parent may use; a child never gets more. */
  parentTools(): AnyTool[];
  /** Makes a child session limited to `allowedTools` (and a named agent's restrictions), one level deeper than the parent. */
  createChild(allowedTools: string[], restrictions?: ChildRestrictions): ChildSession;
  /** The workspace agents the model may delegate to by name. */
  delegates?: readonly DelegateAgent[];
  /** Receives the child's events; `parentCallId` is the parent's `new_task` call. */
  forward(event: AgentEvent, parentCallId: string): void;
}

/** Whether a session at `depth` may delegate. */
export function canDelegate(depth: number, settings: SubAgentSettings): boolean {
  return depth < (settings.maxDepth ?? DEFAULT_SUB_AGENT_DEPTH);
}

/** The tools a child of `host` may use, in the parent's order. */
export function childToolNames(host: Pick<SubAgentHost, 'depth' | 'settings' | 'parentTools'>): string[] {
  const extra = new Set(host.settings.extraTools ?? []);
  const childMayDelegate = canDelegate(host.depth + 1, host.settings);
  return host
    .parentTools()
    .filter((tool) => (tool.name === NEW_TASK ? childMayDelegate : tool.kind === 'readonly' || extra.has(tool.name)))
    .map((tool) => tool.name)
    .concat(ATTEMPT_COMPLETION)
    .filter((name, index, all) => all.indexOf(name) === index);
}

export function createSubTaskRunner(host: SubAgentHost): SubTaskRunner {
  return async (request, signal) => {
    if (signal.aborted) throw new Error('The sub-agent was cancelled before it started.');
    let tools = childToolNames(host);
    let restrictions: ChildRestrictions | undefined;
    if (request.agent !== undefined && request.agent !== '') {
      const named = host.delegates?.find((agent) => agent.name === request.agent);
      if (!named) throw new Error(`there is no agent "${request.agent}" to delegate to (${(host.delegates ?? []).map((agent) => agent.name).join(', ') || 'none'}).`);
      const allowed = named.allowedTools ? new Set([...named.allowedTools, ATTEMPT_COMPLETION]) : undefined;
      tools = tools.filter((name) => (!allowed || allowed.has(name)) && !named.disallowedTools.includes(name));
      restrictions = { disallowedTools: named.disallowedTools, callGuards: named.callGuards, ...(named.prompt ? { agent: named.prompt } : {}), ...(named.provider ? { provider: named.provider } : {}) };
    }
    const child = host.createChild(tools, restrictions);
    const subscription = child.onEvent((event) => host.forward(event, request.parentCallId));
    const onAbort = () => child.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    let end: AgentState;
    try {
      end = await child.send(request.prompt);
    } finally {
      signal.removeEventListener('abort', onAbort);
      subscription.dispose();
      await child.dispose();
    }
    switch (end.status) {
      case 'completed':
        return end.result;
      case 'cancelled':
        throw new Error('The sub-agent was cancelled.');
      case 'failed':
        throw new Error(`its model request failed: ${end.error.message}`);
      case 'paused':
        throw new Error(`it stopped without finishing: ${end.message}`);
      default:
        throw new Error(`it ended in state ${end.status}.`);
    }
  };
}
