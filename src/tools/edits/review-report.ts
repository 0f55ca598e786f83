// What the model (and the card) is told about a review: which hunks the user rejected, by their lines in the file
// as the model read it and where those original lines are now, and the user's reason when they gave one.
import { l10n } from '../../core/l10n';
import type { ResolvedHunk } from '../../core/edit';
import { pathAfter } from './edit-plan';
import type { AcceptedChange } from './accepted-change';

/** For a call where some hunks were rejected: one paragraph per file, then the reason. Empty when none were. */
export function rejectionNotes(accepted: readonly AcceptedChange[], show: (path: string) => string, reason: string | undefined): string {
  const files = accepted.filter((a) => a.rejected.length > 0);
  if (files.length === 0) return '';
  const parts = files.map((a) => {
    const name = show(pathAfter(a.change) ?? a.change.path);
    if (a.dropped) return `The user rejected your change to ${name} as a whole: ${fileKindNote(a)}`;
    const head = `The user rejected ${a.rejected.length} of ${a.hunks} changes to ${name}; they were not applied and the file keeps its original text there:`;
    return [head, ...a.rejected.map((h) => `- ${describeHunk(h)}`)].join('\n');
  });
  return [...parts, ...reasonLine(reason)].join('\n');
}

/** The denial when nothing was kept (every hunk of every file rejected), as what the user did: "rejected every change …". */
/** For the model "rejected every change…" (after "The user "); for the card the same news in the display language. */
export function rejectedEverything(accepted: readonly AcceptedChange[], show: (path: string) => string, reason: string | undefined): string {
  const where = accepted.flatMap((a) => {
    const name = show(pathAfter(a.change) ?? a.change.path);
    const ranges = a.rejected.map((h) => rangeInBase(h)).filter((r) => r !== '');
    return [ranges.length > 0 ? `${name} (${ranges.join(', ')})` : name];
  });
  const head = `rejected every change in the diff editor: ${where.join('; ')}. Nothing was changed.`;
  return [head, ...reasonLine(reason)].join(' ');
}

/** The card's side of `rejectedEverything`: the files and the user's own reason, in the display language. */
export function uiRejectedEverything(accepted: readonly AcceptedChange[], show: (path: string) => string, reason: string | undefined): string {
  const files = accepted.map((a) => show(pathAfter(a.change) ?? a.change.path)).join(', ');
  const why = reason?.trim();
  const head = l10n.t('You rejected every change in the diff editor: {0}. Nothing was changed.', files);
  return why ? `${head} ${l10n.t("Your reason: {0}", why)}` : head;
}

/** For the card, in the display language: "2 of 3 changes applied, 1 rejected". */
export function rejectionSummary(accepted: readonly AcceptedChange[]): string | undefined {
  const total = accepted.reduce((n, a) => n + a.hunks, 0);
  const rejected = accepted.reduce((n, a) => n + a.rejected.length, 0);
  if (rejected === 0) return undefined;
  return l10n.t('{0} of {1} changes applied, {2} rejected', total - rejected, total, rejected);
}

function describeHunk(h: ResolvedHunk): string {
  const { baseStart, baseEnd, proposedStart, proposedEnd } = h.hunk;
  const proposed = proposedEnd - proposedStart;
  const now = h.resolvedEnd > h.resolvedStart ? `, now ${span(h.resolvedStart, h.resolvedEnd)} of the file` : '';
  if (baseEnd === baseStart) return `your ${lines(proposed)} to insert ${baseStart === 0 ? 'at the top' : `after line ${baseStart}`} (not inserted)`;
  const instead = proposed === 0 ? 'you proposed deleting them' : `you proposed ${lines(proposed)} instead`;
  return `${span(baseStart, baseEnd)} (${instead})${now}`;
}

function rangeInBase(h: ResolvedHunk): string {
  const { baseStart, baseEnd } = h.hunk;
  return baseEnd > baseStart ? span(baseStart, baseEnd) : baseStart === 0 ? 'insertion at the top' : `insertion after line ${baseStart}`;
}

function fileKindNote(a: AcceptedChange): string {
  switch (a.change.kind) {
    case 'create':
      return 'the file was not created.';
    case 'delete':
      return 'the file was not deleted.';
    case 'move':
      return 'the file was not moved or changed.';
    default:
      return 'the file was not changed.';
  }
}

function reasonLine(reason: string | undefined): string[] {
  const why = reason?.trim();
  return why ? [`The user's reason: ${why}`] : [];
}

/** 0-based half-open [start, end) as 1-based lines: "line 4" or "lines 4-6". */
function span(start: number, end: number): string {
  return end - start === 1 ? `line ${start + 1}` : `lines ${start + 1}-${end}`;
}

function lines(n: number): string {
  return n === 1 ? '1 line' : `${n} lines`;
}
