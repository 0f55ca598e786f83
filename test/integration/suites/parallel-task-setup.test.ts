// A parallel task's setup and its dev server inside real VS Code, on a real temporary git repository, against the
// scripted model server. Setup: the ignored `.env` is copied (a copy, never over a file the checkout made), a
// `.worktreeinclude` names more ignored files but never brings a tracked one, `node_modules` is linked from the main
// checkout while the lockfile is the same and copied when it differs, and discarding unlinks the link without
// deleting through it. Dev servers: two tasks' models each start `node server.js` in the background, listening on
// $RELAY_PORT; both run at once on their own blocks, each task's web_fetch reaches its own, and discarding a task
// stops its server (checked by pid and port) while the other's goes on; with the OS sandbox off and on.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ParallelTaskRecord } from '../../../src/core/tasks/task-record';
import { groupMembers } from '../../../src/host/processes/listening-ports';
import type { ToolHost } from '../../../src/host/tool-ports/tool-host';
import { alive } from '../../support/pids';
import { useChatSuite } from '../chat-suite';
import { waitFor } from '../helpers';

const FOLDER = 'parallel-setup-it';
const TURN_MS = 60_000;
const NODE = JSON.stringify(process.execPath);
/** A dev server in a few lines: it answers with the folder it runs in and the port it was given. */
const SERVER = [
  "const http = require('node:http');",
  'const port = Number(process.env.RELAY_PORT);',
  "http.createServer((req, res) => res.end(`served from ${process.cwd()} on ${port}`)).listen(port, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${port}/`));",
  '',
].join('\n');

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Relay Test', '-c', 'user.email=test@relay.invalid', ...args], { cwd, encoding: 'utf8' });
}

const done = (id: string) => ({ toolCalls: [{ id, name: 'attempt_completion', args: { result: 'Done.' } }] });
const serve = (id: string) => ({ toolCalls: [{ id, name: 'run_command', args: { command: `${NODE} server.js`, background: true, ready_pattern: '^listening on ' } }] });
const fetchPage = (id: string, port: number) => ({ toolCalls: [{ id, name: 'web_fetch', args: { url: `http://127.0.0.1:${port}/` } }] });

/** Whether something accepts connections on the loopback port now. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

describe('parallel task setup and dev servers in real worktrees', () => {
  const suite = useChatSuite({
    settings: ['approvalMode', 'provider', 'model', 'baseUrl', 'textProtocol', 'previewEdits', 'sandbox.enabled', 'parallel.setupCommand'],
    initial: (server) => ({ approvalMode: 'default', provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, textProtocol: false, previewEdits: false }),
  });
  const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const repo = () => join(root(), FOLDER, 'repo');
  const parallel = () => suite.relay.parallel;
  const task = (id: string): ParallelTaskRecord => parallel().tasks.get(id)!;
  /** Waits for the task's state; a task that failed on the way says so at once, with its setup output. */
  const reaches = (id: string, state: string, what: string) =>
    waitFor(() => {
      const t = parallel().tasks.get(id);
      if (t && (t.state === 'setup-failed' || t.state === 'failed') && t.state !== state) throw new Error(`${what}: the task ${t.state}: ${t.setupOutput ?? ''}`);
      return t?.state === state;
    }, TURN_MS, what);
  const processes = () => (suite.relay as unknown as { tools: ToolHost }).tools.processes;
  const start = async (prompt: string, show = false): Promise<string> => {
    const id = await vscode.commands.executeCommand<string | undefined>('relay.tasks.newParallelTask', { prompt, folder: repo(), copyUncommitted: false, show });
    assert.ok(id, `New Parallel Task started "${prompt}"`);
    ids.push(id);
    return id;
  };
  const discard = async (id: string) => {
    assert.equal(await parallel().sessions.discard(id, async () => true), true);
    ids = ids.filter((i) => i !== id);
  };
  let ids: string[] = [];

  before(async () => {
    await fs.rm(join(root(), FOLDER), { recursive: true, force: true });
    await fs.mkdir(repo(), { recursive: true });
    git(repo(), 'init', '-q', '-b', 'main');
    await fs.writeFile(join(repo(), '.gitignore'), '.env\n.env.local\nnode_modules/\nlocal/\n');
    await fs.writeFile(join(repo(), '.worktreeinclude'), '/.env*\nlocal/\ntracked.txt\nstaged.txt\n');
    await fs.writeFile(join(repo(), 'tracked.txt'), 'committed\n');
    await fs.writeFile(join(repo(), 'package-lock.json'), '{ "lockfileVersion": 3 }\n');
    await fs.writeFile(join(repo(), 'server.js'), SERVER);
    // An ignored file the commit has anyway (added with -f): the checkout makes it in a new worktree.
    await fs.writeFile(join(repo(), '.env.local'), 'LOCAL=checkout\n');
    git(repo(), 'add', '.');
    git(repo(), 'add', '-f', '.env.local');
    git(repo(), 'commit', '-q', '-m', 'base');
    // The user's ignored files, one tracked file edited (the include rules name it; it must come from the commit),
    // and an installed node_modules.
    await fs.writeFile(join(repo(), '.env'), 'SECRET=main\n');
    await fs.writeFile(join(repo(), '.env.local'), 'LOCAL=main\n');
    await fs.mkdir(join(repo(), 'local'));
    await fs.writeFile(join(repo(), 'local', 'settings.json'), '{}\n');
    await fs.writeFile(join(repo(), 'tracked.txt'), 'edited by the user\n');
    await fs.writeFile(join(repo(), 'staged.txt'), 'staged, never committed\n');
    git(repo(), 'add', 'staged.txt');
    await fs.mkdir(join(repo(), 'node_modules', 'left-pad'), { recursive: true });
    await fs.writeFile(join(repo(), 'node_modules', 'left-pad', 'index.js'), 'module.exports = 1;\n');
    // A checkout hook: Relay's own git runs never run the repository's hooks (src/core/git/hardened-git.ts).
    await fs.writeFile(join(repo(), '.git', 'hooks', 'post-checkout'), '#!/bin/sh\necho ran > hook-ran\n', { mode: 0o755 });
  });

  after(async () => {
    for (const id of ids) await parallel().sessions.discard(id, async () => true).catch(() => undefined);
    await fs.rm(join(root(), FOLDER), { recursive: true, force: true });
  });

  it('setup copies the ignored .env files without overwriting, never a tracked file, and links node_modules while the lockfile is the same, else copies it; discarding unlinks, never deletes through the link', async function () {
    this.timeout(180_000);
    suite.server.setScript([done('call_done_link')]);
    const linked = await start('Use the same lockfile');
    await reaches(linked, 'ready-for-review', 'the first task to finish');
    const wt = task(linked).workRoot;
    assert.ok(!wt.startsWith(root()), 'the worktree lives outside the workspace');
    assert.equal(await fs.readFile(join(wt, '.env'), 'utf8'), 'SECRET=main\n');
    assert.ok((await fs.lstat(join(wt, '.env'))).isFile(), '.env is a copy, not a link');
    await fs.writeFile(join(wt, '.env'), 'SECRET=task\n');
    assert.equal(await fs.readFile(join(repo(), '.env'), 'utf8'), 'SECRET=main\n', "writing the task's .env leaves the user's alone");
    assert.equal(await fs.readFile(join(wt, '.env.local'), 'utf8'), 'LOCAL=checkout\n', 'a file the checkout made is never overwritten');
    await assert.rejects(fs.access(join(wt, 'hook-ran')), "making the worktree never ran the repository's post-checkout hook");
    assert.equal(await fs.readFile(join(wt, 'local', 'settings.json'), 'utf8'), '{}\n', '.worktreeinclude names an ignored folder');
    assert.equal(await fs.readFile(join(wt, 'tracked.txt'), 'utf8'), 'committed\n', 'a tracked file comes from the commit, never copied by the include rules');
    await assert.rejects(fs.lstat(join(wt, 'staged.txt')), 'a file the index tracks (staged, not committed) is never copied by the include rules');
    const link = await fs.lstat(join(wt, 'node_modules'));
    assert.ok(link.isSymbolicLink(), 'node_modules is linked while the lockfile is the same');
    assert.equal(await fs.realpath(join(wt, 'node_modules')), await fs.realpath(join(repo(), 'node_modules')));
    assert.deepEqual(task(linked).links, ['node_modules']);

    // The user changes the lockfile (not committed): a new task's checkout has the old one, so it gets a copy.
    await fs.writeFile(join(repo(), 'package-lock.json'), '{ "lockfileVersion": 3, "packages": {} }\n');
    suite.server.setScript([done('call_done_copy')]);
    const copied = await start('Use another lockfile');
    await reaches(copied, 'ready-for-review', 'the second task to finish');
    const wt2 = task(copied).workRoot;
    const folder = await fs.lstat(join(wt2, 'node_modules'));
    assert.ok(folder.isDirectory() && !folder.isSymbolicLink(), 'node_modules is copied when the lockfile differs');
    assert.equal(await fs.readFile(join(wt2, 'node_modules', 'left-pad', 'index.js'), 'utf8'), 'module.exports = 1;\n');
    assert.deepEqual(task(copied).links ?? [], []);
    await fs.writeFile(join(wt2, 'node_modules', 'left-pad', 'index.js'), 'module.exports = 2;\n');
    assert.equal(await fs.readFile(join(repo(), 'node_modules', 'left-pad', 'index.js'), 'utf8'), 'module.exports = 1;\n', 'the copy is its own');

    await discard(linked);
    await discard(copied);
    await assert.rejects(fs.lstat(wt), 'the first worktree is gone');
    await assert.rejects(fs.lstat(wt2), 'the second worktree is gone');
    assert.equal(await fs.readFile(join(repo(), 'node_modules', 'left-pad', 'index.js'), 'utf8'), 'module.exports = 1;\n', "the main checkout's node_modules is intact");
    assert.equal(await fs.readFile(join(repo(), '.env'), 'utf8'), 'SECRET=main\n');
    const listed = git(repo(), 'worktree', 'list', '--porcelain').split('\n').filter((l) => l.startsWith('worktree '));
    assert.equal(listed.length, 1, `only the main checkout is left: ${listed.join(', ')}`);
    await fs.writeFile(join(repo(), 'package-lock.json'), '{ "lockfileVersion": 3 }\n');
  });

  // Twice: with the OS sandbox off (the servers are the host's processes, checked by pid) and on, as users run it
  // by default (a background server then listens in the sandbox's network and Relay bridges its port out).
  for (const sandboxed of [false, true]) {
    it(`two tasks start dev servers on their own port blocks: both run at once, each fetches its own, discarding stops it (sandbox ${sandboxed ? 'on' : 'off'})`, async function () {
      this.timeout(240_000);
      // The setup command records its RELAY_PORT, then waits on a pipe until the test has scripted the turns of
      // that task (its web_fetch names its own port, known once the task is set up).
      const go = join(root(), FOLDER, `go-${sandboxed}`);
      execFileSync('mkfifo', [go]);
      await suite.setSettings({ 'sandbox.enabled': sandboxed, 'parallel.setupCommand': `echo "$RELAY_PORT" > .relay-port && read line < '${go}'` });
      suite.prompter.script(...Array.from({ length: 8 }, () => ({ type: 'allow-once' as const })));
      const serveAndFetch = async (title: string, n: string): Promise<string> => {
        const id = await start(title);
        await waitFor(() => parallel().tasks.get(id)?.portBase, TURN_MS, `${title}: its port block`);
        suite.server.setScript([serve(`call_serve_${n}`), fetchPage(`call_fetch_${n}`, task(id).portBase!), done(`call_done_${n}`)]);
        await fs.writeFile(go, 'go\n');
        await reaches(id, 'ready-for-review', `${title} to finish`);
        return id;
      };
      const a = await serveAndFetch('Serve A', 'a');
      const b = await serveAndFetch('Serve B', 'b');
      const portA = task(a).portBase!;
      const portB = task(b).portBase!;
      assert.ok(portA > 0 && portB > 0 && portA !== portB, `each task has its own block (${portA}, ${portB})`);
      assert.equal((await fs.readFile(join(task(a).workRoot, '.relay-port'), 'utf8')).trim(), String(portA), "A's setup command saw its RELAY_PORT");
      assert.equal((await fs.readFile(join(task(b).workRoot, '.relay-port'), 'utf8')).trim(), String(portB), "B's setup command saw its RELAY_PORT");

      const servers = (id: string) => processes().list().filter((p) => p.taskId === id && p.background);
      const [serverA] = servers(a);
      const [serverB] = servers(b);
      assert.ok(serverA && serverB, 'each task started one background server');
      assert.equal(serverA.cwd, task(a).workRoot);
      assert.equal(serverB.cwd, task(b).workRoot);
      assert.equal(serverA.state, 'ready');
      assert.equal(serverB.state, 'ready');
      assert.equal(serverA.sandbox !== undefined && serverB.sandbox !== undefined, sandboxed, `the servers ran ${sandboxed ? 'in' : 'outside'} the OS sandbox`);
      assert.ok((await listening(portA)) && (await listening(portB)), 'both servers listen at once');
      const bodies = JSON.stringify(suite.server.requests.map((r) => r.body));
      assert.ok(bodies.includes(`served from ${task(a).workRoot} on ${portA}`), "A's web_fetch read A's own server");
      assert.ok(bodies.includes(`served from ${task(b).workRoot} on ${portB}`), "B's web_fetch read B's own server");
      // The model was told its ports, so a server it starts on its own goes there too.
      for (const [id, port] of [[a, portA], [b, portB]] as const) {
        assert.ok(bodies.includes(`Ports ${port}-${port + 9} are reserved for this task`) && bodies.includes(`on branch ${task(id).branch}`), `the prompt names ${id}'s block and branch`);
      }

      const pidsA = groupMembers(processes().process(serverA.id)!.pid!);
      const pidsB = groupMembers(processes().process(serverB.id)!.pid!);
      assert.ok(pidsA.length >= 1 && pidsB.length >= 1, 'both process groups are alive');
      await discard(a);
      await waitFor(() => !pidsA.some(alive), 20_000, `A's server is gone (${pidsA.join(', ')})`);
      assert.equal(await listening(portA), false, "A's port is free again");
      assert.ok(pidsB.every(alive) && (await listening(portB)), "B's server goes on");
      await discard(b);
      await waitFor(() => !pidsB.some(alive), 20_000, `B's server is gone (${pidsB.join(', ')})`);
      assert.equal(await listening(portB), false, "B's port is free again");
    });
  }
});
