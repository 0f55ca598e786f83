// Notification hooks: told whenever Relay waits for the person, for an approval (`permission_prompt`) or for the
// answer to the agent's question (`idle_prompt`, Claude Code's type for "waiting for your input"). They cannot
// change the answer; the prompt or question never waits for them, and their failures are reported.
import type { ApprovalPrompter } from '../../ports/approval';
import type { ToolCallHooks } from '../../tools/call-hooks';
import type { HookRunner } from './runner';
import type { HookSessionInfo, HookSet } from './tool-call-hooks';

export type NotificationType = 'permission_prompt' | 'idle_prompt';

export class NotificationHooks {
  constructor(
    private readonly set: HookSet,
    private readonly runner: HookRunner,
    /** The session of the task whose call waits (by its call id), when known. */
    private readonly session: (callId: string) => HookSessionInfo,
    private readonly onFailure: (message: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs the Notification hooks in the background; every failing one reaches `onFailure`. */
  notify(callId: string, message: string, type: NotificationType): Promise<void> {
    return this.run(callId, message, type).catch((error: unknown) => this.onFailure(error instanceof Error ? error.message : String(error)));
  }

  prompter(prompter: ApprovalPrompter): ApprovalPrompter {
    return {
      ask: (prompt) => {
        void this.notify(prompt.callId, prompt.message, 'permission_prompt');
        return prompter.ask(prompt);
      },
    };
  }

  /** ask_followup_question put a question to the person. */
  question(callId: string, question: string): Promise<void> {
    return this.notify(callId, `Relay has a question for you: ${question}`, 'idle_prompt');
  }

  private async run(callId: string, message: string, notificationType: NotificationType): Promise<void> {
    const hooks = await this.set.current();
    if (!hooks.some((h) => h.event === 'Notification')) return;
    const outcome = await this.runner.run(hooks, { event: 'Notification', ...this.session(callId), now: this.now(), message, notificationType }, new AbortController().signal);
    for (const run of outcome.runs) if (run.verdict.failure) this.onFailure(`${run.command}: ${run.verdict.failure.detail || run.verdict.failure.kind}`);
  }
}

/** Calls in flight whose task is remembered; a refused call may never report its end. */
const MAX_CALLS_REMEMBERED = 1000;

/**
 * Which task a waiting call belongs to, so a Notification hook gets that task's session id: the approval prompt
 * and the question know only their call id, and every call passes the task's tool hook point first.
 */
export class CallTasks {
  private readonly tasks = new Map<string, string>();

  /** The task's tool hook point, noting each call's task until the call ends. */
  track(taskId: string, hooks: ToolCallHooks): ToolCallHooks {
    return {
      beforeCall: (request) => {
        this.tasks.set(request.callId, taskId);
        if (this.tasks.size > MAX_CALLS_REMEMBERED) this.tasks.delete(this.tasks.keys().next().value!);
        return hooks.beforeCall(request);
      },
      afterCall: (request) => {
        this.tasks.delete(request.callId);
        return hooks.afterCall(request);
      },
    };
  }

  taskOf(callId: string): string | undefined {
    return this.tasks.get(callId);
  }
}
