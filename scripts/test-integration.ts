// Integration level: Mocha suites inside the real VS Code extension host (mode A of
// ../shared/docs/vscode-server-testing.md): offline VS Code server + Debian Chromium + the smoke-test driver.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { bundleExtensionHostTests, runInExtensionHost } from '../test/support/vscode/extension-host-tests';
import { REPO_ROOT } from '../test/support/vscode/server';
import { printSummary, type LevelResult } from './test-report';

const TIMEOUT_MS = Number(process.env.RELAY_INTEGRATION_TIMEOUT_MS ?? 8 * 60_000);

export async function buildIntegrationTests(): Promise<string> {
  const r = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('extension build failed');
  const outdir = join(REPO_ROOT, 'out', 'test', 'integration');
  return bundleExtensionHostTests(['test/integration/index.ts', 'test/integration/suites/*.test.ts'], outdir, 'test/integration');
}

export async function runIntegration(): Promise<LevelResult> {
  const testsIndex = await buildIntegrationTests();
  const { code, outcomes } = await runInExtensionHost({
    testsIndex,
    env: process.env.RELAY_TEST_GREP ? { RELAY_TEST_GREP: process.env.RELAY_TEST_GREP } : {},
    timeoutMs: TIMEOUT_MS,
    what: 'integration tests',
  });
  for (const o of outcomes) {
    const mark = o.state === 'passed' ? 'ok' : o.state === 'pending' ? 'skip' : 'FAIL';
    console.log(`  ${mark.padEnd(4)} ${o.title} (${o.durationMs} ms)`);
    if (o.error) console.log(o.error.replace(/^/gm, '       '));
  }
  return {
    level: 'integration',
    passed: outcomes.filter((o) => o.state === 'passed').length,
    failed: outcomes.filter((o) => o.state === 'failed').length + (code !== 0 && outcomes.every((o) => o.state !== 'failed') ? 1 : 0),
    skipped: outcomes.filter((o) => o.state === 'pending').length,
    tests: outcomes.map((o) => ({ title: o.title, state: o.state === 'pending' ? ('skipped' as const) : o.state })),
  };
}

if (require.main === module) {
  runIntegration().then(
    (r) => process.exit(printSummary([r])),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
