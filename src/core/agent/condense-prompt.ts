// The one prompt Relay sends to condense a long task, and the frame its answer is kept in. Reviewed like code:
// the summary replaces older turns, so whatever it leaves out the model will not know any more.

export const CONDENSE_INSTRUCTION = `Relay needs to condense this conversation to stay within the model's context window. Do not call any tool now.

Write a summary of the task so far that lets you continue it without the older turns, which will be removed. Use exactly these sections, in Markdown:

## Goal
What the user asked for, in their words where it matters, and any requirements or constraints they gave.

## Decisions
What was decided and why (approaches chosen or rejected, the user's answers and corrections).

## Files touched
Each file read, created or changed, with what was done to it and its state now. Include exact paths, and the names of functions, types or settings that matter.

## Open items
What is left to do, in order, and anything unresolved (failing tests, errors, questions for the user).

Be specific and complete; leave out pleasantries and anything already finished that no longer matters.`;

/** Starts the message that replaces the older turns, so a later pass (and a person reading the history) knows it. */
export const SUMMARY_PREFIX = '[Relay context summary] Earlier turns of this task were condensed into this summary:';

export function summaryMessageText(summary: string): string {
  return `${SUMMARY_PREFIX}\n\n${summary.trim()}\n\nContinue the task from here. Read files again before editing them: their content is not in this conversation any more.`;
}
