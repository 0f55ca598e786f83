// An edit the engine could not place becomes a ToolError of the matching type, with the engine's explanation and,
// when nothing matched, the closest region of the file itself, so the model can copy the real text next time.
import type { EditFailure } from '../../core/edit';
import { l10n } from '../../core/l10n';
import { ToolError, ToolErrorType } from '../../core/tools';
import { cutLine, splitLines } from '../text-content';

const ERROR_TYPES: Record<EditFailure['kind'], ToolErrorType> = {
  empty_old_text: ToolErrorType.INVALID_PARAMS,
  no_occurrence: ToolErrorType.EDIT_NO_OCCURRENCE,
  multiple_occurrences: ToolErrorType.EDIT_MULTIPLE_OCCURRENCES,
  no_change: ToolErrorType.EDIT_NO_CHANGE,
  overlapping_edits: ToolErrorType.INVALID_PARAMS,
};

const EXCERPT_MAX_LINES = 20;

export function editFailureError(failure: EditFailure, fileText: string, shownPath: string): ToolError {
  let message = `${shownPath} was not changed. ${inToolTerms(failure.message)}`;
  if (failure.kind === 'no_occurrence' && failure.closest) {
    const lines = splitLines(fileText);
    const first = failure.closest.startLine;
    const last = Math.min(failure.closest.endLine, first + EXCERPT_MAX_LINES - 1, lines.length);
    const width = String(last).length;
    const excerpt = [];
    for (let n = first; n <= last; n++) excerpt.push(`${String(n).padStart(width)}\t${cutLine(lines[n - 1] ?? '', 300)}`);
    message += `\nLines ${first}-${last} of the file as it is now:\n${excerpt.join('\n')}`;
  }
  return new ToolError(ERROR_TYPES[failure.kind], { model: message, ui: uiEditFailure(failure.kind, shownPath) });
}

/** The card's line for an edit that was not placed (the model reads the engine's full explanation). */
function uiEditFailure(kind: EditFailure['kind'], shownPath: string): string {
  switch (kind) {
    case 'empty_old_text':
      return l10n.t('{0} was not changed: the text to replace is empty.', shownPath);
    case 'no_occurrence':
      return l10n.t('{0} was not changed: the text to replace was not found in it.', shownPath);
    case 'multiple_occurrences':
      return l10n.t('{0} was not changed: the text to replace occurs more than once.', shownPath);
    case 'no_change':
      return l10n.t('{0} was not changed: the new text is the same as the old.', shownPath);
    case 'overlapping_edits':
      return l10n.t('{0} was not changed: two of the edits overlap.', shownPath);
  }
}

/** The engine speaks of oldText/newText/replaceAll; edit_file's parameters are old_text/new_text/replace_all. */
export function inToolTerms(message: string): string {
  return message.replace(/\boldText\b/g, 'old_text').replace(/\bnewText\b/g, 'new_text').replace(/\breplaceAll\b/g, 'replace_all');
}
