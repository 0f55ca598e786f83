// The shape of an edit-matching corpus case: a file, the edits a model sent, and exactly what must come out.

import type { EditFailureKind, EditRequest, MatchStrategy } from '../../../../src/core/edit/types';

export type EditCaseExpectation =
  | {
      /** The strategy each edit must match with, in call order. */
      strategies: MatchStrategy[];
      /** The whole file afterwards, byte for byte. */
      content: string;
      /** A phrase the model-facing message must contain, when the wording matters. */
      messageIncludes?: string;
    }
  | {
      failure: EditFailureKind;
      strategy?: MatchStrategy;
      candidateLines?: number[];
      messageIncludes?: string;
    };

export interface EditCase {
  name: string;
  /** What drift the case reproduces, in a line. */
  why: string;
  file: string;
  edits: EditRequest[];
  expect: EditCaseExpectation;
}

/** Lines joined with LF, with a final newline. */
export function lf(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}

/** Lines joined with CRLF, with a final CRLF. */
export function crlf(...lines: string[]): string {
  return `${lines.join('\r\n')}\r\n`;
}

/** Lines joined with LF and no final newline: how a model usually sends oldText/newText, or a file lacking a final newline. */
export function text(...lines: string[]): string {
  return lines.join('\n');
}
