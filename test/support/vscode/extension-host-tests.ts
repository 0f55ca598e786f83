// Mode A of ../shared/docs/vscode-server-testing.md as one call: a Mocha entry (test/integration/index.ts, bundled)
// run inside the real VS Code extension host on the offline server, driven by Debian Chromium and the smoke-test
// driver. Used by the integration level and by the diagnostics benchmark. Everything it starts is stopped.
import { build, type BuildOptions } from 'esbuild';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from './browser';
import { provision, REPO_ROOT, startServer, tempDir, typescriptSettings } from './server';

/** Bundles a Mocha entry and its suites for the extension host into `outdir` (emptied first); returns the entry. */
export async function bundleExtensionHostTests(entryPoints: BuildOptions['entryPoints'], outdir: string, outbase?: string): Promise<string> {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints,
    ...(outbase ? { outbase } : {}),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    // As in esbuild.mjs: jsonc-parser's `main` is a UMD build whose requires esbuild cannot follow, so a suite that
    // imports anything parsing JSONC would fail to load (and with it the whole level); its ESM build bundles whole.
    alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
    absWorkingDir: REPO_ROOT,
    logLevel: 'warning',
  });
  return join(outdir, 'index.js');
}

export interface TestOutcome {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs: number;
  error?: string;
}

export interface ExtensionHostRun {
  /** The extension host's exit code: 0 when `run()` resolved. */
  code: number;
  outcomes: TestOutcome[];
}

export interface ExtensionHostOptions {
  testsIndex: string;
  env?: Record<string, string>;
  timeoutMs: number;
  what: string;
  /** The extension under development (ExtensionMode.Test while the tests run); Relay's repository by default. */
  extensionDevelopmentPath?: string;
  /** .vsix files installed as users install them (ExtensionMode.Production). */
  installAtStart?: string[];
}

export async function runInExtensionHost(options: ExtensionHostOptions): Promise<ExtensionHostRun> {
  provision();
  const workspace = tempDir('workspace');
  cpSync(join(REPO_ROOT, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
  const resultsFile = join(tempDir('results'), 'integration.json');
  const server = await startServer({
    smokeTestDriver: true,
    env: { RELAY_TEST_RESULTS: resultsFile, ...options.env },
    // The suites that drive the real Relay test approvals of unsandboxed commands; the sandbox suite builds its own.
    settings: { 'workbench.startupEditor': 'none', 'security.workspace.trust.enabled': false, 'relay.sandbox.enabled': false, ...typescriptSettings() },
    ...(options.installAtStart ? { installAtStart: options.installAtStart } : {}),
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    let exit: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => (exit = resolve));
    await page.exposeFunction('codeAutomationExit', (code: number) => exit(code));
    // The workbench's last errors, kept to say why when the extension host ends without results (a suite that fails
    // to load takes the whole level with it).
    const errors: string[] = [];
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      if (process.env.RELAY_TEST_VERBOSE) console.log(`[vscode:${type}]`, ...args);
      if (type !== 'error') return;
      errors.push(args.map(String).join(' ').slice(0, 2_000));
      if (errors.length > 5) errors.shift();
    });
    const remote = (p: string) => `vscode-remote://127.0.0.1:${server.port}${p}`;
    const payload = JSON.stringify([
      ['extensionDevelopmentPath', remote(options.extensionDevelopmentPath ?? REPO_ROOT)],
      ['extensionTestsPath', remote(options.testsIndex)],
    ]);
    await page.goto(`${server.baseUrl}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`);
    const code = await Promise.race([
      exited,
      new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`${options.what} did not finish in ${options.timeoutMs} ms`)), options.timeoutMs).unref()),
    ]);
    if (!existsSync(resultsFile)) {
      throw new Error(`the extension host exited with ${code} without writing results; the workbench's last errors:\n${errors.join('\n---\n') || '(none)'}`);
    }
    return { code, outcomes: (JSON.parse(readFileSync(resultsFile, 'utf8')) as { outcomes: TestOutcome[] }).outcomes };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
}
