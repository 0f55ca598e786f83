// edit_file: apply one or more search/replace edits to a file's content, all or nothing.
//
// Every edit is located against the ORIGINAL content (not the text earlier edits produced), so each oldText must be
// text the model actually read, line numbers in messages refer to the file as read, and edits that overlap are
// refused instead of silently compounding. The replacements are then applied together.

import { LineIndex } from './line-index';
import { applyReplacements, decodeText, normaliseModelText, type TextReplacement } from './line-endings';
import { lineChangeOf, mergeLineChanges } from './line-changes';
import { candidateLines, candidateStartLine, locateEdit } from './match-cascade';
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
  const located = locateEdit(index, search, replaceAll);
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

  const rewritten = located.rewriteNewText ? located.rewriteNewText(newText) : newText;
  const replacements: PlannedReplacement[] = [];
  let reindent: string | undefined;
  for (const candidate of located.candidates) {
    const built = buildReplacement(index, candidate, located.search, rewritten);
    reindent ??= built.reindentNote;
    replacements.push({ editIndex, replacement: built.replacement, range: candidateLines(index, candidate) });
  }
  const ranges = replacements.map((r) => r.range);
  const first = located.candidates[0]!;
  const similarity = first.type === 'lines' ? first.similarity : undefined;
  const differingLines = first.type === 'lines' && first.differingLines ? first.differingLines.map((l) => l + 1) : undefined;
  const blankLines = located.candidates.some((c) => c.type === 'lines' && c.alignment !== undefined);
  const details = {
    ...(reindent ? { reindent } : {}),
    ...(similarity !== undefined ? { similarity } : {}),
    ...(blankLines ? { blankLines } : {}),
    ...(differingLines ? { differingLines, differingText: differingLines.map((l) => index.lines[l - 1]!.trim()) } : {}),
  };
  return {
    ok: true,
    applied: {
      editIndex,
      strategy: located.strategy,
      ranges,
      note: matchNote(located.strategy, ranges, details),
      ...(similarity !== undefined ? { similarity } : {}),
      ...(differingLines ? { differingLines } : {}),
    },
    replacements,
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
