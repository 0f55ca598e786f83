// Unit level: plain Node, no VS Code. Arguments narrow the run to files whose path contains one of them.
import { collectTests, runNodeTests } from './node-tests';
import { printSummary } from './test-report';

export function runUnit(filters: string[] = []) {
  const files = collectTests('test/unit').filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
  return runNodeTests({ level: 'unit', files });
}

if (require.main === module) {
  void runUnit(process.argv.slice(2)).then((r) => process.exit(printSummary([r])));
}
