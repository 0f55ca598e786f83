// A slash command's turn run as a sub-agent (OpenCode's `subtask: true`): the session makes the `new_task` call
// itself, as if its model had, so the child runs through the same runner, approvals, cards and restrictions as a
// delegated task. The history keeps the call and the child's report only, never the child's own steps; the run ends
// with that report (no request of the parent's model), and the next message starts from it.
import { NEW_TASK } from '../tools';
import type { LoopHost } from './loop-host';
import { createRunScheduler } from './agent-loop';
import { CANCELLED, resultParts } from './agent-step';
import type { AgentState } from './events';

/** What the command's sub-agent runs: `agent` names a workspace agent to delegate to; absent, a general sub-agent. */
export interface SubtaskTurn {
  /** A few words for the card: the command as typed, e.g. "/review". */
  description: string;
  /** The command's expanded prompt: the child does not see this conversation. */
  prompt: string;
  agent?: string;
}

export async function runSubtaskTurn(host: LoopHost, turn: SubtaskTurn, signal: AbortSignal): Promise<AgentState> {
  if (signal.aborted) return CANCELLED;
  const { scheduler, dispose } = createRunScheduler(host, signal);
  try {
    const callId = host.newId();
    const args = { description: turn.description, prompt: turn.prompt, ...(turn.agent ? { agent: turn.agent } : {}) };
    host.appendAssistant([{ type: 'tool_call', callId, name: NEW_TASK, args }]);
    // Saved before the call runs: if VS Code closes meanwhile, reopening answers it as interrupted.
    host.save();
    const batch = await scheduler.runCalls([{ callId, name: NEW_TASK, arguments: args }]);
    host.appendUser(resultParts([{ callId, name: NEW_TASK, argsText: '', ended: true }], batch.outcomes, false));
    host.save();
    const outcome = batch.outcomes.find((candidate) => candidate.callId === callId);
    if (signal.aborted || !outcome || outcome.state === 'cancelled') return CANCELLED;
    const content = typeof outcome.content === 'string' ? outcome.content : JSON.stringify(outcome.content, null, 2);
    // The sub-agent's failure is already on its card and in the history; retrying would run the parent's model.
    if (outcome.isError) return { status: 'failed', error: { kind: 'unknown', message: content, retryable: false } };
    return { status: 'completed', result: content };
  } finally {
    dispose();
  }
}
