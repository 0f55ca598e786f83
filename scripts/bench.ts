// `npm run bench [filter]`: runs every bench/*.bench.ts in turn (one at a time: they measure this machine).
import { spawnSync } from 'node:child_process';
import { collectTests } from './node-tests';

const filters = process.argv.slice(2);
const files = collectTests('bench', '.bench.ts').filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
if (files.length === 0) {
  console.error('no benchmark matched');
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.log(`\n### ${file}`);
  if (spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', file], { stdio: 'inherit' }).status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
