// Command patterns: matched word by word against a sub-command's argv, as a prefix.
//   `git status`          matches `git status`, `git status -s`; not `git statusx`
//   `git push * --force`  a lone `*` stands for any number of words (`git push origin main --force`)
//   `mkfs*`, `-?f`        `*` and `?` inside a word match characters of that one word
// Quotes group words (`git commit -m "wip fix"`) and make `*`, `?` literal; a backslash escapes one character.

type Token = { kind: 'text'; text: string } | { kind: 'star' } | { kind: 'one' };
type PatternWord = { kind: 'any-words' } | { kind: 'word'; tokens: Token[] };

export interface CommandPattern {
  words: PatternWord[];
  /** Characters before the first wildcard, words joined by one space: the "longer prefix wins" measure. */
  literalPrefixLength: number;
  /** All literal characters: breaks ties between patterns with the same prefix. */
  literalLength: number;
}

const compiled = new Map<string, CommandPattern>();

export function compileCommandPattern(pattern: string): CommandPattern {
  let result = compiled.get(pattern);
  if (!result) {
    result = compile(pattern);
    compiled.set(pattern, result);
  }
  return result;
}

export function matchesCommandPattern(pattern: string, argv: readonly string[], caseInsensitiveName = false): boolean {
  const { words } = compileCommandPattern(pattern);
  if (words.length === 0) return false;
  return matchFrom(words, 0, argv, 0, caseInsensitiveName);
}

function matchFrom(words: PatternWord[], wi: number, argv: readonly string[], ai: number, ci: boolean): boolean {
  if (wi === words.length) return true; // prefix semantics: trailing argv words are fine
  const word = words[wi]!;
  if (word.kind === 'any-words') {
    for (let skip = ai; skip <= argv.length; skip++) if (matchFrom(words, wi + 1, argv, skip, ci)) return true;
    return false;
  }
  if (ai >= argv.length) return false;
  const foldCase = ci && ai === 0; // only the command name follows the file system's case rules
  if (!matchWord(word.tokens, foldCase ? argv[ai]!.toLowerCase() : argv[ai]!, foldCase)) return false;
  return matchFrom(words, wi + 1, argv, ai + 1, ci);
}

function matchWord(tokens: Token[], text: string, foldCase: boolean): boolean {
  const go = (ti: number, ci: number): boolean => {
    if (ti === tokens.length) return ci === text.length;
    const token = tokens[ti]!;
    if (token.kind === 'star') {
      for (let k = ci; k <= text.length; k++) if (go(ti + 1, k)) return true;
      return false;
    }
    if (token.kind === 'one') return ci < text.length && go(ti + 1, ci + 1);
    const literal = foldCase ? token.text.toLowerCase() : token.text;
    return text.startsWith(literal, ci) && go(ti + 1, ci + literal.length);
  };
  return go(0, 0);
}

function compile(pattern: string): CommandPattern {
  const words: PatternWord[] = [];
  let tokens: Token[] = [];
  let inWord = false;
  let quote: '"' | "'" | undefined;
  let bareStarOnly = true; // an unquoted lone `*` is the any-words wildcard
  const pushText = (ch: string): void => {
    const last = tokens[tokens.length - 1];
    if (last?.kind === 'text') last.text += ch;
    else tokens.push({ kind: 'text', text: ch });
  };
  const endWord = (): void => {
    if (!inWord) return;
    const lone = bareStarOnly && tokens.length === 1 && tokens[0]!.kind === 'star';
    words.push(lone ? { kind: 'any-words' } : { kind: 'word', tokens });
    tokens = [];
    inWord = false;
    bareStarOnly = true;
  };
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (quote === '"' && ch === '\\' && i + 1 < pattern.length) pushText(pattern[++i]!);
      else pushText(ch);
      continue;
    }
    if (/\s/.test(ch)) {
      endWord();
      continue;
    }
    inWord = true;
    if (ch === '"' || ch === "'") {
      quote = ch;
      bareStarOnly = false;
    } else if (ch === '\\' && i + 1 < pattern.length) {
      pushText(pattern[++i]!);
      bareStarOnly = false;
    } else if (ch === '*') tokens.push({ kind: 'star' });
    else if (ch === '?') tokens.push({ kind: 'one' });
    else pushText(ch);
  }
  endWord();
  return { words, ...measure(words) };
}

function measure(words: PatternWord[]): { literalPrefixLength: number; literalLength: number } {
  let literalPrefixLength = 0;
  let literalLength = 0;
  let inPrefix = true;
  words.forEach((word, index) => {
    if (word.kind === 'any-words') {
      inPrefix = false;
      return;
    }
    if (index > 0 && inPrefix) literalPrefixLength += 1; // the space between literal words
    for (const token of word.tokens) {
      if (token.kind === 'text') {
        literalLength += token.text.length;
        if (inPrefix) literalPrefixLength += token.text.length;
      } else inPrefix = false;
    }
  });
  return { literalPrefixLength, literalLength };
}

/**
 * Whether the pattern matches argv with a literal pattern word (not a lone `*`) standing on a word equal to
 * `word`: `find * -delete` names `-delete` in `find . -delete`; `find` and `find *` do not.
 */
export function patternNamesWord(pattern: string, argv: readonly string[], word: string, caseInsensitiveName = false): boolean {
  const { words } = compileCommandPattern(pattern);
  const go = (wi: number, ai: number, named: boolean): boolean => {
    if (wi === words.length) return named;
    const w = words[wi]!;
    if (w.kind === 'any-words') {
      for (let skip = ai; skip <= argv.length; skip++) if (go(wi + 1, skip, named)) return true;
      return false;
    }
    if (ai >= argv.length) return false;
    const foldCase = caseInsensitiveName && ai === 0;
    if (!matchWord(w.tokens, foldCase ? argv[ai]!.toLowerCase() : argv[ai]!, foldCase)) return false;
    return go(wi + 1, ai + 1, named || argv[ai] === word);
  };
  return words.length > 0 && go(0, 0, false);
}
