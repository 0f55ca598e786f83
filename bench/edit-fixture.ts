// Files and edits for the edit-matching benchmark: a 20,000-line source file (generated TypeScript, or a slice of
// the TypeScript compiler's own JavaScript), a 30-line region in it, and that region as a model would quote it
// with each kind of drift the cascade handles.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MatchStrategy } from '../src/core/edit/types';
import { mulberry32 } from '../test/support/seeded-random';

export const FILE_LINES = 20_000;
export const EDIT_LINES = 30;

export interface BenchFile {
  label: string;
  lines: string[];
  /** 0-based first line of the region the edits target. */
  regionStart: number;
}


const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/**
 * Generated TypeScript: classes of methods in a few shapes (loops, switches, try/catch, JSDoc, blank lines), with
 * names drawn from a small vocabulary so lines repeat the way they do in real services, and the 30-line target
 * method once, at 60% of the file.
 */
export function generatedFile(): BenchFile {
  const random = mulberry32(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const words = ['user', 'order', 'cache', 'session', 'token', 'queue', 'item', 'result', 'config', 'payload', 'buffer', 'entry'];
  const shapes: Array<(n: number) => string[]> = [
    (n) => {
      const [a, b] = [pick(words), pick(words)];
      return [
        `    /** Loads the ${b} of a ${a} and counts its live entries. */`,
        `    async process${n}(${a}: ${cap(a)}, options: Options = {}): Promise<${cap(b)}Result> {`,
        `        const ${b} = await this.repository.find${cap(b)}(${a}.id);`,
        `        if (!${b}) {`,
        `            throw new NotFoundError("${b} ${n} not found for ${a}");`,
        '        }',
        '',
        `        for (const entry of ${b}.entries) {`,
        '            if (entry.expired && !options.includeExpired) {',
        '                continue;',
        '            }',
        `            this.metrics.increment("${a}.${b}.entries", { id: entry.id });`,
        '        }',
        `        return { ok: true, value: ${b}, count: ${n} };`,
        '    }',
      ];
    },
    (n) => {
      const a = pick(words);
      return [
        `    describe${n}(kind: Kind): string {`,
        '        switch (kind) {',
        '            case Kind.Created:',
        `                return "${a} created";`,
        '            case Kind.Updated:',
        `                return "${a} updated (" + this.version${n} + ")";`,
        '            default:',
        '                return "unknown";',
        '        }',
        '    }',
      ];
    },
    (n) => {
      const [a, b] = [pick(words), pick(words)];
      return [
        `    async save${cap(a)}${n}(${a}: ${cap(a)}): Promise<void> {`,
        '        try {',
        `            await this.repository.save(${a});`,
        `            this.events.emit("${a}:saved", { id: ${a}.id, ${b}: ${a}.${b} });`,
        '        } catch (error) {',
        `            this.logger.error("saving ${a} failed", { error, id: ${a}.id });`,
        '            throw error;',
        '        }',
        '    }',
      ];
    },
    (n) => [`    get ${pick(words)}Count${n}(): number {`, `        return this.items${n}.length;`, '    }'],
  ];

  const lines: string[] = ['import { Repository } from "./repository";', 'import { Metrics } from "./metrics";', ''];
  let regionStart = -1;
  for (let n = 0; lines.length < FILE_LINES - 40; n++) {
    lines.push(`export class Service${n} {`, '    constructor(private readonly repository: Repository, private readonly metrics: Metrics) {}', '');
    for (let m = 0; m < 8 && lines.length < FILE_LINES - 40; m++) {
      if (regionStart === -1 && lines.length > FILE_LINES * 0.6) {
        regionStart = lines.length;
        lines.push(...targetMethod());
      } else {
        lines.push(...pick(shapes)(n * 10 + m));
      }
      lines.push('');
    }
    lines.push('}', '');
  }
  while (lines.length < FILE_LINES) lines.push(`// padding ${lines.length}`);
  return { label: 'generated TypeScript', lines, regionStart };
}

/** The method the generated file's edits target: 30 lines, nested blocks, string literals. */
function targetMethod(): string[] {
  return [
    '    async reconcileAccounts(ledger: Ledger, options: ReconcileOptions = {}): Promise<ReconcileReport> {',
    '        const started = Date.now();',
    '        const mismatches: Mismatch[] = [];',
    '        for (const account of ledger.accounts) {',
    '            const expected = await this.balances.expectedFor(account.id);',
    '            const actual = account.balance;',
    '            if (expected !== actual) {',
    '                mismatches.push({ account: account.id, expected, actual });',
    '                this.logger.warn("balance mismatch", { account: account.id, expected, actual });',
    '                if (options.failFast) {',
    '                    break;',
    '                }',
    '            }',
    '        }',
    '        const report: ReconcileReport = {',
    '            ledger: ledger.id,',
    '            checked: ledger.accounts.length,',
    '            mismatches,',
    '            durationMs: Date.now() - started,',
    '        };',
    '        if (mismatches.length > 0) {',
    '            await this.alerts.raise("reconcile", report);',
    '        } else {',
    '            this.logger.info("ledger reconciled", { ledger: ledger.id });',
    '        }',
    '        this.metrics.timing("reconcile.duration", report.durationMs);',
    '        this.metrics.gauge("reconcile.mismatches", mismatches.length);',
    '        await this.store.saveReport(report);',
    '        return report;',
    '    }',
  ];
}

/**
 * Real code: 20,000 lines of the TypeScript compiler's bundled JavaScript (a pinned devDependency), and the first
 * 30-line region after 60% of it that sits inside a function body, starts on a statement and holds string literals
 * and assignments, so every drift below has something to act on.
 */
export function typescriptFile(repoRoot: string): BenchFile {
  const path = join(repoRoot, 'node_modules', 'typescript', 'lib', 'typescript.js');
  const all = readFileSync(path, 'utf8').split('\n');
  const lines = all.slice(100_000, 100_000 + FILE_LINES);
  const text = lines.join('\n');
  for (let start = Math.floor(FILE_LINES * 0.6); start + EDIT_LINES <= lines.length; start++) {
    const region = lines.slice(start, start + EDIT_LINES);
    const nonBlank = region.filter((l) => l.trim() !== '');
    if (nonBlank.length !== EDIT_LINES) continue;
    if (!region.every((l) => indentOf(l) >= 4) || indentOf(region[0]!) !== Math.min(...region.map(indentOf))) continue;
    if (!/^\s*(const|let|if|for|return)\b/.test(region[0]!) || !region.some((l) => l.includes('"')) || !region.some((l) => l.includes(' = '))) continue;
    const joined = region.join('\n');
    if (text.indexOf(joined) !== text.lastIndexOf(joined)) continue;
    return { label: 'typescript.js 5.9 lines 100,001-120,000', lines, regionStart: start };
  }
  throw new Error(`no suitable 30-line region in ${path}`);
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

export interface Scenario {
  /** The strategy this drift must be matched by. */
  strategy: MatchStrategy;
  drift: string;
  oldText: string;
  newText: string;
  /** Timed against the baseline trimmed-line scan in the hit-path table. */
  hitPath?: boolean;
}

export interface EditFixture {
  content: string;
  /** The whole file after the intended change, byte for byte. */
  expected: string;
  scenarios: Scenario[];
  /** A region that is not in the file at all: the cost of a full cascade that fails, hint included. */
  missing: string;
}

/**
 * The intended change rewrites one line in the middle of the region (one whose indentation nests under its
 * predecessor, so re-indenting it from a sloppy quote has an unambiguous answer); each scenario quotes the region
 * with one kind of drift, and writes newText the same way, as a model does.
 */
export function editFixture(file: BenchFile): EditFixture {
  const region = file.lines.slice(file.regionStart, file.regionStart + EDIT_LINES);
  const changedAt = region.findIndex((l, i) => i >= 8 && !l.includes(' = ') && indentOf(l) > indentOf(region[0]!) && indentOf(region[i - 1]!) > indentOf(region[0]!));
  if (changedAt === -1) throw new Error(`${file.label}: no line to change in the region`);
  const changed = region.map((l, i) => (i === changedAt ? `${l} // reviewed` : l));

  const base = indentOf(region[0]!);
  const dedent = (block: string[]) => block.map((l) => l.slice(Math.min(base, indentOf(l))));
  const joined = (block: string[]) => block.join('\n');
  // Irregular indentation (nested lines two columns deeper than the model's own first line) and doubled spaces.
  // Lines without an assignment get a doubled space after a comma instead, except the changed one (newText keeps it).
  const sloppy = (block: string[]) =>
    dedent(block).map((l, i) => (l.includes(' = ') ? l.replace(' = ', '  =  ') : i === changedAt ? l : l.replace(', ', ',  ')).replace(/^( +)/, '$1  '));
  // Two middle lines misremembered: an identifier lost a letter.
  const misremember = (block: string[]) => block.map((l, i) => (i === 5 || i === 17 ? l.replace(/([A-Za-z]{4,})/, (w) => w.slice(0, -1)) : l));
  // The first line's first long word lost its last letter: no anchor for block-anchor.
  const misspellFirst = (block: string[]) => block.map((l, i) => (i === 0 ? l.replace(/([A-Za-z]{5,})/, (w) => w.slice(0, -1)) : l));
  // One middle line misremembered, nothing else: first and last lines exact.
  const slipMiddle = (block: string[]) => block.map((l, i) => (i === 15 ? l.replace(/([A-Za-z]{4,})/, (w) => w.slice(0, -1)) : l));
  const jsonBody = (block: string[]) => JSON.stringify(joined(dedent(block))).slice(1, -1);

  const scenarios: Scenario[] = [
    { strategy: 'exact', drift: 'none', oldText: joined(region), newText: joined(changed), hitPath: true },
    { strategy: 'line-trimmed', drift: 'trailing spaces', oldText: joined(region.map((l) => `${l}  `)), newText: joined(changed), hitPath: true },
    { strategy: 'indentation-flexible', drift: `indentation -${base} columns`, oldText: joined(dedent(region)), newText: joined(dedent(changed)), hitPath: true },
    { strategy: 'whitespace-normalised', drift: 'irregular indent, doubled spaces', oldText: joined(sloppy(region)), newText: joined(sloppy(changed)) },
    { strategy: 'escape-normalised', drift: 'JSON-escaped \\n and \\"', oldText: jsonBody(region), newText: jsonBody(changed) },
    { strategy: 'block-anchor', drift: '1 middle line slipped', oldText: joined(slipMiddle(region)), newText: joined(changed), hitPath: true },
    { strategy: 'block-anchor', drift: '2 middle lines misremembered', oldText: joined(misremember(dedent(region))), newText: joined(dedent(changed)) },
    { strategy: 'similarity', drift: 'first line misspelt', oldText: joined(misspellFirst(region)), newText: joined(misspellFirst(changed)) },
  ];

  const expectedLines = [...file.lines];
  expectedLines.splice(file.regionStart, EDIT_LINES, ...changed);
  // Every line renamed: nothing in the file matches, so every strategy runs and the closest-region hint is computed.
  const missing = joined(dedent(region).map((l) => l.replace(/([A-Za-z]{3,})/g, '$1X')));
  return { content: `${file.lines.join('\n')}\n`, expected: `${expectedLines.join('\n')}\n`, scenarios, missing };
}
