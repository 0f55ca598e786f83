// One summary for all test levels; the last line is the plain 'N passed, N failed' CI reads.
export interface LevelResult {
  level: 'unit' | 'integration' | 'e2e';
  passed: number;
  failed: number;
  skipped: number;
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
