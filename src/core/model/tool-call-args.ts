// Small rules about streamed tool-call arguments that every wire format shares.

/** What a call with no argument text means: the APIs send "" (or nothing) for a tool without parameters. */
export const EMPTY_ARGS = '{}';

/**
 * Whether streamed argument text is one whole JSON value. Used only when the model stopped on its token
 * limit: a call whose arguments were cut there must not be reported as finished.
 */
export function isCompleteJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
