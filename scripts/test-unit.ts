// Unit level: plain Node, no VS Code. Arguments narrow the run to files whose path contains one of them.
import { collectTests, runNodeTests } from './node-tests';
import { printSummary } from './test-report';

/**
 * A unit test takes seconds at most; one that hangs fails after this, by its name (on two loaded cores the slowest
 * take a few seconds). `RELAY_UNIT_TEST_TIMEOUT_MS` changes it.
 */
const UNIT_TEST_TIMEOUT_MS = 120_000;

export function runUnit(filters: string[] = []) {
  const files = collectTests('test/unit').filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
  const testTimeoutMs = Number(process.env.RELAY_UNIT_TEST_TIMEOUT_MS) || UNIT_TEST_TIMEOUT_MS;
  return runNodeTests({ level: 'unit', files, testTimeoutMs, stallLimitMs: testTimeoutMs + 60_000 });
}

if (require.main === module) {
  void runUnit(process.argv.slice(2)).then((r) => process.exit(printSummary([r])));
}
