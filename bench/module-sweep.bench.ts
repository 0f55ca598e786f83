// The sweep of node_modules after a sandboxed command in a folder no repository holds (issue 36,
// src/host/sandbox/module-sweep.ts): it runs off the command's path, but in the extension host, after every
// sandboxed command there, so its cost is what a user of such a workspace pays in the background. A synthetic
// node_modules of 1,600 packages (about 11,000 folders, scoped and nested packages among them) with three
// repositories a command made and five older ones (one of them written into by the command). Measured side by
// side in the same run, in alternating rounds:
//  - baseline: the same walk through the thread pool (fs.promises readdir and lstat), the obvious way to write it;
//  - Relay's sweep: folders read in place, a slice at a time (dir-reader.ts), stats in place.
// Target: the sweep finds exactly what the baseline finds (the three new ones and the one written into), and its
// median is no slower than the baseline's (exit 1 when missed).
// Run: npm run bench module-sweep
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sweepModules } from '../src/host/sandbox/module-sweep';

const PACKAGES = 1_600;
const ROUNDS = 7;

function tree(root: string): { modules: string } {
  const modules = join(root, 'node_modules');
  for (let i = 0; i < PACKAGES; i++) {
    const pkg = i % 5 === 0 ? join(modules, `@scope${i % 40}`, `pkg${i}`) : join(modules, `pkg${i}`);
    for (const sub of ['lib', 'lib/util', 'dist', 'dist/esm', 'types']) mkdirSync(join(pkg, sub), { recursive: true });
    writeFileSync(join(pkg, 'package.json'), '{}');
    writeFileSync(join(pkg, 'lib', 'index.js'), 'module.exports = 1;');
    if (i % 8 === 0) mkdirSync(join(pkg, 'node_modules', `dep${i}`, 'lib'), { recursive: true });
  }
  return { modules };
}

function gitDir(path: string): string {
  mkdirSync(join(path, '.git', 'hooks'), { recursive: true });
  writeFileSync(join(path, '.git', 'config'), '[core]\n');
  return join(path, '.git');
}

/** The baseline: the same walk and test through promises. */
async function baseline(folder: string, since: number): Promise<string[]> {
  const out: string[] = [];
  const visit = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.name === '.git') {
        for (const p of [path, ...['config', 'config.worktree', 'commondir', 'hooks'].map((n) => join(path, n))]) {
          const stats = await lstat(p).catch(() => undefined);
          if (stats && stats.ctimeMs >= since) {
            out.push(path);
            break;
          }
        }
      } else if (entry.isDirectory()) await visit(path);
    }
  };
  await visit(folder);
  return out.sort();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), 'relay-bench-sweep-'));
  try {
    console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
    const { modules } = tree(root);
    // Older than the command (made before it started); the one written into below counts as changed.
    const old = [3, 17, 250, 901, 1203].map((i) => gitDir(join(modules, `pkg${i}`)));
    await new Promise((r) => setTimeout(r, 50));
    const since = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    const made = [join(modules, 'pkg11', 'lib'), join(modules, '@scope0', 'pkg40', 'dist', 'esm'), join(modules, 'pkg8', 'node_modules', 'dep8')].map(gitDir);
    writeFileSync(join(old[2]!, 'config'), '[core]\n\tfsmonitor = evil\n', { flag: 'a' });
    const expected = [...made, old[2]!].sort();

    // Timing rounds look for nothing newer than the future (the same walk, nothing renamed), alternating.
    const future = Date.now() + 3_600_000;
    const times = { baseline: [] as number[], sweep: [] as number[] };
    const loads: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(loadavg()[0]!);
      for (const which of round % 2 === 0 ? (['baseline', 'sweep'] as const) : (['sweep', 'baseline'] as const)) {
        const t = performance.now();
        if (which === 'baseline') await baseline(modules, future);
        else await sweepModules([{ folder: modules, root }], future);
        times[which].push(performance.now() - t);
      }
    }
    const wanted = await baseline(modules, since);
    const found = (await sweepModules([{ folder: modules, root }], since)).map((f) => f.path).sort();
    const folders = PACKAGES * 6 + PACKAGES / 8 * 3 + 40;
    console.log(`node_modules of ${PACKAGES} packages (about ${folders.toLocaleString('en')} folders), median of ${ROUNDS} alternating rounds:`);
    console.log(`  baseline (promises, thread pool): ${median(times.baseline).toFixed(1)} ms`);
    console.log(`  Relay's sweep (in place, sliced): ${median(times.sweep).toFixed(1)} ms`);
    console.log(`  load (1 min) during the rounds: median ${median(loads).toFixed(2)}, max ${Math.max(...loads).toFixed(2)} (2 cores)`);
    console.log(`  found: ${found.length} (baseline ${wanted.length}; expected ${expected.length})`);
    const same = JSON.stringify(found) === JSON.stringify(expected) && JSON.stringify(wanted) === JSON.stringify(expected);
    const faster = median(times.sweep) <= median(times.baseline);
    console.log(`target finds exactly the new and the written-into repositories: ${same ? 'met' : 'MISSED'}`);
    console.log(`target no slower than the baseline (median): ${faster ? 'met' : 'MISSED'} (${median(times.sweep).toFixed(1)} vs ${median(times.baseline).toFixed(1)} ms at load ${median(loads).toFixed(2)})`);
    return same && faster ? 0 : 1;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

void main().then((code) => process.exit(code));
