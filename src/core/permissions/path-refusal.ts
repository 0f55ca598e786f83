// The ways a path from the model can be refused before any permission check, and how a refusal quotes the path:
// with every invisible or control character spelled out, because the point is that it does not read as it looks.
import type { Said } from '../l10n';

export type PathRefusalForm =
  | 'empty'
  | 'nul-byte'
  | 'control-character'
  | 'invisible-character'
  | 'file-uri'
  | 'uri-scheme'
  | 'home-shorthand'
  | 'variable'
  | 'windows-drive-on-posix'
  | 'unc-on-posix'
  | 'backslash-on-posix'
  | 'device-namespace'
  | 'drive-relative'
  | 'alternate-data-stream'
  | 'reserved-name'
  | 'trailing-dot-or-space'
  | 'invalid-character'
  | 'name-too-long'
  | 'path-too-long';

export interface PathRefusal {
  form: PathRefusalForm;
  /** What is wrong with the path and what to send instead: English for the model, the display language for people. */
  message: Said;
}

export type PathValidation = { ok: true; path: string } | { ok: false; refusal: PathRefusal };

export function refuse(form: PathRefusalForm, message: Said): { ok: false; refusal: PathRefusal } {
  return { ok: false, refusal: { form, message } };
}

/** Characters that change how a name reads (bidi controls) or hide in it (zero-width, BOM, soft hyphen). */
export const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
/** C0 controls but NUL, DEL and the C1 controls. */
export const CONTROL = /[\u0001-\u001f\u007f-\u009f]/;

const MAX_QUOTE = 160;

/** The path in double quotes, controls and invisibles as `\u{…}`, long paths cut in the middle. */
export function quotePath(path: string): string {
  const escaped = [...path]
    .map((ch) => (ch === '\0' || CONTROL.test(ch) || INVISIBLE.test(ch) ? `\\u{${ch.codePointAt(0)!.toString(16).toUpperCase()}}` : ch))
    .join('');
  if (escaped.length <= MAX_QUOTE) return `"${escaped}"`;
  const half = MAX_QUOTE / 2;
  return `"${escaped.slice(0, half)}…${escaped.slice(-half)}" (${path.length} characters)`;
}

/** The position (1-based, in characters) of the first match, for "at character N". */
export function positionOf(path: string, pattern: RegExp): number {
  return [...path].findIndex((ch) => pattern.test(ch)) + 1;
}
