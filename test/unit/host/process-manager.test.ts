// The process manager in plain Node, on real processes: foreground and background commands, readiness from a
// printed URL and from a listening socket, questions and answers, the background limit, and process-group
// termination checked by pid (a child that ignores SIGINT and SIGTERM, a grandchild in the group).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ProcessLimitError } from '../../../src/core/ports/processes';
import { ProcessManager } from '../../../src/host/processes/process-manager';
import { ProcessRecordFile, reap } from '../../../src/host/processes/process-records';
import { processStartTime } from '../../../src/host/platform/process-tree';
import { spawnCommand } from '../../../src/host/processes/spawn';
import { alive } from '../../support/pids';

const dir = mkdtempSync(join(tmpdir(), 'relay-pm-'));
const managers: ProcessManager[] = [];
after(async () => {
  for (const m of managers) await m.dispose();
  rmSync(dir, { recursive: true, force: true });
});

function manager(extra: Partial<ConstructorParameters<typeof ProcessManager>[0]> = {}): ProcessManager {
  const m = new ProcessManager({ logDir: join(dir, 'logs'), promptQuietMs: { explicit: 50, question: 200 }, ...extra });
  managers.push(m);
  return m;
}

async function until(probe: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const NODE = JSON.stringify(process.execPath);

describe('process manager', () => {
  it('runs a foreground command to its end with output, exit code and a log on disk', async () => {
    const m = manager();
    const { info } = await m.start({ taskId: 't', command: 'echo out; echo err >&2; exit 3', cwd: dir, background: false });
    assert.equal(await m.settle(info.id, { until: 'end', timeoutMs: 10_000 }), 'ended');
    const read = m.read(info.id)!;
    assert.equal(read.info.state, 'exited');
    assert.equal(read.info.exitCode, 3);
    assert.match(read.text, /out/);
    assert.match(read.text, /err/);
    await until(() => readFileSync(read.info.logPath!, 'utf8').includes('err'), 'the log on disk');
  });

  it('a background server is ready once it prints its URL, and is found listening by the kernel', async () => {
    const m = manager();
    const server = `${NODE} -e "const s=require('http').createServer((q,r)=>r.end('hi')).listen(0,'127.0.0.1',()=>console.log('Local: http://localhost:'+s.address().port+'/'))"`;
    const { info } = await m.start({ taskId: 't', command: server, cwd: dir, background: true });
    assert.equal(await m.settle(info.id, { until: 'ready', timeoutMs: 10_000 }), 'ready');
    const ready = m.get(info.id)!;
    assert.equal(ready.state, 'ready');
    const port = Number(new URL(ready.urls[0]!).port);
    assert.ok(port > 0);
    assert.deepEqual(ready.ports, [port], 'the listening socket of its group');
    assert.equal(m.servesLoopbackPort('t', port), true);
    assert.equal(m.servesLoopbackPort('other-task', port), false);
    assert.equal((await m.start({ taskId: 't', command: server, cwd: dir, background: true })).reused, true, 'the same command in the same folder');
    await m.stop(info.id);
    assert.equal(m.servesLoopbackPort('t', port), false, 'only while it runs');
  });

  it('a server that listens before it prints its URL is ready with the URL, never with urls: []', async () => {
    // Vite and most dev servers open the socket, then print the banner; the socket poll (every 200 ms) sees the
    // socket first whenever the banner is late (a loaded machine). Here the banner comes 900 ms after listen().
    const m = manager({ bannerWaitMs: 5_000 });
    const server = `${NODE} -e "const s=require('http').createServer((q,r)=>r.end('hi')).listen(0,'127.0.0.1',()=>setTimeout(()=>console.log('Local: http://localhost:'+s.address().port+'/'),900))"`;
    const { info } = await m.start({ taskId: 't', command: server, cwd: dir, background: true });
    assert.equal(await m.settle(info.id, { until: 'ready', timeoutMs: 10_000 }), 'ready');
    const ready = m.get(info.id)!;
    assert.equal(ready.urls.length, 1, 'the URL is there the moment it is ready');
    assert.deepEqual(ready.ports, [Number(new URL(ready.urls[0]!).port)]);
    await m.stop(info.id);
  });

  it('a server that prints nothing is ready once it listens', async () => {
    const m = manager({ bannerWaitMs: 300 });
    const { info } = await m.start({ taskId: 't', command: `${NODE} -e "require('net').createServer().listen(0,'127.0.0.1')"`, cwd: dir, background: true });
    assert.equal(await m.settle(info.id, { until: 'ready', timeoutMs: 10_000 }), 'ready');
    assert.equal(m.get(info.id)!.urls.length, 0);
    assert.equal(m.get(info.id)!.ports.length, 1);
    await m.stop(info.id);
  });

  it('ends the wait at a question, takes an answer, and goes on', async () => {
    const m = manager();
    const { info } = await m.start({ taskId: 't', command: 'printf "Overwrite existing file? (y/N) "; read a; echo "answer=$a"', cwd: dir, background: false });
    assert.equal(await m.settle(info.id, { until: 'end', timeoutMs: 10_000 }), 'waiting-for-input');
    assert.equal(m.get(info.id)!.prompt, 'Overwrite existing file? (y/N)');
    assert.equal(m.sendInput(info.id, 'y\n'), true);
    assert.equal(await m.settle(info.id, { until: 'end', timeoutMs: 10_000 }), 'ended');
    assert.match(m.read(info.id)!.text, /answer=y/);
    assert.equal(m.sendInput(info.id, 'more\n'), false, 'no input once ended');
  });

  it('a dev server key hint is not a question', async () => {
    const m = manager();
    const { info } = await m.start({ taskId: 't', command: 'printf "  press h + enter to show help\\n"; sleep 30', cwd: dir, background: true });
    assert.equal(await m.settle(info.id, { until: 'ready', timeoutMs: 600 }), 'timeout');
    assert.equal(m.get(info.id)!.state, 'starting');
    await m.stop(info.id);
  });

  it('stops the whole process group, even children that ignore SIGINT and SIGTERM', async () => {
    const m = manager();
    const stubborn = `${NODE} -e "process.on('SIGINT',()=>{});process.on('SIGTERM',()=>{});console.log('child '+process.pid);setInterval(()=>{},1000)"`;
    const { info } = await m.start({ taskId: 't', command: `${stubborn} & ${stubborn} & echo shell $$; wait`, cwd: dir, background: true });
    await until(() => (m.tail(info.id, 1000).match(/child \d+/g) ?? []).length === 2, 'both children printed their pids');
    const pids = [...m.tail(info.id, 1000).matchAll(/(?:child|shell) (\d+)/g)].map((x) => Number(x[1]));
    assert.equal(pids.length, 3);
    assert.ok(pids.every(alive));
    const stopped = await m.stop(info.id);
    assert.equal(stopped?.state, 'stopped');
    await until(() => !pids.some(alive), 'every process of the group is gone', 5_000);
  });

  it('at most maxBackground live background processes; foreground ones do not count', async () => {
    const m = manager({ maxBackground: () => 2 });
    const a = await m.start({ taskId: 't', command: 'sleep 30 # a', cwd: dir, background: true });
    await m.start({ taskId: 't', command: 'sleep 30 # b', cwd: dir, background: true });
    await assert.rejects(m.start({ taskId: 't', command: 'sleep 30 # c', cwd: dir, background: true }), ProcessLimitError);
    const fg = await m.start({ taskId: 't', command: 'true', cwd: dir, background: false });
    await m.settle(fg.info.id, { until: 'end', timeoutMs: 10_000 });
    await m.stop(a.info.id);
    await m.start({ taskId: 't', command: 'sleep 30 # c', cwd: dir, background: true });
    await m.stopAll('t');
    assert.equal(m.liveBackground(), 0);
  });

  it('tells the task once when a background process exits or asks, not what its own call reported', async () => {
    const m = manager();
    const { info } = await m.start({ taskId: 't', command: 'sleep 0.2; exit 2', cwd: dir, background: true });
    await m.ended(info.id);
    assert.deepEqual(m.takeNotices('t').map((p) => [p.id, p.state, p.exitCode]), [[info.id, 'exited', 2]]);
    assert.deepEqual(m.takeNotices('t'), []);
    const fg = await m.start({ taskId: 't', command: 'exit 1', cwd: dir, background: false });
    await m.settle(fg.info.id, { until: 'end', timeoutMs: 10_000 });
    assert.deepEqual(m.takeNotices('t'), [], 'the foreground call told the model itself');
  });

  it('dispose stops everything within 3 s, and keeps no record of what is gone', async () => {
    const records = new ProcessRecordFile(join(dir, 'records.json'));
    const m = new ProcessManager({ logDir: join(dir, 'logs'), records });
    const { info } = await m.start({ taskId: 't', command: `${NODE} -e "process.on('SIGTERM',()=>{});setInterval(()=>{},1000)"`, cwd: dir, background: true });
    const pid = info && m.process(info.id)!.pid!;
    assert.equal(records.load().length, 1);
    assert.equal(records.load()[0]!.startTime, processStartTime(pid));
    const started = Date.now();
    await m.dispose();
    assert.ok(Date.now() - started < 3_000, `took ${Date.now() - started} ms`);
    await until(() => !alive(pid), 'the process is gone', 1_000);
    assert.deepEqual(records.load(), []);
  });

  it('a kept process outlives dispose (its output still logged), the next manager lists it, and its Stop ends it', async () => {
    const records = new ProcessRecordFile(join(dir, 'kept-records.json'));
    const m = new ProcessManager({ logDir: join(dir, 'logs'), records });
    // Prints a line every 50 ms: with its pipes gone and no reader it would die of a broken pipe.
    const ticker = `${NODE} -e "let i=0;setInterval(()=>console.log('tick '+(i++)),50)"`;
    const kept = await m.start({ taskId: 't', command: ticker, cwd: dir, background: true });
    const other = await m.start({ taskId: 't', command: `${ticker} # other`, cwd: dir, background: true });
    const keptPid = m.process(kept.info.id)!.pid!;
    const otherPid = m.process(other.info.id)!.pid!;
    assert.equal(m.setKeep(kept.info.id, true), true);
    assert.equal(m.get(kept.info.id)!.keep, true);
    assert.equal(records.load().find((r) => r.pid === keptPid)?.keep, true, 'the choice is in the record');
    const logPath = m.get(kept.info.id)!.logPath!;
    await m.dispose();
    m.killAll(); // what the tool host's dispose does after deactivation: a kept process is not Relay's any more
    await until(() => !alive(otherPid), 'the process not kept is gone', 1_000);
    assert.ok(alive(keptPid), 'the kept process runs on');
    const size = readFileSync(logPath, 'utf8').length;
    await until(() => readFileSync(logPath, 'utf8').length > size, 'its output still reaches its log');
    assert.ok(alive(keptPid), 'no broken pipe ended it');
    assert.deepEqual(records.load().map((r) => [r.pid, r.keep]), [[keptPid, true]]);

    const next = manager({ records });
    const listed = next.earlier();
    assert.deepEqual(listed.map((p) => [p.command, p.earlier, p.logPath]), [[ticker, true, logPath]]);
    await next.stop(listed[0]!.id);
    await until(() => !alive(keptPid), 'Stop ended the kept process', 3_000);
    assert.deepEqual(next.earlier(), []);
    assert.deepEqual(records.load(), [], 'and forgot its record');
  });

  it('a process cannot be kept once ended, nor when it runs in the foreground', async () => {
    const m = manager();
    const fg = await m.start({ taskId: 't', command: 'sleep 5', cwd: dir, background: false });
    assert.equal(m.setKeep(fg.info.id, true), false);
    await m.stop(fg.info.id);
    const bg = await m.start({ taskId: 't', command: 'exit 0', cwd: dir, background: true });
    await m.settle(bg.info.id, { until: 'end', timeoutMs: 10_000 });
    assert.equal(m.setKeep(bg.info.id, true), false);
    assert.equal(m.setKeep('p999', true), false);
  });

  it('reaps a recorded process that still runs, and never one whose pid names another process now', async () => {
    const { child } = await spawnCommand({ command: 'sleep 30', cwd: dir, env: { PATH: process.env.PATH ?? '' } });
    const pid = child.pid!;
    await until(() => processStartTime(pid) !== undefined, 'the process started');
    const record = { id: 'p1', taskId: 't', pid, pgid: pid, startTime: processStartTime(pid), command: 'sleep 30', cwd: dir, host: { pid: 1, startTime: 'not-the-same' } };
    const reused = { ...record, id: 'p2', startTime: '1' }; // same pid, another start time: someone else's process
    const wrongFirst = await reap([reused], 200);
    assert.deepEqual(wrongFirst.gone.map((r) => r.id), ['p2']);
    assert.ok(alive(pid), 'a pid that names another process is never signalled');
    const outcome = await reap([record], 1_000);
    assert.deepEqual(outcome.stopped.map((r) => r.id), ['p1']);
    await until(() => !alive(pid), 'the leftover is gone', 3_000);
  });
});
