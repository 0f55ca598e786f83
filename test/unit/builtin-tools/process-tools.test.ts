// read_output, send_input, stop_process and list_processes on the in-memory host's real process manager.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ToolErrorType } from '../../../src/core/tools';
import { expectFailure, expectSuccess, ToolHarness } from './harness';

let root = '';
before(() => (root = mkdtempSync(join(tmpdir(), 'relay-ptools-'))));
after(() => rmSync(root, { recursive: true, force: true }));

describe('process tools', () => {
  it('name only processes of this task, and say which there are', async () => {
    const h = new ToolHarness({ root });
    assert.match(expectFailure(await h.call('read_output', { id: 'p99' }), ToolErrorType.INVALID_PARAMS), /no process p99 in this task, which has started none/);
    const other = await h.host.processes!.start({ taskId: 'another-task', command: 'sleep 30', cwd: root, background: true });
    assert.match(expectFailure(await h.call('stop_process', { id: other.info.id }), ToolErrorType.INVALID_PARAMS), /no process/);
    assert.ok(h.host.processes!.get(other.info.id)!.state !== 'stopped', 'another task\'s process is never touched');
    await h.host.processes!.stop(other.info.id);
  });

  it('a background command: its output read since the last read, its list entry, its stop with the last output', async () => {
    const h = new ToolHarness({ root });
    const run = await h.call('run_command', { command: 'echo first; sleep 0.3; echo second; sleep 30', background: true, ready_pattern: '^first$' });
    const text = expectSuccess(run);
    const id = String(run.final?.options.metadata?.processId);
    assert.match(text, /Process: p\d+ \(background\), running, ready/);
    assert.match(text, /Output so far:\nfirst$/);
    const next = expectSuccess(await h.call('read_output', { id, wait_seconds: 10 }));
    assert.match(next, /New output:\nsecond$/, 'only what came after the last read');
    assert.match(expectSuccess(await h.call('list_processes', {})), new RegExp(`${id}: echo first.*state: running, ready; up \\d+ s`));
    const stop = expectSuccess(await h.call('stop_process', { id }));
    assert.match(stop, /Stopped: stopped\./);
    assert.match(expectFailure(await h.call('send_input', { id, text: 'y' }), ToolErrorType.EXECUTION_FAILED), /takes no input now: it is stopped/);
  });

  it('asks for send_input like a command, showing the text', async () => {
    const h = new ToolHarness({ root });
    const run = await h.call('run_command', { command: 'printf "Continue? (y/N) "; read a; echo "got $a"' });
    assert.match(expectSuccess(run), /Waiting for input: Continue\? \(y\/N\)/);
    const id = String(run.final?.options.metadata?.processId);
    const sent = await h.call('send_input', { id, text: 'y' });
    assert.deepEqual(sent.preparation?.targets, { command: 'y', cwd: root });
    assert.match(expectSuccess(sent), /got y/);
  });

  it('refuses a ready_pattern that is no regular expression, before starting anything', async () => {
    const h = new ToolHarness({ root });
    assert.match(expectFailure(await h.call('run_command', { command: 'true', background: true, ready_pattern: '(' }), ToolErrorType.INVALID_PARAMS), /ready_pattern is not a valid regular expression/);
    assert.equal(h.host.processes!.list().length, 0);
  });
});
