// Diagnostics latency benchmark: runs test/integration/bench/diagnostics-latency.bench.ts inside the real VS Code
// server (the machinery of scripts/test-integration.ts: offline server, Debian Chromium, smoke-test driver, the
// Mocha entry test/integration/index.ts) and prints median/p90 latency and report completeness per method.
// Exits non-zero when the suite fails, when ours is not faster than the 1 s sleep at the median, or when one of
// ours reports was incomplete.
// Run: npm run bench:diagnostics   (or node --import tsx scripts/bench-diagnostics.ts)
// Options: RELAY_BENCH_EDITS=N edits per method (even, default 10); RELAY_BENCH_WAIT='{"quietMs":100}' to try other
// wait options than the edit tools' DIAGNOSTICS_WAIT; RELAY_BENCH_HIDDEN=1 to edit a file open in no editor.

import { build } from 'esbuild';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../test/support/vscode/browser';
import { provision, REPO_ROOT, startServer, tempDir } from '../test/support/vscode/server';
import { formatSummary, summarise, type BenchResults } from '../test/integration/bench/diagnostics-summary';

const TIMEOUT_MS = 20 * 60_000;
const OURS = 'event (ours)';
const CONTROL = 'no wait (control)';

/** The Mocha entry of the integration level, with this benchmark as its only suite, in a folder of its own. */
async function buildBench(): Promise<string> {
  const outdir = join(REPO_ROOT, 'out', 'test', 'integration-bench');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    // index.js loads every suites/*.test.js beside it: the benchmark is placed there under that name.
    entryPoints: { index: 'test/integration/index.ts', 'suites/diagnostics-latency.test': 'test/integration/bench/diagnostics-latency.bench.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    absWorkingDir: REPO_ROOT,
    logLevel: 'warning',
  });
  return join(outdir, 'index.js');
}

interface Outcome {
  title: string;
  state: string;
  durationMs: number;
  error?: string;
}

async function runInVsCode(testsIndex: string, benchResults: string): Promise<Outcome[]> {
  provision();
  const workspace = tempDir('bench-workspace');
  cpSync(join(REPO_ROOT, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
  const resultsFile = join(tempDir('bench-results'), 'integration.json');
  const server = await startServer({
    smokeTestDriver: true,
    env: {
      RELAY_TEST_RESULTS: resultsFile,
      RELAY_BENCH_RESULTS: benchResults,
      ...(process.env.RELAY_BENCH_EDITS ? { RELAY_BENCH_EDITS: process.env.RELAY_BENCH_EDITS } : {}),
      ...(process.env.RELAY_BENCH_HIDDEN ? { RELAY_BENCH_HIDDEN: process.env.RELAY_BENCH_HIDDEN } : {}),
      ...(process.env.RELAY_BENCH_WAIT ? { RELAY_BENCH_WAIT: process.env.RELAY_BENCH_WAIT } : {}),
    },
    settings: { 'workbench.startupEditor': 'none', 'security.workspace.trust.enabled': false },
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    let exit: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => (exit = resolve));
    await page.exposeFunction('codeAutomationExit', (code: number) => exit(code));
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      if (process.env.RELAY_TEST_VERBOSE) console.log(`[vscode:${type}]`, ...args);
    });
    const remote = (p: string) => `vscode-remote://127.0.0.1:${server.port}${p}`;
    // The extension under development is loaded as in the integration level; the benchmark bundles what it uses.
    const payload = JSON.stringify([
      ['extensionDevelopmentPath', remote(REPO_ROOT)],
      ['extensionTestsPath', remote(testsIndex)],
    ]);
    await page.goto(`${server.baseUrl}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`);
    const code = await Promise.race([
      exited,
      new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`the benchmark did not finish in ${TIMEOUT_MS} ms`)), TIMEOUT_MS).unref()),
    ]);
    if (!existsSync(resultsFile)) throw new Error(`the extension host exited with ${code} without writing results; server log: ${server.logFile}`);
    return (JSON.parse(readFileSync(resultsFile, 'utf8')) as { outcomes: Outcome[] }).outcomes;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
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
