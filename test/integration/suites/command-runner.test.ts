import * as assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import * as vscode from 'vscode';
import type { CommandRunner } from '../../../src/core/ports/command-runner';
import { ChildProcessRunner } from '../../../src/host/child-process-runner';
import { TerminalCommandRunner } from '../../../src/host/terminal-runner';

describe('run_command transports inside real VS Code', () => {
  const log = vscode.window.createOutputChannel('Relay tests', { log: true });
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? tmpdir();
  after(() => log.dispose());

  it('captures output and exit code through shell integration', async () => {
    const fallback: CommandRunner = {
      run: () => Promise.reject(new Error('the fallback must not be used when shell integration works')),
    };
    const runner = new TerminalCommandRunner(fallback, log, 20_000);
    const chunks: string[] = [];
    const r = await runner.run(
      { command: "printf 'hello from relay\\n'; sh -c 'exit 7'", cwd, timeoutMs: 30_000 },
      new AbortController().signal,
      (c) => chunks.push(c),
    );
    assert.equal(r.transport, 'shell-integration');
    assert.equal(r.exitCode, 7);
    assert.match(r.output, /hello from relay/);
    assert.ok(!r.output.includes('\x1b'), 'escape sequences are stripped');
    assert.match(chunks.join(''), /hello from relay/);
  });

  it('falls back to a child process when shell integration does not appear, with the same contract', async () => {
    // A zero wait makes shell integration "late" for certain, as it is in a host without it.
    const runner = new TerminalCommandRunner(new ChildProcessRunner(), log, 0);
    const r = await runner.run({ command: 'echo fallback-ok; exit 4', cwd, timeoutMs: 30_000 }, new AbortController().signal);
    assert.equal(r.transport, 'child-process');
    assert.equal(r.exitCode, 4);
    assert.match(r.output, /fallback-ok/);
    assert.match(r.fallbackReason ?? '', /shell integration did not start/);
  });

  it('cancel kills the running command and keeps its output', async () => {
    const runner = new TerminalCommandRunner(new ChildProcessRunner(), log, 20_000);
    const controller = new AbortController();
    const started = Date.now();
    const r = await runner.run({ command: 'echo before-sleep; sleep 60; echo never', cwd, timeoutMs: 120_000 }, controller.signal, (c) => {
      if (c.includes('before-sleep')) controller.abort();
    });
    assert.equal(r.cancelled, true);
    assert.match(r.output, /before-sleep/);
    assert.ok(!r.output.includes('never'));
    assert.ok(Date.now() - started < 30_000, 'the sleep did not run to its end');
  });
});
