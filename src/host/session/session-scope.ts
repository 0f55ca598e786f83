// The scope a session works in when it is not the chat's own task in the user's folder: a parallel task's worktree
// as its only workspace root, its environment, approvals and checkpoints. The session factory builds a session in
// a scope; src/host/tasks creates the scopes.
import type { AgentSession } from '../../core/agent';
import type { ApprovalGate } from '../../core/ports/approval';
import type { CheckpointRecorder } from '../../core/ports/checkpoints';
import type { ToolServices } from '../../tools';

/** What a parallel task's session is built with (see Relay.createSession). */
export interface TaskScope {
  /** The task's id: the session's and the record's. */
  id: string;
  /** Its worktree, or the user's folder for a task that runs in place (a folder without git). */
  workRoot: string;
  /** What its commands see beside the window's environment: RELAY_PORT, RELAY_WORKTREE, RELAY_REPO (none in place). */
  env: Readonly<Record<string, string>>;
  /** What the model is told of its worktree: the branch and the ports reserved for it (none in place). */
  worktree?: { branch?: string; ports?: { first: number; size: number } };
  /** Its own approval service: the worktree is the workspace, the prompts go through the queue. */
  approvals: ApprovalGate & { dispose(): void; resetLoopGuard(): void };
  /** Follows the session's events into the task's state (called for every session built for the task). */
  watch(session: AgentSession): void;
  /** Its checkpoints: commits on its branch (a task in a worktree); none for a task that runs in place. */
  checkpoints?: CheckpointRecorder;
}

/**
 * The window's tool services with the worktree as the only workspace root and the task's variables (RELAY_PORT…)
 * in its commands' environment (the rest is shared, getters kept).
 */
export function servicesForTask(services: ToolServices, workRoot: string, env: Readonly<Record<string, string>> = {}): ToolServices {
  const roots = [workRoot] as const;
  const commandEnv = { ...services.commandEnv, ...env };
  return Object.create(services, { workspaceRoots: { value: () => roots, enumerable: true }, commandEnv: { value: commandEnv, enumerable: true } }) as ToolServices;
}
