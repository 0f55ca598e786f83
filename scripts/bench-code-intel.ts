// Code-intelligence benchmark: runs test/integration/bench/code-intel.bench.ts inside the real VS Code server (the
// machinery of bench-diagnostics.ts) and prints, side by side, the tokens the model reads to learn where a function
// is used (search_text vs find_references, 200 textual hits of which 12 are real references) and the time to
// find_references' first answer with a cold and a warm TypeScript server. Every count printed is counted: the
// textual hits and real references from the fixture's files, and in each tool result the hits it lists and how many
// of them are real references (by path and line). Targets (exit 1 when missed): find_references lists every real
// reference and nothing else, in fewer tokens than the text search that lists every hit.
// Run: npm run bench:code-intel   Options: RELAY_BENCH_COLD=N cold samples (default 3), RELAY_BENCH_WARM=N (default 5).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundleExtensionHostTests, runInExtensionHost } from '../test/support/vscode/extension-host-tests';
import { REPO_ROOT, tempDir } from '../test/support/vscode/server';
import type { CodeIntelBenchResults } from '../test/integration/bench/code-intel.bench';

async function main(): Promise<number> {
  const entryPoints = { index: 'test/integration/index.ts', 'suites/code-intel.test': 'test/integration/bench/code-intel.bench.ts' };
  const testsIndex = await bundleExtensionHostTests(entryPoints, join(REPO_ROOT, 'out', 'test', 'integration-bench-code-intel'));
  const dir = tempDir('bench-code-intel');
  const resultsFile = join(dir, 'code-intel.json');
  try {
    const passOn = ['RELAY_BENCH_COLD', 'RELAY_BENCH_WARM'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : []));
    const run = await runInExtensionHost({ testsIndex, env: { RELAY_BENCH_RESULTS: resultsFile, ...Object.fromEntries(passOn) }, timeoutMs: 30 * 60_000, what: 'the benchmark' });
    for (const o of run.outcomes.filter((o) => o.state !== 'passed')) console.log(`FAIL ${o.title}\n${o.error ?? ''}`);
    if (run.outcomes.length === 0 || run.outcomes.some((o) => o.state !== 'passed') || !existsSync(resultsFile)) {
      console.log('The benchmark suite did not complete.');
      return 1;
    }
    return report(JSON.parse(readFileSync(resultsFile, 'utf8')) as CodeIntelBenchResults);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(r: CodeIntelBenchResults): number {
  console.log(`Code intelligence: VS Code ${r.vscodeVersion}, its TypeScript language features; "where is formatPrice used" with ${r.textualHits} textual hits, ${r.realReferences} real references (counted in the project's files).`);
  console.log('Tokens: the tool result the model reads (the runtime estimate, ~4 characters a token).');
  console.log('');
  for (const t of r.tokens) {
    const what =
      t.method === 'find_references'
        ? `${t.hits} locations, ${t.realReferences} of them real references`
        : t.complete
          ? `${t.hits} of ${r.textualHits} matching lines, ${t.realReferences} of them real references`
          : `${t.hits} of ${r.textualHits} matching lines, ${t.realReferences} of them real references (cut: another call needed)`;
    console.log(`  ${t.method.padEnd(30)} ${String(t.tokens).padStart(6)} tokens   ${what}`);
  }
  const refs = r.tokens.find((t) => t.method === 'find_references')!;
  const all = r.tokens.find((t) => t.complete && t.method !== 'find_references');
  if (all) console.log(`  find_references reads ${(all.tokens / refs.tokens).toFixed(1)}x fewer tokens than the complete text search, and only the real references.`);
  console.log('');
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  console.log(`Time to find_references' answer (from the call to the result, the readiness wait included):`);
  console.log(`  cold server (first call, then after typescript.restartTsServer): ${r.coldMs.map((m) => `${m.toFixed(0)} ms`).join(', ')}; median ${med(r.coldMs).toFixed(0)} ms`);
  console.log(`  warm server (${r.warmMs.length} calls): ${r.warmMs.map((m) => `${m.toFixed(0)} ms`).join(', ')}; median ${med(r.warmMs).toFixed(0)} ms`);
  const exact = refs.hits === r.realReferences && refs.realReferences === r.realReferences;
  const fewer = all !== undefined && refs.tokens < all.tokens;
  console.log('');
  console.log(`target find_references lists the ${r.realReferences} real references and nothing else: ${exact ? 'met' : 'MISSED'} (${refs.hits} listed, ${refs.realReferences} real)`);
  console.log(`target find_references reads fewer tokens than the complete text search: ${fewer ? 'met' : 'MISSED'} (${refs.tokens} against ${all ? all.tokens : 'no complete search'})`);
  return exact && fewer ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
