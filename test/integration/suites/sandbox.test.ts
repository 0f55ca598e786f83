// run_command in the OS sandbox (bubblewrap) inside real VS Code: what a command may do, what it is refused, what
// the card says, and escapes that must fail. The sandbox's home folder is a fake one made here (the real one is
// never touched); servers are local stand-ins.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import type { ToolContext, ToolResultContent, ToolResultOptions, ToolStatusOptions } from '../../../src/core/tools';
import type { CommandSandbox } from '../../../src/core/ports/command-sandbox';
import { effectiveSandboxSettings } from '../../../src/core/sandbox/boundary';
import { findRipgrep } from '../../../src/host/file-search/ripgrep-locator';
import { RuntimeSandbox, type SandboxManagerApi } from '../../../src/host/sandbox/runtime-sandbox';
import { CommandSandboxing } from '../../../src/host/sandbox/command-sandboxing';
import { ProcessManager } from '../../../src/host/processes/process-manager';
import { VsCodeWorkspaceFiles } from '../../../src/host/editing/workspace-files';
import { mapMcpResult } from '../../../src/core/mcp/results';
import { SdkMcpConnection } from '../../../src/host/mcp/sdk-connection';
import { sandboxMcpLaunch } from '../../../src/host/sandbox/mcp-launch';
import { filesystemServerScript } from '../../support/mcp/servers';
import { createBuiltinToolFactories, type ToolServices } from '../../../src/tools';
import { waitFor } from '../helpers';

const SECRET = 'CANARY-7f3a-not-for-commands';

describe('run_command in the OS sandbox', function () {
  this.timeout(120_000);
  const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const fixture = () => join(root(), 'sandbox-fixture');
  const home = mkdtempSync(join(tmpdir(), 'relay-sandbox-home-'));
  // The sandbox's temp folder is its own, so the fake home (also under the system temp) lies outside every writable folder.
  const temp = mkdtempSync(join(tmpdir(), 'relay-sandbox-tmp-'));
  const servers: Server[] = [];
  let allowedPort = 0;
  let ownPort = 0;
  let foreignPort = 0;
  let sandbox: RuntimeSandbox;
  let services: ToolServices;
  let processes: ProcessManager;
  let n = 0;
  let extensionPath = '';

  const listen = () =>
    new Promise<number>((resolve) => {
      const server = createServer((_q, res) => res.end('stand-in reached'));
      servers.push(server);
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });

  before(async () => {
    mkdirSync(join(home, '.ssh'), { recursive: true });
    writeFileSync(join(home, '.ssh', 'id_canary'), SECRET);
    rmSync(fixture(), { recursive: true, force: true });
    mkdirSync(join(fixture(), '.git', 'hooks'), { recursive: true });
    writeFileSync(join(fixture(), 'input.txt'), 'workspace file\n');
    [allowedPort, ownPort, foreignPort] = [await listen(), await listen(), await listen()];
    const extension = vscode.extensions.all.find((e) => e.packageJSON.name === 'relay')!;
    extensionPath = extension.extensionPath;
    const bundle = join(extension.extensionPath, 'dist', 'sandbox.mjs');
    const settings = effectiveSandboxSettings({ allowedDomains: [`127.0.0.1:${allowedPort}`] }, undefined);
    sandbox = new RuntimeSandbox({
      // A module of its own: the runtime is a module-wide singleton, which the extension's sandbox may already hold.
      load: async () => ((await import(`${pathToFileURL(bundle).href}?suite=sandbox`)) as { SandboxManager: SandboxManagerApi }).SandboxManager,
      settings: () => settings,
      homeDir: home,
      tempDir: temp,
      ripgrepPath: findRipgrep(vscode.env.appRoot),
      // The stand-in is the task's own server; so are the sandboxed servers the process manager bridged out.
      processes: { servesLoopbackPort: (taskId, port) => (taskId === 'task' && port === ownPort) || (processes?.servesLoopbackPort(taskId, port) ?? false) },
    });
    const files = new VsCodeWorkspaceFiles();
    const commands = new CommandSandboxing({ sandbox, enabled: () => true });
    // Commands start through the process manager's spawner, which wraps each foreground one in the sandbox.
    // The fixture stands for the workspace (its own .git among the protected files): writes are confined to it.
    const asWorkspace = (s: CommandSandbox | undefined): CommandSandbox | undefined =>
      s && { available: s.available, wrap: (command, env, scope) => s.wrap(command, env, { ...scope, writableRoots: [fixture()] }) };
    processes = new ProcessManager({ logDir: join(temp, 'logs'), sandbox: async () => asWorkspace(await commands.forCommands()) });
    services = {
      files,
      search: { search: () => Promise.reject(new Error('unused')) } as unknown as ToolServices['search'],
      commands: { run: () => Promise.reject(new Error('run_command starts every command as a process here')) },
      processes,
      reviewer: undefined as unknown as ToolServices['reviewer'],
      applier: undefined as unknown as ToolServices['applier'],
      diagnostics: undefined as unknown as ToolServices['diagnostics'],
      language: undefined as unknown as ToolServices['language'],
      questions: { ask: () => Promise.reject(new Error('no questions')) },
      todos: { update: () => undefined },
      workspaceRoots: () => files.roots,
    };
    assert.ok(await sandbox.prepare(), `bubblewrap must work here: ${sandbox.unavailableReason}`);
  });

  after(async () => {
    await processes?.dispose();
    await sandbox?.dispose();
    for (const s of servers) s.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(temp, { recursive: true, force: true });
    rmSync(fixture(), { recursive: true, force: true });
  });

  async function run(command: string, extra: Record<string, unknown> = {}) {
    const entry = createBuiltinToolFactories(services).find((t) => t.name === 'run_command')!;
    const tool = entry.factory({ taskId: 'task', callId: `sandbox-${++n}` });
    const results: { content: ToolResultContent; options: ToolResultOptions }[] = [];
    const statuses: { status: string; options: ToolStatusOptions }[] = [];
    const ctx: ToolContext = {
      callId: `sandbox-${n}`,
      taskId: 'task',
      signal: new AbortController().signal,
      setToolResult: (_id, content, options = {}) => void results.push({ content, options }),
      sendToolStatus: (_id, status, options = {}) => void statuses.push({ status, options }),
      completeTask: () => undefined,
      log: { warn: () => undefined },
    };
    const validated = await tool.validate({ command, cwd: 'sandbox-fixture', ...extra });
    assert.ok(validated.ok);
    await tool.execute(validated.params, ctx, false);
    const final = statuses.filter((s) => s.status === 'SUCCESS' || s.status === 'ERROR').at(-1)!;
    const card = (final.options.blocks ?? []).map((b) => ('text' in b ? String(b.text) : '')).join('\n');
    return { text: String(results[0]!.content), card, metadata: final.options.metadata };
  }

  it('writes in the workspace and reads its files; the card says it ran in the sandbox', async () => {
    const r = await run('cat input.txt && echo made > made.txt && cat made.txt');
    assert.match(r.text, /Exit code: 0/);
    assert.match(r.text, /workspace file\nmade/);
    assert.equal(readFileSync(join(fixture(), 'made.txt'), 'utf8'), 'made\n');
    assert.match(r.card, /Ran in the sandbox\./);
    assert.equal(r.metadata?.sandboxed, true);
  });

  it('cannot read a credential under HOME/.ssh; the card and the model name the read', async () => {
    const canary = join(home, '.ssh', 'id_canary');
    const r = await run(`cat ${canary}`);
    assert.ok(!r.text.includes(SECRET), r.text);
    assert.match(r.card, new RegExp(`reading ${canary}`));
    assert.match(r.text, /outside_sandbox: true/);
  });

  it('cannot write outside the workspace or into .git/hooks; each refusal is on the card', async () => {
    const outside = join(home, 'outside-canary.txt');
    const r = await run(`echo x > ${outside}; echo '#!/bin/sh' > .git/hooks/pre-commit`);
    assert.ok(!existsSync(outside));
    assert.ok(!existsSync(join(fixture(), '.git', 'hooks', 'pre-commit')));
    assert.match(r.card, new RegExp(`writing ${outside}`));
    assert.match(r.card, /writing .*\.git\/hooks\/pre-commit/);
  });

  it("the runtime's protected files are read-only in the workspace where they exist, not in the extension host's working directory", async () => {
    // The runtime looks for them below process.cwd(); the extension host's is not the workspace.
    assert.notEqual(process.cwd(), fixture());
    writeFileSync(join(fixture(), '.mcp.json'), '{}');
    mkdirSync(join(fixture(), 'packages', 'app', '.vscode'), { recursive: true });
    writeFileSync(join(fixture(), 'packages', 'app', '.vscode', 'tasks.json'), '{}');
    try {
      const r = await run(
        [
          `echo '{"mcpServers":{"x":{"command":"sh"}}}' > .mcp.json`,
          `echo '{"tasks":[]}' > packages/app/.vscode/tasks.json`,
        ].join('; '),
      );
      assert.equal(readFileSync(join(fixture(), '.mcp.json'), 'utf8'), '{}');
      assert.equal(readFileSync(join(fixture(), 'packages', 'app', '.vscode', 'tasks.json'), 'utf8'), '{}');
      assert.match(r.card, /blocked/);
    } finally {
      rmSync(join(fixture(), '.mcp.json'), { force: true });
      rmSync(join(fixture(), 'packages'), { recursive: true, force: true });
    }
  });

  it('escapes fail: a symlink made inside the workspace, /proc/self/root, a hook file', async () => {
    const r = await run(
      [
        `ln -s ${home} escape-link`,
        'echo x > escape-link/through-link.txt',
        'cat escape-link/.ssh/id_canary',
        `cat /proc/self/root${home}/.ssh/id_canary`,
        `echo x > /proc/self/root${home}/through-proc.txt`,
        `printf '#!/bin/sh\\ntouch ${home}/hooked\\n' > .git/hooks/post-checkout`,
        'chmod +x .git/hooks/post-checkout',
      ].join('; '),
    );
    assert.ok(!r.text.includes(SECRET), r.text);
    assert.ok(!existsSync(join(home, 'through-link.txt')));
    assert.ok(!existsSync(join(home, 'through-proc.txt')));
    assert.ok(!existsSync(join(fixture(), '.git', 'hooks', 'post-checkout')));
    assert.match(r.card, /blocked/);
  });

  it('reaches an allowed domain stand-in and the task\'s own server, not another loopback server', async () => {
    const r = await run(
      [`curl -fsS -m 10 --noproxy '' http://127.0.0.1:${allowedPort}/`, `curl -fsS -m 10 --noproxy '' http://127.0.0.1:${ownPort}/`, `curl -fsS -m 10 --noproxy '' http://127.0.0.1:${foreignPort}/ || echo foreign-refused`, `curl -fsS -m 10 http://127.0.0.1:${foreignPort}/ || echo direct-refused`].join('; echo; '),
    );
    assert.equal(r.text.match(/stand-in reached/g)?.length, 2, r.text);
    assert.match(r.text, /foreign-refused/);
    assert.match(r.text, /direct-refused/);
    assert.match(r.card, new RegExp(`connecting to 127\\.0\\.0\\.1:${foreignPort}`));
  });

  it('connects through the proxy bridges first thing, every time (the command waits until they listen)', async () => {
    // The runtime starts its bridges in the background; a command connecting at once used to find port 3128 closed.
    for (let i = 0; i < 8; i++) {
      const r = await run(`curl -fsS -m 10 --noproxy '' http://127.0.0.1:${allowedPort}/`);
      assert.match(r.text, /stand-in reached/, `run ${i + 1}: ${r.text}`);
    }
  });

  const SERVER = `node -e "require('http').createServer((q,s)=>s.end('page of the sandboxed server')).listen(0,'127.0.0.1',function(){console.log('Local: http://127.0.0.1:'+this.address().port+'/')})"`;

  it('a background dev server runs sandboxed; its page is reached from here at the port listed, and by a sandboxed command', async () => {
    const r = await run(`${SERVER}; sleep 60`, { background: true });
    try {
      assert.equal(r.metadata?.sandboxed, true, r.text);
      // Ready once its port is reachable from here: listed as its URL when its line was read by then, else as a port.
      const listed = r.text.match(/URLs: http:\/\/127\.0\.0\.1:(\d+)\/|Listening on: localhost:(\d+)/);
      assert.ok(listed, r.text);
      const port = Number(listed[1] ?? listed[2]);
      const page = `http://127.0.0.1:${port}/`;
      assert.match(r.text, /carried out of it/);
      // What web_fetch and check_page ask before they fetch a loopback URL: the task's own server.
      assert.equal(processes.servesLoopbackPort('task', port), true);
      assert.equal(processes.servesLoopbackPort('another task', port), false);
      assert.equal(await (await fetch(page)).text(), 'page of the sandboxed server');
      // Another sandboxed command of the task reaches it through the proxy.
      const again = await run(`curl -fsS -m 10 --noproxy '' ${page}`);
      assert.match(again.text, /page of the sandboxed server/);
      const id = String(r.metadata?.processId);
      await processes.stop(id);
      assert.equal(processes.servesLoopbackPort('task', port), false);
      await assert.rejects(fetch(page));
    } finally {
      await processes.stopAll('task');
    }
  });

  it('a foreground command moved to the background at its timeout stays sandboxed; its port is bridged out', async () => {
    const r = await run(SERVER, { timeout_seconds: 3 });
    try {
      assert.match(r.text, /moved to the background/);
      assert.equal(r.metadata?.sandboxed, true);
      const id = String(r.metadata?.processId ?? r.text.match(/as (p\d+)/)?.[1]);
      // On a loaded machine the server may print its URL after the 3 s the call waited: wait for the line itself.
      const output = await waitFor(() => /Local: http/.test(processes.tail(id, 10_000)) && processes.tail(id, 10_000), 60_000, 'the server to print its URL');
      assert.match(output, /Local: http/);
      const port = Number(output.match(/127\.0\.0\.1:(\d+)/)?.[1]);
      await waitFor(() => processes.servesLoopbackPort('task', port), 30_000, 'the port to be bridged out');
      assert.deepEqual(processes.get(id)?.ports, [port]);
      assert.equal(await (await fetch(`http://127.0.0.1:${port}/`)).text(), 'page of the sandboxed server');
    } finally {
      await processes.stopAll('task');
    }
  });

  it('a workspace MCP server runs sandboxed: it serves workspace files and cannot read a credential', async () => {
    writeFileSync(join(fixture(), 'for-mcp.txt'), 'served from the workspace');
    const config = {
      name: 'fs',
      origin: 'workspace' as const,
      source: join(root(), '.vscode', 'mcp.json'),
      sandbox: false, // a workspace cannot opt its own server out
      transport: { type: 'stdio' as const, command: process.execPath, args: [filesystemServerScript(extensionPath), fixture(), home], env: {}, cwd: fixture() },
    };
    const launch = await sandboxMcpLaunch({ sandbox, enabled: () => true, workspaceRoots: () => [fixture()] })(config, { transport: config.transport, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
    assert.ok(launch, 'the workspace server is sandboxed');
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const connection = await SdkMcpConnection.connect({ name: 'fs', transport: launch.launch.transport, env: launch.launch.env ?? {}, log, roots: [fixture(), home], connectTimeoutMs: 30_000 });
    try {
      const never = new AbortController().signal;
      assert.match(mapMcpResult(await connection.callTool('read_text_file', { path: join(fixture(), 'for-mcp.txt') }, { signal: never })).text, /served from the workspace/);
      const secret = mapMcpResult(await connection.callTool('read_text_file', { path: join(home, '.ssh', 'id_canary') }, { signal: never }));
      assert.ok(!secret.text.includes(SECRET), secret.text);
      assert.equal(secret.isError, true);
    } finally {
      await connection.close();
      launch.dispose();
    }
  });
});
