// A hook's process: the event on its stdin, its output and exit code back; on timeout its whole process group is
// killed (the children it started too) and the result says it timed out; a repository hook goes through the
// sandbox port when one is available, a user hook does not.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { HookDefinition } from '../../../../src/core/customization/hooks/types';
import type { CommandSandbox } from '../../../../src/core/ports/command-sandbox';
import { runShell, SpawnedHookProcesses } from '../../../../src/host/customization/hooks/hook-process';
import { alive } from '../../../support/pids';

const never = new AbortController().signal;
const base = { cwd: tmpdir(), env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, timeoutMs: 20_000, signal: never };

describe('[hooks] hook processes', { skip: process.platform === 'win32' }, () => {
  test('stdin reaches the hook; stdout, stderr and the exit code come back', async () => {
    const result = await runShell('read line; echo "got $line"; echo warn >&2; exit 2', { ...base, stdin: '{"a":1}\n' });
    assert.deepEqual(result, { exitCode: 2, stdout: 'got {"a":1}\n', stderr: 'warn\n', timedOut: false });
  });

  test('a timeout kills the process group, children included, and says it timed out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relay-hook-'));
    const pidFile = join(dir, 'child.pid');
    const result = await runShell(`sleep 300 & echo $! > '${pidFile}'; wait`, { ...base, stdin: '', timeoutMs: 500 });
    assert.equal(result.timedOut, true);
    assert.equal(result.exitCode, null);
    const child = Number(readFileSync(pidFile, 'utf8'));
    for (let i = 0; i < 100 && alive(child); i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(alive(child), false, 'the hook\'s child was killed with its group');
  });

  test('a cancelled task kills a running hook', async () => {
    const controller = new AbortController();
    const running = runShell('sleep 300', { ...base, stdin: '', signal: controller.signal });
    controller.abort();
    const result = await running;
    assert.equal(result.exitCode, null);
  });

  test('repository hooks go through the sandbox when available; user hooks run as they are', async () => {
    const wrapped: string[] = [];
    let disposed = 0;
    const sandbox: CommandSandbox = {
      available: true,
      wrap: async (command, env) => {
        wrapped.push(command);
        return { command: `echo sandboxed; ${command}`, env, violations: () => [], dispose: () => void disposed++ };
      },
    };
    const processes = new SpawnedHookProcesses({ workspaceRoot: () => tmpdir(), sandbox });
    const hook: HookDefinition = { id: 'h', event: 'PreToolUse', style: 'claude', origin: 'workspace', source: 's', command: 'echo "$CLAUDE_PROJECT_DIR"', timeoutMs: 10_000 };
    const repo = await processes.run(hook, '', never);
    assert.equal(repo.stdout, `sandboxed\n${tmpdir()}\n`);
    assert.deepEqual(wrapped, ['echo "$CLAUDE_PROJECT_DIR"']);
    assert.equal(disposed, 1);
    const user = await processes.run({ ...hook, origin: 'user' }, '', never);
    assert.equal(user.stdout, `${tmpdir()}\n`);
    assert.equal(wrapped.length, 1);
  });
});
