// An exact match that starts or ends inside a number or a word of the file: `LIMIT = 10` found inside `LIMIT = 100`,
// `id = 1` inside `user_id = 1`. That is not the text the model meant. The rule:
// - a cut inside a number (a digit on both sides of the match's edge) is always refused: "10" in "100" is another
//   value, and "v2" in "v20" another version;
// - a cut inside a word (letters, digits or "_" on both sides) is refused unless the oldText is a piece of one word,
//   without spaces or line breaks (`getUser` renamed inside `getUserById`): that is a partial-line edit meant as such.
// A match whose edges fall on word boundaries is never a cut.

const WORD = /[\p{L}\p{N}_]/u;
const DIGIT = /\p{N}/u;

export interface TokenCut {
  kind: 'number' | 'word';
  message: string;
}

/** Why the span [start, end) of `text`, matched for `oldText`, cuts a token; undefined when it does not. */
export function tokenCut(text: string, start: number, end: number, oldText: string): TokenCut | undefined {
  if (end <= start) return undefined;
  const edges: Array<[string, string]> = [];
  if (start > 0) edges.push([text[start - 1]!, text[start]!]);
  if (end < text.length) edges.push([text[end - 1]!, text[end]!]);
  let kind: TokenCut['kind'] | undefined;
  for (const [before, after] of edges) {
    if (!WORD.test(before) || !WORD.test(after)) continue;
    if (DIGIT.test(before) && DIGIT.test(after)) {
      kind = 'number';
      break;
    }
    kind = 'word';
  }
  if (kind === undefined) return undefined;
  if (kind === 'word' && !/\s/.test(oldText)) return undefined;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end - 1) === -1 ? text.length : text.indexOf('\n', end - 1);
  const line = text.slice(lineStart, lineEnd).trim();
  const lineNumber = countLines(text, lineStart) + 1;
  const token = kind === 'number' ? 'number' : 'word';
  return {
    kind,
    message:
      `oldText was found only inside a longer ${token}: line ${lineNumber} reads ${JSON.stringify(clip(line))}, and your oldText ${JSON.stringify(clip(oldText))} starts or ends in the middle of a ${token} there. ` +
      `That is not the text you meant. Quote the whole ${token} (or the whole line) as the file has it.`,
  };
}

function countLines(text: string, upTo: number): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < upTo; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

function clip(s: string): string {
  return s.length > 120 ? `${s.slice(0, 120)}…` : s;
}
