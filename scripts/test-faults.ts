// `npm run test:faults [--points N] [--only name,...] [--every K]`: crashes lose nothing (issue 25). A scripted task (an edit,
// a command that creates and deletes files, a write, a restore; test/faults/index.ts) runs in the real VS Code
// extension host on the offline server, and is killed with SIGKILL at 50+ points: in the middle of a task record
// write, a checkpoint object, index and stat cache write, an edit's save and a restore's file write (Relay's
// test-only crash points, src/host/storage/fault-point.ts, freeze the host exactly there), and at moments spread over the
// task. Half the points kill the extension host alone, half the whole VS Code server's process group. After each
// restart the extension host checks, before anything else runs, that every user file is whole, every task opens,
// the checkpoint store verifies, restoring to every step works and nothing temporary is left.
// One server, user-data folder and workspace serve the whole run: only what was killed is started again.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Findings, FaultPlan } from '../test/faults/index';
import { launchChromium } from '../test/support/vscode/browser';
import { bundleExtensionHostTests } from '../test/support/vscode/extension-host-tests';
import { freePort, NODE24_BIN, provision, REPO_ROOT, SERVER_MAIN, tempDir, typescriptSettings } from '../test/support/vscode/server';
import { printSummary, type LevelResult, type TestOutcome } from './test-report';

type Target = 'host' | 'server';
type Point = { target: Target; kind: 'hook'; name: string; hit: number } | { target: Target; kind: 'time'; afterMs: number };

const HOOKS = ['task-record', 'checkpoint-object', 'checkpoint-index', 'stat-cache', 'edit-save', 'restore-file'] as const;
/** Kill points per hook (split between the two targets), at most its hits in the task. */
const HOOK_QUOTA: Record<(typeof HOOKS)[number], number> = { 'task-record': 10, 'checkpoint-object': 8, 'checkpoint-index': 6, 'stat-cache': 4, 'edit-save': 2, 'restore-file': 4 };
const TIME_POINTS = 20;
const STEP_TIMEOUT_MS = 180_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function waitUntil<T>(probe: () => T | undefined | false, timeoutMs: number, what: string, pollMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(pollMs);
  }
}

/** A file the extension host writes (whole, by rename; the claim is created first and may still be empty). */
function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** A process's state letter from /proc (R, S, T for stopped, Z), or undefined once it is gone. */
function procState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}
const alive = (pid: number) => {
  const state = procState(pid);
  return state !== undefined && state !== 'Z';
};

class Server {
  child: ChildProcess | undefined;
  port = 0;
  constructor(
    private readonly dirs: { userData: string; serverData: string; extensions: string },
    private readonly env: Record<string, string>,
  ) {}

  async start(): Promise<void> {
    this.port = await freePort();
    const args = [SERVER_MAIN, '--host', '127.0.0.1', '--port', String(this.port), '--without-connection-token', '--accept-server-license-terms', '--disable-workspace-trust',
      '--user-data-dir', this.dirs.userData, '--server-data-dir', this.dirs.serverData, '--extensions-dir', this.dirs.extensions, '--enable-smoke-test-driver'];
    // Its own process group, so the whole server (extension host, pty host, file watcher, shells) is killed at once.
    const child = spawn(join(NODE24_BIN, 'node'), args, { env: { ...process.env, PATH: `${NODE24_BIN}:${process.env.PATH ?? ''}`, ...this.env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const log = createWriteStream(join(this.dirs.serverData, 'server.log'), { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.child = child;
    const url = `http://127.0.0.1:${this.port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`VS Code server exited early with code ${child.exitCode}`);
      try {
        if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).status < 500) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`VS Code server did not answer at ${url}`);
      await sleep(100);
    }
  }

  /** SIGKILL to the whole process group, by its id; resolves once the leader is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGKILL');
    await exited;
    this.child = undefined;
  }
}

export interface FaultOptions {
  /** Run only the first N kill points after the calibration (for development). */
  points?: number;
  /** Only these hooks' points (and 'time' for the timed ones). */
  only?: string[];
  /** Only every k-th kill point (an odd k keeps both targets): a sample over the whole task. */
  every?: number;
}

export async function runFaults(options: FaultOptions = {}): Promise<LevelResult> {
  const started = Date.now();
  const limit = options.points ?? Infinity;
  const only = options.only;
  provision();
  const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('extension build failed');
  const testsIndex = await bundleExtensionHostTests(['test/faults/index.ts'], join(REPO_ROOT, 'out', 'test', 'faults'), 'test/faults');

  const control = tempDir('faults');
  const workspace = tempDir('faults-ws');
  const dirs = { userData: tempDir('user'), serverData: tempDir('server-data'), extensions: tempDir('extensions') };
  const settings = JSON.stringify({ 'workbench.startupEditor': 'none', 'security.workspace.trust.enabled': false, ...typescriptSettings() });
  for (const dir of [join(dirs.userData, 'User'), join(dirs.serverData, 'data', 'Machine')]) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'settings.json'), settings);
  }
  const storage = join(dirs.userData, 'User', 'globalStorage', 'relay-dev.relay');
  const server = new Server(dirs, { RELAY_FAULTS_DIR: control });
  const browser = await launchChromium();
  const hosts: number[] = [];
  let page: Page | undefined;
  const failures: string[] = [];
  /** Each kill point by title, and whether the checks after its restart found a problem. */
  const outcomes: TestOutcome[] = [];
  const pointFailed = (outcome: TestOutcome | undefined) => {
    if (outcome) outcome.state = 'failed';
  };
  const survived = { host: 0, server: 0 };
  const byKind = new Map<string, number>();
  let verifyMs = 0;
  let restoredSteps = 0;
  let findings: Findings | undefined;

  /** A new page (and so a new extension host) on the server; the previous page and its idle hosts go. */
  const load = async (seq: number, plan: Omit<FaultPlan, 'seq' | 'storage'>): Promise<{ pid: number }> => {
    await page?.close();
    for (const pid of hosts.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    writeFileSync(join(control, 'plan.json'), JSON.stringify({ seq, storage, ...plan }));
    if (!server.child) await server.start();
    page = await browser.newPage();
    await page.exposeFunction('codeAutomationExit', () => undefined);
    const errors: string[] = [];
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      if (process.env.RELAY_TEST_VERBOSE) console.log(`[vscode:${type}]`, ...args);
      if (type !== 'error') return;
      errors.push(args.map(String).join(' '));
      if (errors.length > 10) errors.shift();
    });
    const remote = (p: string) => `vscode-remote://127.0.0.1:${server.port}${p}`;
    const payload = JSON.stringify([['extensionDevelopmentPath', remote(REPO_ROOT)], ['extensionTestsPath', remote(testsIndex)]]);
    const t0 = Date.now();
    await page.goto(`http://127.0.0.1:${server.port}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`);
    const t1 = Date.now();
    const claim = await waitUntil(() => readJson<{ pid: number }>(join(control, `claim-${seq}.json`)), STEP_TIMEOUT_MS, `the extension host of step ${seq}`);
    if (process.env.RELAY_FAULTS_TIMINGS) console.log(`[faults] step ${seq}: page ${t1 - t0} ms, extension host ${Date.now() - t1} ms`);
    hosts.push(claim.pid);
    // The checks end in their file; a host that ends first (its run threw) is a failure now, with what it said.
    findings = await waitUntil(
      () => {
        const found = readJson<Findings>(join(control, `verified-${seq}.json`));
        if (!found && !alive(claim.pid)) throw new Error(`the extension host of step ${seq} ended before its checks; its last errors:\n${errors.join('\n---\n') || '(none)'}`);
        return found;
      },
      STEP_TIMEOUT_MS,
      `the checks of step ${seq}`,
      50,
    );
    verifyMs += findings.ms;
    restoredSteps += findings.restoredSteps;
    for (const problem of findings.problems) failures.push(`after step ${seq - 1} (${outcomes.at(-1)?.title ?? 'start'}): ${problem}`);
    if (findings.problems.length > 0) pointFailed(outcomes.at(-1));
    return claim;
  };

  const kill = async (target: Target, pid: number): Promise<void> => {
    if (target === 'server') await server.kill();
    if (alive(pid)) process.kill(pid, 'SIGKILL'); // not in the server's group, or the host alone
    await waitUntil(() => !alive(pid), 10_000, `extension host ${pid} to die`);
  };

  try {
    // Step 0: the task runs to its end with nothing armed (calibration: how often it passes each crash point, how
    // long it takes), then the extension host is killed after the restore.
    let claim = await load(0, { point: { kind: 'none' }, restoreAll: false });
    const armed = await waitUntil(() => readJson<{ at: number }>(join(control, 'armed-0.json')), STEP_TIMEOUT_MS, 'the calibration task to start');
    const done = await waitUntil(() => readJson<{ at: number; counts: Record<string, number> }>(join(control, 'finished-0.json')), STEP_TIMEOUT_MS, 'the calibration task to finish', 50);
    const taskMs = done.at - armed.at;
    console.log(`[faults] calibration: the task took ${taskMs} ms; crash points passed: ${JSON.stringify(done.counts)}`);
    await kill('host', claim.pid);
    survived.host++;
    byKind.set('after the task', 1);
    outcomes.push({ title: 'faults: SIGKILL extension host after the task', state: 'passed' });

    const points: Point[] = [];
    let flip = 0;
    const nextTarget = (): Target => (flip++ % 2 === 0 ? 'host' : 'server');
    for (const name of HOOKS) {
      const hits = done.counts[name] ?? 0;
      if (hits === 0) failures.push(`the task never passed the crash point "${name}"`);
      // Spread over the first four fifths of the hits when there are more than the quota: how many saves a
      // task makes varies a little with timing (20 to 24 record writes seen), the last ones may not come.
      const n = Math.min(hits, HOOK_QUOTA[name]);
      const span = n === hits ? hits : Math.max(n, Math.floor(hits * 0.8));
      for (let i = 0; i < n; i++) points.push({ target: nextTarget(), kind: 'hook', name, hit: 1 + Math.round((i * (span - 1)) / Math.max(1, n - 1)) });
    }
    for (let i = 0; i < TIME_POINTS; i++) points.push({ target: nextTarget(), kind: 'time', afterMs: Math.round(((i + 0.5) * taskMs) / TIME_POINTS) });
    const every = options.every ?? 1;
    const chosen = points.filter((p, i) => i % every === 0 && (!only || only.includes(p.kind === 'hook' ? p.name : 'time'))).slice(0, limit);

    let seq = 1;
    for (const point of chosen) {
      const stepStarted = Date.now();
      const label = point.kind === 'hook' ? `${point.name} #${point.hit}` : `${point.afterMs} ms into the task`;
      claim = await load(seq, { point: point.kind === 'hook' ? { kind: 'hook', name: point.name, hit: point.hit } : { kind: 'time', afterMs: point.afterMs }, restoreAll: false });
      const armedAt = await waitUntil(() => readJson<{ at: number }>(join(control, `armed-${seq}.json`)), STEP_TIMEOUT_MS, `step ${seq} to arm`);
      if (point.kind === 'hook') {
        const finished = join(control, `finished-${seq}.json`);
        const stopped = await waitUntil(() => (procState(claim.pid) === 'T' ? 'stopped' : existsSync(finished) ? 'finished' : undefined), STEP_TIMEOUT_MS, `${label} to be reached`, 5);
        if (stopped === 'finished') failures.push(`step ${seq}: the task never reached ${label}`);
        outcomes.push({ title: `faults: SIGKILL ${point.target === 'host' ? 'extension host' : 'VS Code server'} at ${label}`, state: stopped === 'finished' ? 'failed' : 'passed' });
      } else {
        await sleep(Math.max(0, armedAt.at + point.afterMs - Date.now()));
        outcomes.push({ title: `faults: SIGKILL ${point.target === 'host' ? 'extension host' : 'VS Code server'} at ${label}`, state: 'passed' });
      }
      await kill(point.target, claim.pid);
      survived[point.target]++;
      const kind = point.kind === 'hook' ? point.name : 'time';
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      console.log(`[faults] step ${seq}/${chosen.length}: SIGKILL ${point.target === 'host' ? 'extension host' : 'VS Code server'} at ${label}; checks before it: ${findings?.tasks} tasks opened, ${findings?.objects} objects verified (${findings?.ms} ms); ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
      seq++;
    }
    if (!only && options.points === undefined && every === 1 && chosen.length + 1 < 50) failures.push(`only ${chosen.length + 1} kill points: the task passes its crash points too rarely`);
    // The last restart only checks, restoring every step of every task.
    await load(seq, { restoreAll: true });
    console.log(`[faults] final checks: ${findings?.tasks} tasks opened, ${findings?.objects} objects verified, ${findings?.restoredSteps} steps restored (${findings?.ms} ms)`);
  } catch (error) {
    failures.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    await page?.close().catch(() => undefined);
    await browser.close();
    await server.kill();
    for (const pid of hosts) if (alive(pid)) process.kill(pid, 'SIGKILL');
    if (!failures.length && !process.env.RELAY_FAULTS_KEEP) for (const dir of [control, workspace, ...Object.values(dirs)]) rmSync(dir, { recursive: true, force: true });
  }

  const total = survived.host + survived.server;
  console.log(`\nRelay fault injection: ${total} SIGKILLs (${survived.host} extension host, ${survived.server} whole server) in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  console.log(`  by point: ${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(`  checks after each restart: ${(verifyMs / 1000).toFixed(1)} s in all; ${restoredSteps} restores to a step`);
  for (const failure of failures) console.log(`  FAIL ${failure}`);
  if (failures.length) console.log(`  kept for inspection: ${control}, ${workspace}, ${dirs.serverData}`);
  console.log(failures.length === 0 ? `${total} crash points survived: nothing lost` : `${failures.length} problem(s)`);
  const failed = outcomes.filter((o) => o.state === 'failed').length;
  const unattributed = failures.length > 0 && failed === 0 ? 1 : 0;
  return { level: 'faults', passed: outcomes.length - failed, failed: failed + unattributed, skipped: 0, tests: outcomes };
}

if (require.main === module) {
  const points = argValue('--points');
  const every = argValue('--every');
  runFaults({ ...(points ? { points: Number(points) } : {}), ...(every ? { every: Number(every) } : {}), ...(argValue('--only') ? { only: argValue('--only')!.split(',') } : {}) }).then(
    (result) => process.exit(printSummary([result])),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
