// What a hook run did, in words: the card's notes (display language) and the model's sentences (English).
import { l10n, type Said } from '../../l10n';
import type { HookNote } from '../../tools/status-types';
import type { HookOutcome, HookRunReport } from './types';

/** The hook as people recognise it: its command (shortened) and the file that defines it. */
export function hookLabel(run: Pick<HookRunReport, 'command' | 'source'>): string {
  const command = run.command.length > 80 ? `${run.command.slice(0, 77)}…` : run.command;
  return `"${command}" (${run.source})`;
}

/** Every failing hook of the outcome: a timeout, an error exit, bad output, a spawn failure. */
export function failureNotes(outcome: HookOutcome): HookNote[] {
  const notes: HookNote[] = [];
  for (const run of outcome.runs) {
    const failure = run.verdict.failure;
    if (!failure) continue;
    const label = hookLabel(run);
    const detail = failure.detail || l10n.t('no output');
    const text =
      failure.kind === 'timeout'
        ? l10n.t('The {0} hook {1} timed out; it gave no answer.', run.event, label)
        : failure.kind === 'spawn'
          ? l10n.t('The {0} hook {1} could not start: {2}', run.event, label, detail)
          : l10n.t('The {0} hook {1} failed: {2}', run.event, label, detail);
    notes.push({ kind: 'failed', text });
  }
  return notes;
}

/** Shown-only messages (`systemMessage`) of every hook. */
export function messageNotes(outcome: HookOutcome): HookNote[] {
  return outcome.runs.flatMap((run) => (run.verdict.systemMessage ? [{ kind: 'context-added' as const, text: `${hookLabel(run)}: ${run.verdict.systemMessage}` }] : []));
}

/** Why the deciding hook refused, for the model and for people. */
export function refusal(outcome: HookOutcome): Said {
  const run = outcome.decidedBy!;
  const reason = outcome.reason ?? '';
  return reason
    ? l10n.both('The {0} hook {1} blocked it: {2}', run.event, hookLabel(run), reason)
    : l10n.both('The {0} hook {1} blocked it.', run.event, hookLabel(run));
}

export function stopped(outcome: HookOutcome): Said {
  const stop = outcome.stop!;
  return stop.reason
    ? l10n.both('The {0} hook {1} stopped the task: {2}', stop.hook.event, hookLabel(stop.hook), stop.reason)
    : l10n.both('The {0} hook {1} stopped the task.', stop.hook.event, hookLabel(stop.hook));
}

/** Which hooks added context, for the card. */
export function contextNotes(outcome: HookOutcome): HookNote[] {
  return outcome.runs.flatMap((run) => (run.verdict.context ? [{ kind: 'context-added' as const, text: l10n.t('The {0} hook {1} added context for the model.', run.event, hookLabel(run)) }] : []));
}
