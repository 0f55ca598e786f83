// Path checks against a real temporary directory with real symlinks, through the Node implementation of
// the file-system facts.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { nodeFileSystem, policyFor, virtualFileSystem } from './fixtures';
import type { ApprovalMode, DecisionBasis, PermissionAction, ToolKind } from '../../../src/core/permissions';
import { normalizePath, relativeInside, resolvePath, resolveWorkspaceRoots } from '../../../src/core/permissions/paths';

// realpath: on macOS the temp dir itself sits behind a symlink (/var -> /private/var).
const root = realpathSync(mkdtempSync(join(tmpdir(), 'relay-permissions-')));
const ws = join(root, 'ws');
const ws2 = join(root, 'ws2');
const outside = join(root, 'outside');
const home = join(root, 'home');

function file(path: string, content = 'x'): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
}

file(join(ws, 'src/a.ts'));
file(join(ws, '.env'));
file(join(ws, '.env.example'));
file(join(ws, '.git/config'));
file(join(ws, '.vscode/settings.json'));
file(join(ws, 'relay-rules.json'));
file(join(ws2, 'lib/b.ts'));
file(join(outside, 'file.txt'));
file(join(home, '.ssh/id_rsa'));
symlinkSync(outside, join(ws, 'link-out'), 'dir');
symlinkSync(join(ws, 'src'), join(ws, 'link-in'), 'dir');
symlinkSync(join(ws, '.env'), join(ws, 'secret-link'));
symlinkSync(join(outside, 'file.txt'), join(ws, 'escape-file'));
symlinkSync(join(ws, '.git'), join(ws, 'link-to-git'), 'dir');
symlinkSync(home, join(ws, 'link-home'), 'dir');
symlinkSync(ws, join(root, 'ws-link'), 'dir');

after(() => rmSync(root, { recursive: true, force: true }));

interface PathCase {
  input: string;
  kind: ToolKind;
  mode: ApprovalMode;
  expected: PermissionAction;
  note: string;
  basis?: DecisionBasis;
  caseInsensitive?: boolean;
  folders?: string[];
}

const R = (kind: ToolKind): string => (kind === 'readonly' ? 'read_file' : 'write_file');

const PATH_CASES: PathCase[] = [
  { input: 'src/a.ts', kind: 'write', mode: 'default', expected: 'ask', note: 'default mode asks before edits', basis: 'mode' },
  { input: 'src/a.ts', kind: 'readonly', mode: 'default', expected: 'allow', note: 'reads inside the workspace run' },
  { input: 'src/new.ts', kind: 'write', mode: 'auto-edit', expected: 'allow', note: 'new file inside the workspace' },
  { input: './src/../src/a.ts', kind: 'write', mode: 'auto-edit', expected: 'allow', note: '.. that stays inside' },
  { input: 'src/./a.ts', kind: 'write', mode: 'auto-edit', expected: 'allow', note: '. segment' },
  { input: 'src', kind: 'write', mode: 'auto-edit', expected: 'allow', note: 'a directory inside' },
  { input: 'new/dir/file.ts', kind: 'write', mode: 'auto-edit', expected: 'allow', note: 'non-existent directories inside' },
  { input: '../outside/file.txt', kind: 'readonly', mode: 'default', expected: 'ask', note: '.. out of the workspace', basis: 'outside-workspace' },
  { input: '../outside/file.txt', kind: 'write', mode: 'yolo', expected: 'ask', note: 'outside asks even in yolo', basis: 'outside-workspace' },
  { input: 'src/../../outside/file.txt', kind: 'write', mode: 'yolo', expected: 'ask', note: 'several .. segments' },
  { input: join(outside, 'file.txt'), kind: 'readonly', mode: 'yolo', expected: 'ask', note: 'absolute path outside' },
  { input: join(ws, 'src/a.ts'), kind: 'write', mode: 'auto-edit', expected: 'allow', note: 'absolute path inside' },
  { input: root, kind: 'readonly', mode: 'yolo', expected: 'ask', note: 'the parent of the workspace' },
  { input: '/etc/passwd', kind: 'readonly', mode: 'yolo', expected: 'ask', note: 'system file' },
  { input: 'link-out/file.txt', kind: 'readonly', mode: 'yolo', expected: 'ask', note: 'symlinked directory pointing outside', basis: 'outside-workspace' },
  { input: 'link-out/new.txt', kind: 'write', mode: 'auto-edit', expected: 'ask', note: 'new file under a symlink pointing outside' },
  { input: 'link-out/deep/new/file.txt', kind: 'write', mode: 'yolo', expected: 'ask', note: 'new nested file under a symlink pointing outside' },
  { input: 'link-out/../outside/file.txt', kind: 'write', mode: 'yolo', expected: 'ask', note: '.. after a symlink climbs from its target' },
  { input: 'link-in/a.ts', kind: 'write', mode: 'auto-edit', expected: 'allow', note: 'symlink that stays inside' },
  { input: 'link-in/brand-new.ts', kind: 'write', mode: 'auto-edit', expected: 'allow', note: 'new file under a symlink that stays inside' },
  { input: 'escape-file', kind: 'readonly', mode: 'yolo', expected: 'ask', note: 'file symlink pointing outside' },
  { input: 'secret-link', kind: 'readonly', mode: 'yolo', expected: 'ask', note: 'symlink to .env', basis: 'sensitive-path' },
  { input: 'link-to-git/config', kind: 'write', mode: 'yolo', expected: 'ask', note: 'symlink into .git', basis: 'sensitive-path' },
  { input: 'link-home/.ssh/id_rsa', kind: 'readonly', mode: 'yolo', expected: 'ask', note: 'symlink to the home directory' },
  { input: '~/notes.txt', kind: 'readonly', mode: 'yolo', expected: 'deny', note: 'tools never expand ~: refused, not asked', basis: 'invalid-path' },
  { input: '~', kind: 'readonly', mode: 'yolo', expected: 'deny', note: 'the home directory itself', basis: 'invalid-path' },
  { input: '~/.ssh/id_rsa', kind: 'readonly', mode: 'yolo', expected: 'deny', note: 'a key in the home directory', basis: 'invalid-path' },
  { input: '~other/file', kind: 'readonly', mode: 'yolo', expected: 'deny', note: "someone else's home", basis: 'invalid-path' },
  { input: join(home, '.ssh/id_rsa'), kind: 'readonly', mode: 'yolo', expected: 'ask', note: 'the absolute path to the home directory asks' },
  { input: '.env', kind: 'readonly', mode: 'yolo', expected: 'ask', note: 'secrets, even to read', basis: 'sensitive-path' },
  { input: '.env.local', kind: 'write', mode: 'yolo', expected: 'ask', note: 'secrets' },
  { input: 'config/.env.production', kind: 'write', mode: 'yolo', expected: 'ask', note: 'nested env file' },
  { input: '.env.example', kind: 'write', mode: 'auto-edit', expected: 'allow', note: 'examples are not secrets' },
  { input: '.env.sample', kind: 'write', mode: 'auto-edit', expected: 'allow', note: 'samples are not secrets' },
  { input: '.env.template', kind: 'write', mode: 'auto-edit', expected: 'allow', note: 'templates are not secrets' },
  { input: '.git/config', kind: 'readonly', mode: 'yolo', expected: 'ask', note: "Git's own data" },
  { input: '.git', kind: 'readonly', mode: 'yolo', expected: 'ask', note: 'the .git directory itself' },
  { input: 'vendor/lib/.git/HEAD', kind: 'write', mode: 'yolo', expected: 'ask', note: 'a nested repository' },
  { input: '.gitignore', kind: 'write', mode: 'auto-edit', expected: 'allow', note: '.gitignore is not .git' },
  { input: '.vscode/settings.json', kind: 'write', mode: 'yolo', expected: 'ask', note: 'editor settings' },
  { input: '.vscode/tasks.json', kind: 'write', mode: 'yolo', expected: 'ask', note: 'tasks can run commands' },
  { input: '.vscode/notes.md', kind: 'write', mode: 'auto-edit', expected: 'allow', note: 'only .vscode/*.json is sensitive' },
  { input: 'relay.code-workspace', kind: 'write', mode: 'yolo', expected: 'ask', note: 'workspace file holds settings' },
  { input: 'relay-rules.json', kind: 'write', mode: 'yolo', expected: 'ask', note: 'the rules file itself', basis: 'sensitive-path' },
  { input: '.ENV', kind: 'write', mode: 'yolo', expected: 'ask', note: 'case-insensitive: .ENV is .env', caseInsensitive: true },
  { input: '.ENV', kind: 'write', mode: 'yolo', expected: 'allow', note: 'case-sensitive: .ENV is another file' },
  { input: '.Git/config', kind: 'write', mode: 'yolo', expected: 'ask', note: 'case-insensitive: .Git is .git', caseInsensitive: true },
  { input: join(root, 'WS', 'src/a.ts'), kind: 'write', mode: 'auto-edit', expected: 'allow', note: 'case-insensitive: WS is ws', caseInsensitive: true },
  { input: join(root, 'WS', 'src/a.ts'), kind: 'write', mode: 'auto-edit', expected: 'ask', note: 'case-sensitive: WS is another folder' },
  { input: join(ws2, 'lib/b.ts'), kind: 'write', mode: 'auto-edit', expected: 'allow', note: 'second workspace folder', folders: [ws, ws2] },
  { input: '../ws2/lib/b.ts', kind: 'write', mode: 'auto-edit', expected: 'allow', note: 'relative path into the second folder', folders: [ws, ws2] },
  { input: join(ws2, '.env'), kind: 'readonly', mode: 'yolo', expected: 'ask', note: 'sensitive in the second folder', folders: [ws, ws2] },
  { input: join(ws2, 'lib/b.ts'), kind: 'write', mode: 'auto-edit', expected: 'ask', note: 'not a folder of this workspace' },
  { input: join(ws, 'src/a.ts'), kind: 'write', mode: 'auto-edit', expected: 'allow', note: 'folder opened through a symlink', folders: [join(root, 'ws-link')] },
  { input: 'src/a.ts', kind: 'write', mode: 'plan', expected: 'deny', note: 'plan mode refuses edits', basis: 'plan-mode' },
  { input: '.env', kind: 'readonly', mode: 'plan', expected: 'ask', note: 'plan mode still asks for sensitive reads' },
];

describe('[32] path corpus on a real file system', () => {
  for (const c of PATH_CASES) {
    const label = `${c.mode} ${R(c.kind)} ${c.input.startsWith(root) ? c.input.replace(root, '<tmp>') : c.input}${c.caseInsensitive ? ' (case-insensitive)' : ''}${c.folders ? ` [${c.folders.length} folders]` : ''}`;
    test(label, async () => {
      const fileSystem = nodeFileSystem({
        workspaceFolders: c.folders ?? [ws],
        homeDir: home,
        caseInsensitive: c.caseInsensitive ?? false,
        protectedFiles: [join(ws, 'relay-rules.json')],
      });
      const policy = policyFor(c.mode, { fileSystem });
      const decision = await policy.evaluate({ toolName: R(c.kind), kind: c.kind, targets: { paths: [c.input] } });
      assert.equal(decision.action, c.expected, `${c.note}\nreason: ${decision.reason}`);
      if (c.basis) assert.equal(decision.audit.basis, c.basis, decision.reason);
    });
  }
});

describe('path resolution', () => {
  test('a symlink out of the workspace is reported with its target', async () => {
    const policy = policyFor('yolo', { fileSystem: nodeFileSystem({ workspaceFolders: [ws], homeDir: home, caseInsensitive: false }) });
    const decision = await policy.evaluate({ toolName: 'read_file', kind: 'readonly', targets: { paths: ['link-out/file.txt'] } });
    assert.equal(decision.trigger?.type === 'path' && decision.trigger.resolved, join(outside, 'file.txt'));
    assert.match(decision.reason, /resolves to/);
  });

  test('non-existent files resolve through their nearest existing ancestor', async () => {
    const facts = nodeFileSystem({ workspaceFolders: [ws], homeDir: home, caseInsensitive: false });
    const roots = await resolveWorkspaceRoots(facts);
    const resolved = await resolvePath('link-out/a/b/c.txt', ws, facts, roots);
    assert.equal(resolved.real, join(outside, 'a/b/c.txt'));
    assert.equal(resolved.lexical, join(ws, 'link-out/a/b/c.txt'));
    assert.equal(resolved.folder, undefined);
  });

  test("[25] Relay's saved tool output is read without asking; writing there, or reading beside it, still asks", async () => {
    const facts = nodeFileSystem({ workspaceFolders: [ws], homeDir: home, caseInsensitive: false, readableDirs: [outside] });
    const policy = policyFor('default', { fileSystem: facts });
    const read = await policy.evaluate({ toolName: 'read_file', kind: 'readonly', targets: { paths: [join(outside, 'file.txt')] } });
    assert.equal(read.action, 'allow');
    const write = await policy.evaluate({ toolName: 'write_file', kind: 'write', targets: { paths: [join(outside, 'file.txt')] } });
    assert.equal(write.action, 'ask');
    const beside = await policy.evaluate({ toolName: 'read_file', kind: 'readonly', targets: { paths: [join(home, '.ssh/id_rsa')] } });
    assert.equal(beside.action, 'ask');
    const escape = await policy.evaluate({ toolName: 'read_file', kind: 'readonly', targets: { paths: [join(outside, '../home/.ssh/id_rsa')] } });
    assert.equal(escape.action, 'ask', '.. out of the output folder is resolved before the check');
  });

  test('every path of a call is checked: one outside makes the call ask', async () => {
    const policy = policyFor('auto-edit', { fileSystem: nodeFileSystem({ workspaceFolders: [ws], homeDir: home, caseInsensitive: false }) });
    const decision = await policy.evaluate({ toolName: 'apply_patch', kind: 'write', targets: { paths: ['src/a.ts', 'link-out/x.txt'] } });
    assert.equal(decision.action, 'ask');
    assert.equal(decision.trigger?.type === 'path' && decision.trigger.path, 'link-out/x.txt');
  });

  test('Windows paths: backslashes, drive letters and case', async () => {
    const fileSystem = virtualFileSystem({
      workspaceFolders: ['C:\\Work\\Relay'],
      homeDir: 'C:\\Users\\dev',
      caseInsensitive: true,
      pathStyle: 'windows',
      protectedFiles: [],
    });
    const policy = policyFor('auto-edit', { fileSystem });
    const evaluate = (path: string) => policy.evaluate({ toolName: 'write_file', kind: 'write', targets: { paths: [path] } });
    assert.equal((await evaluate('c:\\work\\relay\\src\\a.ts')).action, 'allow');
    assert.equal((await evaluate('src\\b.ts')).action, 'allow');
    assert.equal((await evaluate('..\\other\\x.ts')).action, 'ask');
    assert.equal((await evaluate('D:\\Work\\Relay\\x.ts')).action, 'ask');
    assert.equal((await evaluate('src\\.ENV')).action, 'ask');
  });

  test('normalizePath and relativeInside', () => {
    assert.equal(normalizePath('/a/b/../c/./d/', 'posix'), '/a/c/d');
    assert.equal(normalizePath('/../..', 'posix'), '/');
    assert.equal(normalizePath('a/../../b', 'posix'), '../b');
    assert.equal(normalizePath('C:\\a\\..\\b', 'windows'), 'C:/b');
    assert.equal(relativeInside('/ws/src/a.ts', '/ws', false), 'src/a.ts');
    assert.equal(relativeInside('/ws', '/ws', false), '');
    assert.equal(relativeInside('/wsx/a', '/ws', false), undefined);
    assert.equal(relativeInside('/WS/a', '/ws', true), 'a');
    assert.equal(relativeInside('/anything', '/', false), 'anything');
  });
});

describe('paths named by commands, on a real file system', () => {
  const cases: [string, string][] = [
    ['cat link-out/file.txt', 'ask'],
    ['echo x > link-out/new.txt', 'ask'],
    ['cat secret-link', 'ask'],
    ['ls link-in', 'allow'],
    ['cat link-in/a.ts', 'allow'],
  ];
  for (const [command, expected] of cases) {
    test(`yolo ${command}`, async () => {
      const policy = policyFor('yolo', { fileSystem: nodeFileSystem({ workspaceFolders: [ws], homeDir: home, caseInsensitive: false }) });
      const decision = await policy.evaluate({ toolName: 'run_command', kind: 'execute', targets: { command } });
      assert.equal(decision.action, expected, decision.reason);
    });
  }

  test('a failing file system makes the call ask instead of throwing', async () => {
    const fileSystem = virtualFileSystem({
      realpath: async () => {
        throw new Error('disk on fire');
      },
    });
    const decision = await policyFor('yolo', { fileSystem }).evaluate({ toolName: 'write_file', kind: 'write', targets: { paths: ['a.ts'] } });
    assert.equal(decision.action, 'ask');
    assert.match(decision.reason, /disk on fire/);
  });
});
