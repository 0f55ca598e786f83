// run_command through the real child-process runner, in a real temporary workspace folder.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ToolErrorType } from '../../../src/core/tools';
import { expectFailure, expectSuccess, testContext, ToolHarness } from './harness';

let root = '';
before(() => {
  root = mkdtempSync(join(tmpdir(), 'relay-run-'));
  mkdirSync(join(root, 'pkg'));
});
after(() => rmSync(root, { recursive: true, force: true }));

function harness() {
  const h = new ToolHarness({ root });
  h.host.files.mkdir(join(root, 'pkg'));
  return h;
}

type TerminalBlock = { type: string; command: string; output: string; exitCode?: number; truncated?: boolean };

describe('run_command', () => {
  it('returns the exit code and the output, and names command and directory for approval', async () => {
    const outcome = await harness().call('run_command', { command: "echo out; echo err >&2; exit 3", cwd: 'pkg' });
    assert.deepEqual(outcome.preparation?.targets, { command: 'echo out; echo err >&2; exit 3', cwd: join(root, 'pkg') });
    const text = expectSuccess(outcome);
    assert.match(text, /^Command: echo out; echo err >&2; exit 3\nDirectory: pkg\nExit code: 3\nOutput:\nout\nerr$/);
    const block = outcome.final?.options.blocks?.[0] as TerminalBlock;
    assert.equal(block.type, 'terminal');
    assert.equal(block.exitCode, 3);
    assert.match(block.output, /out\nerr/);
    assert.equal(outcome.options?.keep, 'head_and_tail', 'if the runtime must cut it, the end survives');
  });

  it('runs in the workspace root by default, non-interactively (no pager)', async () => {
    const text = expectSuccess(await harness().call('run_command', { command: 'pwd; echo "pager=$PAGER git=$GIT_PAGER"' }));
    assert.match(text, new RegExp(`Directory: \\.\\nExit code: 0\\nOutput:\\n${root}\\npager=cat git=cat$`));
  });

  it('refuses a working directory outside the workspace, or one that does not exist', async () => {
    const h = harness();
    const outside = await h.call('run_command', { command: 'true', cwd: tmpdir() });
    assert.ok(outside.prepareError, 'refused before anyone is asked');
    assert.match(expectFailure(outside, ToolErrorType.PATH_NOT_IN_WORKSPACE), /outside the workspace/);
    assert.match(expectFailure(await h.call('run_command', { command: 'true', cwd: 'pkgs' }), ToolErrorType.FILE_NOT_FOUND), /Did you mean "pkg"/);
  });

  it('moves a command still running at its timeout to the background, not killing it, and returns what it printed', async () => {
    const h = harness();
    const outcome = await h.call('run_command', { command: 'echo started; sleep 30; echo never', timeout_seconds: 1 });
    const text = expectSuccess(outcome);
    assert.match(text, /Still running after 1 s: moved to the background as (p\d+), not killed/);
    assert.match(text, /Output so far:\nstarted$/);
    const id = String(outcome.final?.options.metadata?.processId);
    const info = h.host.processes!.get(id)!;
    assert.equal(info.background, true);
    assert.equal(info.state, 'starting', 'still running');
    assert.equal((await h.host.processes!.stop(id))?.state, 'stopped');
  });

  it('without a process manager, kills a command at its timeout and returns what it printed', async () => {
    const started = Date.now();
    const outcome = await new ToolHarness({ root, processes: false }).call('run_command', { command: 'echo started; sleep 30; echo never', timeout_seconds: 1 });
    const text = expectFailure(outcome, ToolErrorType.SHELL_ERROR);
    assert.ok(Date.now() - started < 10_000);
    assert.match(text, /Timed out after 1 s: the command was killed/);
    assert.match(text, /Output:\nstarted$/);
    assert.equal(outcome.final?.status, 'ERROR');
    assert.equal(outcome.final?.options.error, 'Timed out after 1 s');
  });

  it('bounds the timeout parameter', async () => {
    const tool = harness().tool('run_command');
    const invalid = await tool.validate({ command: 'true', timeout_seconds: 100_000 });
    assert.equal(invalid.ok, false);
    assert.ok((tool.timeoutMs ?? 0) > 600_000, 'the runtime waits longer than the longest command timeout');
  });

  it('on cancel, stops the command and leaves its output as the partial result', async () => {
    const h = harness();
    const c = testContext();
    const tool = h.tool('run_command');
    const params = { command: 'echo before; sleep 30; echo after' };
    const running = tool.execute(params, c.ctx, false);
    for (let i = 0; i < 100 && !c.statuses.some((s) => (s.options.blocks?.[0] as TerminalBlock | undefined)?.output.includes('before')); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    c.controller.abort();
    await running;
    assert.equal(c.results.length, 1);
    assert.match(String(c.results[0]!.content), /Cancelled: the command was stopped before it finished\.[\s\S]*Output:\nbefore$/);
    assert.equal(c.statuses.some((s) => s.status === 'SUCCESS' || s.status === 'ERROR'), false, 'the runtime reports the cancellation');
  });

  it('keeps the head and the tail of a huge output and says how much was dropped', async () => {
    const text = expectSuccess(await harness().call('run_command', { command: 'seq 1 300000' }));
    const dropped = Number(/(\d+) characters from its middle were dropped/.exec(text)?.[1]);
    assert.ok(dropped > 1_000_000, `dropped ${dropped}`);
    assert.match(text, /Output:\n1\n2\n3\n/);
    assert.match(text, /\n299999\n300000$/);
  });

  it('streams output to the card as a terminal block, at most ten updates a second', async () => {
    const outcome = await harness().call('run_command', { command: 'for i in $(seq 1 40); do echo line-$i; sleep 0.01; done' });
    expectSuccess(outcome);
    const updates = outcome.statuses.filter((s) => s.status === 'DOING');
    const outputs = updates.map((s) => (s.options.blocks?.[0] as TerminalBlock).output);
    assert.equal(outputs[0], '', 'the card appears before any output');
    assert.ok(outputs.some((o) => o.includes('line-1') && !o.includes('line-40')), 'output arrived while running');
    const finalOutput = (outcome.final?.options.blocks?.[0] as TerminalBlock).output;
    assert.match(finalOutput, /line-40/);
    const seconds = Math.max(0.1, (Number(outcome.final?.options.metadata?.durationMs) || 0) / 1000);
    assert.ok(updates.length <= Math.ceil(seconds * 10) + 2, `${updates.length} updates in ${seconds} s`);
  });

  it('shows the command on the card while it streams', async () => {
    const c = testContext();
    await harness().tool('run_command').execute({ command: 'npm te' } as never, c.ctx, true);
    assert.deepEqual(c.statuses[0]?.options.blocks, [{ type: 'terminal', command: 'npm te', output: '' }]);
  });
});
