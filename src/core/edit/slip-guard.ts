// Whether a line the similarity tier would accept differs from the file's line by a slip (a typo, a letter
// dropped, an argument added) rather than by a change of meaning. Levenshtein alone cannot tell "lenght" from
// "!enabled": both are one or two characters. The tokens that differ can.

import { similarity } from './similarity';

/** Differing tokens that change what code means: negation, booleans, null-ish values, operators. Numbers too. */
const MEANING_WORDS = new Set(['not', 'and', 'or', 'is', 'in', 'true', 'false', 'null', 'none', 'nil', 'undefined', 'nan']);
const MEANING_SYMBOL = /^[!<>=+\-*/%&|^~?]$/;
const NUMBER = /^\d/;
/** Two identifiers closer than this are one word misspelt ("lenght"), not two words ("isEnabled"/"isDisabled"). */
export const TWIN_IDENTIFIER = 0.75;

/** `wordsChanged`: some identifier differs (not only punctuation such as a trailing semicolon). */
export type SlipVerdict = { ok: true; wordsChanged: boolean } | { ok: false; reason: string };

function tokens(line: string): string[] {
  return line.match(/[\p{L}_$][\p{L}\p{N}_$]*|\p{N}[\p{N}.]*|\S/gu) ?? [];
}

function meaningful(token: string): boolean {
  return MEANING_WORDS.has(token.toLowerCase()) || MEANING_SYMBOL.test(token) || NUMBER.test(token);
}

/**
 * `fileLine` and `searchLine` differ; is the difference a slip? Tokens are aligned by longest common subsequence;
 * in each run of differences, removed and added identifiers must pair up as near twins, unless `allowInsertions`
 * lets a run be all one side (a parameter the model added or left out). Any differing operator, number, negation
 * or boolean refuses.
 */
export function isSlip(fileLine: string, searchLine: string, allowInsertions: boolean): SlipVerdict {
  const a = tokens(fileLine);
  const b = tokens(searchLine);
  let wordsChanged = false;
  for (const [removed, added] of differingRuns(a, b)) {
    const flip = [...removed, ...added].find(meaningful);
    if (flip !== undefined) return { ok: false, reason: `"${flip}" differs` };
    const removedWords = removed.filter((t) => /[\p{L}\p{N}]/u.test(t));
    const addedWords = added.filter((t) => /[\p{L}\p{N}]/u.test(t));
    if (removedWords.length + addedWords.length > 0) wordsChanged = true;
    if (removedWords.length === 0 || addedWords.length === 0) {
      if (!allowInsertions && removedWords.length + addedWords.length > 0) return { ok: false, reason: 'a word was added or removed' };
      continue;
    }
    if (removedWords.length !== addedWords.length) return { ok: false, reason: 'words were rewritten' };
    for (let i = 0; i < removedWords.length; i++) {
      if (similarity(removedWords[i]!, addedWords[i]!) < TWIN_IDENTIFIER) {
        return { ok: false, reason: `"${addedWords[i]}" is not "${removedWords[i]}"` };
      }
    }
  }
  return { ok: true, wordsChanged };
}

/** The runs of tokens that differ between a and b, as [removed from a, added in b], by LCS. */
function differingRuns(a: readonly string[], b: readonly string[]): Array<[string[], string[]]> {
  const n = a.length;
  const m = b.length;
  const lcs: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const runs: Array<[string[], string[]]> = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    if (removed.length + added.length > 0) runs.push([removed, added]);
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      flush();
      i++;
      j++;
    } else if (j >= m || (i < n && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      removed.push(a[i++]!);
    } else {
      added.push(b[j++]!);
    }
  }
  flush();
  return runs;
}
