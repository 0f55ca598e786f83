// The process manager with a CommandSandbox (a fake that wraps the line in a marker and records what it was
// given): commands are wrapped (background ones where their ports can be bridged out), those approved to run outside are not, the
// violations are read from the output before the wrapping is released, a sandboxed process claims no reachable
// URL or port, and Relay's API keys never reach a command's environment, sandboxed or not.
import { ProcessPorts } from '../../../src/host/processes/process-ports';
import type { ManagedProcess } from '../../../src/host/processes/managed-process';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { CommandSandbox, SandboxScope, SandboxViolation } from '../../../src/core/ports/command-sandbox';
import { commandEnvironment } from '../../../src/host/platform/environment';
import { ProcessManager } from '../../../src/host/processes/process-manager';
import { CommandSandboxing } from '../../../src/host/sandbox/command-sandboxing';

const dir = mkdtempSync(join(tmpdir(), 'relay-pm-sandbox-'));
const managers: ProcessManager[] = [];
after(async () => {
  for (const m of managers) await m.dispose();
  rmSync(dir, { recursive: true, force: true });
});

class FakeSandbox implements CommandSandbox {
  readonly available = true;
  readonly wrapped: { command: string; env: Record<string, string>; scope: SandboxScope }[] = [];
  readonly events: string[] = [];
  async prepare(): Promise<boolean> {
    return true;
  }
  async wrap(command: string, env: Record<string, string>, scope: SandboxScope) {
    this.wrapped.push({ command, env, scope });
    return {
      command: `echo SANDBOXED; ${command}`,
      env,
      violations: (output?: string): readonly SandboxViolation[] => {
        this.events.push('violations');
        return output?.includes('Permission denied') ? [{ kind: 'write' as const, target: '/outside', detail: 'denied' }] : [];
      },
      dispose: () => void this.events.push('dispose'),
    };
  }
}

function setup(): { m: ProcessManager; fake: FakeSandbox; gate: CommandSandboxing } {
  const fake = new FakeSandbox();
  const gate = new CommandSandboxing({ sandbox: fake, enabled: () => true });
  const m = new ProcessManager({ logDir: join(dir, 'logs'), sandbox: () => gate.forCommands() });
  managers.push(m);
  return { m, fake, gate };
}

describe('process manager with the OS sandbox', () => {
  it('wraps a foreground command; reads its violations from the output, then releases the wrapping', async () => {
    const { m, fake, gate } = setup();
    const { info } = await m.start({ taskId: 't', command: 'echo "sh: /outside: Permission denied"', cwd: dir, background: false, writableRoots: [dir] });
    await m.ended(info.id);
    assert.equal(fake.wrapped.length, 1);
    assert.deepEqual(fake.wrapped[0]!.scope, { cwd: dir, writableRoots: [dir], taskId: 't' });
    assert.match(m.read(info.id)!.text, /SANDBOXED/);
    assert.deepEqual(m.get(info.id)!.sandbox?.violations.map((v) => v.target), ['/outside']);
    assert.deepEqual(fake.events, ['violations', 'dispose']);
    // remembered for the "Run outside the sandbox…" prompt
    assert.deepEqual(await gate.useFor({ command: 'echo "sh: /outside: Permission denied"', outside_sandbox: true }), { type: 'outside', needed: m.get(info.id)!.sandbox!.violations });
  });

  it('runs a background command sandboxed on Linux (its ports are bridged out), one approved to run outside without it; the approval knows', async () => {
    const { m, fake, gate } = setup();
    const bg = await m.start({ taskId: 't', command: 'echo bg', cwd: dir, background: true });
    const out = await m.start({ taskId: 't', command: 'echo out', cwd: dir, background: false, outsideSandbox: true });
    await Promise.all([m.ended(bg.info.id), m.ended(out.info.id)]);
    const linux = process.platform === 'linux';
    assert.deepEqual(
      fake.wrapped.map((w) => w.command),
      linux ? ['echo bg'] : [],
    );
    assert.equal(m.get(bg.info.id)!.sandbox !== undefined, linux);
    assert.equal(m.get(out.info.id)!.sandbox, undefined);
    assert.deepEqual(await gate.useFor({ command: 'npm run dev', background: true }), { type: linux ? 'sandboxed' : 'none' });
    assert.deepEqual(await gate.useFor({ command: 'npm test' }), { type: 'sandboxed' });
    const elsewhere = new CommandSandboxing({ sandbox: fake, enabled: () => true, backgroundSandboxed: false });
    assert.deepEqual(await elsewhere.useFor({ command: 'npm run dev', background: true }), { type: 'none' });
  });

  it('a sandboxed process that prints a URL claims no reachable URL or port', async () => {
    const { m } = setup();
    // Every description of it, from its first output on, before any reading of its bridges too (a race: 1 in ~40).
    const claimed: string[] = [];
    const listening = m.onDidChange((change) => {
      claimed.push(...change.info.urls, ...change.info.ports.map(String));
      // Asked at the moment the URL is printed, as run_command's return is.
      if (change.output?.includes('5173')) claimed.push(...m.get(change.info.id)!.urls);
    });
    const { info } = await m.start({ taskId: 't', command: 'echo "Local: http://localhost:5173/"; sleep 30', cwd: dir, background: false });
    try {
      await m.waitForOutput(info.id, 10_000, undefined, /5173/);
      assert.deepEqual(m.get(info.id)!.urls, [], 'at once, before its ports are read');
      m.moveToBackground(info.id);
      const now = m.get(info.id)!;
      assert.deepEqual(now.urls, []);
      assert.deepEqual(now.ports, []);
      assert.equal(m.servesLoopbackPort('t', 5173), false);
      assert.deepEqual(claimed, []);
    } finally {
      listening.dispose();
      await m.stop(info.id);
    }
  });

  it("Relay's API keys never reach a command's environment", async () => {
    const env = commandEnvironment({ PATH: '/bin', ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k', RELAY_TEST_TOKEN: 't', RELAY_WORKTREE: '/w' });
    assert.equal(env.PATH, '/bin');
    assert.equal(env.RELAY_WORKTREE, '/w');
    assert.equal(env.ANTHROPIC_API_KEY, undefined);
    assert.equal(env.OPENAI_API_KEY, undefined);
    assert.equal(env.RELAY_TEST_TOKEN, undefined);
    const { m, fake } = setup();
    const { info } = await m.start({ taskId: 't', command: 'true', cwd: dir, background: false });
    await m.ended(info.id);
    assert.ok(!Object.keys(fake.wrapped[0]!.env).some((k) => /API_KEY/.test(k)));
  });
});

describe("a sandboxed process's ports before they are read", () => {
  // Its output can be handled before the first reading of its bridges (a loaded event loop runs the output before
  // the refresh's timer): what it printed must not be claimed then, since it listens in the sandbox's network.
  it('claims none of the ports it printed; an unsandboxed one claims them until the kernel is read', () => {
    const ports = new ProcessPorts(() => undefined);
    const managed = (sandboxed: boolean) =>
      ({ id: `p-${sandboxed}`, live: true, sandboxed, ownPorts: [5173], pid: undefined, info: (claimed: readonly number[]) => ({ ports: [...claimed] }) }) as unknown as ManagedProcess;
    assert.deepEqual(ports.infoOf(managed(true)).ports, []);
    assert.deepEqual(ports.infoOf(managed(false)).ports, [5173]);
  });
});
