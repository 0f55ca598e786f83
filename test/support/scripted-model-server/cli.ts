// Runs the scripted model server as its own process, for tests that drive Relay from outside (E2E):
//   node --import tsx test/support/scripted-model-server/cli.ts --script <file.json> [--port N]
// Prints `listening on http://127.0.0.1:PORT` and serves until SIGTERM or SIGINT.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Script } from './script';
import { startScriptedModelServer } from './server';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { script: { type: 'string' }, port: { type: 'string' } } });
  const script = values.script ? (JSON.parse(readFileSync(values.script, 'utf8')) as Script) : [];
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got "${values.port}"`);
  const server = await startScriptedModelServer({ script, port });
  console.log(`listening on ${server.url}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
