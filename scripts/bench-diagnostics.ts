// Diagnostics latency benchmark: runs test/integration/bench/diagnostics-latency.bench.ts inside the real VS Code
// server (the machinery of scripts/test-integration.ts: offline server, Debian Chromium, smoke-test driver, the
// Mocha entry test/integration/index.ts) and prints median/p90 latency and report completeness per method.
// Exits non-zero when the suite fails, when ours is not faster than the 1 s sleep at the median, or when one of
// ours reports was incomplete.
// Run: npm run bench:diagnostics   (or node --import tsx scripts/bench-diagnostics.ts)
// Options: RELAY_BENCH_EDITS=N edits per method (even, default 10); RELAY_BENCH_WAIT='{"quietMs":100}' to try other
// wait options than the edit tools' DIAGNOSTICS_WAIT; RELAY_BENCH_HIDDEN=1 to edit a file open in no editor.

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundleExtensionHostTests, runInExtensionHost, type TestOutcome } from '../test/support/vscode/extension-host-tests';
import { REPO_ROOT, tempDir } from '../test/support/vscode/server';
import { formatSummary, summarise, type BenchResults } from '../test/integration/bench/diagnostics-summary';

const TIMEOUT_MS = 20 * 60_000;
const OURS = 'event (ours)';
const CONTROL = 'no wait (control)';

/** The Mocha entry of the integration level, with this benchmark as its only suite, in a folder of its own. */
async function buildBench(): Promise<string> {
  // index.js loads every suites/*.test.js beside it: the benchmark is placed there under that name.
  const entryPoints = { index: 'test/integration/index.ts', 'suites/diagnostics-latency.test': 'test/integration/bench/diagnostics-latency.bench.ts' };
  return bundleExtensionHostTests(entryPoints, join(REPO_ROOT, 'out', 'test', 'integration-bench'));
}

async function runInVsCode(testsIndex: string, benchResults: string): Promise<TestOutcome[]> {
  const passOn = ['RELAY_BENCH_EDITS', 'RELAY_BENCH_HIDDEN', 'RELAY_BENCH_WAIT'].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : []));
  const run = await runInExtensionHost({
    testsIndex,
    env: { RELAY_BENCH_RESULTS: benchResults, ...Object.fromEntries(passOn) },
    timeoutMs: TIMEOUT_MS,
    what: 'the benchmark',
  });
  return run.outcomes;
}

async function main(): Promise<number> {
  const testsIndex = await buildBench();
  const benchDir = tempDir('bench-diagnostics');
  const benchResults = join(benchDir, 'diagnostics-latency.json');
  try {
    const outcomes = await runInVsCode(testsIndex, benchResults);
    for (const o of outcomes.filter((o) => o.state !== 'passed')) console.log(`FAIL ${o.title}\n${o.error ?? ''}`);
    if (outcomes.length === 0 || outcomes.some((o) => o.state !== 'passed') || !existsSync(benchResults)) {
      console.log('The benchmark suite did not complete.');
      return 1;
    }
    const results = JSON.parse(readFileSync(benchResults, 'utf8')) as BenchResults;
    return report(results);
  } finally {
    rmSync(benchDir, { recursive: true, force: true });
  }
}

function report(results: BenchResults): number {
  const { firstEventMs, quietMs, deadlineMs } = results.waitOptions;
  const perMethod = results.samples.length / new Set(results.samples.map((s) => s.method)).size;
  console.log(`Diagnostics latency: VS Code ${results.vscodeVersion}, JSON language server, ${perMethod} edits per method alternating between introducing and fixing an error.`);
  console.log('Latency: from approval (just before the WorkspaceEdit is applied and saved) to the diagnostics report being ready for the model.');
  console.log(`Ours: watch before apply, then wait for the file's diagnostics to change and stay quiet ${quietMs} ms (no change in ${firstEventMs} ms: report; deadline ${deadlineMs} ms).`);
  console.log('Complete: the report was built from the diagnostics the file finally settled on (quiet 1.5 s and agreeing with the edit).');
  console.log(`Control: "${CONTROL}" reads the diagnostics as soon as the edit is saved, without waiting: the floor for any method.`);
  console.log('First change event: from approval to the first onDidChangeDiagnostics for the file (VS Code debounces it by 50 ms).');
  console.log('');
  const summaries = summarise(results.samples);
  for (const line of formatSummary(summaries)) console.log(line);

  const ours = summaries.find((s) => s.method === OURS);
  const control = summaries.find((s) => s.method === CONTROL);
  const incomplete = results.samples.filter((s) => !s.complete && s.method !== CONTROL);
  if (incomplete.length > 0) {
    console.log('');
    console.log('Incomplete reports:');
    for (const s of incomplete) console.log(`- ${s.method}, ${s.kind} ${s.error}: reported ${s.reportedErrors} errors, final ${s.finalErrors} (after ${s.latencyMs.toFixed(0)} ms${s.outcome ? `, ${s.outcome}` : ''})`);
  }
  const problems: string[] = [];
  if (!ours) problems.push('no samples for ours');
  else {
    const sleep1 = summaries.find((s) => s.method === 'sleep 1000 ms');
    if (sleep1 && ours.medianMs >= sleep1.medianMs) problems.push(`ours (${ours.medianMs.toFixed(0)} ms) is not faster than a 1 s sleep at the median`);
    if (ours.complete < ours.edits) problems.push(`${ours.edits - ours.complete} of ours reports were incomplete`);
  }
  if (control && control.complete === control.edits) {
    console.log('');
    console.log(`Note: every control report was complete too: this server's diagnostics were in by the time the save returned, so here a fixed sleep only adds latency.`);
  }
  console.log('');
  if (problems.length > 0) {
    console.log(`FAILED: ${problems.join('; ')}`);
    return 1;
  }
  const speedups = summaries.filter((s) => s !== ours && s !== control).map((s) => `${(s.medianMs / ours!.medianMs).toFixed(1)}x faster than ${s.method}`);
  console.log(`Ours: median ${ours!.medianMs.toFixed(0)} ms, every report complete; ${speedups.join(', ')} (medians).`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
