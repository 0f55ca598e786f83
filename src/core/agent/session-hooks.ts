// The hook points of a task outside its tool calls (configured hooks, src/core/customization/hooks): when a task
// starts, resumes or was just condensed, when the user's prompt is submitted (may block it or add context), when the agent is about to
// stop (may send it back to work with a reason), before the conversation is condensed, and when Relay waits for
// the user. Every failing hook is a notice, never silent.
import type { Said } from '../l10n';

export interface SessionHookAnswer {
  /** UserPromptSubmit: the prompt is not sent. Stop: the agent goes on, told this reason. */
  block?: Said;
  /** For the model, before its next turn. */
  context?: string;
  /** `continue: false`: the task stops. */
  stop?: Said;
  /** Shown in the chat (failures, system messages), in the display language. */
  notices: { text: string; level: 'info' | 'warning' }[];
}

export interface SessionHooks {
  /** `compact`: the conversation was just condensed; the hooks' context is kept beside the summary. */
  sessionStart(source: 'startup' | 'resume' | 'compact', signal: AbortSignal, initialPrompt?: string): Promise<SessionHookAnswer>;
  promptSubmit(prompt: string, signal: AbortSignal): Promise<SessionHookAnswer>;
  /** `subagent`: a sub-agent is stopping (SubagentStop); `active`: the agent already went on because of a Stop hook. */
  stop(active: boolean, subagent: boolean, signal: AbortSignal): Promise<SessionHookAnswer>;
  preCompact(trigger: 'manual' | 'auto', signal: AbortSignal): Promise<SessionHookAnswer>;
}

/** How often Stop hooks may send the agent back in one run, so a hook that always blocks cannot loop forever. */
export const MAX_STOP_CONTINUATIONS = 5;
