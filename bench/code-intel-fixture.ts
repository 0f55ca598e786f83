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
