// Runs test files with Node's own test runner (TypeScript through tsx): the spec report on screen,
// a TAP copy in a file from which the level's counts are read.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { tapOutcomes, type LevelResult } from './test-report';

export function collectTests(dir: string, suffix = '.test.ts'): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...collectTests(p, suffix));
    else if (name.endsWith(suffix)) out.push(p);
  }
  return out.sort();
}

export interface NodeTestOptions {
  level: LevelResult['level'];
  files: string[];
  concurrency?: number;
  env?: NodeJS.ProcessEnv;
  /** Each test and hook without a timeout of its own fails after this long, by its name; the file goes on. */
  testTimeoutMs?: number;
  /**
   * The run is stopped (its process group killed) when no test has finished for this long: a file that hangs
   * outside any test (a handle left open, a hook of its own) is named, with the last test it finished.
   */
  stallLimitMs?: number;
}

interface Finished {
  file?: string;
  name: string;
  nesting: number;
}

export async function runNodeTests(options: NodeTestOptions): Promise<LevelResult> {
  if (options.files.length === 0) return { level: options.level, passed: 0, failed: 0, skipped: 0 };
  const dir = mkdtempSync(join(tmpdir(), 'relay-tap-'));
  const tap = join(dir, 'report.tap');
  const progress = join(dir, 'progress.jsonl');
  const args = [
    // tsx's CommonJS hook only: `--import tsx` also registers its ESM hooks, which Node 20 runs on a loader
    // thread of their own in every test process (measured: 0.78 s of CPU for `node --import tsx -e 0` against
    // 0.28 s with `--require tsx/cjs`, paid once per test file). Tests import TypeScript statically.
    '--require', 'tsx/cjs',
    ...(options.testTimeoutMs ? ['--require', join(__dirname, 'node-test-timeouts.ts')] : []),
    '--test',
    `--test-concurrency=${options.concurrency ?? 2}`,
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    `--test-reporter=${join(__dirname, 'node-test-progress.mjs')}`, `--test-reporter-destination=${tap}`,
    ...options.files,
  ];
  const env = { ...(options.env ?? process.env), RELAY_TEST_PROGRESS: progress, ...(options.testTimeoutMs ? { RELAY_TEST_TIMEOUT_MS: String(options.testTimeoutMs) } : {}) };
  let stalled: string | undefined;
  const code = await new Promise<number>((resolve) => {
    // A process group of its own, so a stalled run is stopped whole (test files run in child processes).
    const child = spawn(process.execPath, args, { stdio: 'inherit', env, detached: true });
    const stop = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const interrupted = () => {
      stop();
      process.exit(130);
    };
    process.once('SIGINT', interrupted);
    let size = -1;
    let movedAt = Date.now();
    const watchdog = options.stallLimitMs
      ? setInterval(() => {
          const now = existsSync(progress) ? statSync(progress).size : 0;
          if (now !== size) [size, movedAt] = [now, Date.now()];
          else if (Date.now() - movedAt > options.stallLimitMs!) {
            stalled = stallReport(progress, options.files, options.stallLimitMs!);
            stop();
          }
        }, 1_000)
      : undefined;
    child.on('exit', (c) => {
      clearInterval(watchdog);
      process.off('SIGINT', interrupted);
      resolve(c ?? 1);
    });
  });
  const report = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  rmSync(dir, { recursive: true, force: true });
  if (stalled) console.error(`\n${stalled}`);
  const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(report)?.[1] ?? 0);
  const tests = tapOutcomes(report);
  const finished = /^# pass \d+$/m.test(report);
  // A run stopped before its summary: count what its report holds.
  const counted = (state: string) => tests.filter((t) => t.state === state).length;
  const result: LevelResult = {
    level: options.level,
    passed: finished ? count('pass') : counted('passed'),
    failed: finished ? count('fail') + count('cancelled') : counted('failed'),
    skipped: finished ? count('skipped') + count('todo') : counted('skipped'),
    tests,
  };
  // A crash outside any test (a file that fails to load) exits non-zero without a failing test: count it.
  if (code !== 0 && result.failed === 0) result.failed = 1;
  if (stalled) result.failed++;
  return result;
}

/** Which files had not finished when the run stopped moving, and the last test each finished. */
function stallReport(progress: string, files: readonly string[], limitMs: number): string {
  const finished: Finished[] = existsSync(progress)
    ? readFileSync(progress, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Finished)
    : [];
  const done = new Set(finished.filter((f) => f.nesting === 0 && f.file && f.name === f.file).map((f) => f.file));
  const open = files.map((f) => resolvePath(f)).filter((f) => !done.has(f));
  const lines = open.map((file) => {
    const last = finished.filter((f) => f.file === file).at(-1);
    // Node reports a file's tests only once the files before it are done: "none reported" may mean waiting its turn.
    return `  ${file}: ${last ? `the last test it finished: "${last.name}"` : 'no finished test reported'}`;
  });
  return [`STALLED: no test finished for ${Math.round(limitMs / 1000)} s; the run was stopped. Files not finished:`, ...lines].join('\n');
}
