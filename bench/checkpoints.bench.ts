// Checkpoints (issue 14): the snapshot taken before a command, on the VS Code server source the tests provision
// (read in place, never written), first and unchanged second snapshot, against a naive snapshot that reads and
// hashes every file (what a store without a stat cache does) measured side by side; then the storage growth of
// 50 command steps that each change one line, on a copy of one of its extensions: full deflated copies
// (baseline), deltas (chosen), and the alternative design, a shadow git directory whose work tree is the
// workspace (what Cline and Roo do), all measured side by side.
// Targets: unchanged snapshot under 1 s; 50 one-line changes under 1 MB above the first snapshot.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { changesToApply } from '../src/core/checkpoints/restore-plan';
import { CheckpointStore, DEFAULT_CHECKPOINT_SETTINGS } from '../src/host/checkpoints/checkpoint-store';
import { GITIGNORE, IgnoreRules } from '../src/tools/ignore-rules';

const TREE = resolve('.vscode-test/server/node_modules/code-server/lib/vscode');
const GROWTH_SOURCE = join(TREE, 'extensions/markdown-language-features');

async function main(): Promise<void> {
  if (!(await fs.stat(TREE).catch(() => undefined))) {
    console.log(`skipped: ${TREE} is not provisioned (run npm start or npm test once)`);
    return;
  }
  const base = await fs.mkdtemp(join(tmpdir(), 'relay-cp-bench-'));
  try {
    await snapshotTimes(base);
    await storageGrowth(base);
  } finally {
    await fs.rm(base, { recursive: true, force: true });
  }
}

async function snapshotTimes(base: string): Promise<void> {
  const store = new CheckpointStore({ directory: join(base, 'store'), roots: () => [TREE], settings: () => DEFAULT_CHECKPOINT_SETTINGS });
  const naive1 = await timed(() => naiveSnapshot(TREE));
  const first = await timed(() => store.capture({ taskId: 'bench', itemId: 'c1', label: 'first' }));
  const second = await timed(() => store.capture({ taskId: 'bench', itemId: 'c2', label: 'second' }));
  const naive2 = await timed(() => naiveSnapshot(TREE));
  // A new window: the store opens afresh (lists its objects, loads the stat cache) before the snapshot.
  const reopened = new CheckpointStore({ directory: join(base, 'store'), roots: () => [TREE], settings: () => DEFAULT_CHECKPOINT_SETTINGS });
  const third = await timed(() => reopened.capture({ taskId: 'bench', itemId: 'c3', label: 'third' }));
  const git = shadowGit(join(base, 'shadow.git'), TREE);
  const gitFirst = await timed(async () => git.commit('first'));
  const gitSecond = await timed(async () => git.commit('second'));
  const bytes = await store.storageBytes();
  console.log(`tree: ${TREE}`);
  console.log(`files: ${first.value!.stats.files} (${first.value!.stats.skipped.length} over the ${DEFAULT_CHECKPOINT_SETTINGS.maxFileBytes / 1048576} MB limit, recorded by size)`);
  console.log('| snapshot | time | files read |');
  console.log('| --- | ---: | ---: |');
  console.log(`| checkpoint store, first | ${ms(first.ms)} | ${first.value!.stats.read} |`);
  console.log(`| checkpoint store, unchanged second | ${ms(second.ms)} | ${second.value!.stats.read} |`);
  console.log(`| checkpoint store, unchanged, store reopened (new window) | ${ms(third.ms)} | ${third.value!.stats.read} |`);
  console.log(`| shadow git (add -A, commit), first (alternative) | ${ms(gitFirst.ms)} | |`);
  console.log(`| shadow git (add -A, commit), unchanged second (alternative) | ${ms(gitSecond.ms)} | |`);
  console.log(`| naive read-and-hash-everything (baseline), run 1 | ${ms(naive1.ms)} | ${naive1.value} |`);
  console.log(`| naive read-and-hash-everything (baseline), run 2 | ${ms(naive2.ms)} | ${naive2.value} |`);
  console.log(`first snapshot stored: ${mb(bytes)} (deflated, deduplicated); shadow git: ${mb(await storedBytes(join(base, 'shadow.git')))}`);
  console.log(`target unchanged snapshot < 1 s: ${second.ms < 1000 ? 'met' : 'MISSED'} (${ms(second.ms)})`);
}

async function storageGrowth(base: string): Promise<void> {
  const ws = join(base, 'ws');
  await fs.cp(GROWTH_SOURCE, ws, { recursive: true });
  const target = await largestTextFile(ws);
  const original = await fs.readFile(target, 'utf8');
  console.log(`\nstorage growth: 50 command steps each changing one line of ${target.slice(ws.length + 1)} (${(original.length / 1024).toFixed(0)} KiB), workspace ${GROWTH_SOURCE.slice(TREE.length + 1)}`);
  console.log('| store | first snapshot | after 50 steps | growth | per step | 50 steps (before + after) | restore step 1 |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  let chosen = 0;
  for (const deltas of [false, true]) {
    await fs.writeFile(target, original);
    const run = await growth(join(base, deltas ? 'growth-delta' : 'growth-full'), ws, target, original, deltas);
    const name = deltas ? 'deltas against the previous version (chosen)' : 'full deflated copies (baseline)';
    console.log(`| ${name} | ${mb(run.start)} | ${mb(run.end)} | ${mb(run.end - run.start)} | ${((run.end - run.start) / 50 / 1024).toFixed(1)} KiB | ${ms(run.elapsed)} | ${ms(run.restore)} |`);
    if (deltas) chosen = run.end - run.start;
  }
  await fs.writeFile(target, original);
  const git = await gitGrowth(join(base, 'growth.git'), ws, target, original);
  console.log(`| shadow git, loose objects (alternative) | ${mb(git.start)} | ${mb(git.loose)} | ${mb(git.loose - git.start)} | ${((git.loose - git.start) / 50 / 1024).toFixed(1)} KiB | ${ms(git.elapsed)} | |`);
  console.log(`| shadow git after git gc (alternative) | ${mb(git.packedStart)} | ${mb(git.packed)} | ${mb(git.packed - git.packedStart)} | ${((git.packed - git.packedStart) / 50 / 1024).toFixed(1)} KiB | gc ${ms(git.gc)} | |`);
  console.log(`target growth < 1 MB: ${chosen < 1024 * 1024 ? 'met' : 'MISSED'} (${mb(chosen)})`);
}

async function growth(dir: string, ws: string, target: string, original: string, deltas: boolean) {
  const store = new CheckpointStore({ directory: dir, roots: () => [ws], settings: () => DEFAULT_CHECKPOINT_SETTINGS, deltas });
  const first = (await store.capture({ taskId: 'growth', itemId: 'c0', label: 'first' }))!;
  await store.afterStep(first.id);
  const start = await storedBytes(dir);
  const lines = original.split('\n');
  const ids: string[] = [];
  const started = performance.now();
  for (let step = 1; step <= 50; step++) {
    lines[(step * 7) % lines.length] = `// one-line change ${step}`;
    await fs.writeFile(target, lines.join('\n'));
    const id = (await store.capture({ taskId: 'growth', itemId: `c${step}`, label: `step ${step}` }))!.id;
    ids.push(id);
    await store.afterStep(id);
  }
  const elapsed = performance.now() - started;
  const end = await storedBytes(dir);
  // Restoring the first step brings the file back through its stored versions; it must come back intact.
  const restoreStarted = performance.now();
  const planned = (await store.planRestore('growth', ids[0]!))!;
  await store.apply(changesToApply(planned.plan, true));
  const restore = performance.now() - restoreStarted;
  // Its before-snapshot was taken after the first one-line change was written.
  const expected = original.split('\n');
  expected[7 % expected.length] = '// one-line change 1';
  if ((await fs.readFile(target, 'utf8')) !== expected.join('\n')) throw new Error('restoring step 1 did not bring the file back as it was then');
  return { start, end, elapsed, restore };
}

/** A git directory outside the workspace whose work tree is the workspace; one commit per checkpoint. */
function shadowGit(gitDir: string, workTree: string) {
  const env = { ...process.env, GIT_DIR: gitDir, GIT_WORK_TREE: workTree, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'b@b' };
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  };
  git('init', '-q');
  return {
    commit(message: string) {
      git('add', '-A');
      git('commit', '-q', '--allow-empty', '--no-verify', '-m', message);
    },
    gc: () => git('gc', '-q'),
  };
}

async function gitGrowth(gitDir: string, ws: string, target: string, original: string) {
  const git = shadowGit(gitDir, ws);
  git.commit('first');
  const start = await storedBytes(gitDir);
  // The same first snapshot packed, so the packed growth below compares packed with packed.
  const packedGit = shadowGit(`${gitDir}-packed`, ws);
  packedGit.commit('first');
  packedGit.gc();
  const packedStart = await storedBytes(`${gitDir}-packed`);
  const lines = original.split('\n');
  const started = performance.now();
  for (let step = 1; step <= 50; step++) {
    lines[(step * 7) % lines.length] = `// one-line change ${step}`;
    await fs.writeFile(target, lines.join('\n'));
    git.commit(`before step ${step}`);
    git.commit(`after step ${step}`);
  }
  const elapsed = performance.now() - started;
  const loose = await storedBytes(gitDir);
  const gcStarted = performance.now();
  git.gc();
  const gc = performance.now() - gcStarted;
  return { start, packedStart, loose, packed: await storedBytes(gitDir), elapsed, gc };
}

/** The baseline: walk the same files under the same ignore rules, read and hash every one. */
async function naiveSnapshot(dir: string, rules?: IgnoreRules): Promise<number> {
  rules ??= await IgnoreRules.forDirectory(dir, (p) => fs.readFile(p, 'utf8').catch(() => undefined));
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const gitignore = entries.some((e) => e.name === GITIGNORE) ? await fs.readFile(join(dir, GITIGNORE), 'utf8').catch(() => undefined) : undefined;
  const inner = gitignore === undefined ? rules : rules.withGitignore(dir, gitignore);
  const counts = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return inner.ignores(path, true) ? 0 : naiveSnapshot(path, inner);
      if (!entry.isFile() || inner.ignores(path, false)) return 0;
      const stat = await fs.stat(path);
      if (stat.size > DEFAULT_CHECKPOINT_SETTINGS.maxFileBytes) return 0;
      createHash('sha256').update(await fs.readFile(path)).digest('hex');
      return 1;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

async function largestTextFile(dir: string): Promise<string> {
  let best = { path: '', size: 0 };
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(js|ts|json|md)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const { size } = await fs.stat(path);
    if (size > best.size && size < 200 * 1024) best = { path, size };
  }
  return best.path;
}

/** Everything the store keeps on disk: objects, task indexes, the stat cache. */
async function storedBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await fs.stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(2)} MB`;

void main();
