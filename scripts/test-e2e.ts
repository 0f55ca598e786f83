// End-to-end level: the packaged extension in a real VS Code server, clicked through by Chromium.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SHARED_CHROMIUM_ENV, startSharedChromium } from '../test/support/vscode/browser';
import { INSTALLED_EXTENSIONS_ENV, installExtension, provision, REPO_ROOT, tempDir } from '../test/support/vscode/server';
import { collectTests, runNodeTests } from './node-tests';
import { printSummary } from './test-report';

let packaged: string | undefined;

/**
 * Builds the production bundles and packages them, once per process: `npm test` packages for the integration
 * level's foreign-extension suite and installs the same .vsix for the E2E level (about 5 s of build each time).
 */
export function packageVsix(): string {
  if (packaged) return packaged;
  const vsix = join(REPO_ROOT, 'dist', 'relay.vsix');
  const r = spawnSync('npm', ['run', '--silent', 'package'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('packaging the extension failed');
  packaged = vsix;
  return vsix;
}

export async function runE2e(filters: string[] = []) {
  const vsix = packageVsix();
  provision();
  const files = collectTests(join(REPO_ROOT, 'test', 'e2e')).filter((f) => filters.length === 0 || filters.some((s) => relative(REPO_ROOT, f).includes(s)));
  // Installed once; each file's workbench starts from a copy of this folder (see INSTALLED_EXTENSIONS_ENV).
  const installed = tempDir('e2e-installed');
  try {
    if (files.length > 0) installExtension(vsix, installed);
    // One workbench at a time: two cores cannot host two VS Code servers and two browsers without flaking.
    // One Chromium for every file (each file gets a browser context of its own): a launch and a close per file
    // cost about 3-4 s on two cores.
    const chromium = files.length > 0 ? await startSharedChromium() : undefined;
    try {
      const env = { ...process.env, [INSTALLED_EXTENSIONS_ENV]: installed, ...(chromium ? { [SHARED_CHROMIUM_ENV]: chromium.wsEndpoint() } : {}) };
      return await runNodeTests({ level: 'e2e', files, concurrency: 1, env });
    } finally {
      await chromium?.close();
    }
  } finally {
    rmSync(installed, { recursive: true, force: true });
  }
}

if (require.main === module) {
  void runE2e(process.argv.slice(2)).then((r) => process.exit(printSummary([r])));
}
