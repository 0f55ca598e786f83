// The "where is formatPrice used" project for the code-intelligence benchmark: 200 lines mention formatPrice,
// 12 of them are real references to the shared function (its declaration, 5 imports, 6 calls); the other 188 are
// a different method of the same name in legacy classes, its calls, comments and log strings, as in real code.

export const SYMBOL = 'formatPrice';
export const DECLARATION = { path: 'src/pricing/format.ts', line: 2 };
export const REAL_REFERENCES = 12;
export const TEXTUAL_HITS = 200;

export function codeIntelBenchProject(): Record<string, string> {
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, noEmit: true, lib: ['ES2022', 'DOM'] }, include: ['src'] }, null, 2),
    'src/pricing/format.ts': ['// Money for people.', `export function ${SYMBOL}(cents: number): string {`, '  return `$${(cents / 100).toFixed(2)}`;', '}', ''].join('\n'),
  };
  // 4 consumers with an import and a call each, one with an import and two calls: 11 references.
  for (let i = 1; i <= 5; i++) {
    const calls = i === 5 ? [`export const total${i} = ${SYMBOL}(${i * 100});`, `export const again${i} = ${SYMBOL}(${i * 200});`] : [`export const total${i} = ${SYMBOL}(${i * 100});`];
    files[`src/checkout/step${i}.ts`] = [`import { ${SYMBOL} } from '../pricing/format';`, '', ...calls, ''].join('\n');
  }
  // 188 lines that mention the name without referring to the shared function.
  let noise = 0;
  const target = TEXTUAL_HITS - REAL_REFERENCES;
  for (let f = 1; noise < target; f++) {
    const lines = [`// Legacy pricing ${f}: its own ${SYMBOL} method, unrelated to the shared one.`, `export class LegacyPricing${f} {`, `  ${SYMBOL}(cents: number): string {`, '    return String(cents);', '  }'];
    noise += 2;
    const calls: string[] = [];
    const messages: string[] = [];
    for (let k = 1; k <= 12 && noise < target; k++, noise++) calls.push(`  line${k}(): string { return this.${SYMBOL}(${k}); }`);
    for (let k = 1; k <= 10 && noise < target; k++, noise++) messages.push(`  '${SYMBOL} failed for legacy item ${f}-${k}',`);
    files[`src/legacy/pricing${f}.ts`] = [...lines, ...calls, '}', `export const legacyMessages${f} = [`, ...messages, '];', ''].join('\n');
  }
  return files;
}

/**
 * The lines of `files` that mention SYMBOL, as "path:line" (1-based), counted from the text: `all` of them, and
 * `real` those in the shared function's own file and its consumers (its declaration, imports and calls).
 */
export function mentionLines(files: Record<string, string>): { all: Set<string>; real: Set<string> } {
  const all = new Set<string>();
  const real = new Set<string>();
  const word = new RegExp(`\\b${SYMBOL}\\b`);
  for (const [path, text] of Object.entries(files)) {
    text.split('\n').forEach((line, i) => {
      if (!word.test(line)) return;
      all.add(`${path}:${i + 1}`);
      if (path === DECLARATION.path || path.startsWith('src/checkout/')) real.add(`${path}:${i + 1}`);
    });
  }
  return { all, real };
}

/**
 * The "path:line" of each hit a tool listed (a file's path on a line of its own, then its hits as "  N: code"),
 * with the path made relative to the fixture's root (`root`, e.g. "bench/").
 */
export function listedLines(text: string, root: string): string[] {
  const out: string[] = [];
  let file: string | undefined;
  for (const line of text.split('\n')) {
    const hit = /^\s+(\d+):/.exec(line);
    if (hit && file !== undefined) out.push(`${file}:${hit[1]}`);
    else if (line.trim() && !/^\s/.test(line)) file = line.trim().replace(/ \(.*$/, '').split(root).pop();
  }
  return out;
}
