// What a sed script or an awk program does beyond printing: sed's `w`, `W`, `e`, `r`, `R` commands and the
// `w` and `e` flags of `s///`; awk's `system()`, pipes, `getline <file`, `print > file` and `@load`. A script
// that cannot be read is reported as such, so it asks rather than being assumed harmless.

import { l10n, type Marked } from '../l10n';

/** sed commands that take no argument (`q`, `Q`, `l`, `L` take an optional number). */
const SED_SIMPLE = new Set([...'pPdDnNgGhHxlLz=FqQ{}']);
const SED_LABEL = new Set([...':btTv']);
const SED_TEXT = new Set([...'aic']);
const SED_EFFECT: Record<string, Marked> = {
  w: l10n.mark('writes a file named in the sed script'),
  W: l10n.mark('writes a file named in the sed script'),
  e: l10n.mark('runs a command from the sed script'),
  r: l10n.mark('reads a file named in the sed script'),
  R: l10n.mark('reads a file named in the sed script'),
};
const SED_UNREADABLE = l10n.mark('runs a sed script Relay cannot read');

/** Why a sed script is more than a filter, or undefined when it only edits the stream. */
export function sedScriptEffect(script: string): Marked | undefined {
  const s = script;
  let i = 0;
  const skip = (re: RegExp): void => {
    while (i < s.length && re.test(s[i]!)) i++;
  };
  const delimited = (delim: string): boolean => {
    while (i < s.length && s[i] !== delim) {
      if (s[i] === '\n') return false;
      i += s[i] === '\\' ? 2 : 1;
    }
    if (i >= s.length) return false;
    i++;
    return true;
  };
  const address = (): boolean => {
    if (/\d/.test(s[i] ?? '')) {
      skip(/\d/);
      if (s[i] === '~') {
        i++;
        skip(/\d/);
      }
    } else if (s[i] === '$') i++;
    else if (s[i] === '/' || s[i] === '\\') {
      const delim = s[i] === '/' ? '/' : s[i + 1];
      i += s[i] === '/' ? 1 : 2;
      if (delim === undefined || !delimited(delim)) return false;
      skip(/[IM]/);
    }
    return true;
  };
  while (i < s.length) {
    skip(/[\s;]/);
    if (i >= s.length) break;
    if (!address()) return SED_UNREADABLE;
    skip(/[ \t]/);
    if (s[i] === ',') {
      i++;
      skip(/[ \t]/);
      if (s[i] === '+' || s[i] === '~') {
        i++;
        skip(/\d/);
      } else if (!address()) return SED_UNREADABLE;
    }
    skip(/[ \t!]/);
    const c = s[i++];
    if (c === undefined) return SED_UNREADABLE;
    if (SED_EFFECT[c]) return SED_EFFECT[c];
    if (c === '#' || SED_TEXT.has(c)) {
      // A comment or `a text`: to the end of the line, continued by a trailing backslash.
      while (i < s.length && (s[i] !== '\n' || s[i - 1] === '\\')) i++;
      continue;
    }
    if (SED_LABEL.has(c)) skip(/[^;\n]/);
    else if (SED_SIMPLE.has(c)) skip(/[ \t\d]/);
    else if (c === 's' || c === 'y') {
      const delim = s[i++];
      if (delim === undefined || delim === '\n' || delim === '\\') return SED_UNREADABLE;
      if (!delimited(delim) || !delimited(delim)) return SED_UNREADABLE;
      if (c === 's') {
        const flags = /^[gpiImMe\d w]*/.exec(s.slice(i))![0];
        if (flags.includes('w')) return SED_EFFECT.w;
        if (flags.includes('e')) return SED_EFFECT.e;
        i += flags.length;
      }
    } else return SED_UNREADABLE;
    skip(/[ \t]/);
    if (i < s.length && !/[;\n}#]/.test(s[i]!)) return SED_UNREADABLE;
  }
  return undefined;
}

/** Why an awk program is more than a filter, or undefined when it only reads its input and prints. */
export function awkProgramEffect(program: string): Marked | undefined {
  // String literals may hold anything; what they hold is text, not code.
  const code = program.replace(/"(?:[^"\\\n]|\\.)*"/g, 'S');
  if (/"/.test(code)) return l10n.mark('runs an awk program Relay cannot read');
  if (/\bsystem\s*\(/.test(code)) return l10n.mark('runs a command (awk system())');
  if (/@\s*(load|include)/.test(code)) return l10n.mark('loads awk code or extensions');
  if (/\|/.test(code.replace(/\|\|/g, ''))) return l10n.mark('pipes to or from a command (awk |)');
  if (/\bgetline\b[^;{}\n]*</.test(code)) return l10n.mark('reads a file named in the awk program');
  if (/\bprintf?\b[^;{}\n]*>/.test(code)) return l10n.mark('writes a file (awk print >)');
  return undefined;
}
