// A process group whose members have all exited but are not reaped yet is gone, not running: `kill -0` on the group
// still succeeds for such zombies (an orphan waits for a reaper that may be slow or absent in a container), which
// once kept dispose's records of processes already stopped. A Python subreaper that never reaps holds them here.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { groupAlive } from '../../../src/host/processes/spawn';

const SUBREAPER = `
import ctypes, os, time
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER: orphans of the group come to this process
leader = os.fork()
if leader == 0:
    os.setpgid(0, 0)
    if os.fork() == 0:
        os._exit(0)
    time.sleep(0.2)
    os._exit(0)
print(leader, flush=True)
time.sleep(120)
`;

/** Polls a condition every 20 ms (a process starts and exits on its own time), failing after 10 s. */
async function until(probe: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const stateOf = (pid: number) => /\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1];

describe('groupAlive', { skip: process.platform !== 'linux' }, () => {
  const started: ChildProcess[] = [];
  after(() => {
    for (const child of started) if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
  });

  test('a group of zombies only is not alive, although kill -0 on it succeeds', async () => {
    const reaper = spawn('python3', ['-c', SUBREAPER], { stdio: ['ignore', 'pipe', 'inherit'] });
    started.push(reaper);
    let out = '';
    reaper.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
    await until(() => out.includes('\n'), 'the group leader');
    const pgid = Number(out.trim());
    await until(() => stateOf(pgid) === 'Z', 'the leader to exit unreaped');
    await until(() => !readFileSync('/proc/' + reaper.pid + '/task/' + reaper.pid + '/children', 'utf8').trim().split(' ').some((pid) => pid !== '' && stateOf(Number(pid)) !== 'Z'), 'every member to be a zombie');
    assert.doesNotThrow(() => process.kill(-pgid, 0), 'the zombies still make the group signalable');
    assert.equal(groupAlive(pgid), false);
  });

  test('a group with a running member is alive', async () => {
    const sleeper = spawn('sleep', ['120'], { detached: true, stdio: 'ignore' });
    started.push(sleeper);
    await until(() => sleeper.pid !== undefined && stateOf(sleeper.pid) !== undefined, 'the sleeper');
    assert.equal(groupAlive(sleeper.pid!), true);
  });
});
