// The OS sandbox (issue 30), three figures:
// 1. Start-up time added per command: `true` run through `/bin/sh -c` unsandboxed and sandboxed (wrap with the scan
//    of protected files and git's control data and its snapshot + bubblewrap + proxy bridge + seccomp helper + the
//    audit after it), in alternating rounds on the same load, in a repository with a submodule, a linked worktree
//    and husky's hooks folder. Every measured run must exit 0 (a sandbox that failed fast is no fast start).
//    Target: median added ≤ 50 ms (Linux) at load ≤ 1.
// 2. Memory of the runtime's proxy: RSS and heap of this process before and after starting it (it runs in the
//    extension host), and after 20 sandboxed commands through the proxy. Reported, no target.
// 3. Questions: over the permission corpus and the scripted tasks' commands, the share that ask in default mode
//    without and with the sandbox (only asks that come from running code are settled by it). Target: fewer asks,
//    and none of the commands asked about for other reasons is settled.
// Exits non-zero when a target is missed, or when bubblewrap cannot run here (a bench that cannot measure is no pass).
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { decideWithSandbox } from '../src/core/sandbox/approval';
import { effectiveSandboxSettings } from '../src/core/sandbox/boundary';
import { findRipgrep } from '../src/host/file-search/ripgrep-locator';
import { RuntimeSandbox, type SandboxManagerApi } from '../src/host/sandbox/runtime-sandbox';
// @ts-expect-error: a plain .mjs build script, no types
import { sandboxBundleOptions } from '../scripts/sandbox-bundle.mjs';
import { policyFor } from '../test/unit/permissions/fixtures';
import { COMMAND_CORPUS } from '../test/unit/permissions/commands.corpus';
import { EFFECT_ROWS, ENVIRONMENT_ROWS, QUERY_ROWS, VERSION_ROWS } from '../test/unit/permissions/command-classes.corpus';

const ROUNDS = 30;
const STARTUP_TARGET_MS = 50;
const verdicts: { name: string; met: boolean; detail: string }[] = [];

/** Commands the scripted tasks and an agent's usual work run (tests, builds, installs, git), beside the corpus. */
const SCRIPTED = [
  'npm test',
  'npm run build',
  'npm run lint',
  'npm ci',
  'npm install lodash',
  'npx tsc --noEmit',
  'npx eslint src',
  'make',
  'make test',
  'pytest -q',
  'python -m pytest tests/test_api.py',
  'python scripts/migrate.py',
  'cargo build',
  'cargo test',
  'go test ./...',
  'go build ./...',
  './gradlew test',
  'mvn -q test',
  './scripts/setup.sh',
  'node scripts/generate.js',
  'git add -A',
  'git commit -m "Fix the parser"',
  'git checkout -b feature/x',
  'git stash',
  'git reset --hard HEAD~1',
  'git push --force origin main',
  'rm -rf dist',
  'rm -f build/out.o',
  'mkdir -p src/utils',
  'touch src/utils/index.ts',
  'echo started; sleep 30; echo never',
  'for i in $(seq 1 40); do echo line-$i; sleep 0.01; done',
  'pwd; echo "pager=$PAGER git=$GIT_PAGER"',
  'seq 1 300000',
  'true',
];

async function main(): Promise<void> {
  console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(', ')} (2 cores)`);
  await questions();
  await startupAndMemory();
  console.log(`load average at end: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  for (const v of verdicts) console.log(`target ${v.name}: ${v.met ? 'met' : 'MISSED'} (${v.detail})`);
  if (verdicts.some((v) => !v.met)) process.exitCode = 1;
}

async function questions(): Promise<void> {
  const rows = [...COMMAND_CORPUS, ...ENVIRONMENT_ROWS, ...EFFECT_ROWS, ...VERSION_ROWS, ...QUERY_ROWS].map((r) => r[0]);
  const commands = [...new Set([...rows, ...SCRIPTED])];
  const policy = policyFor('default');
  let without = 0;
  let withSandbox = 0;
  let wronglySettled = 0;
  for (const command of commands) {
    const decision = await policy.evaluate({ toolName: 'run_command', kind: 'execute', targets: { command, cwd: '/work/ws' } });
    const sandboxed = decideWithSandbox(decision, true);
    if (decision.action === 'ask') without++;
    if (sandboxed.action === 'ask') withSandbox++;
    if (sandboxed.action !== decision.action && decision.audit.checks.some((c) => c.action === 'ask' && c.asksBecause !== 'runs-code')) wronglySettled++;
  }
  const pct = (n: number) => `${((100 * n) / commands.length).toFixed(1)} %`;
  console.log(`questions in default mode over ${commands.length} commands (permission corpus + scripted tasks):`);
  console.log(`  without the sandbox: ${without} ask (${pct(without)})`);
  console.log(`  with the sandbox:    ${withSandbox} ask (${pct(withSandbox)})`);
  verdicts.push({ name: 'fewer questions, none settled for another reason', met: withSandbox < without && wronglySettled === 0, detail: `${pct(without)} → ${pct(withSandbox)}, ${wronglySettled} settled wrongly` });
}

async function startupAndMemory(): Promise<void> {
  const base = mkdtempSync(join(tmpdir(), 'relay-sandbox-bench-'));
  const ws = join(base, 'ws');
  // A home folder as a user's is: outside every folder a command may write (the system temp folder is one), with a
  // few of the credential stores the read-deny list names. Under the temp folder, every missing store could be
  // made by the command, so each would be planned as a mount (deny-read-present.ts), which no real home pays.
  const home = mkdtempSync(join(existsSync('/var/tmp') ? '/var/tmp' : resolve('.'), 'relay-sandbox-bench-home-'));
  userStores(home);
  repository(base, ws, home);
  const ripgrepPath = findRipgrep(resolve('.vscode-test/server/node_modules/code-server/lib/vscode'));
  const sandbox = new RuntimeSandbox({ load: () => shippedRuntime(join(base, 'dist')), settings: () => effectiveSandboxSettings(undefined, undefined), homeDir: home, tempDir: base, ripgrepPath });
  try {
    global.gc?.();
    const before = process.memoryUsage();
    if (!(await sandbox.prepare())) throw new Error(`the sandbox cannot run here: ${sandbox.unavailableReason}`);
    global.gc?.();
    const started = process.memoryUsage();
    const plain: number[] = [];
    const boxed: number[] = [];
    const wraps: number[] = [];
    const runs: number[] = [];
    const audits: number[] = [];
    const releases: number[] = [];
    const loads: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      loads.push(loadavg()[0]!);
      plain.push(await timed(async () => expectSuccess(await run('/bin/sh', ['-c', 'true'], ws), 'true (unsandboxed)')));
      boxed.push(
        await timed(async () => {
          const t = performance.now();
          const wrapped = await sandbox.wrap('true', {}, { cwd: ws, writableRoots: [ws] });
          wraps.push(performance.now() - t);
          try {
            const r = performance.now();
            expectSuccess(await run('/bin/sh', ['-c', wrapped.command], ws, wrapped.env), 'true (sandboxed)');
            runs.push(performance.now() - r);
            const a = performance.now();
            const violations = wrapped.violations('');
            audits.push(performance.now() - a);
            if (violations.length > 0) throw new Error(`\`true\` was refused or audited in the sandbox: ${JSON.stringify(violations)}`);
          } finally {
            const d = performance.now();
            wrapped.dispose();
            releases.push(performance.now() - d);
          }
        }),
      );
    }
    // Memory under traffic: 20 sandboxed requests through the proxy to a local server (denied: not allowed).
    const server = createServer((_q, res) => res.end('x'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    for (let i = 0; i < 20; i++) {
      const wrapped = await sandbox.wrap(`curl -s -m 5 --noproxy '' http://127.0.0.1:${port}/ >/dev/null`, {}, { cwd: ws, writableRoots: [ws] });
      await run('/bin/sh', ['-c', wrapped.command], ws, wrapped.env);
      wrapped.dispose();
    }
    server.close();
    global.gc?.();
    const loaded = process.memoryUsage();
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const added = median(boxed) - median(plain);
    console.log(`start-up per command, median of ${ROUNDS} alternating rounds (\`true\`):`);
    console.log(`  unsandboxed (sh -c):  ${median(plain).toFixed(1)} ms`);
    console.log(`  sandboxed:            ${median(boxed).toFixed(1)} ms (wrap + bubblewrap + proxy bridge + seccomp helper)`);
    console.log(`  added:                ${added.toFixed(1)} ms`);
    console.log(`    its parts (medians): building the wrapped command with the scans and the snapshot ${median(wraps).toFixed(1)} ms; running it ${median(runs).toFixed(1)} ms (bubblewrap, the two proxy bridges, the seccomp helper, the shell; the unsandboxed run is ${median(plain).toFixed(1)} ms); the audit after it ${median(audits).toFixed(2)} ms; releasing it (the runtime's mount-point cleanup) ${median(releases).toFixed(2)} ms`);
    const plans = (globalThis as Record<symbol, { reused: number; built: number } | undefined>)[Symbol.for('relay.sandboxPlanStats')];
    if (plans) console.log(`  the runtime's filesystem plan: built ${plans.built} times, reused ${plans.reused} times (fs-plan-cache.ts)`);
    console.log(`  load (1 min) during the rounds: median ${median(loads).toFixed(2)}, max ${Math.max(...loads).toFixed(2)} (2 cores); every measured run exited 0`);
    const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
    console.log(`proxy memory (in-process, RSS / heap used): before ${mib(before.rss)} / ${mib(before.heapUsed)}; started ${mib(started.rss)} / ${mib(started.heapUsed)} (+${mib(started.rss - before.rss)} RSS); after 20 proxied requests ${mib(loaded.rss)} / ${mib(loaded.heapUsed)}`);
    verdicts.push({ name: `added start-up with the audit ≤ ${STARTUP_TARGET_MS} ms (median)`, met: added <= STARTUP_TARGET_MS, detail: `${added.toFixed(1)} ms at load ${median(loads).toFixed(2)}` });
  } finally {
    await sandbox.dispose();
    rmSync(base, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

/** The runtime as the extension loads it: dist/sandbox.mjs built the same way, with its seccomp helper beside it. */
async function shippedRuntime(outdir: string): Promise<SandboxManagerApi> {
  await build(sandboxBundleOptions(outdir));
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  const helper = join(outdir, 'vendor', 'seccomp', arch, 'apply-seccomp');
  mkdirSync(join(outdir, 'vendor', 'seccomp', arch), { recursive: true });
  copyFileSync(resolve('node_modules/@anthropic-ai/sandbox-runtime/vendor/seccomp', arch, 'apply-seccomp'), helper);
  chmodSync(helper, 0o755);
  return ((await import(pathToFileURL(join(outdir, 'sandbox.mjs')).href)) as { SandboxManager: SandboxManagerApi }).SandboxManager;
}

async function timed(work: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

function run(file: string, args: string[], cwd: string, env?: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(file, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], ...(env ? { env } : {}) });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code, stderr }));
  });
}

/** A measured run counts only when it did its work: one that failed fast is not a fast start. */
function expectSuccess(result: { code: number | null; stderr: string }, what: string): void {
  if (result.code !== 0) throw new Error(`${what} exited ${result.code}; the figure would not be a start-up time: ${result.stderr.trim().slice(0, 500)}`);
}

/** The workspace measured: a repository with a submodule, a linked worktree and husky's hooks folder, a few folders. */
/** The stores a developer's home usually has: keys, a cloud login, git and npm credentials, a cluster, a registry. */
function userStores(home: string): void {
  const stores: Record<string, string> = {
    '.ssh/id_ed25519': 'key',
    '.aws/credentials': '[default]\n',
    '.gitconfig': '[user]\n\tname = b\n',
    '.git-credentials': 'https://b:token@example.com\n',
    '.npmrc': '//registry.npmjs.org/:_authToken=x\n',
    '.docker/config.json': '{}\n',
    '.config/gh/hosts.yml': 'github.com: {}\n',
    '.kube/config': 'apiVersion: v1\n',
  };
  for (const [path, text] of Object.entries(stores)) {
    mkdirSync(dirname(join(home, path)), { recursive: true });
    writeFileSync(join(home, path), text, { mode: 0o600 });
  }
}

function repository(base: string, ws: string, home: string): void {
  const env = { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@example.com', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@example.com' };
  const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'protocol.file.allow=always', ...args], { cwd, env, stdio: 'ignore' });
  const lib = join(base, 'lib');
  mkdirSync(lib, { recursive: true });
  git(lib, 'init', '-q');
  writeFileSync(join(lib, 'lib.txt'), 'lib\n');
  git(lib, 'add', '.');
  git(lib, 'commit', '-qm', 'lib');
  mkdirSync(join(ws, '.husky', '_'), { recursive: true });
  git(ws, 'init', '-q');
  writeFileSync(join(ws, '.husky', '_', 'pre-commit'), '#!/bin/sh\n');
  for (const dir of ['src/core/a', 'src/core/b', 'src/host/c', 'test/unit/d', 'docs/x/y', 'packages/app/src', 'packages/lib/src']) {
    mkdirSync(join(ws, dir), { recursive: true });
    writeFileSync(join(ws, dir, 'index.ts'), 'export {};\n');
  }
  git(ws, 'config', 'core.hooksPath', '.husky/_');
  git(ws, 'submodule', 'add', '-q', lib, 'vendor/lib');
  git(ws, 'add', '.');
  git(ws, 'commit', '-qm', 'init');
  git(ws, 'worktree', 'add', '-q', 'wt');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
