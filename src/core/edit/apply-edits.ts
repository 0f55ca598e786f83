// edit_file: apply one or more search/replace edits to a file's content, all or nothing.
//
// Every edit is located against the ORIGINAL content (not the text earlier edits produced), so each oldText must be
// text the model actually read, line numbers in messages refer to the file as read, and edits that overlap are
// refused instead of silently compounding. The replacements are then applied together.

import { LineIndex } from './line-index';
import { applyReplacements, decodeText, normaliseModelText, type TextReplacement } from './line-endings';
import { lineChangeOf, mergeLineChanges } from './line-changes';
import { candidateLines, candidateStartLine, locateEdit, type LocateResult } from './match-cascade';
import { driftRefusal } from './drift-guard';
import { closestHint, describeRange, listLines, matchNote, stageName } from './messages';
import { buildReplacement } from './replacement';
import { findClosestRegion } from './closest-region';
import { toSearchText } from './search-text';
import type { AppliedEdit, ApplyEditsResult, EditFailure, EditRequest, LineRange } from './types';

interface PlannedReplacement {
  editIndex: number;
  replacement: TextReplacement;
  range: LineRange;
}

type Planned = { ok: true; applied: AppliedEdit; replacements: PlannedReplacement[] } | { ok: false; failure: EditFailure };

export function applyEdits(content: string, edits: readonly EditRequest[]): ApplyEditsResult {
  const decoded = decodeText(content);
  const index = new LineIndex(decoded.text);
  const applied: AppliedEdit[] = [];
  const planned: PlannedReplacement[] = [];
  for (const [i, edit] of edits.entries()) {
    const plan = planEdit(index, edit, i, edits.length);
    if (!plan.ok) return plan;
    applied.push(plan.applied);
    planned.push(...plan.replacements);
  }

  const overlap = findOverlap(planned);
  if (overlap) return { ok: false, failure: overlap };

  const replacements = planned.map((p) => p.replacement);
  const newContent = applyReplacements(content, decoded, replacements);
  if (newContent === content) {
    return {
      ok: false,
      failure: {
        kind: 'no_change',
        message: 'The edits leave the file unchanged: the text they matched already reads as newText.',
      },
    };
  }
  return {
    ok: true,
    content: newContent,
    applied,
    lineChanges: mergeLineChanges(replacements.map((r) => lineChangeOf(index, r))),
    message: summarise(applied),
  };
}

function planEdit(index: LineIndex, edit: EditRequest, editIndex: number, total: number): Planned {
  const prefix = total > 1 ? `Edit ${editIndex + 1} of ${total}: ` : '';
  const suffix = total > 1 ? ` None of the ${total} edits were applied.` : '';
  const fail = (failure: Omit<EditFailure, 'message' | 'editIndex'>, message: string): Planned => ({
    ok: false,
    failure: { ...failure, editIndex, message: prefix + message + suffix },
  });

  const oldText = normaliseModelText(edit.oldText);
  const newText = normaliseModelText(edit.newText);
  if (oldText === '') {
    return fail({ kind: 'empty_old_text' }, 'oldText is empty. Quote the exact text to replace; to write a whole file, use the file-writing tool instead.');
  }
  if (oldText === newText) {
    return fail({ kind: 'no_change' }, 'oldText and newText are identical, so there is nothing to change.');
  }

  const search = toSearchText(oldText);
  const replaceAll = edit.replaceAll === true;
  const located = locateEdit(index, search, replaceAll, { newText });
  if (located.status === 'refused') return fail({ kind: 'no_occurrence' }, located.message);
  if (located.status === 'not_found') {
    const closest = findClosestRegion(index, search);
    return fail(
      { kind: 'no_occurrence', ...(closest ? { closest } : {}) },
      'oldText was not found in the file, not even ignoring whitespace, blank lines, indentation, escaping, small changes between its first and last lines or a slip in one line. ' +
        `${closestHint(closest)}\nRead the file again and copy the text to replace exactly.`,
    );
  }
  if (located.status === 'ambiguous') {
    const lines = located.candidates.map((c) => candidateStartLine(index, c));
    const advice =
      located.strategy === 'block-anchor'
        ? 'Include the exact text of the block you mean.'
        : 'Include more surrounding lines to make it unique, or set replaceAll to change every occurrence.';
    return fail(
      { kind: 'multiple_occurrences', strategy: located.strategy, candidateLines: lines },
      `oldText occurs ${lines.length} times (${stageName(located.strategy)}), starting at ${listLines(lines)}. ${advice}`,
    );
  }

  const drift = driftRefusal(index, located.candidates[0]!, located.strategy, located.search, located.rewriteNewText ? located.rewriteNewText(newText) : newText);
  if (drift) return fail({ kind: 'no_occurrence' }, `oldText was placed ${stageName(located.strategy)}, but ${drift}`);
  const built = buildLocated(index, located, newText);
  return {
    ok: true,
    applied: { editIndex, strategy: located.strategy, ranges: built.ranges, note: built.note, ...built.details },
    replacements: built.replacements.map((replacement, k) => ({ editIndex, replacement, range: built.ranges[k]! })),
  };
}

export interface BuiltMatch {
  replacements: TextReplacement[];
  /** 1-based line ranges of the replacements, in `index`'s lines. */
  ranges: LineRange[];
  /** "matched after normalising indentation at lines 3-9; replacement re-indented …". */
  note: string;
  details: { similarity?: number; differingLines?: number[] };
}

/**
 * The replacements a located match makes with `newText`, and the sentence saying how it matched (edit_file and
 * apply_patch alike). `lineOffset`: lines of the file before `index`'s first, for the line numbers the model reads.
 */
export function buildLocated(index: LineIndex, located: Extract<LocateResult, { status: 'found' }>, newText: string, lineOffset = 0): BuiltMatch {
  const rewritten = located.rewriteNewText ? located.rewriteNewText(newText) : newText;
  const replacements: TextReplacement[] = [];
  const ranges: LineRange[] = [];
  let reindent: string | undefined;
  for (const candidate of located.candidates) {
    const built = buildReplacement(index, candidate, located.search, rewritten);
    reindent ??= built.reindentNote;
    replacements.push(built.replacement);
    const r = candidateLines(index, candidate);
    ranges.push({ startLine: r.startLine + lineOffset, endLine: r.endLine + lineOffset });
  }
  const first = located.candidates[0]!;
  const similarity = first.type === 'lines' ? first.similarity : undefined;
  const differing = first.type === 'lines' ? first.differingLines : undefined;
  const differingLines = differing?.map((l) => l + 1 + lineOffset);
  const blankLines = located.candidates.some((c) => c.type === 'lines' && c.alignment !== undefined);
  const details = {
    ...(reindent ? { reindent } : {}),
    ...(similarity !== undefined ? { similarity } : {}),
    ...(blankLines ? { blankLines } : {}),
    ...(differing && differingLines ? { differingLines, differingText: differing.map((l) => index.line(l).trim()) } : {}),
  };
  return {
    replacements,
    ranges,
    note: matchNote(located.strategy, ranges, details),
    details: { ...(similarity !== undefined ? { similarity } : {}), ...(differingLines ? { differingLines } : {}) },
  };
}

function findOverlap(planned: readonly PlannedReplacement[]): EditFailure | undefined {
  const sorted = [...planned].sort((a, b) => a.replacement.start - b.replacement.start);
  for (let k = 1; k < sorted.length; k++) {
    const a = sorted[k - 1]!;
    const b = sorted[k]!;
    if (b.replacement.start >= a.replacement.end) continue;
    const [first, second] = a.editIndex <= b.editIndex ? [a, b] : [b, a];
    return {
      kind: 'overlapping_edits',
      editIndex: first.editIndex,
      otherEditIndex: second.editIndex,
      message:
        `Edits ${first.editIndex + 1} and ${second.editIndex + 1} overlap (${describeRange(first.range)} and ${describeRange(second.range)}). ` +
        'Merge them into one edit, or make each cover separate text. No edits were applied.',
    };
  }
  return undefined;
}

function summarise(applied: readonly AppliedEdit[]): string {
  if (applied.length === 1) return `Edit applied: ${applied[0]!.note}.`;
  return [`${applied.length} edits applied:`, ...applied.map((a) => `- edit ${a.editIndex + 1}: ${a.note}`)].join('\n');
}
