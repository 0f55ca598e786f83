// The one spawner for short commands (hooks, parallel-task setup, a slash command's `!cmd`): the sandbox comes as
// the sandbox host gives it (a function that may say "none"), wraps the line with the boundary asked for, and its
// refusals come back with the result; Relay's keys never reach the command; a setup command goes through it.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { CommandSandbox, SandboxScope } from '../../../src/core/ports/command-sandbox';
import { SpawnedHookProcesses } from '../../../src/host/customization/hooks/hook-process';
import { runShortCommand } from '../../../src/host/processes/short-command';
import { runSetupCommand } from '../../../src/host/tasks/setup-command';

function fakeSandbox() {
  const calls: { command: string; env: Record<string, string>; scope: SandboxScope }[] = [];
  let disposed = 0;
  const sandbox: CommandSandbox = {
    available: true,
    wrap: async (command, env, scope) => {
      calls.push({ command, env, scope });
      return {
        command: `echo sandboxed; ${command}`,
        env,
        violations: (output) => (output?.includes('denied') ? [{ kind: 'write' as const, target: '/outside', detail: 'denied' }] : []),
        dispose: () => void disposed++,
      };
    },
  };
  return { sandbox, calls, disposed: () => disposed };
}

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', OPENAI_API_KEY: 'sk-not-for-commands' };

describe('short commands through the spawner', { skip: process.platform === 'win32' }, () => {
  test('a sandbox from the sandbox host wraps it; its refusals and the release come with the result', async () => {
    const fake = fakeSandbox();
    const cwd = tmpdir();
    const result = await runShortCommand({ command: 'echo "/outside: denied" >&2; exit 3', cwd, env, sandbox: async () => fake.sandbox, scope: { cwd, writableRoots: ['/ws'], taskId: 't' } });
    assert.equal(result.exitCode, 3);
    assert.equal(result.stdout, 'sandboxed\n');
    assert.equal(result.sandboxed, true);
    assert.deepEqual(result.violations.map((v) => v.target), ['/outside']);
    assert.deepEqual(fake.calls[0]!.scope, { cwd, writableRoots: ['/ws'], taskId: 't' });
    assert.equal(fake.disposed(), 1);
    assert.equal(fake.calls[0]!.env.OPENAI_API_KEY, undefined);
  });

  test('no sandbox (off or unsupported): it runs as it is, still without Relay\'s keys', async () => {
    const result = await runShortCommand({ command: 'echo "key=${OPENAI_API_KEY:-none}"', cwd: tmpdir(), env, sandbox: async () => undefined });
    assert.equal(result.stdout, 'key=none\n');
    assert.equal(result.sandboxed, false);
  });

  test('a timeout kills it and says so', async () => {
    const result = await runShortCommand({ command: 'sleep 300', cwd: tmpdir(), env, timeoutMs: 300 });
    assert.equal(result.timedOut, true);
    assert.equal(result.exitCode, null);
  });

  test("a parallel task's setup command runs in the sandbox with the worktree as its only writable folder", async () => {
    const fake = fakeSandbox();
    const worktree = mkdtempSync(join(tmpdir(), 'relay-setup-'));
    const run = await runSetupCommand('echo "port $RELAY_PORT"; echo err >&2; exit 0', { taskId: 't1', worktree, repoRoot: '/repo', port: 4100, sandbox: () => fake.sandbox });
    assert.equal(run.code, 0);
    // Both streams, in the order the pipes delivered them.
    assert.deepEqual(run.output.split('\n').filter(Boolean).sort(), ['err', 'port 4100', 'sandboxed']);
    assert.deepEqual(fake.calls[0]!.scope, { cwd: worktree, writableRoots: [worktree], taskId: 't1' });
  });

  test('a repository hook takes the sandbox from the sandbox host at the time it runs', async () => {
    const fake = fakeSandbox();
    let on = false;
    const processes = new SpawnedHookProcesses({ workspaceRoot: () => tmpdir(), sandbox: async () => (on ? fake.sandbox : undefined) });
    const hook = { id: 'h', event: 'PreToolUse' as const, style: 'claude' as const, origin: 'workspace' as const, source: 's', command: 'echo hook', timeoutMs: 10_000 };
    const never = new AbortController().signal;
    assert.equal((await processes.run(hook, '', never)).stdout, 'hook\n');
    on = true;
    assert.equal((await processes.run(hook, '', never)).stdout, 'sandboxed\nhook\n');
    assert.equal(fake.calls.length, 1);
  });
});
