// The same integration suites under @vscode/test-electron, for a desktop with internet or a VS Code it can find.
// (Offline, as in CI here, use `npm run test:integration`, which runs them in the VS Code server instead.)
import { runTests } from '@vscode/test-electron';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, tempDir } from '../test/support/vscode/server';
import { buildIntegrationTests } from './test-integration';

async function main(): Promise<void> {
  const extensionTestsPath = await buildIntegrationTests();
  const workspace = tempDir('workspace');
  cpSync(join(REPO_ROOT, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
  await runTests({
    extensionDevelopmentPath: REPO_ROOT,
    extensionTestsPath,
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust'],
    ...(process.env.RELAY_VSCODE_EXECUTABLE ? { vscodeExecutablePath: process.env.RELAY_VSCODE_EXECUTABLE } : {}),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
