// What the sandbox refused, from the runtime's reports and from the command's error output.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { boundaryFor, effectiveSandboxSettings } from '../../../src/core/sandbox/boundary';
import { mergeViolations, parseOutputViolations, parseRuntimeLine } from '../../../src/core/sandbox/violations';

const WS = '/work/ws';
const b = boundaryFor({ settings: effectiveSandboxSettings(undefined, undefined), writableRoots: [WS], homeDir: '/home/dev', tempDir: '/tmp' });

describe('sandbox violations', () => {
  test('runtime lines: network denials and refused writes', () => {
    assert.deepEqual(parseRuntimeLine('deny network-outbound example.com:443 (host is not on the allow list)'), {
      kind: 'network',
      target: 'example.com:443',
      detail: 'deny network-outbound example.com:443 (host is not on the allow list)',
    });
    assert.deepEqual(parseRuntimeLine('deny openat /etc/passwd'), { kind: 'write', target: '/etc/passwd', detail: 'deny openat /etc/passwd' });
    assert.equal(parseRuntimeLine('   '), undefined);
  });

  test('output: refusals of read-only git data and protected files in the words tools use (issue 36)', () => {
    const out = [
      'error: could not write config file .git/config: Device or resource busy',
      "Error: EROFS: read-only file system, open '.envrc'",
      "mkdir: cannot create directory '.vscode': File exists",
      "mkdir: cannot create directory 'build': File exists",
      "sh: 1: 'run.sh': Permission denied",
    ].join('\n');
    assert.deepEqual(
      parseOutputViolations(out, b, WS).map((x) => [x.kind, x.target]),
      [
        ['write', `${WS}/.git/config`],
        ['write', `${WS}/.envrc`],
        ['write', `${WS}/.vscode`],
      ],
    );
  });

  test('output: a shell refusing a redirect names the file, never the shell', () => {
    // bash and dash, with and without a line number, a bare name and a path.
    const out = [
      '/usr/bin/bash: line 1: .gitmodules: Read-only file system',
      'bash: .envrc: Read-only file system',
      "sh: 1: cannot create .git/config: Read-only file system",
      '/bin/sh: 1: cannot create vendor/lib/.gitmodules: Read-only file system',
    ].join('\n');
    assert.deepEqual(
      parseOutputViolations(out, b, WS).map((x) => [x.kind, x.target]),
      [
        ['write', `${WS}/.gitmodules`],
        ['write', `${WS}/.envrc`],
        ['write', `${WS}/.git/config`],
        ['write', `${WS}/vendor/lib/.gitmodules`],
      ],
    );
  });

  test('output: node\'s whole error object names the file once, never its error code as a file', () => {
    // What `node -e "fs.writeFileSync('.git/commondir', …)"` prints when the file is read-only.
    const out = [
      'node:fs:2425',
      '    return binding.writeFileUtf8(',
      '                   ^',
      '',
      "Error: EROFS: read-only file system, open '.git/commondir'",
      '    at Object.writeFileSync (node:fs:2425:20)',
      '    at [eval]:1:127',
      '    at runScriptInThisContext (node:internal/vm:209:10) {',
      '  errno: -30,',
      "  code: 'EROFS',",
      "  syscall: 'open',",
      "  path: '.git/commondir'",
      '}',
    ].join('\n');
    assert.deepEqual(
      parseOutputViolations(out, b, WS).map((x) => [x.kind, x.target]),
      [['write', `${WS}/.git/commondir`]],
    );
  });

  test('output: a write outside, a write into a protected file, a denied read', () => {
    const out = [
      '/usr/bin/bash: line 1: /home/dev/out.txt: Read-only file system',
      "touch: cannot touch '.git/hooks/pre-commit': Read-only file system",
      'cat: /home/dev/.ssh/id_rsa: No such file or directory',
      "PermissionError: [Errno 13] Permission denied: '/home/dev/.aws/credentials'",
    ].join('\n');
    const v = parseOutputViolations(out, b, WS);
    assert.deepEqual(
      v.map((x) => [x.kind, x.target]),
      [
        ['write', '/home/dev/out.txt'],
        ['write', `${WS}/.git/hooks/pre-commit`],
        ['read', '/home/dev/.ssh/id_rsa'],
        ['read', '/home/dev/.aws/credentials'],
      ],
    );
  });

  test('ordinary errors the boundary does not explain are not violations', () => {
    const out = ['cat: missing.txt: No such file or directory', "ls: cannot access '/nope': No such file or directory", 'bash: ./run.sh: Permission denied', 'error: line 3: unexpected token'].join('\n');
    assert.deepEqual(parseOutputViolations(out, b, WS), []);
  });

  test('merge keeps one entry per target, runtime first', () => {
    const runtime = [parseRuntimeLine('deny openat /home/dev/out.txt')!];
    const output = parseOutputViolations('bash: /home/dev/out.txt: Read-only file system', b, WS);
    const merged = mergeViolations(runtime, output);
    assert.equal(merged.length, 1);
    assert.equal(merged[0]!.detail, 'deny openat /home/dev/out.txt');
  });
});
