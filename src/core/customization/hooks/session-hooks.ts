// The configured hooks behind the task's hook points (src/core/agent/session-hooks.ts), each in its source's format.
import { l10n, type Said } from '../../l10n';
import type { SessionHookAnswer, SessionHooks } from '../../agent/session-hooks';
import { failureNotes, hookLabel, messageNotes, stopped } from './notes';
import type { HookRunner } from './runner';
import type { HookSessionInfo, HookSet } from './tool-call-hooks';
import type { HookEvent, HookOutcome } from './types';
import type { HookEventInput } from './wire';

export class ConfiguredSessionHooks implements SessionHooks {
  constructor(
    private readonly set: HookSet,
    private readonly runner: HookRunner,
    private readonly session: () => HookSessionInfo,
    private readonly now: () => number = Date.now,
  ) {}

  async sessionStart(source: 'startup' | 'resume' | 'compact', signal: AbortSignal, initialPrompt?: string): Promise<SessionHookAnswer> {
    const outcome = await this.run('SessionStart', { source, ...(initialPrompt !== undefined ? { initialPrompt } : {}) }, signal);
    const answer = this.answer(outcome, false);
    // Claude's SessionStart cannot block; Cline's TaskStart / TaskResume can: `cancel: true` (or a failure, which
    // Cline treats as a cancel) keeps the task from starting.
    const run = outcome.decidedBy;
    if (!answer.stop && outcome.permission === 'deny' && run?.style === 'cline') {
      answer.stop = outcome.reason
        ? l10n.both('The {0} hook {1} stopped the task: {2}', run.event, hookLabel(run), outcome.reason)
        : l10n.both('The {0} hook {1} stopped the task.', run.event, hookLabel(run));
      answer.notices.push({ text: answer.stop.ui, level: 'warning' });
    }
    return answer;
  }

  async promptSubmit(prompt: string, signal: AbortSignal): Promise<SessionHookAnswer> {
    return this.answer(await this.run('UserPromptSubmit', { prompt }, signal), true);
  }

  async stop(active: boolean, subagent: boolean, signal: AbortSignal): Promise<SessionHookAnswer> {
    return this.answer(await this.run(subagent ? 'SubagentStop' : 'Stop', { stopHookActive: active }, signal), true);
  }

  async preCompact(trigger: 'manual' | 'auto', signal: AbortSignal): Promise<SessionHookAnswer> {
    return this.answer(await this.run('PreCompact', { source: trigger }, signal), false);
  }

  private answer(outcome: HookOutcome, canBlock: boolean): SessionHookAnswer {
    const notices = [...failureNotes(outcome), ...messageNotes(outcome)].map((note) => ({ text: note.text, level: note.kind === 'failed' ? ('warning' as const) : ('info' as const) }));
    const answer: SessionHookAnswer = { notices };
    if (outcome.context.length > 0) answer.context = outcome.context.join('\n\n');
    if (outcome.stop) {
      answer.stop = stopped(outcome);
      notices.push({ text: answer.stop.ui, level: 'warning' });
    }
    if (canBlock && outcome.permission === 'deny' && outcome.decidedBy) {
      const run = outcome.decidedBy;
      const block: Said = outcome.reason
        ? l10n.both('The {0} hook {1} blocked it: {2}', run.event, hookLabel(run), outcome.reason)
        : l10n.both('The {0} hook {1} blocked it.', run.event, hookLabel(run));
      answer.block = block;
      notices.push({ text: block.ui, level: 'warning' });
    }
    return answer;
  }

  private async run(event: HookEvent, extra: Partial<HookEventInput>, signal: AbortSignal): Promise<HookOutcome> {
    const hooks = await this.set.current();
    if (!hooks.some((hook) => hook.event === event)) return { context: [], runs: [] };
    return this.runner.run(hooks, { event, ...this.session(), now: this.now(), ...extra }, signal);
  }
}
