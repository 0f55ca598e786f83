// The drain that takes over a kept process's pipes at a reload caps the log like OutputLogFile: it counts what the
// log already holds, writes up to the limit, then the same marker, and goes on reading so the process never stalls
// on a full pipe. A real child and a real drain, both checked by pid.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startDrain } from '../../../src/host/processes/kept-processes';
import { logCutMarker, OutputLogFile } from '../../../src/host/processes/output-log-file';
import { alive } from '../../support/pids';

const dir = mkdtempSync(join(tmpdir(), 'relay-drain-'));
const started: number[] = [];
after(() => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

async function until(probe: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A child that says it is ready, prints `out` on stdout and `err` on stderr when told (SIGUSR1), then exits once both are flushed. */
function chatty(out: number, err: number) {
  const script = `process.on('SIGUSR1',()=>{let n=2;const done=()=>{if(--n===0)process.exit(0)};process.stdout.write('o'.repeat(${out}),done);process.stderr.write('e'.repeat(${err}),done)});setInterval(()=>{},1e6);process.stdout.write('ready')`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'pipe' });
  started.push(child.pid!);
  return child;
}

/** Hands `child` to a drain on `log` as handOff does, lets it print, and waits for both to end. */
async function drainAndPrint(child: ReturnType<typeof chatty>, log: OutputLogFile): Promise<string> {
  // Its SIGUSR1 handler is set once it says so (before, the signal would start Node's inspector instead).
  await new Promise((resolve) => child.stdout.once('data', resolve));
  child.stdout.pause();
  await log.close();
  const drain = startDrain(child, log);
  assert.ok(drain !== undefined, 'the drain started');
  started.push(drain);
  for (const stream of [child.stdout, child.stderr, child.stdin]) stream.destroy();
  child.kill('SIGUSR1');
  await until(() => !alive(child.pid!), 'the child to print and exit');
  await until(() => !alive(drain), 'the drain to reach the end of both pipes and exit');
  return readFileSync(log.path, 'utf8');
}

describe('kept process drain', { skip: process.platform === 'win32' }, () => {
  it('stops the log at the same limit, counting what it already held, with the same marker', async () => {
    const log = new OutputLogFile(join(dir, 'cut.log'), 1000);
    log.append('x'.repeat(300));
    const text = await drainAndPrint(chatty(200_000, 50_000), log);
    const marker = logCutMarker(1000);
    assert.equal(text.length, 1000 + marker.length, 'the limit and one marker');
    assert.ok(text.startsWith('x'.repeat(300)), 'what the log held stays');
    assert.ok(text.endsWith(marker), 'the marker ends it');
    assert.match(text.slice(300, 1000), /^[oe]+$/, 'then the process output up to the limit');
  });

  it('writes nothing more to a log already cut, and still reads the pipes to the end', async () => {
    const log = new OutputLogFile(join(dir, 'full.log'), 100);
    log.append('y'.repeat(150));
    const before = log.room;
    assert.equal(before, -1);
    const text = await drainAndPrint(chatty(100_000, 0), log);
    assert.equal(text, 'y'.repeat(100) + logCutMarker(100));
  });

  it('appends everything while there is room', async () => {
    const log = new OutputLogFile(join(dir, 'room.log'), 10_000);
    log.append('z'.repeat(10));
    const text = await drainAndPrint(chatty(500, 500), log);
    assert.equal(text.length, 1010);
  });
});
