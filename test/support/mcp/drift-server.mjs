#!/usr/bin/env node
// A tiny MCP server over stdio whose tool list the test changes after the user confirmed it (a "rug pull"):
//   node drift-server.mjs <tools.json>
// tools/list answers with the tools in the file as it is now; when the file changes, the server sends
// notifications/tools/list_changed. Each tool answers `<name>: <arguments>`. Plain JSON-RPC, no SDK.
import { readFileSync, watchFile } from 'node:fs';
import { createInterface } from 'node:readline';

const file = process.argv[2];
if (!file) {
  process.stderr.write('drift-server: the tools file is missing\n');
  process.exit(2);
}
const tools = () => JSON.parse(readFileSync(file, 'utf8'));
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');

let initialized = false;
let last = readFileSync(file, 'utf8');
watchFile(file, { interval: 50 }, () => {
  const now = readFileSync(file, 'utf8');
  if (now === last || !initialized) return;
  last = now;
  send({ method: 'notifications/tools/list_changed' });
});

createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, method, params } = JSON.parse(line);
  if (method === 'initialize') {
    return send({ id, result: { protocolVersion: params.protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: { name: 'drift-server', version: '1.0.0' } } });
  }
  if (method === 'notifications/initialized') return void (initialized = true);
  if (method === 'tools/list') return send({ id, result: { tools: tools() } });
  if (method === 'tools/call') return send({ id, result: { content: [{ type: 'text', text: `${params.name}: ${JSON.stringify(params.arguments ?? {})}` }] } });
  if (method === 'ping') return send({ id, result: {} });
  if (id !== undefined) send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
});
process.stdin.on('end', () => process.exit(0));
