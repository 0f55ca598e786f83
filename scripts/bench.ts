// `npm run bench [filter]`: runs every bench/*.bench.ts in turn (one at a time: they measure this machine). A bench
// that misses its target exits non-zero; the run then exits with that bench's code (the first such), after
// naming every bench that failed.
import { spawnSync } from 'node:child_process';
import { collectTests } from './node-tests';

const filters = process.argv.slice(2);
const files = collectTests('bench', '.bench.ts').filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
if (files.length === 0) {
  console.error('no benchmark matched');
  process.exit(1);
}
const failed: { file: string; code: number; why: string }[] = [];
for (const file of files) {
  console.log(`\n### ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', file], { stdio: 'inherit' });
  if (run.status === 0) continue;
  // Killed by a signal: no exit code of its own; 128 + the signal's number, as a shell reports it.
  const code = run.status ?? 128 + (run.signal === 'SIGKILL' ? 9 : 15);
  failed.push({ file, code, why: run.error ? run.error.message : run.signal ? `killed by ${run.signal}` : `exit code ${run.status}` });
}
for (const f of failed) console.error(`FAILED ${f.file}: ${f.why}`);
process.exit(failed[0]?.code ?? 0);
