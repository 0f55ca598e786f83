// Where commands cannot be sandboxed (Windows outside WSL, a Linux without bubblewrap or user namespaces) Relay
// says so once, plainly, with how to enable it, and keeps running commands as before.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_SANDBOX_SETTINGS } from '../../../src/core/sandbox/boundary';
import { CommandSandboxing } from '../../../src/host/sandbox/command-sandboxing';
import { RuntimeSandbox } from '../../../src/host/sandbox/runtime-sandbox';

function runtime(platform: NodeJS.Platform): RuntimeSandbox {
  return new RuntimeSandbox({
    load: async () => {
      throw new Error('the runtime is not loaded where the platform cannot sandbox');
    },
    settings: () => DEFAULT_SANDBOX_SETTINGS,
    homeDir: '/home/dev',
    tempDir: '/tmp',
    platform,
  });
}

describe('sandbox unavailable', () => {
  test('Windows: said once, with how to get a sandbox (WSL); commands run as before', async () => {
    const told: string[] = [];
    const gate = new CommandSandboxing({ sandbox: runtime('win32'), enabled: () => true, onUnavailable: (r) => told.push(r) });
    assert.equal(await gate.forCommands(), undefined);
    assert.deepEqual(await gate.useFor({ command: 'npm test' }), { type: 'none' });
    assert.equal(await gate.forCommands(), undefined);
    assert.equal(told.length, 1);
    assert.match(told[0]!, /WSL/);
  });

  test('Linux without bubblewrap: said once, naming the packages to install and the reload', { skip: process.platform !== 'linux' }, async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    const told: string[] = [];
    try {
      const gate = new CommandSandboxing({ sandbox: runtime('linux'), enabled: () => true, onUnavailable: (r) => told.push(r) });
      assert.equal(await gate.forCommands(), undefined);
      assert.equal(await gate.forCommands(), undefined);
    } finally {
      process.env.PATH = path;
    }
    assert.equal(told.length, 1);
    assert.match(told[0]!, /bubblewrap \(bwrap\) is not installed/);
    assert.match(told[0]!, /apt install bubblewrap socat/);
    assert.match(told[0]!, /user namespaces/);
  });

  test('switched off: nothing is said', async () => {
    const told: string[] = [];
    const gate = new CommandSandboxing({ sandbox: runtime('win32'), enabled: () => false, onUnavailable: (r) => told.push(r) });
    assert.equal(await gate.forCommands(), undefined);
    assert.equal(told.length, 0);
  });
});
