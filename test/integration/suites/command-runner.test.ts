// Commands inside real VS Code, as run_command runs them: a process of the task (own process group, output
// through pipes) shown in a pseudoterminal of its own. Shell integration's `execution.read()` lost the output of
// commands that printed in the same read as their start (CI failed on it); the pipes cannot.
import * as assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import * as vscode from 'vscode';
import { ChildProcessRunner } from '../../../src/host/processes/child-process-runner';
import { createProcessManager } from '../../../src/host/processes/wiring';
import { waitFor } from '../helpers';

describe('commands as processes inside real VS Code', () => {
  const log = vscode.window.createOutputChannel('Relay tests', { log: true });
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? tmpdir();
  const processes = createProcessManager(log);
  after(async () => {
    await processes.dispose();
    log.dispose();
  });

  it('captures the output of fast commands every time, each in a terminal named after it', async () => {
    const opened: string[] = [];
    const sub = vscode.window.onDidOpenTerminal((t) => opened.push(t.name));
    try {
      for (let i = 0; i < 15; i++) {
        const { info } = await processes.start({ taskId: 't', command: `printf 'fast-${i}\\n'; exit ${i % 3}`, cwd, background: false });
        assert.equal(await processes.settle(info.id, { until: 'end', timeoutMs: 30_000 }), 'ended');
        const read = processes.read(info.id)!;
        assert.equal(read.text, `fast-${i}\n`, `run ${i}: the output arrived whole`);
        assert.equal(read.info.exitCode, i % 3);
      }
      await waitFor(() => opened.some((name) => name.includes("printf 'fast-0")), 10_000, 'a terminal named after the command opened');
    } finally {
      sub.dispose();
    }
  });

  it('mirrors output to its terminal and sends what is typed there to the process', async () => {
    const { info } = await processes.start({ taskId: 't', command: "printf 'Your name? '; read name; echo \"hello $name\"", cwd, background: true });
    const terminal = await waitFor(() => vscode.window.terminals.find((t) => t.name.includes('Your name')), 10_000, 'the terminal opened');
    assert.equal(await processes.settle(info.id, { until: 'end', timeoutMs: 30_000 }), 'waiting-for-input');
    terminal.sendText('relay', true);
    await waitFor(() => processes.get(info.id)!.state !== 'waiting-for-input', 10_000, 'the typed answer reached the process');
    assert.equal(await processes.settle(info.id, { until: 'end', timeoutMs: 30_000 }), 'ended');
    assert.match(processes.read(info.id)!.text, /hello relay/);
  });

  it('the runner for hosts without processes keeps its contract (exit code, output, no escapes)', async () => {
    const r = await new ChildProcessRunner().run({ command: "printf '\\033[31mred\\033[0m\\n'; exit 4", cwd, timeoutMs: 30_000 }, new AbortController().signal);
    assert.equal(r.transport, 'child-process');
    assert.equal(r.exitCode, 4);
    assert.equal(r.output, 'red\n');
  });

  it('cancel stops the running command and keeps its output', async () => {
    const { info } = await processes.start({ taskId: 't', command: 'echo before-sleep; sleep 60; echo never', cwd, background: false });
    const controller = new AbortController();
    await processes.waitForOutput(info.id, 30_000);
    controller.abort();
    assert.equal(await processes.settle(info.id, { until: 'end', timeoutMs: 30_000, signal: controller.signal }), 'cancelled');
    const stopped = await processes.stop(info.id);
    assert.equal(stopped?.state, 'stopped');
    const text = processes.read(info.id)!.text;
    assert.match(text, /before-sleep/);
    assert.ok(!text.includes('never'));
  });
});
