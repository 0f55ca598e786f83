// Fixture for the tool-argument streaming benchmark: a realistic write_file call (a TypeScript-like source file
// with string escapes, regexes, Windows paths, tabs, ANSI escapes, accented letters, CJK and emoji) serialised
// as the model would send it, and the random 1-to-8-character deltas a provider streams it in.
import { mulberry32 } from '../test/support/seeded-random';


const WORDS = ['user', 'order', 'cache', 'session', 'token', 'queue', 'item', 'result', 'config', 'payload'];

/** One function of the file: every kind of character JSON has to escape, and non-ASCII text. */
function block(n: number, random: () => number): string {
  const word = WORDS[Math.floor(random() * WORDS.length)]!;
  return [
    `/** Größe des Puffers für ${word} ${n} — 缓冲区大小 (${n % 7} KiB) 🚀 */`,
    `export function parse${n}(input: string): ${word[0]!.toUpperCase()}${word.slice(1)} | undefined {`,
    `\tconst pattern = /^(\\d+)\\.(\\w+)\\s*"([^"\\\\]*)"$/u;`,
    `\tconst path = "C:\\\\Users\\\\dev\\\\${word}\\\\${n}.json";`,
    `\tif (!pattern.test(input)) throw new Error(\`bad ${word}: "\${input}" at \\\${${n}}\`);`,
    `\tconsole.log("\\u001b[32mok\\u001b[0m", '${word}', "tab\\there", 'quote\\'s');`,
    `\treturn { id: ${n}, name: "${word} \\"${n}\\"", note: 'naïve café — ${n}' };`,
    '}',
    '',
  ].join('\n');
}

/** The JSON arguments of one write_file call whose text is at least `bytes` long. */
export function writeFileArguments(bytes: number, seed = 7): string {
  const random = mulberry32(seed);
  const parts: string[] = [];
  let length = 0;
  // The block text is raw file content; JSON.stringify below adds the escapes (\n, \t, \", \\, \u001b).
  for (let n = 0; length < bytes; n++) {
    const text = block(n, random).replace(/\\u001b/g, '\u001b');
    parts.push(text);
    length += JSON.stringify(text).length;
  }
  return JSON.stringify({ path: 'src/generated/parsers.ts', content: parts.join('') });
}

/** Cuts `text` into pieces of 1 to 8 UTF-16 units, never between the two halves of a surrogate pair. */
export function randomDeltas(text: string, seed = 42): string[] {
  const random = mulberry32(seed);
  const deltas: string[] = [];
  for (let i = 0; i < text.length; ) {
    let end = Math.min(text.length, i + 1 + Math.floor(random() * 8));
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < text.length) end++;
    deltas.push(text.slice(i, end));
    i = end;
  }
  return deltas;
}
