// Runs test files with Node's own test runner (TypeScript through tsx): the spec report on screen,
// a TAP copy in a file from which the level's counts are read.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  timeoutMs?: number;
}

export async function runNodeTests(options: NodeTestOptions): Promise<LevelResult> {
  if (options.files.length === 0) return { level: options.level, passed: 0, failed: 0, skipped: 0 };
  const dir = mkdtempSync(join(tmpdir(), 'relay-tap-'));
  const tap = join(dir, 'report.tap');
  const args = [
    // tsx's CommonJS hook only: `--import tsx` also registers its ESM hooks, which Node 20 runs on a loader
    // thread of their own in every test process (measured: 0.78 s of CPU for `node --import tsx -e 0` against
    // 0.28 s with `--require tsx/cjs`, paid once per test file). Tests import TypeScript statically.
    '--require', 'tsx/cjs',
    '--test',
    `--test-concurrency=${options.concurrency ?? 2}`,
    ...(options.timeoutMs ? [`--test-timeout=${options.timeoutMs}`] : []),
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${tap}`,
    ...options.files,
  ];
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env: options.env ?? process.env });
    child.on('exit', (c) => resolve(c ?? 1));
  });
  const report = readFileSync(tap, 'utf8');
  rmSync(dir, { recursive: true, force: true });
  const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(report)?.[1] ?? 0);
  const result: LevelResult = {
    level: options.level,
    passed: count('pass'),
    failed: count('fail') + count('cancelled'),
    skipped: count('skipped') + count('todo'),
    tests: tapOutcomes(report),
  };
  // A crash outside any test (a file that fails to load) exits non-zero without a failing test: count it.
  if (code !== 0 && result.failed === 0) result.failed = 1;
  return result;
}
