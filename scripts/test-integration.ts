// Integration level: Mocha suites inside the real VS Code extension host (mode A of
// ../shared/docs/vscode-server-testing.md): offline VS Code server + Debian Chromium + the smoke-test driver.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleExtensionHostTests, runInExtensionHost, type TestOutcome } from '../test/support/vscode/extension-host-tests';
import { REPO_ROOT } from '../test/support/vscode/server';
import { packageVsix } from './test-e2e';
import { printSummary, type LevelResult } from './test-report';

/** The suite that runs beside Relay installed from its .vsix, under the title a grep selects it by. */
const FOREIGN_TITLE = 'another extension gets nothing from Relay';

const TIMEOUT_MS = Number(process.env.RELAY_INTEGRATION_TIMEOUT_MS ?? 20 * 60_000);

export async function buildIntegrationTests(): Promise<string> {
  const r = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('extension build failed');
  const outdir = join(REPO_ROOT, 'out', 'test', 'integration');
  return bundleExtensionHostTests(['test/integration/index.ts', 'test/integration/suites/*.test.ts'], outdir, 'test/integration');
}

/**
 * A second, tiny extension under development (so in ExtensionMode.Test) beside Relay installed from its .vsix (so
 * in ExtensionMode.Production, as users run it): what any other extension reaches of Relay.
 */
async function runForeignExtension(): Promise<{ code: number; outcomes: TestOutcome[] }> {
  const out = join(REPO_ROOT, 'out', 'test', 'integration-foreign');
  const testsIndex = await bundleExtensionHostTests({ index: 'test/integration/index.ts', 'suites/foreign-extension.test': 'test/integration/foreign/foreign-extension.test.ts' }, join(out, 'tests'));
  const probe = join(out, 'probe');
  mkdirSync(probe, { recursive: true });
  await build({ entryPoints: ['test/integration/foreign/probe-extension.ts'], outfile: join(probe, 'extension.js'), bundle: true, platform: 'node', format: 'cjs', external: ['vscode'], absWorkingDir: REPO_ROOT, logLevel: 'warning' });
  const relayPackage = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: Record<string, string> };
  writeFileSync(join(probe, 'package.json'), JSON.stringify({ name: 'relay-probe', publisher: 'relay-dev', version: '0.0.1', engines: relayPackage.engines, main: './extension.js', activationEvents: [] }, null, 2));
  return runInExtensionHost({
    testsIndex,
    extensionDevelopmentPath: probe,
    installAtStart: [packageVsix()],
    env: { RELAY_REPO_ROOT: REPO_ROOT },
    timeoutMs: TIMEOUT_MS,
    what: 'the foreign-extension test',
  });
}

export async function runIntegration(): Promise<LevelResult> {
  const grep = process.env.RELAY_TEST_GREP;
  const testsIndex = await buildIntegrationTests();
  const main = await runInExtensionHost({
    testsIndex,
    env: { RELAY_REPO_ROOT: REPO_ROOT, ...(grep ? { RELAY_TEST_GREP: grep } : {}) },
    timeoutMs: TIMEOUT_MS,
    what: 'integration tests',
  });
  const foreign = !grep || new RegExp(grep).test(FOREIGN_TITLE) ? await runForeignExtension() : { code: 0, outcomes: [] };
  const outcomes = [...main.outcomes, ...foreign.outcomes];
  const code = main.code !== 0 && main.outcomes.every((o) => o.state !== 'failed') ? main.code : foreign.code !== 0 && foreign.outcomes.every((o) => o.state !== 'failed') ? foreign.code : 0;
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
