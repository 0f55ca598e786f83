// Notification hooks: told whenever Relay waits for the person, for an approval (`permission_prompt`) or for the
// answer to the agent's question (`idle_prompt`, Claude Code's type for "waiting for your input"). They cannot
// change the answer; the prompt or question never waits for them, and their failures are reported.
import type { ApprovalPrompter } from '../../ports/approval';
import type { HookRunner } from './runner';
import type { HookSessionInfo, HookSet } from './tool-call-hooks';

export type NotificationType = 'permission_prompt' | 'idle_prompt';

export class NotificationHooks {
  constructor(
    private readonly set: HookSet,
    private readonly runner: HookRunner,
    private readonly session: () => HookSessionInfo,
    private readonly onFailure: (message: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs the Notification hooks in the background; every failing one reaches `onFailure`. */
  notify(message: string, type: NotificationType): Promise<void> {
    return this.run(message, type).catch((error: unknown) => this.onFailure(error instanceof Error ? error.message : String(error)));
  }

  prompter(prompter: ApprovalPrompter): ApprovalPrompter {
    return {
      ask: (prompt) => {
        void this.notify(prompt.message, 'permission_prompt');
        return prompter.ask(prompt);
      },
    };
  }

  /** ask_followup_question put a question to the person. */
  question(question: string): Promise<void> {
    return this.notify(`Relay has a question for you: ${question}`, 'idle_prompt');
  }

  private async run(message: string, notificationType: NotificationType): Promise<void> {
    const hooks = await this.set.current();
    if (!hooks.some((h) => h.event === 'Notification')) return;
    const outcome = await this.runner.run(hooks, { event: 'Notification', ...this.session(), now: this.now(), message, notificationType }, new AbortController().signal);
    for (const run of outcome.runs) if (run.verdict.failure) this.onFailure(`${run.command}: ${run.verdict.failure.detail || run.verdict.failure.kind}`);
  }
}
