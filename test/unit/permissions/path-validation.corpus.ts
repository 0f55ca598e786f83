// Paths from the model and what validateModelPath makes of them, per OS: the form it refuses, or `ok` with the path
// the tools then resolve. `posix` runs a case on Linux and macOS, `all` on the three.
import type { PathRefusalForm } from '../../../src/core/permissions/path-validation';

export type CorpusOs = 'linux' | 'darwin' | 'win32' | 'posix' | 'all';

export interface PathCase {
  input: string;
  os: CorpusOs;
  expect: PathRefusalForm | 'ok';
  /** For `ok`: the validated path when it differs from the input (a decoded URI, NFC on macOS). */
  path?: string;
  /** Overrides of the platform's limits. */
  maxPath?: number;
}

const c = (os: CorpusOs, expect: PathRefusalForm | 'ok', inputs: string[]): PathCase[] => inputs.map((input) => ({ input, os, expect }));

/** `count` components of `size` letters joined by `/`, optionally under a root. */
function deep(size: number, count: number, root = '/'): string {
  return root + Array.from({ length: count }, (_, i) => String.fromCharCode(97 + (i % 26)).repeat(size)).join('/');
}

/** An absolute POSIX path of exactly `bytes` UTF-8 bytes, every component within NAME_MAX. */
function posixPathOf(bytes: number): string {
  let path = '';
  while (path.length < bytes) path += `/${'p'.repeat(Math.min(200, bytes - path.length - 1) || 1)}`;
  return path.slice(0, bytes);
}

/** An absolute Windows path of exactly `units` UTF-16 units. */
function windowsPathOf(units: number): string {
  let path = 'C:';
  while (path.length < units) path += `\\${'w'.repeat(Math.max(1, Math.min(200, units - path.length - 1)))}`;
  return path.slice(0, units);
}

export const PATH_CORPUS: PathCase[] = [
  ...c('all', 'empty', ['', '   ', '\t']),

  ...c('all', 'nul-byte', ['src/a.ts\0', '\0', 'a\0/../.env', '.env\0.txt', 'src/\0/x', '\0\0\0']),
  ...c('win32', 'nul-byte', ['C:\\ws\\a\0.ts', '.env\0:$DATA']),

  ...c('all', 'control-character', ['src/a\n.ts', 'a\tb.ts', '\u001b[31m.env', 'a\rb', 'del\u007f.txt', 'next\u0085line', '.env\u0001', 'x\u009b.ts']),

  ...c('all', 'invisible-character', ['.env\u200b', '\u202egpj.exe', 'src/\u200d.env', '\ufeffa.ts', 'a\u2066b', '.e\u00adnv', 'src\u200e/a.ts']),

  ...c('all', 'file-uri', [
    'file://server/share/a.txt',
    'file://evil.example/etc/passwd',
    'FILE://HOST/x',
    'file:relative/a.ts',
    'file:///ws/a.ts?x=1',
    'file:///ws/a#frag',
    'file:///ws/%E0%A4%A.ts',
    'file:///ws/%zz',
    'file://',
  ]),
  { input: 'file:///ws/a.ts', os: 'posix', expect: 'ok', path: '/ws/a.ts' },
  { input: 'file://localhost/ws/a.ts', os: 'posix', expect: 'ok', path: '/ws/a.ts' },
  { input: 'File://LOCALHOST/ws/a', os: 'posix', expect: 'ok', path: '/ws/a' },
  { input: 'file:/ws/a.ts', os: 'posix', expect: 'ok', path: '/ws/a.ts' },
  { input: 'file:///ws/%2e%2e/etc/passwd', os: 'posix', expect: 'ok', path: '/ws/../etc/passwd' },
  { input: 'file:///ws/a%2F..%2F..%2F.env', os: 'posix', expect: 'ok', path: '/ws/a/../../.env' },
  { input: 'file:///ws/my%20file.ts', os: 'posix', expect: 'ok', path: '/ws/my file.ts' },
  { input: 'file:///ws/%252e%252e', os: 'posix', expect: 'ok', path: '/ws/%2e%2e' },
  { input: 'file:///C:/ws/a.ts', os: 'win32', expect: 'ok', path: 'C:/ws/a.ts' },
  { input: 'file:///c%3A/ws/a.ts', os: 'win32', expect: 'ok', path: 'c:/ws/a.ts' },
  { input: 'file://localhost/D:/x/y', os: 'win32', expect: 'ok', path: 'D:/x/y' },
  { input: 'file:///ws/a%00.txt', os: 'all', expect: 'nul-byte' },
  { input: 'file:///ws/a%0A.ts', os: 'all', expect: 'control-character' },
  { input: 'file:///ws/%E2%80%8B.env', os: 'all', expect: 'invisible-character' },
  { input: 'file:///~/x', os: 'all', expect: 'home-shorthand' },
  { input: 'file:///%24HOME/x', os: 'all', expect: 'variable' },
  { input: 'file:///C:/x', os: 'posix', expect: 'windows-drive-on-posix' },
  { input: 'file:///ws/a%5C..%5Cb', os: 'posix', expect: 'backslash-on-posix' },
  { input: 'file:///C:/ws/.env.', os: 'win32', expect: 'trailing-dot-or-space' },
  { input: 'file:///C:/ws/.env%3A%3A$DATA', os: 'win32', expect: 'alternate-data-stream' },
  { input: 'file:///C:/ws/aux.txt', os: 'win32', expect: 'reserved-name' },
  { input: `file://${deep(100, 11)}`, os: 'darwin', expect: 'path-too-long' },
  { input: 'file:///ws/a.ts', os: 'win32', expect: 'drive-relative' },

  ...c('all', 'uri-scheme', [
    'http://example.com/a.ts',
    'https://github.com/x/y/blob/main/a.ts',
    'HTTP://X/Y',
    'vscode-remote://ssh-remote+host/home/a.ts',
    'vscode-userdata:/User/settings.json',
    'vscode-vfs://github/x/y',
    'untitled:Untitled-1',
    'data:text/plain,hi',
    'ftp://x/y',
    'ssh://host/etc/passwd',
    'git:/ws/a.ts',
    'javascript:alert(1)',
    'smb://server/share/x',
    'custom-scheme://anything',
  ]),
  ...c('posix', 'ok', ['notes:2024.txt', 'ab:c:d']),

  ...c('all', 'home-shorthand', ['~', '~/', '~/x', '~/.ssh/id_rsa', '~root/.bashrc', '~user', 'src/~/x', '~+/a', '~/../etc/passwd']),
  ...c('win32', 'home-shorthand', ['~\\Documents\\a.txt', 'src\\~\\x']),
  ...c('all', 'ok', ['backup~', 'a~b', 'src/file.txt~', '.~lock.doc#']),

  ...c('all', 'variable', [
    '$HOME/x',
    '$HOME',
    '${HOME}/x',
    '${workspaceFolder}/src/a.ts',
    '$(pwd)/a.ts',
    'src/$USER/a',
    'src/${x}',
    '%APPDATA%/x',
    'a/%TEMP%/b',
  ]),
  ...c('win32', 'variable', ['%USERPROFILE%\\x', '$env:USERPROFILE\\x', '%ProgramFiles(x86)%\\app', 'src\\$HOME\\x']),
  { input: '%USERPROFILE%\\.ssh', os: 'posix', expect: 'variable' },
  ...c('all', 'ok', ['Foo$Bar.class', 'src/$1.txt', 'price$.txt', '100%.txt', '50%off%.txt', 'a$', '%']),

  ...c('posix', 'windows-drive-on-posix', ['C:\\x', 'C:/x', 'c:relative', 'C:', 'D:\\ws\\.env', 'z:/a', 'C:\\Users\\dev\\.ssh\\id_rsa']),
  ...c('posix', 'unc-on-posix', [
    '\\\\server\\share\\x',
    '\\\\?\\C:\\x',
    '\\\\.\\PhysicalDrive0',
    '//?/C:/x',
    '//./pipe/x',
    '\\\\server/share',
    '\\??\\C:\\x',
  ]),
  ...c('posix', 'backslash-on-posix', ['src\\a.ts', '..\\..\\etc\\passwd', 'src/..\\..\\x', 'a\\', '\\etc\\passwd', '.\\.env']),

  ...c('win32', 'device-namespace', [
    '\\\\?\\C:\\ws\\..\\x',
    '\\\\.\\PhysicalDrive0',
    '//?/C:/x',
    '//./COM1',
    '\\??\\C:\\x',
    '\\\\?\\UNC\\server\\share\\x',
    '/\\?\\C:\\x',
  ]),
  ...c('win32', 'drive-relative', ['C:x', 'c:relative\\a.ts', 'D:', '\\Windows\\System32', '/etc/passwd', '\\x']),
  ...c('win32', 'alternate-data-stream', [
    '.env::$DATA',
    'C:\\ws\\.env:secret',
    'a.txt:stream:$DATA',
    'src\\a.ts:Zone.Identifier',
    'notes:2024.txt',
    'C:\\ws:x\\a.ts',
  ]),
  ...c('win32', 'invalid-character', ['a<b', 'a>b', 'a"b', 'a|b', 'src\\*.ts', 'what?.txt']),
  ...c('win32', 'reserved-name', [
    'CON',
    'nul',
    'aux.txt',
    'src\\COM1',
    'LPT9.log',
    'C:\\ws\\prn.c',
    'con .txt',
    'Com¹',
    'CONIN$',
    'nul.tar.gz',
    'src/Aux/x.ts',
    'com0',
  ]),
  ...c('win32', 'ok', ['console.log', 'auxiliary.ts', 'nullable.ts', 'com10.txt', 'CONFIG', 'src\\conx\\a']),
  ...c('posix', 'ok', ['CON', 'aux.txt', 'nul', 'a.', 'a ', '.env.', 'a<b>|"?*']),
  ...c('win32', 'trailing-dot-or-space', ['.env.', '.env ', 'src.\\a', 'a.ts...', 'C:\\ws\\secret. ', 'dir \\x', '...', '.git.\\config']),
  ...c('win32', 'ok', [
    '..\\x',
    '.\\a',
    'src\\..\\..\\other\\x.ts',
    'src/..\\../x',
    'C:\\ws\\a.ts',
    'c:/ws/a.ts',
    '\\\\server\\share\\a.ts',
    '.env',
    'src/a.ts',
    'PROGRA~1\\x',
  ]),

  ...c('posix', 'name-too-long', ['a'.repeat(256), 'é'.repeat(128), '😀'.repeat(64), `src/${'b'.repeat(300)}`, `/ws/${'ü'.repeat(200)}/x`]),
  ...c('posix', 'ok', ['a'.repeat(255), 'é'.repeat(127), '😀'.repeat(63), `src/${'b'.repeat(255)}`]),
  ...c('win32', 'name-too-long', ['a'.repeat(256), `C:\\ws\\${'b'.repeat(300)}`, '😀'.repeat(128)]),
  ...c('win32', 'ok', ['a'.repeat(255), 'é'.repeat(200), '😀'.repeat(127)]),

  ...c('linux', 'path-too-long', [posixPathOf(4096), posixPathOf(5000), deep(200, 21), `${'ü/'.repeat(1400)}x`]),
  ...c('linux', 'ok', [posixPathOf(4095), posixPathOf(1024), deep(200, 19)]),
  ...c('darwin', 'path-too-long', [posixPathOf(1024), posixPathOf(2000), deep(100, 11), `${'é/'.repeat(400)}x`]),
  ...c('darwin', 'ok', [posixPathOf(1023), deep(100, 9)]),
  ...c('win32', 'path-too-long', [windowsPathOf(32767), windowsPathOf(40000)]),
  ...c('win32', 'ok', [windowsPathOf(32766), windowsPathOf(1000)]),
  { input: windowsPathOf(260), os: 'win32', expect: 'path-too-long', maxPath: 260 },
  { input: windowsPathOf(300), os: 'win32', expect: 'path-too-long', maxPath: 260 },
  { input: windowsPathOf(259), os: 'win32', expect: 'ok', maxPath: 260 },

  { input: 'cafe\u0301.txt', os: 'darwin', expect: 'ok', path: 'caf\u00e9.txt' },
  { input: 'src/\u0041\u030a/x', os: 'darwin', expect: 'ok', path: 'src/\u00c5/x' },
  { input: 'cafe\u0301.txt', os: 'linux', expect: 'ok' },
  { input: 'cafe\u0301.txt', os: 'win32', expect: 'ok' },
  ...c('all', 'ok', ['src/a.ts', '.env', './a', '../outside.txt', 'a b.txt', 'src/.git/config', 'émoji-😀.md']),
  ...c('posix', 'ok', ['/etc/passwd', '/ws/a.ts', '//server/share']),
];
