// The light bulb's Relay actions must never slow the editor (issue 40): VS Code asks every code action provider on
// each cursor move and selection change. Relay's provider (src/host/code-actions/code-action-provider.ts), bundled
// against bench/vscode-code-action-api.ts so its own code runs in plain Node, answers requests over a 5,000-line
// TypeScript file with 400 diagnostics: a cursor walking the file line by line (the diagnostics on its line handed
// in, as VS Code does), and 10-line selections (rewrites offered, and the fixes of the diagnostics inside). Measured
// side by side in the same run, in alternating rounds:
//  - floor: a provider that answers nothing (the harness's own cost per request);
//  - eager (the baseline): a provider that builds each action's message when asked, reading the code around each
//    diagnostic and the selected text (what the real one leaves to the moment an action is picked).
// Target: Relay's median ≤ 1 ms per request, over all requests and over those that offer an action (exit 1 when
// missed), and it must offer the same actions as the eager one.
// Run: npm run bench code-actions
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fixDiagnosticMessage, improveSelectionMessage } from '../src/core/prompts/code-action-prompts';
import { explainSelectionMessage } from '../src/core/prompts/editor-context';
import * as api from './vscode-code-action-api';

const LINES = 5_000;
const DIAGNOSTICS = 400;
const ROUNDS = 5;
const TARGET_MS = 1;

interface Doc {
  uri: { fsPath: string };
  languageId: string;
  lineCount: number;
  lineAt(line: number): { text: string };
  getText(range?: api.Range): string;
}
interface Context {
  diagnostics: api.Diagnostic[];
  only: api.CodeActionKind | undefined;
  triggerKind: number;
}
type Provider = { provideCodeActions(document: Doc, range: api.Range, context: Context): api.CodeAction[] };

function document(): Doc {
  const lines = Array.from({ length: LINES }, (_, i) => (i % 50 === 0 ? `export function f${i}(value: number): string {` : `  const v${i} = value * ${i} + helper(${i % 7}); // line ${i + 1}`));
  return {
    uri: { fsPath: '/workspace/src/big.ts' },
    languageId: 'typescript',
    lineCount: LINES,
    lineAt: (line) => ({ text: lines[line]! }),
    getText: (range) => {
      if (!range) return lines.join('\n');
      const { start, end } = range;
      if (start.line === end.line) return lines[start.line]!.slice(start.character, end.character);
      return [lines[start.line]!.slice(start.character), ...lines.slice(start.line + 1, end.line), lines[end.line]!.slice(0, end.character)].join('\n');
    },
  };
}

function diagnostics(): api.Diagnostic[] {
  return Array.from({ length: DIAGNOSTICS }, (_, i) => {
    const line = Math.floor((i * LINES) / DIAGNOSTICS) + (i % 3);
    const d = new api.Diagnostic(new api.Range(line, 8, line, 14), `Type 'string' is not assignable to type 'number'. (${i})`, i % 4 === 0 ? api.DiagnosticSeverity.Warning : api.DiagnosticSeverity.Error);
    d.source = 'ts';
    d.code = 2322;
    return d;
  });
}

/** The requests of one round: the cursor on every line, then a 10-line selection every 25 lines. */
function requests(all: api.Diagnostic[]): { range: api.Range; context: Context }[] {
  const byLine = new Map<number, api.Diagnostic[]>();
  for (const d of all) byLine.set(d.range.start.line, [...(byLine.get(d.range.start.line) ?? []), d]);
  const out: { range: api.Range; context: Context }[] = [];
  for (let line = 0; line < LINES; line++) out.push({ range: new api.Range(line, 4, line, 4), context: { diagnostics: byLine.get(line) ?? [], only: undefined, triggerKind: 2 } });
  for (let line = 0; line + 10 < LINES; line += 25) {
    const inside = all.filter((d) => d.range.start.line >= line && d.range.start.line <= line + 10);
    out.push({ range: new api.Range(line, 2, line + 10, 12), context: { diagnostics: inside, only: undefined, triggerKind: 2 } });
  }
  return out;
}

const floor: Provider = { provideCodeActions: () => [] };

/** The baseline: the same actions, each with its message built when offered (the code read, the prompt written). */
function eager(relay: Provider): Provider {
  return {
    provideCodeActions(doc, range, context) {
      const actions = relay.provideCodeActions(doc, range, context);
      for (const action of actions) {
        // The provider's one argument object (code-action-provider.ts: only objects it issued are taken).
        const [{ about: target }] = action.command!.arguments as [{ uri: unknown; about: api.Diagnostic | api.Range }];
        if (target instanceof api.Diagnostic) {
          const first = Math.max(0, target.range.start.line - 8);
          const last = Math.min(doc.lineCount - 1, target.range.end.line + 8);
          const text = doc.getText(new api.Range(first, 0, last, doc.lineAt(last).text.length));
          const { line, character } = target.range.start;
          const problem = { path: 'src/big.ts', line: line + 1, column: character + 1, endLine: target.range.end.line + 1, endColumn: target.range.end.character + 1, severity: 'error' as const, message: target.message };
          action.command!.arguments!.push(fixDiagnosticMessage(problem, { path: 'src/big.ts', startLine: first + 1, endLine: last + 1, languageId: doc.languageId, text }));
        } else {
          const selection = { path: 'src/big.ts', startLine: target.start.line + 1, endLine: target.end.line + 1, languageId: doc.languageId, text: doc.getText(target) };
          action.command!.arguments!.push(action.title.startsWith('Explain') ? explainSelectionMessage(selection) : improveSelectionMessage(selection));
        }
      }
      return actions;
    },
  };
}

async function loadProvider(): Promise<Provider> {
  const dir = mkdtempSync(join(tmpdir(), 'relay-code-actions-bench-'));
  try {
    const outfile = join(dir, 'provider.js');
    const fake = resolve(__dirname, 'vscode-code-action-api.ts');
    await build({
      entryPoints: [resolve(__dirname, '../src/host/code-actions/code-action-provider.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      logLevel: 'warning',
      plugins: [{ name: 'vscode-api', setup: (b) => b.onResolve({ filter: /^vscode$/ }, () => ({ path: fake })) }],
    });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const module = require(outfile) as { RelayCodeActionProvider: new () => Provider };
    return new module.RelayCodeActionProvider();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

async function main(): Promise<number> {
  console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(', ')} (2 cores)`);
  // The bundle has its own copy of bench/vscode-code-action-api.ts (its CodeAction and CodeActionKind); the
  // diagnostics and ranges it is handed are this file's, which the baseline tells apart with instanceof.
  const relay = await loadProvider();
  const doc = document();
  const all = diagnostics();
  const reqs = requests(all);
  const baseline = eager(relay);
  const providers: [string, Provider][] = [
    ['floor (answers nothing)', floor],
    ['Relay', relay],
    ['eager baseline (message built when offered)', baseline],
  ];
  const times = new Map<string, number[]>(providers.map(([name]) => [name, []]));
  // The same samples, only the requests that offer at least one action (a diagnostic on the line, or a selection).
  const offering = new Map<string, number[]>(providers.map(([name]) => [name, []]));
  const offers = reqs.map(({ range, context }) => !range.isEmpty || context.diagnostics.length > 0);
  let offered = 0;
  let mismatches = 0;
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [name, provider] of providers) {
      const samples = times.get(name)!;
      const offeringSamples = offering.get(name)!;
      for (const [i, { range, context }] of reqs.entries()) {
        const t0 = performance.now();
        const actions = provider.provideCodeActions(doc, range, context);
        const t1 = performance.now();
        if (round > 0) {
          // round 0 warms up
          samples.push(t1 - t0);
          if (offers[i]) offeringSamples.push(t1 - t0);
        }
        if (round === 1 && name === 'Relay') {
          offered += actions.length;
          const titles = baseline.provideCodeActions(doc, range, context).map((a) => a.title);
          if (titles.join('|') !== actions.map((a) => a.title).join('|')) mismatches++;
        }
      }
    }
  }
  console.log(`${LINES}-line file, ${DIAGNOSTICS} diagnostics, ${reqs.length} requests per round (${LINES} cursor positions, ${reqs.length - LINES} 10-line selections), ${ROUNDS} rounds; ${offered} actions offered per round`);
  for (const [name] of providers) {
    const xs = times.get(name)!;
    const ys = offering.get(name)!;
    console.log(`${name.padEnd(46)} all: median ${us(percentile(xs, 0.5))}  p95 ${us(percentile(xs, 0.95))}  p99 ${us(percentile(xs, 0.99))}  max ${us(Math.max(...xs))}`);
    console.log(`${''.padEnd(46)} offering an action: median ${us(percentile(ys, 0.5))}  p95 ${us(percentile(ys, 0.95))}  p99 ${us(percentile(ys, 0.99))}`);
  }
  console.log(`load average at end: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const median = percentile(times.get('Relay')!, 0.5);
  const offeringMedian = percentile(offering.get('Relay')!, 0.5);
  let failed = false;
  if (median > TARGET_MS || offeringMedian > TARGET_MS) {
    console.log(`FAIL: Relay's median ${us(median)} (offering an action: ${us(offeringMedian)}) is over the ${TARGET_MS} ms target`);
    failed = true;
  }
  if (mismatches > 0 || offered === 0) {
    console.log(`FAIL: ${mismatches} requests offered other actions than the baseline (${offered} offered)`);
    failed = true;
  }
  if (!failed) console.log(`OK: Relay's median ${us(median)} (offering an action: ${us(offeringMedian)}) ≤ ${TARGET_MS} ms per request`);
  return failed ? 1 : 0;
}

void main().then((code) => process.exit(code));
