// Git's control data in the sandbox (issue 36): what stays read-only (every entry of each git directory but what
// ordinary git work writes, submodules' and worktrees' git directories, `.git` pointer files, `core.hooksPath`
// folders, files that run code on opening), and the audit after each command that puts back what changed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_SANDBOX_SETTINGS } from '../../../src/core/sandbox/boundary';
import { isGitControlEntry, isGitWorkEntry, parseGitConfigList, parseGitFile } from '../../../src/core/sandbox/git-control';
import { sandboxReport } from '../../../src/core/sandbox/report';
import { auditControl, snapshotControl } from '../../../src/host/sandbox/control-audit';
import { scanGitControl } from '../../../src/host/sandbox/git-control-scan';
import { scanBelow } from '../../../src/host/sandbox/nested-protected';
import { RuntimeSandbox, type SandboxManagerApi } from '../../../src/host/sandbox/runtime-sandbox';

const base = mkdtempSync(join(tmpdir(), 'relay-git-control-'));
after(() => rmSync(base, { recursive: true, force: true }));

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', GIT_CONFIG_NOSYSTEM: '1', HOME: join(base, 'home') };
for (const k of Object.keys(GIT_ENV)) if (k.startsWith('GIT_DIR') || k === 'GIT_WORK_TREE' || k === 'GIT_INDEX_FILE') delete (GIT_ENV as Record<string, string | undefined>)[k];

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'protocol.file.allow=always', ...args], { cwd, env: GIT_ENV, encoding: 'utf8' });
}

function file(path: string, text = 'x'): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** A repository with a submodule, a linked worktree inside it and husky's hooks folder (core.hooksPath). */
function repository(name: string): string {
  const lib = join(base, `${name}-lib`);
  mkdirSync(lib, { recursive: true });
  git(lib, 'init', '-q', '-b', 'main');
  file(join(lib, 'lib.txt'));
  git(lib, 'add', '.');
  git(lib, 'commit', '-qm', 'lib');
  const ws = join(base, name);
  mkdirSync(ws, { recursive: true });
  git(ws, 'init', '-q', '-b', 'main');
  file(join(ws, 'a.txt'));
  file(join(ws, '.husky', 'pre-commit'), '#!/bin/sh\nnpm test\n');
  file(join(ws, '.husky', '_', 'pre-commit'), '#!/bin/sh\n. "$(dirname "$0")/../pre-commit"\n');
  git(ws, 'config', 'core.hooksPath', '.husky/_');
  git(ws, 'submodule', '-q', 'add', lib, 'vendor/lib');
  git(ws, 'add', '.');
  git(ws, 'commit', '-qm', 'init', '--no-verify');
  git(ws, 'worktree', 'add', '-q', 'wt', '-b', 'side');
  return ws;
}

describe('git control data: which entries ordinary git work writes', () => {
  test('objects, refs, logs, index, HEAD and the other *_HEAD files, packed-refs, lock files and messages are git work', () => {
    for (const name of ['objects', 'refs', 'logs', 'index', 'HEAD', 'ORIG_HEAD', 'FETCH_HEAD', 'CHERRY_PICK_HEAD', 'REBASE_HEAD', 'packed-refs', 'index.lock', 'HEAD.lock', 'config.lock', 'COMMIT_EDITMSG', 'MERGE_MSG']) {
      assert.ok(isGitWorkEntry(name), name);
    }
    for (const name of ['config', 'config.worktree', 'hooks', 'info', 'commondir', 'gitdir', 'description', 'branches', 'anything-new', 'head', 'x_HEAD']) {
      assert.ok(isGitControlEntry(name), name);
    }
    assert.ok(!isGitControlEntry('modules') && !isGitControlEntry('worktrees'), 'containers are judged inside');
  });

  test("git config's listing: the last core.hooksPath wins, an empty one resets it, every origin file is named", () => {
    const out = ['file:/etc/gitconfig', 'core.hookspath\n/global/hooks', 'file:/ws/.git/config', 'core.hooksPath\n.husky/_', 'file:/ws/inc', 'user.name\nx', ''].join('\0');
    assert.deepEqual(parseGitConfigList(out), { hooksPaths: ['.husky/_'], origins: ['/etc/gitconfig', '/ws/.git/config', '/ws/inc'] });
    assert.deepEqual(parseGitConfigList(['file:/a', 'core.hooksPath\n/h', 'file:/b', 'core.hooksPath\n', ''].join('\0')).hooksPaths, []);
  });

  test('a .git file points to its git directory', () => {
    assert.equal(parseGitFile('gitdir: ../.git/modules/lib\n'), '../.git/modules/lib');
    assert.equal(parseGitFile('not a pointer'), undefined);
  });
});

describe('git control data: the scan', () => {
  let ws = '';
  before(() => {
    ws = repository('scan');
    file(join(ws, 'inc.gitconfig'), '[user]\n\tname = x\n');
    git(ws, 'config', 'include.path', join(ws, 'inc.gitconfig'));
  });

  test('every git directory, pointer file and hooks folder is found; what git work writes stays writable', async () => {
    const scan = await scanBelow([ws]);
    const control = await scanGitControl(scan.gitEntries, { writable: (p) => p.startsWith(ws) });
    const ro = new Set(control.readOnly);
    const gitDir = join(ws, '.git');
    for (const rel of ['config', 'hooks', 'info', 'description', 'modules/vendor/lib/config', 'modules/vendor/lib/hooks', 'worktrees/wt/gitdir', 'worktrees/wt/commondir']) {
      assert.ok(ro.has(join(gitDir, rel)), rel);
    }
    for (const rel of ['vendor/lib/.git', 'wt/.git', '.husky/_', 'inc.gitconfig']) assert.ok(ro.has(join(ws, rel)), rel);
    for (const rel of ['objects', 'refs', 'logs', 'index', 'HEAD', 'COMMIT_EDITMSG', 'modules', 'worktrees', 'modules/vendor/lib/objects', 'worktrees/wt/HEAD', 'worktrees/wt/index']) {
      assert.ok(!ro.has(join(gitDir, rel)), rel);
    }
    assert.deepEqual(new Set(control.gitDirs), new Set([gitDir, join(gitDir, 'modules', 'vendor', 'lib'), join(gitDir, 'worktrees', 'wt')]));
    // Relative to each working tree: the linked worktree's own copy of the folder too.
    assert.deepEqual(new Set(control.hooksFolders), new Set([join(ws, '.husky', '_'), join(ws, 'wt', '.husky', '_')]));
  });

  test('a hooks folder or configuration outside the writable folders is not listed (it is read-only anyway)', async () => {
    const scan = await scanBelow([ws]);
    const control = await scanGitControl(scan.gitEntries, { writable: (p) => p.startsWith(join(ws, 'vendor')) });
    assert.ok(!control.readOnly.includes(join(ws, '.husky', '_')));
    assert.ok(control.readOnly.includes(join(ws, 'vendor', 'lib', '.git')));
  });
});

describe('git control data: the audit after a command', () => {
  async function snapshotOf(ws: string) {
    const scan = await scanBelow([ws]);
    const control = await scanGitControl(scan.gitEntries, { writable: (p) => p.startsWith(ws) });
    return snapshotControl(control, [ws], scan.protected);
  }

  test('ordinary git work changes nothing the audit reports', async () => {
    const ws = repository('work');
    const snapshot = await snapshotOf(ws);
    file(join(ws, 'b.txt'));
    git(ws, 'add', 'b.txt');
    git(ws, 'commit', '-qm', 'two', '--no-verify');
    git(ws, 'checkout', '-q', '-b', 'other');
    git(ws, 'stash', 'list');
    git(join(ws, 'vendor', 'lib'), 'checkout', '-q', '-b', 'x');
    git(join(ws, 'wt'), 'status', '--short');
    assert.deepEqual(auditControl(snapshot), []);
  });

  test('changed, replaced and removed control files get their bytes and mode back; new control entries go', async () => {
    const ws = repository('audit');
    const gitDir = join(ws, '.git');
    const hook = join(gitDir, 'modules', 'vendor', 'lib', 'hooks', 'post-checkout');
    file(hook, '#!/bin/sh\necho original\n');
    chmodSync(hook, 0o755);
    const config = readFileSync(join(gitDir, 'config'));
    const pointer = readFileSync(join(ws, 'vendor', 'lib', '.git'));
    const husky = readFileSync(join(ws, '.husky', '_', 'pre-commit'));
    const head = git(ws, 'rev-parse', 'HEAD');
    const snapshot = await snapshotOf(ws);

    writeFileSync(join(gitDir, 'config'), `${config}[core]\n\tfsmonitor = touch /tmp/marker\n`);
    unlinkSync(hook);
    symlinkSync('/bin/sh', hook);
    writeFileSync(join(ws, 'vendor', 'lib', '.git'), 'gitdir: /tmp/evil\n');
    unlinkSync(join(ws, '.husky', '_', 'pre-commit'));
    file(join(ws, '.husky', '_', 'post-merge'), '#!/bin/sh\ntouch /tmp/marker\n');
    file(join(gitDir, 'commondir'), '/tmp/evil\n');
    file(join(gitDir, 'worktrees', 'wt', 'config.worktree'), '[core]\n\tfsmonitor = x\n');
    file(join(gitDir, 'hooks', 'pre-commit'), '#!/bin/sh\n');
    file(join(ws, 'deep', 'a', 'b', 'c', '.git', 'config'), '[core]\n\tfsmonitor = x\n');
    file(join(ws, 'pkg', '.git'), 'gitdir: /tmp/evil\n');
    file(join(ws, '.devcontainer', 'devcontainer.json'), '{"postCreateCommand": "x"}');
    file(join(ws, 'pkg', 'team.code-workspace'), '{}');
    file(join(ws, '.cursor', 'hooks.json'), '{}');
    // Git work besides: not reported, not undone.
    file(join(gitDir, 'ORIG_HEAD'), 'abc\n');
    file(join(gitDir, 'refs', 'heads', 'new'), head);

    const restored = auditControl(snapshot);
    const by = new Map(restored.map((r) => [r.path.slice(ws.length + 1), r]));
    assert.deepEqual(
      [...by.keys()].sort(),
      [
        '.cursor/hooks.json',
        '.devcontainer',
        '.git/commondir',
        '.git/config',
        '.git/hooks/pre-commit',
        '.git/modules/vendor/lib/hooks/post-checkout',
        '.git/worktrees/wt/config.worktree',
        '.husky/_/post-merge',
        '.husky/_/pre-commit',
        'deep/a/b/c/.git',
        'pkg/.git',
        'pkg/team.code-workspace',
        'vendor/lib/.git',
      ].sort(),
    );
    assert.ok(restored.every((r) => r.restored));
    assert.equal(by.get('.git/config')!.change, 'changed');
    assert.equal(by.get('.husky/_/pre-commit')!.change, 'removed');
    assert.equal(by.get('.git/commondir')!.change, 'created');
    assert.deepEqual(readFileSync(join(gitDir, 'config')), config);
    assert.deepEqual(readFileSync(join(ws, 'vendor', 'lib', '.git')), pointer);
    assert.deepEqual(readFileSync(join(ws, '.husky', '_', 'pre-commit')), husky);
    assert.equal(readFileSync(hook, 'utf8'), '#!/bin/sh\necho original\n');
    assert.equal(statSync(hook).mode & 0o777, 0o755);
    for (const rel of ['.git/commondir', '.git/hooks/pre-commit', 'deep/a/b/c/.git', 'pkg/.git', '.devcontainer', '.husky/_/post-merge']) assert.ok(!existsSync(join(ws, rel)), rel);
    assert.ok(existsSync(join(gitDir, 'ORIG_HEAD')) && existsSync(join(gitDir, 'refs', 'heads', 'new')));
    assert.equal(git(ws, 'status', '--porcelain', '--untracked-files=no'), '');
    assert.deepEqual(auditControl(snapshot), [], 'once put back, nothing is left to report');
  });

  test('a .gitmodules beside a .git is read-only and put back when changed; a new one beside a .git that had none goes', async () => {
    const ws = repository('submodule-lists');
    const scan = await scanBelow([ws]);
    const control = await scanGitControl(scan.gitEntries, { writable: (p) => p.startsWith(ws) });
    // The linked worktree's checkout has its own.
    assert.deepEqual(control.submoduleLists.sort(), [join(ws, '.gitmodules'), join(ws, 'wt', '.gitmodules')]);
    assert.ok(control.readOnly.includes(join(ws, '.gitmodules')));
    const snapshot = snapshotControl(control, [ws], scan.protected);
    const before = readFileSync(join(ws, '.gitmodules'), 'utf8');
    writeFileSync(join(ws, '.gitmodules'), '[submodule "x"]\n\tpath = node_modules/x\n');
    // The submodule's working tree had none: VS Code's git would open what a new one lists.
    file(join(ws, 'vendor', 'lib', '.gitmodules'), '[submodule "x"]\n\tpath = node_modules/x\n');
    // Not beside a .git: an ordinary file.
    file(join(ws, 'docs', '.gitmodules'), 'example\n');
    const changes = auditControl(snapshot);
    assert.deepEqual(
      changes.map((c) => [c.path, c.change, c.restored]),
      [
        [join(ws, '.gitmodules'), 'changed', true],
        [join(ws, 'vendor', 'lib', '.gitmodules'), 'created', true],
      ],
    );
    assert.equal(readFileSync(join(ws, '.gitmodules'), 'utf8'), before);
    assert.ok(!existsSync(join(ws, 'vendor', 'lib', '.gitmodules')));
    assert.ok(existsSync(join(ws, 'docs', '.gitmodules')));
  });

  test("a change where the command was held read-only is someone else's and stays, unless a folder on the way moved or the file has a second link", async () => {
    const ws = repository('mounted');
    const scan = await scanBelow([ws]);
    const control = await scanGitControl(scan.gitEntries, { writable: (p) => p.startsWith(ws) });
    const config = join(ws, '.git', 'config');
    const take = () => snapshotControl(control, [ws], scan.protected, undefined, undefined, [...scan.protected, ...control.readOnly]);
    // You (or VS Code's git) add a remote meanwhile: git writes config.lock and renames it over config.
    let snapshot = take();
    git(ws, 'remote', 'add', 'origin', 'https://example.com/x.git');
    const users = readFileSync(config, 'utf8');
    file(join(ws, '.husky', '_', 'pre-push'), '#!/bin/sh\ntrue\n');
    assert.deepEqual(auditControl(snapshot), []);
    assert.equal(readFileSync(config, 'utf8'), users);
    assert.ok(existsSync(join(ws, '.husky', '_', 'pre-push')));
    // A second link to the file: it can be written through the link, around the mount.
    snapshot = take();
    linkSync(config, join(ws, 'config-link'));
    writeFileSync(join(ws, 'config-link'), `${users}[core]\n\tfsmonitor = evil\n`);
    assert.deepEqual(auditControl(snapshot).map((c) => c.path), [config]);
    assert.equal(readFileSync(config, 'utf8'), users);
    rmSync(join(ws, 'config-link'));
    // The .git folder swapped for another: the path is not what was held read-only.
    snapshot = take();
    const gitDir = join(ws, '.git');
    execFileSync('cp', ['-a', gitDir, `${gitDir}.new`]);
    writeFileSync(join(`${gitDir}.new`, 'config'), `${users}[core]\n\tfsmonitor = evil\n`);
    rmSync(gitDir, { recursive: true });
    execFileSync('mv', [`${gitDir}.new`, gitDir]);
    assert.ok(auditControl(snapshot).some((c) => c.path === config && c.change === 'changed' && c.restored));
    assert.equal(readFileSync(config, 'utf8'), users);
  });

  test("a file unchanged since the last snapshot, and stable before it, is not read again; a changed or fresh one is", async () => {
    const ws = repository('reuse');
    const scan = await scanBelow([ws]);
    const control = await scanGitControl(scan.gitEntries, { writable: (p) => p.startsWith(ws) });
    const config = join(ws, '.git', 'config');
    const bytesOf = (s: Awaited<ReturnType<typeof snapshotControl>>, path: string) => (s.nodes.get(path) as { bytes?: Buffer }).bytes;
    // Just written: its change time is too close to the first snapshot's read to vouch for its bytes.
    const first = await snapshotControl(control, [ws], scan.protected);
    const fresh = await snapshotControl(control, [ws], scan.protected, first);
    assert.notEqual(bytesOf(fresh, config), bytesOf(first, config));
    assert.deepEqual(bytesOf(fresh, config), bytesOf(first, config));
    // Stable long enough before (the margin set below zero here): the same bytes, not read again.
    const reused = await snapshotControl(control, [ws], scan.protected, first, -60_000);
    assert.equal(bytesOf(reused, config), bytesOf(first, config));
    // Changed since (same size): read again, so a command that changes it gets today's bytes back, not older ones.
    await new Promise((r) => setTimeout(r, 30));
    const before = readFileSync(config);
    writeFileSync(config, Buffer.from(before.toString('latin1').replace('bare', 'bxre'), 'latin1'));
    const after = await snapshotControl(control, [ws], scan.protected, first, -60_000);
    assert.equal(readFileSync(config).length, before.length);
    assert.notDeepEqual(bytesOf(after, config), bytesOf(first, config));
    assert.deepEqual(bytesOf(after, config), readFileSync(config));
  });

  test("bubblewrap's mount points are not the command's doing", async () => {
    const ws = join(base, 'mounts');
    mkdirSync(ws);
    const snapshot = await snapshotOf(ws);
    file(join(ws, '.git', 'hooks'), '');
    assert.deepEqual(auditControl(snapshot, (p) => p === join(ws, '.git')), []);
    assert.deepEqual(auditControl(snapshot).map((r) => r.path), [join(ws, '.git')]);
  });

  test('the card and the model name what was put back', () => {
    const said = sandboxReport([
      { kind: 'restored', target: '/ws/.git/config', detail: 'changed', putBack: true },
      { kind: 'restored', target: '/ws/.git/commondir', detail: 'created', putBack: true },
      { kind: 'restored', target: '/ws/.git/hooks/big', detail: 'changed', putBack: false },
    ]);
    assert.match(said.model, /changing \/ws\/\.git\/config, which would run code outside the sandbox; Relay put it back/);
    assert.match(said.model, /creating \/ws\/\.git\/commondir, which would run code outside the sandbox; Relay removed it/);
    assert.match(said.model, /Relay could not put it back/);
    assert.match(said.ui, /\/ws\/\.git\/config/);
  });

  test('the card names a path as every card does, from the workspace; the model keeps it whole; a host is a host', () => {
    const show = (p: string) => (p.startsWith('/ws/') ? p.slice('/ws/'.length) : p);
    const said = sandboxReport(
      [
        { kind: 'restored', target: '/ws/pkg/.git', detail: 'created', putBack: true },
        { kind: 'write', target: '/home/me/.bashrc', detail: 'write' },
        { kind: 'network', target: 'evil.example:443', detail: 'connect' },
      ],
      show,
    );
    assert.match(said.ui, /creating pkg\/\.git, which/);
    assert.doesNotMatch(said.ui, /\/ws\/pkg/);
    assert.match(said.ui, /writing \/home\/me\/\.bashrc/);
    assert.match(said.ui, /connecting to evil\.example:443/);
    assert.match(said.model, /creating \/ws\/pkg\/\.git, which/);
  });
});

describe('git control data through RuntimeSandbox', () => {
  test('the boundary holds them read-only and the command\'s violations name what the audit put back', async () => {
    const ws = repository('runtime');
    const seen: string[][] = [];
    const runtime = {
      checkDependencies: () => ({ errors: [], warnings: [] }),
      initialize: async () => undefined,
      updateConfig: () => undefined,
      wrapWithSandbox: async (command: string, _shell: unknown, custom: { filesystem: { denyWrite: string[] } }) => (seen.push(custom.filesystem.denyWrite), command),
      getSandboxViolationStore: () => ({ getViolationsForCommand: () => [] }),
      cleanupAfterCommand: () => undefined,
      reset: async () => undefined,
    } as unknown as SandboxManagerApi;
    const sandbox = new RuntimeSandbox({ load: async () => runtime, settings: () => DEFAULT_SANDBOX_SETTINGS, homeDir: join(base, 'home'), tempDir: join(base, 'tmp'), platform: 'darwin' });
    const wrapped = await sandbox.wrap('true', {}, { cwd: ws, writableRoots: [ws] });
    const deny = seen.at(-1)!;
    for (const rel of ['.git/config', '.git/info', '.git/modules/vendor/lib/config', '.git/modules/vendor/lib/hooks', 'vendor/lib/.git', 'wt/.git', '.husky/_', '.husky']) assert.ok(deny.includes(join(ws, rel)), rel);
    assert.ok(!deny.includes(join(ws, '.git', 'objects')) && !deny.includes(join(ws, '.git', 'index')));
    // Git directories without a commondir hold Relay's pin (the directory itself), read-only; the worktree's own is left.
    for (const rel of ['.git/commondir', '.git/modules/vendor/lib/commondir']) {
      assert.ok(deny.includes(join(ws, rel)), rel);
      assert.equal(readFileSync(join(ws, rel), 'utf8'), '.\n');
    }
    // What the command did (the fake runtime runs nothing: the test plays the command).
    file(join(ws, '.git', 'config.worktree'), '[core]\n\tfsmonitor = touch /tmp/evil\n');
    const violations = wrapped.violations('');
    wrapped.dispose();
    assert.deepEqual(violations, [{ kind: 'restored', target: join(ws, '.git', 'config.worktree'), detail: 'created', putBack: true }]);
    assert.ok(!existsSync(join(ws, '.git', 'config.worktree')));
    await sandbox.dispose();
    assert.ok(!existsSync(join(ws, '.git', 'commondir')), 'the pins go with the sandbox');
    assert.ok(!existsSync(join(ws, '.git', 'modules', 'vendor', 'lib', 'commondir')));
  });

  test('a new control entry is removed while the command still runs, not only when it ends', async () => {
    const ws = repository('watched');
    const runtime = {
      checkDependencies: () => ({ errors: [], warnings: [] }),
      initialize: async () => undefined,
      updateConfig: () => undefined,
      wrapWithSandbox: async (command: string) => command,
      getSandboxViolationStore: () => ({ getViolationsForCommand: () => [] }),
      cleanupAfterCommand: () => undefined,
      reset: async () => undefined,
    } as unknown as SandboxManagerApi;
    const sandbox = new RuntimeSandbox({ load: async () => runtime, settings: () => DEFAULT_SANDBOX_SETTINGS, homeDir: join(base, 'home'), tempDir: join(base, 'tmp'), platform: 'darwin' });
    const wrapped = await sandbox.wrap('true', {}, { cwd: ws, writableRoots: [ws] });
    const commondir = join(ws, '.git', 'modules', 'vendor', 'lib', 'config.worktree');
    file(commondir, '[core]\n\tfsmonitor = touch /tmp/evil\n');
    file(join(ws, '.git', 'ORIG_HEAD'), 'work\n');
    const deadline = Date.now() + 10_000;
    while (existsSync(commondir) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.ok(!existsSync(commondir), 'removed while the command runs');
    assert.ok(existsSync(join(ws, '.git', 'ORIG_HEAD')), 'git work is left alone');
    assert.deepEqual(wrapped.violations(''), [{ kind: 'restored', target: commondir, detail: 'created', putBack: true }]);
    wrapped.dispose();
    await sandbox.dispose();
  });

  test('a command nobody asked about is audited when its wrapping is released', async () => {
    const ws = repository('released');
    const runtime = {
      checkDependencies: () => ({ errors: [], warnings: [] }),
      initialize: async () => undefined,
      updateConfig: () => undefined,
      wrapWithSandbox: async (command: string) => command,
      getSandboxViolationStore: () => ({ getViolationsForCommand: () => [] }),
      cleanupAfterCommand: () => undefined,
      reset: async () => undefined,
    } as unknown as SandboxManagerApi;
    const sandbox = new RuntimeSandbox({ load: async () => runtime, settings: () => DEFAULT_SANDBOX_SETTINGS, homeDir: join(base, 'home'), tempDir: join(base, 'tmp'), platform: 'darwin' });
    const wrapped = await sandbox.wrap('true', {}, { cwd: ws, writableRoots: [ws] });
    file(join(ws, 'x', '.git', 'config'), '[core]\n\tfsmonitor = x\n');
    wrapped.dispose();
    assert.ok(!existsSync(join(ws, 'x', '.git')));
    await sandbox.dispose();
  });
});
