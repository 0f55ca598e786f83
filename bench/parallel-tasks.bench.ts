// Parallel tasks (issue 29): starting a task in a temporary git repository holding the VS Code server tree the
// tests provision (its sources committed, its node_modules ignored and installed from npm-shrinkwrap.json): Relay's
// start (worktree on a new branch at the recorded commit, include files, node_modules linked, no setup command)
// beside two baselines measured in the same run, alternating: a bare `git worktree add` (what a task gets with no
// setup at all: node_modules and .env missing) and the worktree with node_modules copied (what a copy-based setup
// costs). Then the disk each task adds and the extension host's memory with 4 idle tasks.
// Target: Relay's start ≤ 2 s (median). Exits non-zero when it is missed or the tree is missing.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { WorktreeManager, diskUsage, type RepositoryFacts } from '../src/host/tasks/worktree-manager';
import { provision } from '../test/support/vscode/server';

const TREE = resolve('.vscode-test/server/node_modules/code-server/lib/vscode');
const ROUNDS = 5;
const TARGET_MS = 2000;

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=b@e', '-c', 'user.name=b', ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  provision();
  if (!existsSync(join(TREE, 'node_modules')) || !existsSync(join(TREE, 'npm-shrinkwrap.json'))) throw new Error(`${TREE} is missing after provisioning`);
  const base = await fs.mkdtemp(join(tmpdir(), 'relay-tasks-bench-'));
  try {
    console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(', ')} (2 cores)`);
    const repoDir = join(base, 'repo');
    // Hard links: the repository's files are the tree's own, read-only here; nothing is written through them.
    execFileSync('cp', ['-al', TREE, repoDir]);
    await fs.writeFile(join(repoDir, '.gitignore'), 'node_modules/\n.env\n');
    await fs.writeFile(join(repoDir, '.env'), 'PORT=3000\n');
    git(repoDir, 'init', '-q');
    git(repoDir, 'add', '-A');
    git(repoDir, 'commit', '-qm', 'tree');
    const tracked = git(repoDir, 'ls-files').split('\n').filter(Boolean).length;
    const modules = (await fs.readdir(join(repoDir, 'node_modules'))).length;
    console.log(`repository: ${tracked} tracked files, node_modules with ${modules} packages (ignored)`);

    const manager = new WorktreeManager(join(base, 'storage'));
    const repo = (await manager.repository(repoDir)) as RepositoryFacts;
    const times = { relay: [] as number[], bare: [] as number[], copied: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      let t = performance.now();
      const task = await manager.create(repo, { title: `bench ${round}` });
      times.relay.push(performance.now() - t);
      if (round === 0 && !(task.setup.linked.includes('node_modules') && task.setup.copied.includes('.env'))) throw new Error('node_modules not linked or .env not copied');
      await manager.remove(repo, task.path, task.branch, { links: task.setup.linked, force: true, deleteBranch: true });

      const bare = join(base, `bare-${round}`);
      t = performance.now();
      git(repoDir, 'worktree', 'add', '-q', '-b', `bare-${round}`, bare, 'HEAD');
      times.bare.push(performance.now() - t);
      t = performance.now();
      await fs.cp(join(repoDir, 'node_modules'), join(bare, 'node_modules'), { recursive: true, verbatimSymlinks: true });
      times.copied.push(times.bare.at(-1)! + performance.now() - t);
      git(repoDir, 'worktree', 'remove', '--force', bare);
      git(repoDir, 'branch', '-D', `bare-${round}`);
    }
    const row = (name: string, xs: number[]) => console.log(`${name.padEnd(52)} median ${median(xs).toFixed(0)} ms  (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`);
    row('Relay start (worktree, .env copied, node_modules linked)', times.relay);
    row('baseline: bare git worktree add (no .env, no deps)', times.bare);
    row('baseline: worktree + node_modules copied', times.copied);

    // Disk and memory with 4 idle tasks.
    const heapBefore = (globalThis.gc?.(), process.memoryUsage());
    const tasks = [];
    for (let i = 0; i < 4; i++) tasks.push(await manager.create(repo, { title: `idle ${i}` }));
    const heapAfter = (globalThis.gc?.(), process.memoryUsage());
    const perTask = await Promise.all(tasks.map((t) => diskUsage(t.path)));
    const gitDirs = await Promise.all(tasks.map((t) => diskUsage(join(repoDir, '.git', 'worktrees', t.path.split('/').at(-1)!))));
    const fullCopy = await diskUsage(repoDir, new Set(['.git']));
    console.log(`disk added per task: median ${mb(median(perTask.map((d, i) => d + gitDirs[i]!)))} (worktree ${mb(median(perTask))} + its git index ${mb(median(gitDirs))}); baseline full copy of the folder with node_modules ${mb(fullCopy)}`);
    console.log(`memory of 4 idle tasks: heap +${mb(heapAfter.heapUsed - heapBefore.heapUsed)}, rss +${mb(heapAfter.rss - heapBefore.rss)}; no process is kept per idle task`);
    for (const t of tasks) await manager.remove(repo, t.path, t.branch, { links: t.setup.linked, force: true, deleteBranch: true });
    console.log(`load average at end: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
    const met = median(times.relay) <= TARGET_MS;
    console.log(`target start ≤ ${TARGET_MS} ms: ${met ? 'met' : 'MISSED'} (median ${median(times.relay).toFixed(0)} ms)`);
    if (!met) process.exitCode = 1;
  } finally {
    await fs.rm(base, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
