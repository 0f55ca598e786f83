// Integration level: Mocha suites inside the real VS Code extension host (mode A of
// ../shared/docs/vscode-server-testing.md): offline VS Code server + Debian Chromium + the smoke-test driver.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../test/support/vscode/browser';
import { provision, REPO_ROOT, startServer, tempDir } from '../test/support/vscode/server';
import { printSummary, type LevelResult } from './test-report';

const TIMEOUT_MS = Number(process.env.RELAY_INTEGRATION_TIMEOUT_MS ?? 8 * 60_000);

export async function buildIntegrationTests(): Promise<string> {
  const r = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('extension build failed');
  const outdir = join(REPO_ROOT, 'out', 'test', 'integration');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: ['test/integration/index.ts', 'test/integration/suites/*.test.ts'],
    outbase: 'test/integration',
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    absWorkingDir: REPO_ROOT,
    logLevel: 'warning',
  });
  return join(outdir, 'index.js');
}

export async function runIntegration(): Promise<LevelResult> {
  const testsIndex = await buildIntegrationTests();
  provision();
  const workspace = tempDir('workspace');
  cpSync(join(REPO_ROOT, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
  const resultsFile = join(tempDir('results'), 'integration.json');
  const server = await startServer({
    smokeTestDriver: true,
    env: { RELAY_TEST_RESULTS: resultsFile, ...(process.env.RELAY_TEST_GREP ? { RELAY_TEST_GREP: process.env.RELAY_TEST_GREP } : {}) },
    settings: { 'workbench.startupEditor': 'none', 'security.workspace.trust.enabled': false },
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    let exit: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => (exit = resolve));
    await page.exposeFunction('codeAutomationExit', (code: number) => exit(code));
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      if (process.env.RELAY_TEST_VERBOSE) console.log(`[vscode:${type}]`, ...args);
    });
    const remote = (p: string) => `vscode-remote://127.0.0.1:${server.port}${p}`;
    const payload = JSON.stringify([
      ['extensionDevelopmentPath', remote(REPO_ROOT)],
      ['extensionTestsPath', remote(testsIndex)],
    ]);
    const url = `${server.baseUrl}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`;
    await page.goto(url);
    const code = await Promise.race([
      exited,
      new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`integration tests did not finish in ${TIMEOUT_MS} ms`)), TIMEOUT_MS).unref()),
    ]);
    if (!existsSync(resultsFile)) {
      throw new Error(`the extension host exited with ${code} without writing results; server log: ${server.logFile}`);
    }
    const { outcomes } = JSON.parse(readFileSync(resultsFile, 'utf8')) as {
      outcomes: { title: string; state: string; durationMs: number; error?: string }[];
    };
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
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
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
