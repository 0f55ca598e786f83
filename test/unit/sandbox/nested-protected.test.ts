// The protected files of the workspace reach the runtime as read-only paths (issue 30). The runtime looks for its
// dangerous files in `process.cwd()`, which in the extension host is not the workspace (here: the repository the
// tests run in), and that scan is switched off in the bundle; so Relay has to find them below the command's
// writable roots itself: at the root whether they exist or not, below it where they exist, on every command.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';
import { DEFAULT_SANDBOX_SETTINGS, RUNTIME_PROTECTED } from '../../../src/core/sandbox/boundary';
import { nestedProtected } from '../../../src/host/sandbox/nested-protected';
import { RuntimeSandbox, type SandboxManagerApi } from '../../../src/host/sandbox/runtime-sandbox';

const base = mkdtempSync(join(tmpdir(), 'relay-nested-protected-'));
after(() => rmSync(base, { recursive: true, force: true }));

function file(path: string, text = 'x'): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** A runtime that records the filesystem boundary of each wrap. */
function recording(): { runtime: SandboxManagerApi; denyWrite: () => string[] } {
  const seen: string[][] = [];
  const fake = {
    checkDependencies: () => ({ errors: [], warnings: [] }),
    initialize: async () => undefined,
    updateConfig: () => undefined,
    wrapWithSandbox: async (command: string, _shell: unknown, custom: { filesystem: { denyWrite: string[] } }) => {
      seen.push(custom.filesystem.denyWrite);
      return command;
    },
    getSandboxViolationStore: () => ({ getViolationsForCommand: () => [] }),
    cleanupAfterCommand: () => undefined,
    reset: async () => undefined,
  };
  return { runtime: fake as unknown as SandboxManagerApi, denyWrite: () => seen.at(-1)! };
}

function sandbox(runtime: SandboxManagerApi): RuntimeSandbox {
  return new RuntimeSandbox({ load: async () => runtime, settings: () => DEFAULT_SANDBOX_SETTINGS, homeDir: join(base, 'home'), tempDir: join(base, 'tmp'), platform: 'darwin' });
}

describe('protected files of the workspace in the sandbox', () => {
  test('the workspace is not the process working directory', () => {
    assert.ok(!process.cwd().startsWith(base));
  });

  test("the runtime's protected files at the workspace's root are read-only where they exist; Relay's own list, existing or not", async () => {
    const ws = join(base, 'root');
    for (const rel of ['.mcp.json', '.gitmodules', '.bashrc', '.claude/commands/x.md', '.idea/workspace.xml']) file(join(ws, rel), '{}');
    const { runtime, denyWrite } = recording();
    const wrapped = await sandbox(runtime).wrap('true', {}, { cwd: ws, writableRoots: [ws] });
    wrapped.dispose();
    for (const rel of ['.mcp.json', '.gitmodules', '.bashrc', '.idea', '.claude/commands', '.vscode', '.git/hooks', '.relay', '.envrc']) {
      assert.ok(denyWrite().includes(join(ws, rel)), rel);
    }
    // No placeholder for a missing name of the runtime's list: it would appear in the workspace during every command.
    for (const rel of ['.gitconfig', '.profile', '.ripgreprc', '.claude/agents']) assert.ok(!denyWrite().includes(join(ws, rel)), rel);
  });

  test('below the root: nested repositories, editor folders and agent files are read-only where they exist', async () => {
    const ws = join(base, 'nested');
    file(join(ws, 'packages', 'app', '.vscode', 'tasks.json'));
    file(join(ws, 'packages', 'app', '.mcp.json'));
    file(join(ws, 'vendor', 'lib', '.git', 'hooks', 'pre-commit.sample'));
    file(join(ws, 'vendor', 'lib', '.git', 'config'));
    file(join(ws, 'a', 'b', '.IDEA', 'workspace.xml'));
    file(join(ws, 'tools', '.claude', 'commands', 'deploy.md'));
    file(join(ws, 'tools', '.relay', 'hooks.json'));
    const { runtime, denyWrite } = recording();
    const wrapped = await sandbox(runtime).wrap('true', {}, { cwd: ws, writableRoots: [ws] });
    wrapped.dispose();
    for (const rel of ['packages/app/.vscode', 'packages/app/.mcp.json', 'vendor/lib/.git/hooks', 'vendor/lib/.git/config', 'a/b/.IDEA', 'tools/.claude/commands', 'tools/.relay']) {
      assert.ok(denyWrite().includes(join(ws, rel)), rel);
    }
    // Only what exists below the root: no mount point is made in every folder.
    assert.ok(!denyWrite().includes(join(ws, 'packages', 'app', '.envrc')));
  });

  test('a protected file made after a command is read-only for the next one (nothing stale is remembered)', async () => {
    const ws = join(base, 'later');
    mkdirSync(join(ws, 'sub'), { recursive: true });
    const { runtime, denyWrite } = recording();
    const s = sandbox(runtime);
    (await s.wrap('true', {}, { cwd: ws, writableRoots: [ws] })).dispose();
    assert.ok(!denyWrite().includes(join(ws, 'sub', '.gitmodules')));
    file(join(ws, 'sub', '.gitmodules'));
    (await s.wrap('true', {}, { cwd: ws, writableRoots: [ws] })).dispose();
    assert.ok(denyWrite().includes(join(ws, 'sub', '.gitmodules')));
  });

  test('the walk: down to three levels like the runtime, from the command\'s folder too; node_modules and links are not entered', async () => {
    const ws = join(base, 'walk');
    file(join(ws, 'a', 'b', '.vscode', 'x'));
    file(join(ws, 'a', 'b', 'c', '.vscode', 'x'));
    file(join(ws, 'node_modules', 'pkg', '.vscode', 'x'));
    const outside = join(base, 'outside');
    file(join(outside, '.vscode', 'x'));
    symlinkSync(outside, join(ws, 'link'));
    const found = await nestedProtected([ws]);
    assert.ok(found.includes(join(ws, 'a', 'b', '.vscode')));
    assert.ok(!found.includes(join(ws, 'a', 'b', 'c', '.vscode')), 'deeper than the runtime looks');
    assert.ok(!found.some((p) => p.includes('node_modules')));
    assert.ok(!found.some((p) => p.startsWith(join(ws, 'link'))));
    const { runtime, denyWrite } = recording();
    const cwd = join(ws, 'a');
    (await sandbox(runtime).wrap('true', {}, { cwd, writableRoots: [ws] })).dispose();
    assert.ok(denyWrite().includes(join(ws, 'a', 'b', 'c', '.vscode')), 'three levels below the command\'s own folder');
  });

  test("the runtime's ripgrep serves only its scan of process.cwd(), which the bundle switches off", () => {
    const dist = resolve('node_modules/@anthropic-ai/sandbox-runtime/dist');
    const users: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.js') && /utils\/ripgrep\.js['"]/.test(readFileSync(p, 'utf8'))) users.push(p.slice(dist.length + 1));
      }
    };
    walk(dist);
    assert.deepEqual(users, ['sandbox/linux-sandbox-utils.js']);
    const source = readFileSync(join(dist, 'sandbox', 'linux-sandbox-utils.js'), 'utf8');
    const calls = [...source.matchAll(/ripGrep\(/g)].map((m) => m.index);
    assert.equal(calls.length, 1, 'one call');
    const scan = source.indexOf('async function linuxGetMandatoryDenyPaths(');
    const end = source.indexOf('\n}\n', scan);
    assert.ok(scan !== -1 && calls[0]! > scan && calls[0]! < end, 'the call is the scan in linuxGetMandatoryDenyPaths');
    assert.match(source.slice(scan, calls[0]), /const cwd = process\.cwd\(\);/, 'the scan looks in process.cwd()');
  });

  test("Relay's list of the runtime's protected names is the runtime's own", async () => {
    const utils = (await import(resolve('node_modules/@anthropic-ai/sandbox-runtime/dist/sandbox/sandbox-utils.js'))) as { DANGEROUS_FILES: string[]; getDangerousDirectories: () => string[] };
    assert.deepEqual([...RUNTIME_PROTECTED].sort(), [...utils.DANGEROUS_FILES, ...utils.getDangerousDirectories()].sort());
  });
});

describe('one sandbox per runtime module', () => {
  // The runtime is a module-wide singleton whose second initialize keeps the first caller's allow list and loopback
  // check: a second RuntimeSandbox on it is refused, saying why, instead of running with another's boundary.
  test('a second RuntimeSandbox on the same runtime is unavailable with the reason; after the first is disposed it may start', async () => {
    const { runtime } = recording();
    const first = sandbox(runtime);
    assert.equal(await first.prepare(), true);
    const second = sandbox(runtime);
    assert.equal(await second.prepare(), false);
    assert.match(second.unavailableReason ?? '', /already initialized by another RuntimeSandbox/);
    await first.dispose();
    assert.equal(await sandbox(runtime).prepare(), true);
  });
});
