import * as assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { describe, it } from 'node:test';
import { ChildProcessRunner } from '../../../src/host/processes/child-process-runner';
import { alive } from '../../support/pids';

const runner = new ChildProcessRunner('/bin/sh');
const base = { cwd: tmpdir(), timeoutMs: 30_000 };

/**
 * Whether `pid` is dead within `withinMs`. The run resolves once the tree's pipes close, and a killed process
 * closes its files before the kernel marks it a zombie: for a moment /proc still shows it running (seen once in a
 * full run under load). A process the kill missed stays alive the whole time and fails.
 */
async function diesWithin(pid: number, withinMs: number): Promise<boolean> {
  const end = Date.now() + withinMs;
  while (alive(pid)) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

describe('child-process command runner', () => {
  it('returns output and the exit code, and streams output as it arrives', async () => {
    const chunks: string[] = [];
    const r = await runner.run({ ...base, command: 'echo out; echo err >&2; exit 3' }, new AbortController().signal, (c) => chunks.push(c));
    assert.equal(r.exitCode, 3);
    assert.match(r.output, /out/);
    assert.match(r.output, /err/);
    assert.equal(chunks.join(''), r.output);
    assert.equal(r.transport, 'child-process');
  });

  it('runs in the requested directory with the requested environment', async () => {
    const r = await runner.run({ ...base, command: 'pwd; echo "$RELAY_X"', env: { RELAY_X: 'yes' } }, new AbortController().signal);
    assert.equal(r.output.trim(), `${tmpdir()}\nyes`);
  });

  it('kills the whole process tree on timeout', async () => {
    // The background sleep holds no pipe of ours, so the run ends with the shell: only the group kill ends the sleep.
    const r = await runner.run(
      { ...base, timeoutMs: 300, command: 'sleep 30 >/dev/null 2>&1 & echo child=$!; wait' },
      new AbortController().signal,
    );
    assert.equal(r.timedOut, true);
    assert.equal(r.exitCode, undefined);
    const pid = Number(/child=(\d+)/.exec(r.output)?.[1]);
    assert.ok(pid > 0, r.output);
    assert.equal(await diesWithin(pid, 5_000), true, 'the background sleep was killed with its shell');
  });

  it('kills the process tree on cancel and keeps the output so far', async () => {
    const controller = new AbortController();
    const r = await runner.run({ ...base, command: 'echo started; sleep 30' }, controller.signal, (c) => {
      if (c.includes('started')) controller.abort();
    });
    assert.equal(r.cancelled, true);
    assert.match(r.output, /started/);
  });

  it('reports a command that cannot start instead of throwing', async () => {
    const r = await new ChildProcessRunner('/nonexistent/shell').run({ ...base, command: 'true' }, new AbortController().signal);
    assert.match(r.output, /failed to start/);
  });
});
