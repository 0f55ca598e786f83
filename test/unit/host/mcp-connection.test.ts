// The SDK client against real servers nobody here wrote (server-everything over stdio, Streamable HTTP and
// legacy SSE; server-filesystem) and against our fault server, in plain Node. Every server process is stopped
// by its process-group id.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { mapMcpResult } from '../../../src/core/mcp/results';
import { SdkMcpConnection } from '../../../src/host/mcp/sdk-connection';
import { everythingServerScript, faultServerScript, filesystemServerScript, startEverythingHttp } from '../../support/mcp/servers';
import { alive } from '../../support/pids';

const root = process.cwd();
const lines: string[] = [];
const log = { info: (m: string) => void lines.push(`I ${m}`), warn: (m: string) => void lines.push(`W ${m}`), error: (m: string) => void lines.push(`E ${m}`) };
const open: SdkMcpConnection[] = [];
const never = new AbortController().signal;

async function stdio(name: string, args: string[], roots = [root]): Promise<SdkMcpConnection> {
  const connection = await SdkMcpConnection.connect({ name, transport: { type: 'stdio', command: process.execPath, args, env: {} }, env: process.env, log, roots, connectTimeoutMs: 15_000 });
  open.push(connection);
  return connection;
}

after(async () => {
  for (const c of open) await c.close();
});

describe('MCP client against server-everything (stdio)', () => {
  test('list, call, image, structured content, error result, progress, list_changed', async () => {
    const c = await stdio('everything', [everythingServerScript(root), 'stdio']);
    const names = (await c.listTools()).map((t) => t.name);
    assert.ok(names.includes('echo') && names.includes('get-tiny-image') && names.includes('trigger-long-running-operation'), names.join());
    assert.equal(mapMcpResult(await c.callTool('echo', { message: 'hi' }, { signal: never })).text, 'Echo: hi');
    const image = mapMcpResult(await c.callTool('get-tiny-image', {}, { signal: never }));
    assert.equal(image.images[0]?.mimeType, 'image/png');
    const sum = mapMcpResult(await c.callTool('get-structured-content', { location: 'New York' }, { signal: never }));
    assert.match(sum.text, /temperature/);
    const bad = mapMcpResult(await c.callTool('get-sum', { a: 'not a number' }, { signal: never }));
    assert.equal(bad.isError, true);
    const progress: number[] = [];
    await c.callTool('trigger-long-running-operation', { duration: 0.3, steps: 3 }, { signal: never, onProgress: (p) => progress.push(p.progress) });
    // The SDK handles notifications a microtask later than responses, so the last one may land after the result.
    assert.deepEqual(progress.slice(0, 2), [1, 2]);
    // The server registers client-capability tools after initialisation and says so with tools/list_changed.
    for (let i = 0; i < 50 && c.toolsChangedCount === 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.ok(c.toolsChangedCount > 0);
    assert.ok((await c.listTools()).some((t) => t.name === 'get-roots-list'));
  });

  test('cancelling a call rejects it at once', async () => {
    const c = await stdio('everything-cancel', [everythingServerScript(root), 'stdio']);
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(c.callTool('trigger-long-running-operation', { duration: 20, steps: 20 }, { signal: controller.signal }));
    assert.ok(Date.now() - started < 5000);
  });
});

describe('MCP client over HTTP', () => {
  test('Streamable HTTP, and the legacy HTTP+SSE fallback for an old server', async () => {
    const http = await startEverythingHttp(root, 'streamableHttp');
    const sse = await startEverythingHttp(root, 'sse');
    try {
      const a = await SdkMcpConnection.connect({ name: 'http', transport: { type: 'http', url: http.url, headers: {} }, log });
      open.push(a);
      assert.equal(a.transportKind, 'http');
      assert.equal(mapMcpResult(await a.callTool('echo', { message: 'over http' }, { signal: never })).text, 'Echo: over http');
      const b = await SdkMcpConnection.connect({ name: 'sse', transport: { type: 'http', url: sse.url, headers: {} }, log });
      open.push(b);
      assert.equal(b.transportKind, 'sse');
      assert.equal(mapMcpResult(await b.callTool('echo', { message: 'over sse' }, { signal: never })).text, 'Echo: over sse');
      await a.close();
      await b.close();
    } finally {
      await http.stop();
      await sse.stop();
    }
  });
});

describe('MCP client against server-filesystem', () => {
  test('reads a file inside the allowed directory and refuses one outside', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relay-mcp-fs-'));
    writeFileSync(join(dir, 'note.txt'), 'hello from disk');
    // The server replaces its directories with the client's MCP roots (the workspace folders in Relay).
    const c = await stdio('fs', [filesystemServerScript(root), dir], [dir]);
    const tools = await c.listTools();
    assert.ok(tools.some((t) => t.name === 'read_text_file' && t.annotations?.readOnlyHint === true));
    assert.match(mapMcpResult(await c.callTool('read_text_file', { path: join(dir, 'note.txt') }, { signal: never })).text, /hello from disk/);
    assert.equal(mapMcpResult(await c.callTool('read_text_file', { path: '/etc/hostname' }, { signal: never })).isError, true);
  });
});

describe('MCP client against misbehaving servers', () => {
  test('a server that exits at start: the error names the exit code and its stderr', async () => {
    await assert.rejects(stdio('exits', [faultServerScript(root), '--exit-at-start']), /exit code 2.*configuration missing/s);
  });

  test('a stray non-JSON-RPC line is logged and skipped; the call still answers', async () => {
    const c = await stdio('noisy', [faultServerScript(root)]);
    assert.equal(mapMcpResult(await c.callTool('noisy', {}, { signal: never })).text, 'noisy: answered after a stray line');
    assert.ok(lines.some((l) => l.startsWith('W Ignored a stdout line that is not JSON-RPC: Server warming up')));
  });

  test('a hanging call is cancelled with notifications/cancelled; the server keeps serving', async () => {
    const c = await stdio('hang', [faultServerScript(root)]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    await assert.rejects(c.callTool('hang', {}, { signal: controller.signal }));
    const cancelled = JSON.parse(mapMcpResult(await c.callTool('cancelled', {}, { signal: never })).text) as unknown[];
    assert.equal(cancelled.length, 1);
  });

  test('a flood: 3 MB of result arrives whole, stderr logging is capped', async () => {
    const c = await stdio('flood', [faultServerScript(root)]);
    const before = lines.length;
    const text = mapMcpResult(await c.callTool('flood', {}, { signal: never })).text;
    assert.ok(text.length > 2_000_000);
    const logged = lines.slice(before).join('\n').length;
    assert.ok(logged < 400 * 1024, `logged ${logged} characters`);
  });

  test('a crash mid-call rejects that call with the exit code; close() leaves no process behind', async () => {
    const c = await stdio('crash', [faultServerScript(root)]);
    await assert.rejects(c.callTool('crash', {}, { signal: never }), /exit code 3.*segfault simulated/s);
    assert.equal(c.isClosed, true);
    const d = await stdio('group', [faultServerScript(root)]);
    const pid = (d as unknown as { transport: { pid: number } }).transport.pid;
    assert.ok(alive(pid));
    await d.close();
    assert.equal(alive(pid), false);
  });

  test('an invalid input schema is passed through raw: the catalog skips that tool, not the server', async () => {
    const c = await stdio('schema', [faultServerScript(root)]);
    const tools = await c.listTools();
    assert.ok(tools.some((t) => t.name === 'bad_schema'));
    assert.ok(tools.some((t) => t.name === 'ok'));
  });
});
