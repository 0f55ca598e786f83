// One summary for all test levels; the last line is the plain 'N passed, N failed' CI reads.
export interface LevelResult {
  level: 'unit' | 'integration' | 'e2e' | 'faults';
  passed: number;
  failed: number;
  skipped: number;
  /** Each test's outcome, by its full title, where the runner reports them (for the soak's flake counts). */
  tests?: TestOutcome[];
}

export interface TestOutcome {
  title: string;
  state: 'passed' | 'failed' | 'skipped';
}

/**
 * The leaf tests of a TAP report from Node's test runner, titled with their suites ("suite › test"). Suites
 * are left out: their outcome is their tests'.
 */
export function tapOutcomes(report: string): TestOutcome[] {
  const out: TestOutcome[] = [];
  const names: string[] = [];
  const hadChildren: boolean[] = [];
  for (const line of report.split('\n')) {
    const subtest = /^( *)# Subtest: (.*)$/.exec(line);
    if (subtest) {
      const depth = subtest[1]!.length / 4;
      names.length = depth;
      names[depth] = subtest[2]!;
      hadChildren[depth] = false;
      continue;
    }
    const result = /^( *)(not )?ok \d+ - (.*?)(?: # (SKIP|TODO)\b.*)?$/.exec(line);
    if (!result) continue;
    const depth = result[1]!.length / 4;
    if (depth > 0) hadChildren[depth - 1] = true;
    if (hadChildren[depth]) continue; // a suite
    const title = [...names.slice(0, depth), result[3]!].join(' › ');
    out.push({ title, state: result[4] ? 'skipped' : result[2] ? 'failed' : 'passed' });
  }
  return out;
}

/** Prints the table and returns the exit code: non-zero when anything failed or a level ran no test. */
export function printSummary(results: LevelResult[]): number {
  console.log('\nRelay test summary');
  let bad = false;
  for (const r of results) {
    const none = r.passed + r.failed === 0;
    bad ||= r.failed > 0 || none;
    console.log(`  ${r.level.padEnd(12)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${none ? '  <- ran no test' : ''}`);
  }
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  const skipped = results.reduce((n, r) => n + r.skipped, 0);
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  return bad ? 1 : 0;
}
