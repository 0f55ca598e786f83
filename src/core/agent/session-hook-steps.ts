// Where a run of the task meets the session hooks (session-hooks.ts): SessionStart once per opened task, the
// user's prompt before it reaches the history (blocked, it never does), and Stop when the agent would end (a
// block sends it back to work with the hook's reason, at most MAX_STOP_CONTINUATIONS times per run).
import type { AgentEvent, AgentState } from './events';
import { MAX_STOP_CONTINUATIONS, type SessionHookAnswer, type SessionHooks } from './session-hooks';
import type { UserPart } from '../model/provider';

export interface HookedRunHost {
  hooks: SessionHooks;
  /** 0 for the user's task; a sub-agent's Stop is SubagentStop, and it has no SessionStart or prompt of its own. */
  depth: number;
  emit(event: AgentEvent): void;
  newId(): string;
  appendUser(parts: readonly UserPart[]): void;
}

/** The prompt to check before the run, and how to add it to the history once it passes. */
export interface PendingPrompt {
  text: string;
  append(): void;
}

/** Runs before the loop: SessionStart (first run), then UserPromptSubmit. An end state when the run must not go on. */
export async function beforeRun(host: HookedRunHost, first: { source: 'startup' | 'resume' } | undefined, prompt: PendingPrompt | undefined, signal: AbortSignal): Promise<AgentState | undefined> {
  const context: string[] = [];
  if (first && host.depth === 0) {
    const started = await host.hooks.sessionStart(first.source, signal, prompt?.text);
    show(host, started);
    if (started.context) context.push(started.context);
    if (started.stop) {
      prompt?.append();
      return { status: 'paused', reason: 'hook_stop', message: started.stop.ui };
    }
  }
  if (prompt && host.depth === 0) {
    const submitted = await host.hooks.promptSubmit(prompt.text, signal);
    show(host, submitted);
    // A blocked prompt never reaches the model (it stays in the chat, with the hook's reason under it).
    if (submitted.block) return { status: 'paused', reason: 'hook_stop', message: submitted.block.ui };
    if (submitted.stop) return { status: 'paused', reason: 'hook_stop', message: submitted.stop.ui };
    prompt.append();
    if (submitted.context) context.push(submitted.context);
  } else {
    prompt?.append();
  }
  if (context.length > 0) host.appendUser([{ type: 'text', text: `<hook_context>\n${context.join('\n\n')}\n</hook_context>` }]);
  return undefined;
}

/** After a completed run: Stop hooks may send the agent back. Returns the final state. */
export async function untilStopAllowed(host: HookedRunHost, end: AgentState, runAgain: () => Promise<AgentState>, signal: AbortSignal): Promise<AgentState> {
  let state = end;
  for (let continued = 0; state.status === 'completed' && continued <= MAX_STOP_CONTINUATIONS; continued++) {
    const answer = await host.hooks.stop(continued > 0, host.depth > 0, signal);
    show(host, answer);
    if (answer.stop) return { status: 'paused', reason: 'hook_stop', message: answer.stop.ui };
    if (!answer.block || continued === MAX_STOP_CONTINUATIONS) return state;
    host.appendUser([{ type: 'text', text: `${answer.block.model} Continue the task with that in mind.` }]);
    state = await runAgain();
  }
  return state;
}

function show(host: HookedRunHost, answer: SessionHookAnswer): void {
  for (const notice of answer.notices) host.emit({ type: 'notice', id: host.newId(), text: notice.text, level: notice.level });
}
