// `npm start`: build and package Relay, install it into the offline VS Code server, open the sample
// workspace and print the URL. Ctrl+C stops the server (by its process-group id) and removes temp folders.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { installExtension, provision, REPO_ROOT, startServer, tempDir, typescriptSettings } from '../test/support/vscode/server';
import { packageVsix } from './test-e2e';

async function main(): Promise<void> {
  provision();
  const vsix = packageVsix();
  const extensionsDir = tempDir('dev-extensions');
  installExtension(vsix, extensionsDir);
  const workspace = process.env.RELAY_WORKSPACE ?? tempDir('dev-workspace');
  if (!process.env.RELAY_WORKSPACE) cpSync(join(REPO_ROOT, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
  const port = process.env.RELAY_PORT ? Number(process.env.RELAY_PORT) : undefined;
  // TypeScript for the server build's TypeScript language features (it ships without it), so code intelligence works.
  const server = await startServer({ extensionsDir, settings: typescriptSettings(), ...(port ? { port } : {}) });
  const url = `${server.baseUrl}/?folder=${encodeURIComponent(workspace)}`;
  console.log(`\nRelay is installed in VS Code (offline server).\nOpen: ${url}\nServer log: ${server.logFile}\nPress Ctrl+C to stop.\n`);
  const stop = () =>
    void server.stop().then(() => {
      rmSync(extensionsDir, { recursive: true, force: true });
      if (!process.env.RELAY_WORKSPACE) rmSync(workspace, { recursive: true, force: true });
      process.exit(0);
    });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
