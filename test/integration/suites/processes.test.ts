// The process tools inside real VS Code against real programs nobody here wrote: Vite's dev server started in the
// background (its URL found, the page served, Stop leaving no process behind, checked by pid), `tsc --watch` whose
// errors are read with read_output, a question answered with send_input, a foreground command moved to the
// background at its timeout, and the activation path reaping a process an earlier session left running.
import * as assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { AnyTool, ToolContext, ToolResultContent, ToolResultOptions, ToolStatusOptions } from '../../../src/core/tools';
import { ChildProcessRunner } from '../../../src/host/processes/child-process-runner';
import { groupMembers } from '../../../src/host/processes/listening-ports';
import { ProcessRecordFile } from '../../../src/host/processes/process-records';
import { runAction } from '../../../src/host/processes/process-status-bar';
import { processStartTime } from '../../../src/host/platform/process-tree';
import { reapLeftovers } from '../../../src/host/processes/reaping';
import { spawnCommand } from '../../../src/host/processes/spawn';
import { createProcessManager } from '../../../src/host/processes/wiring';
import { VsCodeWorkspaceFiles } from '../../../src/host/editing/workspace-files';
import { createBuiltinToolFactories, type ToolServices } from '../../../src/tools';
import { waitFor } from '../helpers';
import { alive } from '../../support/pids';

const REPO = process.env.RELAY_REPO_ROOT ?? '';
const NODE = JSON.stringify(process.execPath);
/** How long a first start (a compile, a dev server) may take on a loaded 2-core machine. */
const READY_LIMIT_MS = 60_000;
/** How long a process may take to start or to be gone after a signal on a loaded machine. */
const PROCESS_LIMIT_MS = 20_000;

describe('background processes inside real VS Code', () => {
  const log = vscode.window.createOutputChannel('Relay process tests', { log: true });
  const files = new VsCodeWorkspaceFiles();
  const processes = createProcessManager(log);
  const unused = () => Promise.reject(new Error('not used in these tests'));
  const services = {
    files,
    commands: new ChildProcessRunner(),
    processes,
    workspaceRoots: () => files.roots,
    questions: { ask: unused },
    todos: { update: () => undefined },
  } as unknown as ToolServices;
  const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  let n = 0;

  before(() => assert.ok(REPO, 'RELAY_REPO_ROOT names the repository (scripts/test-integration.ts)'));
  after(async () => {
    await processes.dispose();
    log.dispose();
  });

  async function call(name: string, params: unknown) {
    const entry = createBuiltinToolFactories(services).find((t) => t.name === name)!;
    const tool: AnyTool = entry.factory({ taskId: 'task', callId: `call-${++n}` });
    const results: { content: ToolResultContent; options: ToolResultOptions }[] = [];
    const statuses: { status: string; options: ToolStatusOptions }[] = [];
    const ctx: ToolContext = {
      callId: `call-${n}`,
      taskId: 'task',
      signal: new AbortController().signal,
      setToolResult: (_id, content, options = {}) => void results.push({ content, options }),
      sendToolStatus: (_id, status, options = {}) => void statuses.push({ status, options }),
      completeTask: () => undefined,
      log: { warn: (m) => log.warn(m) },
    };
    const validated = await tool.validate(params);
    assert.ok(validated.ok, validated.ok ? '' : validated.message);
    await tool.prepare?.(validated.params, ctx);
    await tool.execute(validated.params, ctx, false);
    assert.equal(results.length, 1, 'one result');
    const final = statuses.filter((s) => s.status === 'SUCCESS' || s.status === 'ERROR').at(-1);
    return { text: String(results[0]!.content), error: results[0]!.options.error, metadata: final?.options.metadata as { processId?: string; process?: { urls: string[]; state: string } } | undefined };
  }

  /**
   * run_command waits a fixed 10 s for a background command to become ready, then says it keeps running: on a loaded
   * machine (CI runs the suites beside a CPU hog) a first start can take longer. The test waits for readiness itself.
   */
  async function ready(run: { text: string; metadata?: { processId?: string; process?: { urls: string[]; state: string } } }): Promise<{ info: { urls: readonly string[]; state: string }; output: string }> {
    if (run.metadata?.process && run.metadata.process.state !== 'starting') return { info: run.metadata.process, output: run.text };
    const id = run.metadata!.processId!;
    await waitFor(() => processes.get(id)?.state !== 'starting', READY_LIMIT_MS, `process ${id} to become ready`);
    return { info: processes.get(id)!, output: processes.tail(id, 100_000) };
  }

  it('starts the Vite dev server in the background, finds its URL, serves the page, and Stop leaves no process', async function () {
    this.timeout(120_000);
    cpSync(join(REPO, 'test', 'fixtures', 'vite-app'), join(root(), 'vite-app-proc'), { recursive: true });
    const started = Date.now();
    const run = await call('run_command', { command: `${NODE} ${JSON.stringify(join(REPO, 'node_modules', 'vite', 'bin', 'vite.js'))}`, cwd: 'vite-app-proc', background: true });
    assert.equal(run.error, undefined, run.text);
    const id = run.metadata?.processId;
    assert.ok(id, run.text);
    const vite = await ready(run);
    assert.equal(vite.info.state, 'ready', `${run.text}\n${vite.output}`);
    const url = vite.info.urls[0]!;
    assert.match(url, /^http:\/\/(127\.0\.0\.1|localhost):\d+\/$/, vite.output);
    assert.match(run.text, /Running in the background/);
    log.info(`vite ready after ${Date.now() - started} ms at ${url}`);
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<script type="module" src="\/src\/main\.js">/);
    assert.ok(processes.servesLoopbackPort('task', Number(new URL(url).port)), 'its group listens on the port');

    const again = await call('run_command', { command: `${NODE} ${JSON.stringify(join(REPO, 'node_modules', 'vite', 'bin', 'vite.js'))}`, cwd: 'vite-app-proc', background: true });
    assert.equal(again.metadata?.processId, id, 'the same command in the same folder returns the running one');

    const pgid = processes.process(id)!.pid!;
    const pids = groupMembers(pgid);
    assert.ok(pids.length >= 1 && pids.includes(pgid), `the group (${pids.join(', ')})`);
    const list = await call('list_processes', {});
    assert.match(list.text, new RegExp(`${id}: .*vite\\.js.*state: running, ready.*URLs: ${url.replace(/[.]/g, '\\.')}`));
    const stop = await call('stop_process', { id });
    assert.match(stop.text, /Stopped: stopped\./);
    await waitFor(() => !pids.some(alive), PROCESS_LIMIT_MS, `every process of the group is gone (${pids.join(', ')})`);
    await assert.rejects(fetch(url), 'nothing serves the port any more');
  });

  it('reads the errors of tsc --watch with read_output, filtered, and the new ones after an edit', async function () {
    this.timeout(120_000);
    const dir = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'tsc-watch-proc');
    const write = (name: string, text: string) => vscode.workspace.fs.writeFile(vscode.Uri.joinPath(dir, name), new TextEncoder().encode(text));
    await write('tsconfig.json', '{ "compilerOptions": { "strict": true, "noEmit": true }, "files": ["a.ts"] }\n');
    await write('a.ts', 'export const n: number = "one";\n');
    const tsc = `${NODE} ${JSON.stringify(join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'))} --watch --preserveWatchOutput -p .`;
    const run = await call('run_command', { command: tsc, cwd: 'tsc-watch-proc', background: true, ready_pattern: 'Watching for file changes' });
    const id = run.metadata!.processId!;
    const first = await ready(run);
    assert.equal(first.info.state, 'ready', `${run.text}\n${first.output}`);
    assert.match(first.output, /a\.ts\(1,14\): error TS2322/);
    await write('a.ts', 'export const n: number = "one";\nexport const s: string = 2;\n');
    // tsc reports every error again after a change, the old one first, maybe in an earlier write than the new one: a
    // filter on the new line's position makes the wait end only when that line is complete.
    const errors = await call('read_output', { id, filter: 'a\\.ts\\(2,\\d+\\): error TS', wait_seconds: 60 });
    assert.match(errors.text, /a\.ts\(2,14\): error TS2322: Type 'number' is not assignable to type 'string'\./, `the new error, read with the filter: ${errors.text}`);
    assert.doesNotMatch(errors.text, /a\.ts\(1,14\)/, 'only matching lines');
    assert.doesNotMatch(errors.text, /Watching for file changes/, 'only matching lines');
    // tsc prints "File change detected" before the errors, so the filtered read has passed it: it must stay unread.
    const all = await call('read_output', { id });
    assert.match(all.text, /File change detected/, 'the lines the filter skipped stay unread');
    await call('stop_process', { id });
  });

  it('a command that asks a question ends the call early, and send_input answers it', async function () {
    this.timeout(60_000);
    const ask = `${NODE} -e "require('readline').createInterface({input:process.stdin,output:process.stdout}).question('Project name? ',a=>{console.log('created '+a);process.exit(0)})"`;
    const run = await call('run_command', { command: ask });
    const id = run.metadata!.processId!;
    assert.match(run.text, /Waiting for input: Project name\?/);
    assert.equal(run.metadata?.process?.state, 'waiting-for-input');
    const answer = await call('send_input', { id, text: 'demo' });
    assert.match(answer.text, /created demo/);
    await waitFor(() => processes.get(id)!.state === 'exited', PROCESS_LIMIT_MS, 'it exited after the answer');
  });

  it('a foreground command still running at its timeout goes on in the background', async function () {
    this.timeout(60_000);
    const run = await call('run_command', { command: 'echo started; sleep 30', timeout_seconds: 1 });
    const id = run.metadata!.processId!;
    assert.match(run.text, new RegExp(`Still running after 1 s: moved to the background as ${id}, not killed`));
    assert.equal(processes.get(id)!.background, true);
    assert.ok(alive(processes.process(id)!.pid!));
    await call('stop_process', { id });
    assert.equal(processes.get(id)!.state, 'stopped');
  });

  it('deactivation stops every process within 3 s, one that ignores SIGTERM and its grandchild too, checked by pid', async function () {
    this.timeout(60_000);
    const own = createProcessManager(log, { logDir: join(root(), '.relay-test-deactivate', 'logs'), recordsPath: join(root(), '.relay-test-deactivate', 'processes.json') });
    const stubborn = `${NODE} -e "process.on('SIGTERM',()=>{});process.on('SIGINT',()=>{});require('child_process').spawn('sleep',['60'],{stdio:'ignore'});console.log('up');setInterval(()=>{},1000)"`;
    const ids: string[] = [];
    for (const command of [stubborn, 'sleep 60', `${NODE} -e "setInterval(()=>console.log('tick'),100)"`]) ids.push((await own.start({ taskId: 'task', command, cwd: root(), background: true })).info.id);
    await waitFor(() => own.tail(ids[0]!, 100).includes('up'), PROCESS_LIMIT_MS, 'the stubborn process and its grandchild started');
    const pids = ids.flatMap((id) => groupMembers(own.process(id)!.pid!));
    assert.ok(pids.length >= 4, `every group member (${pids.join(', ')})`);
    const started = Date.now();
    await own.dispose();
    const took = Date.now() - started;
    assert.ok(took < 3_000, `deactivation took ${took} ms`);
    await waitFor(() => !pids.some(alive), 500, `every process is gone once dispose returned (${pids.filter(alive).join(', ')})`);
    assert.deepEqual(new ProcessRecordFile(join(root(), '.relay-test-deactivate', 'processes.json')).load(), [], 'no record of what is gone');
  });

  it('activation reaps a process an earlier session left running, by its record', async function () {
    this.timeout(30_000);
    const { child } = await spawnCommand({ command: 'sleep 60', cwd: root(), env: { PATH: process.env.PATH ?? '' } });
    const pid = child.pid!;
    await waitFor(() => processStartTime(pid), PROCESS_LIMIT_MS, 'the leftover started');
    const path = join(root(), '.relay-test-records.json');
    new ProcessRecordFile(path).save([{ id: 'p9', taskId: 'old', pid, pgid: pid, startTime: processStartTime(pid), command: 'sleep 60', cwd: root(), host: { pid: 999_999, startTime: '1' } }]);
    const outcome = await reapLeftovers(path, { info: (m) => log.info(m) });
    assert.deepEqual(outcome.stopped.map((r) => r.pid), [pid]);
    await waitFor(() => !alive(pid), PROCESS_LIMIT_MS, 'the leftover is gone');
    assert.deepEqual(new ProcessRecordFile(path).load(), []);
  });

  it('a process the user kept survives deactivation and the reload reap; one not kept is stopped; both checked by pid', async function () {
    this.timeout(60_000);
    const storage = join(root(), '.relay-test-keep');
    const recordsPath = join(storage, 'processes.json');
    const before = createProcessManager(log, { logDir: join(storage, 'logs'), recordsPath });
    const server = (name: string) =>
      `${NODE} -e "const s=require('http').createServer((q,r)=>{console.log('served '+q.url);r.end('${name}')}).listen(0,'127.0.0.1',()=>console.log('Local: http://127.0.0.1:'+s.address().port+'/'))"`;
    const kept = (await before.start({ taskId: 'task', command: server('kept'), cwd: root(), background: true })).info.id;
    const other = (await before.start({ taskId: 'task', command: server('other'), cwd: root(), background: true })).info.id;
    for (const id of [kept, other]) assert.equal(await before.settle(id, { until: 'ready', timeoutMs: 20_000 }), 'ready');
    await waitFor(() => before.get(kept)!.urls.length > 0, PROCESS_LIMIT_MS, 'the kept server printed its URL');
    const url = before.get(kept)!.urls[0]!;
    const keptPid = before.process(kept)!.pid!;
    const otherPid = before.process(other)!.pid!;
    // The user's choice, through the status bar list's action.
    await runAction(before, { kind: 'keep', id: kept, keep: true });
    assert.equal(before.get(kept)!.keep, true);

    await before.dispose(); // deactivation, as at a window reload
    before.killAll(); // then the tool host's dispose
    await waitFor(() => !alive(otherPid), PROCESS_LIMIT_MS, 'the process not kept is stopped');
    assert.ok(alive(keptPid), 'the kept process runs on');
    assert.equal(await (await fetch(`${url}after-reload`)).text(), 'kept', 'and still serves');
    const logPath = before.get(kept)!.logPath!;
    await waitFor(() => readFileSync(logPath, 'utf8').includes('served /after-reload'), PROCESS_LIMIT_MS, 'its output still reaches its log');

    // A leftover not kept (its window crashed before it could stop it), recorded beside the kept one.
    const { child } = await spawnCommand({ command: 'sleep 60', cwd: root(), env: { PATH: process.env.PATH ?? '' } });
    const leftover = child.pid!;
    await waitFor(() => processStartTime(leftover), PROCESS_LIMIT_MS, 'the leftover started');
    const file = new ProcessRecordFile(recordsPath);
    file.save([...file.load(), { id: 'p9', taskId: 'old', pid: leftover, pgid: leftover, startTime: processStartTime(leftover), command: 'sleep 60', cwd: root(), host: { pid: 999_999, startTime: '1' } }]);
    const outcome = await reapLeftovers(recordsPath, { info: (m) => log.info(m) });
    assert.deepEqual(outcome.stopped.map((r) => r.pid), [leftover]);
    assert.deepEqual(outcome.kept.map((r) => r.pid), [keptPid]);
    await waitFor(() => !alive(leftover), PROCESS_LIMIT_MS, 'the leftover is reaped');
    assert.ok(alive(keptPid), 'the kept process survived the reap');

    // The next session lists it, and Stop ends it (its pid still names the same process).
    const after = createProcessManager(log, { logDir: join(storage, 'logs'), recordsPath });
    try {
      const listed = after.earlier();
      assert.deepEqual(listed.map((p) => [p.command, p.urls]), [[server('kept'), [url]]]);
      await runAction(after, { kind: 'stop', id: listed[0]!.id });
      await waitFor(() => !alive(keptPid), PROCESS_LIMIT_MS, 'Stop ended the kept process');
      assert.deepEqual(new ProcessRecordFile(recordsPath).load(), []);
    } finally {
      await after.dispose();
    }
  });
});
