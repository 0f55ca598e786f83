#!/usr/bin/env node
// A tiny MCP server over stdio that misbehaves on purpose, for fault tests. Plain JSON-RPC, no SDK.
//   node fault-server.mjs [--exit-at-start] [--many N]
// Tools: ok (echo), crash (exits mid-call, code 3), hang (never answers), flood (3 MB result, 1 MB of stderr),
// noisy (prints a non-JSON-RPC line, then answers), bad_schema (an input schema that is not an object schema),
// cancelled (the request ids the client cancelled so far). `--many N` lists N extra well-formed tools.
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
if (args.includes('--exit-at-start')) {
  process.stderr.write('fault-server: configuration missing, giving up\n');
  process.exit(2);
}
const manyIndex = args.indexOf('--many');
const many = manyIndex >= 0 ? Number(args[manyIndex + 1]) : 0;
const cancelled = [];

const obj = (properties, required = []) => ({ type: 'object', properties, required });
const tools = [
  { name: 'ok', description: 'Echoes its text.', inputSchema: obj({ text: { type: 'string' } }, ['text']), annotations: { readOnlyHint: true } },
  { name: 'crash', description: 'Crashes the server mid-call.', inputSchema: obj({}) },
  { name: 'hang', description: 'Never answers.', inputSchema: obj({}), annotations: { readOnlyHint: true } },
  { name: 'flood', description: 'Returns far too much text.', inputSchema: obj({}), annotations: { readOnlyHint: true } },
  { name: 'noisy', description: 'Prints a stray line first.', inputSchema: obj({}), annotations: { readOnlyHint: true } },
  { name: 'bad_schema', description: 'Its schema is broken.', inputSchema: { type: 'array', items: { type: 'string' } } },
  { name: 'cancelled', description: 'Lists cancelled request ids.', inputSchema: obj({}), annotations: { readOnlyHint: true } },
];
const VERBS = ['create', 'list', 'get', 'update', 'delete', 'search', 'archive', 'export', 'import', 'sync'];
const NOUNS = ['issue', 'pull_request', 'comment', 'label', 'milestone', 'release', 'branch', 'commit', 'workflow', 'deployment'];
for (let i = 0; i < many; i++) {
  const verb = VERBS[i % VERBS.length];
  const noun = NOUNS[Math.floor(i / VERBS.length) % NOUNS.length];
  tools.push({
    name: `${verb}_${noun}_${i}`,
    description: `${verb[0].toUpperCase()}${verb.slice(1)} a ${noun.replace('_', ' ')} in the project tracker. Returns the ${noun.replace('_', ' ')} as JSON with its id, title, state, author, timestamps and links.`,
    inputSchema: obj(
      {
        owner: { type: 'string', description: 'Repository owner (user or organisation).' },
        repo: { type: 'string', description: 'Repository name.' },
        id: { type: 'integer', description: `The ${noun.replace('_', ' ')} number.` },
        title: { type: 'string', description: 'Title, for create and update.' },
        state: { type: 'string', enum: ['open', 'closed', 'all'], description: 'Filter or new state.' },
        per_page: { type: 'integer', minimum: 1, maximum: 100, description: 'Results per page.' },
      },
      ['owner', 'repo'],
    ),
    annotations: { readOnlyHint: verb === 'list' || verb === 'get' || verb === 'search' },
  });
}

const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
const text = (t) => ({ content: [{ type: 'text', text: t }] });

function call(id, name, params) {
  switch (name) {
    case 'ok':
      return send({ id, result: text(`ok: ${params.text}`) });
    case 'crash':
      process.stderr.write('fault-server: segfault simulated in crash\n');
      return setTimeout(() => process.exit(3), 50);
    case 'hang':
      return;
    case 'flood':
      process.stderr.write('x'.repeat(1024 * 1024) + '\n');
      return send({ id, result: text(Array.from({ length: 60_000 }, (_, i) => `line ${i} ${'y'.repeat(40)}`).join('\n')) });
    case 'noisy':
      process.stdout.write('Server warming up... this line is not JSON-RPC\n');
      process.stdout.write('{"not":"json-rpc"}\n');
      return send({ id, result: text('noisy: answered after a stray line') });
    case 'cancelled':
      return send({ id, result: text(JSON.stringify(cancelled)) });
    default:
      return send({ id, result: { ...text(`${name} ran with ${JSON.stringify(params)}`), structuredContent: { tool: name, args: params } } });
  }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  const { id, method, params } = message;
  if (method === 'initialize') {
    return send({ id, result: { protocolVersion: params.protocolVersion, capabilities: { tools: { listChanged: false } }, serverInfo: { name: 'fault-server', version: '1.0.0' } } });
  }
  if (method === 'notifications/cancelled') return void cancelled.push(params.requestId);
  if (method === 'tools/list') return send({ id, result: { tools } });
  if (method === 'tools/call') return call(id, params.name, params.arguments ?? {});
  if (method === 'ping') return send({ id, result: {} });
  if (id !== undefined) send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
});
