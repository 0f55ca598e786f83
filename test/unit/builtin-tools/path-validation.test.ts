// Every built-in tool that takes a path refuses the forms the OS would read differently before anyone is asked:
// the refusal comes from prepare as an invalid_params error that says what to send instead. resolveToolPath is
// tested for Windows on any host by passing the platform.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pathPlatform } from '../../../src/core/permissions/path-platform';
import { ToolErrorType } from '../../../src/core/tools';
import { resolveToolPath } from '../../../src/tools/paths';
import { ToolHarness } from './harness';

const linux = pathPlatform('linux');
const win = pathPlatform('win32');

describe('resolveToolPath validates, then resolves with the platform it is given', () => {
  it('POSIX: file: URIs become the path they name, percent-escapes decoded once', () => {
    const roots = ['/ws/main'];
    assert.equal(resolveToolPath('file:///ws/main/src/a.ts', roots, linux), '/ws/main/src/a.ts');
    assert.equal(resolveToolPath('file://localhost/ws/main/my%20file.ts', roots, linux), '/ws/main/my file.ts');
    assert.equal(resolveToolPath('file:///ws/main/%2e%2e/%2e%2e/etc/passwd', roots, linux), '/etc/passwd');
  });

  it('Windows: backslash and mixed-separator .. traversal is normalised; drive URIs resolve', () => {
    const roots = ['C:\\ws\\main'];
    assert.equal(resolveToolPath('src\\..\\..\\x.txt', roots, win), 'C:\\ws\\x.txt');
    assert.equal(resolveToolPath('src/..\\../other/x', roots, win), 'C:\\ws\\other\\x');
    assert.equal(resolveToolPath('C:/ws/main/src/a.ts', roots, win), 'C:\\ws\\main\\src\\a.ts');
    assert.equal(resolveToolPath('file:///C:/ws/main/a.ts', roots, win), 'C:\\ws\\main\\a.ts');
  });

  it('Windows: a network path is refused before anything touches it, unless the workspace lives on that share', () => {
    for (const input of ['\\\\server\\share\\a.ts', '//server/share/a.ts', 'file://server/share/a.ts', '\\\\10.0.0.5\\c$\\x']) {
      assert.throws(
        () => resolveToolPath(input, ['C:\\ws\\main'], win),
        (e: { type?: string; message?: string }) => e.type === ToolErrorType.PATH_NOT_IN_WORKSPACE || e.type === ToolErrorType.INVALID_PARAMS,
        input,
      );
    }
    assert.throws(() => resolveToolPath('\\\\server\\share\\a.ts', ['C:\\ws\\main'], win), /network path outside the workspace/);
    const shareRoot = ['\\\\server\\share\\proj'];
    assert.equal(resolveToolPath('src\\a.ts', shareRoot, win), '\\\\server\\share\\proj\\src\\a.ts');
    assert.equal(resolveToolPath('\\\\server\\share\\proj\\b.ts', shareRoot, win), '\\\\server\\share\\proj\\b.ts');
    assert.throws(() => resolveToolPath('\\\\server\\share\\other\\b.ts', shareRoot, win), /network path outside the workspace/);
  });

  it('refusals are invalid_params errors with the reason', () => {
    const cases: [string, readonly string[], typeof linux, RegExp][] = [
      ['~/notes.txt', ['/ws'], linux, /never expand ~/],
      ['C:\\x', ['/ws'], linux, /drive letter/],
      ['.env.', ['C:\\ws'], win, /would open "\.env"/],
      ['CON', ['C:\\ws'], win, /device name/],
      ['a\0b', ['/ws'], linux, /NUL byte/],
    ];
    for (const [input, roots, platform, why] of cases) {
      assert.throws(() => resolveToolPath(input, roots, platform), (e: { type?: string; message?: string }) => {
        assert.equal(e.type, ToolErrorType.INVALID_PARAMS, input);
        assert.match(e.message ?? '', why);
        return true;
      });
    }
  });

  it('a short relative path that resolves beyond PATH_MAX is refused, naming the resolution', () => {
    const deepRoot = `/${'r'.repeat(250)}`.repeat(4);
    assert.throws(() => resolveToolPath('x'.repeat(40), [deepRoot], pathPlatform('darwin')), /Resolved against the workspace: .*shorter than 1024/);
    assert.equal(resolveToolPath('x'.repeat(40), [deepRoot], linux), `${deepRoot}/${'x'.repeat(40)}`);
  });
});

describe('every path-taking tool refuses in prepare, before the approval question', () => {
  const patch = (path: string) => `*** Begin Patch\n*** Add File: ${path}\n+x\n*** End Patch`;
  const calls: [string, (path: string) => Record<string, unknown>][] = [
    ['read_file', (path) => ({ path })],
    ['write_file', (path) => ({ path, content: 'x' })],
    ['edit_file', (path) => ({ path, edits: [{ old_text: 'a', new_text: 'b' }] })],
    ['apply_patch', (path) => ({ patch: patch(path) })],
    ['list_files', (path) => ({ path })],
    ['find_files', (path) => ({ pattern: '*.ts', path })],
    ['search_text', (path) => ({ pattern: 'x', path })],
    ['get_diagnostics', (path) => ({ paths: [path] })],
    ['run_command', (path) => ({ command: 'ls', cwd: path })],
  ];
  // Forms refused on the host these tests run on (Linux or macOS).
  const inputs: [string, RegExp][] = [
    ['~/.ssh/id_rsa', /never expand ~/],
    ['$HOME/.bashrc', /never expand/],
    ['file://evil/share/x', /another machine/],
    ['http://example.com/a.ts', /not a file path/],
    ['C:\\Users\\dev\\x.ts', /drive letter/],
    ['src/a\u0000.ts', /NUL byte/],
    ['.env\u202e', /invisible/],
  ];
  for (const [tool, params] of calls) {
    it(`${tool}: ${inputs.length} refused forms, none reaches approval`, async () => {
      const harness = new ToolHarness({ files: { 'src/a.ts': 'a\n', '.env': 'K=v\n' } });
      for (const [input, why] of inputs) {
        let asked = false;
        const outcome = await harness.call(tool, params(input), { approve: () => void (asked = true) });
        assert.equal(outcome.error, ToolErrorType.INVALID_PARAMS, `${tool} ${JSON.stringify(input)}: ${outcome.text}`);
        assert.ok(outcome.prepareError, `${tool} ${JSON.stringify(input)} was refused in prepare`);
        assert.match(outcome.text, why);
        assert.equal(asked, false);
      }
    });
  }

  it('a file: URI to a workspace file works like its path', async () => {
    const harness = new ToolHarness({ files: { 'src/a.ts': 'hello\n' } });
    const outcome = await harness.call('read_file', { path: 'file:///workspace/src/a.ts' });
    assert.match(outcome.text, /hello/);
    assert.deepEqual(outcome.preparation?.targets?.paths, ['/workspace/src/a.ts']);
  });
});
