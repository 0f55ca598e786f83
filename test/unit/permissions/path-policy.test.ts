// The policy runs the same path validation on every path a tool names, before rules or the mode: a refused path is
// denied (never asked) whatever the mode or rules; a file: URI is checked as the path it decodes to; Windows paths
// are normalised before the workspace check; case-insensitive volumes fold case in sensitive-file and rule checks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ApprovalMode, FileSystemFacts, PermissionRule } from '../../../src/core/permissions';
import { policyFor, virtualFileSystem, WORKSPACE } from './fixtures';

const WINDOWS = virtualFileSystem({
  workspaceFolders: ['C:\\Work\\Relay'],
  homeDir: 'C:\\Users\\dev',
  caseInsensitive: true,
  pathStyle: 'windows',
  os: 'win32',
  protectedFiles: [],
});

async function decide(path: string, options: { mode?: ApprovalMode; fileSystem?: FileSystemFacts; rules?: PermissionRule[]; kind?: 'readonly' | 'write' } = {}) {
  const policy = policyFor(options.mode ?? 'yolo', { fileSystem: options.fileSystem, rules: options.rules });
  const kind = options.kind ?? 'write';
  return policy.evaluate({ toolName: kind === 'write' ? 'write_file' : 'read_file', kind, targets: { paths: [path] } });
}

describe('refused before any rule or prompt', () => {
  const allowEverything: PermissionRule[] = [{ tool: '*', pattern: '**', action: 'allow' }];
  const posix: [string, RegExp][] = [
    [`${WORKSPACE}/a\0.ts`, /NUL byte/],
    ['src/a\n.ts', /control character/],
    ['.env\u200b', /invisible/],
    ['~/notes.txt', /never expand ~/],
    ['$HOME/.bashrc', /never expand/],
    ['${workspaceFolder}/a.ts', /never expand/],
    ['file://attacker/share/x', /another machine/],
    ['vscode-remote://ssh-remote+h/etc/passwd', /not a file path/],
    ['C:\\Users\\dev\\x', /drive letter/],
    ['\\\\server\\share\\x', /UNC/],
    ['src\\..\\..\\etc\\passwd', /not a separator/],
    [`src/${'n'.repeat(256)}`, /limited to 255/],
    [`${'d/'.repeat(2100)}x`, /shorter than 4096/],
  ];
  for (const [path, why] of posix) {
    test(`POSIX ${JSON.stringify(path.length > 60 ? `${path.slice(0, 30)}…` : path)}: denied in yolo even with an allow-everything rule`, async () => {
      const decision = await decide(path, { rules: allowEverything });
      assert.equal(decision.action, 'deny', decision.reason);
      assert.equal(decision.audit.basis, 'invalid-path');
      assert.match(decision.reason, why);
    });
  }

  const windows: [string, RegExp][] = [
    ['.env.', /would open "\.env"/],
    ['src\\.env ', /dot or space/],
    ['.env::$DATA', /alternate data stream/],
    ['C:\\Work\\Relay\\NUL', /device name/],
    ['aux.txt', /device name/],
    ['\\\\?\\C:\\Work\\Relay\\..\\x', /device namespace/],
    ['C:relative.txt', /current folder of drive/],
    ['\\Windows\\win.ini', /drive letter/],
    ['%USERPROFILE%\\.ssh\\id_rsa', /never expand/],
    ['src\\*.ts', /not allow/],
  ];
  for (const [path, why] of windows) {
    test(`Windows ${JSON.stringify(path)}: denied`, async () => {
      const decision = await decide(path, { fileSystem: WINDOWS, rules: allowEverything });
      assert.equal(decision.action, 'deny', decision.reason);
      assert.equal(decision.audit.basis, 'invalid-path');
      assert.match(decision.reason, why);
    });
  }

  test('a path made too long by the folder it resolves against is denied', async () => {
    const deepFolder = `/${'f'.repeat(200)}/`.repeat(5);
    const fileSystem = virtualFileSystem({ workspaceFolders: [deepFolder.replace(/\/$/, '')], os: 'darwin' });
    const decision = await decide(`${'g'.repeat(100)}/x.ts`, { fileSystem });
    assert.equal(decision.action, 'deny', decision.reason);
    assert.match(decision.reason, /shorter than 1024/);
  });

  test("a command's working directory is validated like a tool path", async () => {
    const policy = policyFor('yolo');
    const decision = await policy.evaluate({ toolName: 'run_command', kind: 'execute', targets: { command: 'ls', cwd: '~/project' } });
    assert.equal(decision.action, 'deny');
    assert.match(decision.reason, /never expand ~/);
  });
});

describe('accepted forms are checked as the path the OS opens', () => {
  test('a local file: URI is decoded, then checked: inside, outside, sensitive', async () => {
    assert.equal((await decide(`file://${WORKSPACE}/src/a.ts`, { mode: 'auto-edit' })).action, 'allow');
    const outside = await decide(`file://localhost${WORKSPACE}/%2e%2e/%2e%2e/etc/passwd`, { kind: 'readonly' });
    assert.equal(outside.action, 'ask');
    assert.equal(outside.audit.basis, 'outside-workspace');
    const secret = await decide(`file://${WORKSPACE}/config/%2Eenv`, { mode: 'auto-edit' });
    assert.equal(secret.audit.basis, 'sensitive-path', secret.reason);
  });

  test('Windows: backslash and mixed-separator .. traversal is normalised before the workspace check', async () => {
    for (const path of ['src\\..\\..\\Other\\x.ts', 'src/..\\..\\Other/x.ts', 'C:\\Work\\Relay\\src\\..\\..\\x.ts', '..\\Relay2\\a.ts']) {
      const decision = await decide(path, { fileSystem: WINDOWS, mode: 'auto-edit' });
      assert.equal(decision.action, 'ask', path);
      assert.equal(decision.audit.basis, 'outside-workspace', path);
    }
    for (const path of ['src\\..\\lib\\a.ts', 'src/sub\\..\\a.ts', 'c:/work/relay/src/a.ts', 'C:\\Work\\Relay\\..\\Relay\\a.ts']) {
      assert.equal((await decide(path, { fileSystem: WINDOWS, mode: 'auto-edit' })).action, 'allow', path);
    }
  });

  test('Windows: a file: URI with a drive letter', async () => {
    assert.equal((await decide('file:///C:/Work/Relay/src/a.ts', { fileSystem: WINDOWS, mode: 'auto-edit' })).action, 'allow');
    assert.equal((await decide('file:///c%3A/Work/Relay/.ENV', { fileSystem: WINDOWS, mode: 'auto-edit' })).audit.basis, 'sensitive-path');
  });
});

describe('case-insensitive volumes', () => {
  const folded = virtualFileSystem({ caseInsensitive: true, os: 'darwin' });
  const exact = virtualFileSystem({ caseInsensitive: false, os: 'linux' });

  test('.ENV, .Env and .GIT are the sensitive files when the volume ignores case, other files when it does not', async () => {
    for (const path of ['.ENV', '.Env', 'config/.eNv.LOCAL', '.GIT/config', 'Sub/.Git/HEAD', '.VSCODE/settings.JSON', 'x.Code-Workspace']) {
      const decision = await decide(path, { fileSystem: folded, mode: 'yolo' });
      assert.equal(decision.audit.basis, 'sensitive-path', `${path}: ${decision.reason}`);
      assert.equal((await decide(path, { fileSystem: exact, mode: 'yolo' })).action, 'allow', path);
    }
    assert.equal((await decide('.ENV.example', { fileSystem: folded, mode: 'yolo' })).action, 'allow', 'examples stay editable');
  });

  test('rules: SRC/** and src/** match the same files when the volume ignores case, and only their own when not', async () => {
    const rules: PermissionRule[] = [{ tool: '*', pattern: 'src/**', action: 'deny', subject: 'path' }];
    for (const path of ['SRC/a.ts', 'Src/lib/b.ts', `${WORKSPACE.toUpperCase()}/src/a.ts`]) {
      assert.equal((await decide(path, { fileSystem: folded, rules })).action, 'deny', path);
    }
    assert.equal((await decide('SRC/a.ts', { fileSystem: exact, rules })).action, 'allow');
    const upper: PermissionRule[] = [{ tool: '*', pattern: 'SRC/**', action: 'deny', subject: 'path' }];
    assert.equal((await decide('src/a.ts', { fileSystem: folded, rules: upper })).action, 'deny');
    assert.equal((await decide('src/a.ts', { fileSystem: exact, rules: upper })).action, 'allow');
  });

  test('macOS: a decomposed name (NFD) is checked as its composed form (NFC), which APFS opens', async () => {
    const rules: PermissionRule[] = [{ tool: '*', pattern: 'caf\u00e9/**', action: 'deny', subject: 'path' }];
    assert.equal((await decide('cafe\u0301/menu.txt', { fileSystem: folded, rules })).action, 'deny');
    const decomposedRule: PermissionRule[] = [{ tool: '*', pattern: 'cafe\u0301/**', action: 'deny', subject: 'path' }];
    assert.equal((await decide('caf\u00e9/menu.txt', { fileSystem: folded, rules: decomposedRule })).action, 'deny', 'a rule written in NFD');
    assert.equal((await decide('caf\u00e9/menu.txt', { fileSystem: exact, rules: decomposedRule })).action, 'allow', 'Linux: two different names');
  });
});

describe('paths in shell commands', () => {
  test('Windows: a trailing dot or a stream asks, with the reason, even in yolo', async () => {
    const policy = policyFor('yolo', { fileSystem: WINDOWS });
    const decision = await policy.evaluate({ toolName: 'run_command', kind: 'execute', targets: { command: 'cat notes.txt.' } });
    assert.equal(decision.action, 'ask', decision.reason);
    assert.equal(decision.audit.basis, 'invalid-path');
    assert.match(decision.reason, /In "cat notes.txt."/);
  });

  test('the shell expands ~ itself: a command naming ~/x is checked as the home folder, not refused', async () => {
    const decision = await policyFor('yolo').evaluate({ toolName: 'run_command', kind: 'execute', targets: { command: 'cat ~/.ssh/id_rsa' } });
    assert.equal(decision.action, 'ask');
    assert.equal(decision.audit.basis, 'outside-workspace');
  });
});

describe('why a call that changes files asks', () => {
  test('one file: "this file"; several: counted, never "this file" of three (issue 38)', async () => {
    const policy = policyFor('default');
    const one = await policy.evaluate({ toolName: 'write_file', kind: 'write', targets: { paths: [`${WORKSPACE}/a.txt`] } });
    assert.equal(one.uiWhy, 'No allow rule covers changes to this file.');
    const three = await policy.evaluate({ toolName: 'apply_patch', kind: 'write', targets: { paths: [`${WORKSPACE}/a.txt`, `${WORKSPACE}/b.txt`, `${WORKSPACE}/c.txt`] } });
    assert.equal(three.action, 'ask');
    assert.equal(three.uiWhy, 'No allow rule covers changes to these 3 files.');
    const same = await policy.evaluate({ toolName: 'apply_patch', kind: 'write', targets: { paths: [`${WORKSPACE}/a.txt`, `${WORKSPACE}/./a.txt`] } });
    assert.equal(same.uiWhy, 'No allow rule covers changes to this file.', 'one file named twice is one file');
  });
});
