// `npm run test:soak [N]`: the integration, end-to-end and fault-injection levels N times (default 5) while a CPU hog keeps one
// of the machine's cores busy, then the flake count of every test that did not pass every time. A flaky test is
// a bug in the product or in the test: this finds them; nothing here retries anything.
import { spawn, type ChildProcess } from 'node:child_process';
import { runE2e } from './test-e2e';
import { runFaults } from './test-faults';
import { runIntegration } from './test-integration';
import type { LevelResult, TestOutcome } from './test-report';

interface Tally {
  runs: number;
  failures: number;
}

/** A busy loop in its own process, stopped by its id. */
function startCpuHog(): ChildProcess {
  const hog = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  hog.unref();
  return hog;
}

function record(tallies: Map<string, Tally>, level: string, tests: readonly TestOutcome[]): void {
  for (const test of tests) {
    if (test.state === 'skipped') continue;
    const key = `${level}: ${test.title}`;
    const tally = tallies.get(key) ?? { runs: 0, failures: 0 };
    tally.runs++;
    if (test.state === 'failed') tally.failures++;
    tallies.set(key, tally);
  }
}

async function main(): Promise<number> {
  const runs = Number(process.argv[2] ?? 5);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error('usage: npm run test:soak [N]  (N: runs, a whole number >= 1, default 5)');
    return 2;
  }
  const hog = startCpuHog();
  const stopHog = () => {
    if (hog.pid !== undefined && hog.exitCode === null) process.kill(hog.pid, 'SIGKILL');
  };
  process.on('exit', stopHog);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
  console.log(`[soak] ${runs} runs of the integration, e2e and fault-injection levels; CPU hog pid ${hog.pid} keeps one core busy`);

  const tallies = new Map<string, Tally>();
  const levelFailures: string[] = [];
  const started = Date.now();
  for (let run = 1; run <= runs; run++) {
    for (const [level, go] of [
      ['integration', () => runIntegration()],
      ['e2e', () => runE2e()],
      ['faults', () => runFaults()],
    ] as const) {
      console.log(`\n[soak] run ${run}/${runs}: ${level}`);
      let result: LevelResult;
      try {
        result = await go();
      } catch (error) {
        console.error(`[soak] ${level} could not run:`, error);
        result = { level, passed: 0, failed: 1, skipped: 0 };
      }
      record(tallies, level, result.tests ?? []);
      const unattributed = result.failed - (result.tests ?? []).filter((t) => t.state === 'failed').length;
      if (unattributed > 0 || result.passed + result.failed === 0) levelFailures.push(`run ${run} ${level}: ${result.failed} failed outside any test, ${result.passed} passed`);
      console.log(`[soak] run ${run}/${runs}: ${level} ${result.passed} passed, ${result.failed} failed`);
    }
  }
  stopHog();

  const flaky = [...tallies].filter(([, t]) => t.failures > 0).sort((a, b) => b[1].failures - a[1].failures);
  console.log(`\nRelay soak: ${runs} runs with one core busy, ${((Date.now() - started) / 60_000).toFixed(1)} min, ${tallies.size} tests`);
  for (const [title, t] of flaky) console.log(`  ${String(t.failures).padStart(2)}/${t.runs} failed  ${title}`);
  for (const line of levelFailures) console.log(`  ${line}`);
  const clean = flaky.length === 0 && levelFailures.length === 0;
  console.log(clean ? `0 flakes: every test passed in all ${runs} runs` : `${flaky.length} flaky test(s)`);
  return clean ? 0 : 1;
}

void main().then((code) => process.exit(code));
