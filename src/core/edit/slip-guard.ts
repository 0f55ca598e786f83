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

/** Keywords that change what runs: an edge line may rename a parameter, never turn `if` into `while`. */
const CONTROL_WORDS = new Set([
  'if', 'else', 'elif', 'while', 'for', 'do', 'switch', 'case', 'match', 'return', 'break', 'continue', 'throw', 'raise',
  'try', 'catch', 'except', 'finally', 'yield', 'await', 'async', 'delete', 'new', 'typeof', 'instanceof', 'unless', 'until',
]);
/**
 * Word parts that mean the opposite of each other: isEnabled/isDisabled are 0.7 similar by letters, closer than
 * req/request, so letters alone cannot tell a flip from an abbreviation.
 */
const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ['enable', 'disable'], ['enabled', 'disabled'], ['add', 'remove'], ['insert', 'delete'], ['create', 'destroy'],
  ['min', 'max'], ['minimum', 'maximum'], ['open', 'close'], ['opened', 'closed'], ['show', 'hide'], ['shown', 'hidden'],
  ['visible', 'hidden'], ['start', 'stop'], ['begin', 'end'], ['first', 'last'], ['before', 'after'], ['get', 'set'],
  ['push', 'pop'], ['on', 'off'], ['in', 'out'], ['up', 'down'], ['increment', 'decrement'], ['inc', 'dec'],
  ['allow', 'deny'], ['accept', 'reject'], ['include', 'exclude'], ['read', 'write'], ['input', 'output'],
  ['left', 'right'], ['top', 'bottom'], ['next', 'prev'], ['next', 'previous'], ['old', 'new'], ['upper', 'lower'],
  ['above', 'below'], ['success', 'failure'], ['succeed', 'fail'], ['pass', 'fail'], ['high', 'low'], ['asc', 'desc'],
  ['ascending', 'descending'], ['yes', 'no'], ['lt', 'gt'], ['lte', 'gte'], ['less', 'greater'], ['more', 'less'],
  ['load', 'unload'], ['encode', 'decode'], ['encrypt', 'decrypt'], ['import', 'export'], ['lock', 'unlock'],
  ['all', 'none'], ['any', 'none'], ['some', 'none'], ['always', 'never'], ['and', 'or'], ['sync', 'async'],
];
const OPPOSITE = new Set(OPPOSITES.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));
/** A word part that negates its neighbour (isNotEmpty), or a prefix that negates a word (unlock, invalid, nonzero). */
const NEGATION_PARTS = new Set(['not', 'no', 'non', 'never', 'without']);
const NEGATING_PREFIX = /^(un|dis|in|im|ir|il|non|de|anti)(.+)$/;

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
    const opposite = oppositeWords(removed, added);
    if (opposite) return { ok: false, reason: opposite };
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

/**
 * A line at the edge of an oldText (its first or last) that differs from the file's line while every other line
 * matches exactly in one place. The place is certain, so the line may differ by more than a slip: a parameter named
 * differently, a comment the file lacks. It still may not be wholly another line (less than half of the shorter
 * line's tokens shared, outside comments), change an operator, number, negation, boolean or control keyword, or swap
 * a word for its opposite.
 */
export function isEdgeSlip(fileLine: string, searchLine: string): SlipVerdict {
  const fileCode = withoutComment(fileLine);
  const searchCode = withoutComment(searchLine);
  if (fileCode === searchCode) return { ok: true, wordsChanged: false };
  const a = tokens(fileCode);
  const b = tokens(searchCode);
  if (a.length === 0 || b.length === 0) return { ok: false, reason: 'the line is wholly different' };
  const depthA = bracketDepths(a);
  const depthB = bracketDepths(b);
  let wordsChanged = false;
  for (const [removedAt, addedAt] of differingRunsAt(a, b)) {
    const removed = removedAt.map((i) => a[i]!);
    const added = addedAt.map((j) => b[j]!);
    const flip = [...removed, ...added].find((t) => meaningful(t) || CONTROL_WORDS.has(t.toLowerCase()));
    if (flip !== undefined) return { ok: false, reason: `"${flip}" differs` };
    const opposite = oppositeWords(removed, added);
    if (opposite) return { ok: false, reason: opposite };
    const removedWords = removedAt.filter((i) => isWord(a[i]!));
    const addedWords = addedAt.filter((j) => isWord(b[j]!));
    if (removedWords.length + addedWords.length > 0) wordsChanged = true;
    if (removedWords.length === 0 || addedWords.length === 0) continue;
    // Inside brackets (parameters, arguments) a name may be another word; the line's head (the name it declares,
    // the call it makes) may only be misspelt: deleteUser is not saveUser.
    if (removedWords.every((i) => depthA[i]! > 0) && addedWords.every((j) => depthB[j]! > 0)) continue;
    if (removedWords.length !== addedWords.length) return { ok: false, reason: 'words were rewritten' };
    for (let k = 0; k < removedWords.length; k++) {
      const [x, y] = [a[removedWords[k]!]!, b[addedWords[k]!]!];
      if (similarity(x, y) < TWIN_IDENTIFIER) return { ok: false, reason: `"${y}" is not "${x}"` };
    }
  }
  if (lcsLength(a, b) * 2 < Math.min(a.length, b.length)) return { ok: false, reason: 'the line is wholly different' };
  return { ok: true, wordsChanged };
}

/**
 * Whether a line the edit keeps may differ from the file's as `searchLine` does (kept-slip.ts): only in values (every
 * differing run is numbers and the punctuation between them: a default, a limit, a version), as two interpreter lines
 * ("#!/usr/bin/env bash", "#!/bin/bash"), or by what isEdgeSlip lets through (a name misspelt, a parameter renamed).
 * Never by a negation, an operator, a control keyword, an opposite word or another name at the line's head: the
 * lines around may rest on those.
 */
export function isKeptSlip(fileLine: string, searchLine: string): SlipVerdict {
  if (fileLine.startsWith('#!') && searchLine.startsWith('#!')) return { ok: true, wordsChanged: true };
  const runs = differingRuns(tokens(fileLine), tokens(searchLine));
  const valueOnly = runs.every(([removed, added]) => [...removed, ...added].every((t) => NUMBER.test(t) || t === '.' || t === '_'));
  if (runs.length > 0 && valueOnly) return { ok: true, wordsChanged: false };
  return isEdgeSlip(fileLine, searchLine);
}

function isWord(token: string): boolean {
  return /[\p{L}\p{N}]/u.test(token);
}

/** Each token's bracket depth in the line: the parameters of "f(a, b) {" are at 1, "f" and "{" at 0. */
function bracketDepths(ts: readonly string[]): number[] {
  let depth = 0;
  return ts.map((t) => {
    if (t === ')' || t === ']' || t === '}') depth = Math.max(0, depth - 1);
    const at = depth;
    if (t === '(' || t === '[' || t === '{') depth++;
    return at;
  });
}

/** The line's code without a trailing comment (`//`, `#`, `--`, `/*` after a space or at the start), whitespace collapsed. */
export function withoutComment(line: string): string {
  const m = /(^|\s)(\/\/|#(?=\s|$)|--(?=\s|$)|\/\*|<!--)/.exec(line);
  return (m ? line.slice(0, m.index) : line).trim().replace(/\s+/g, ' ');
}

/** The reason when a removed and an added identifier differ by opposite word parts (enabled/disabled, isNot...). */
function oppositeWords(removed: readonly string[], added: readonly string[]): string | undefined {
  const r = removed.flatMap(wordParts);
  const a = added.flatMap(wordParts);
  const onlyR = r.filter((p) => !a.includes(p));
  const onlyA = a.filter((p) => !r.includes(p));
  for (const x of onlyR) {
    for (const y of onlyA) {
      if (OPPOSITE.has(`${x}|${y}`) || negates(x, y) || negates(y, x)) return `"${y}" is the opposite of "${x}"`;
    }
  }
  // A negating part added or dropped when everything else is shared: isEmpty / isNotEmpty.
  const negation = [...onlyR, ...onlyA].find((p) => NEGATION_PARTS.has(p));
  if (negation !== undefined && (onlyR.length === 0 || onlyA.length === 0)) return `"${negation}" negates the name`;
  return undefined;
}

/** "unlock" negates "lock", "invalid" negates "valid". */
function negates(word: string, other: string): boolean {
  const m = NEGATING_PREFIX.exec(word);
  return m !== null && m[2] === other && other.length >= 3;
}

/** Lower-case word parts of identifiers: isNotEmpty -> is, not, empty; max_value -> max, value. */
function wordParts(token: string): string[] {
  if (!/^[\p{L}_$]/u.test(token)) return [];
  return token
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[\s_$]+/)
    .filter((p) => p !== '')
    .map((p) => p.toLowerCase());
}

function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    const row = new Uint16Array(b.length + 1);
    for (let j = 1; j <= b.length; j++) row[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    previous = row;
  }
  return previous[b.length]!;
}

/** The runs of tokens that differ between a and b, as [removed from a, added in b], by LCS. */
function differingRuns(a: readonly string[], b: readonly string[]): Array<[string[], string[]]> {
  return differingRunsAt(a, b).map(([r, d]) => [r.map((i) => a[i]!), d.map((j) => b[j]!)]);
}

/** The same runs as positions in a and b. */
function differingRunsAt(a: readonly string[], b: readonly string[]): Array<[number[], number[]]> {
  const n = a.length;
  const m = b.length;
  const lcs: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const runs: Array<[number[], number[]]> = [];
  let removed: number[] = [];
  let added: number[] = [];
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
      removed.push(i++);
    } else {
      added.push(j++);
    }
  }
  flush();
  return runs;
}
