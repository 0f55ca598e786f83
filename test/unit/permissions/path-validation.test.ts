// The one validation every path from the model passes (issue 12, "Paths"): each refused form on each OS it
// applies to, the paths that must still pass, and what the model is told.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type PathOs, pathPlatform, platformOfFacts, WINDOWS_LEGACY_MAX_PATH } from '../../../src/core/permissions/path-platform';
import { commandPathProblem, type PathRefusalForm, validateModelPath } from '../../../src/core/permissions/path-validation';
import { type CorpusOs, PATH_CORPUS } from './path-validation.corpus';

const OSES: Record<CorpusOs, PathOs[]> = { linux: ['linux'], darwin: ['darwin'], win32: ['win32'], posix: ['linux', 'darwin'], all: ['linux', 'darwin', 'win32'] };

const printable = (s: string): string => JSON.stringify(s.length > 80 ? `${s.slice(0, 40)}…${s.slice(-20)} (${s.length})` : s);

describe('validateModelPath corpus', () => {
  for (const c of PATH_CORPUS) {
    for (const os of OSES[c.os]) {
      test(`${os} ${printable(c.input)} → ${c.expect}`, () => {
        const platform = pathPlatform(os, c.maxPath === undefined ? {} : { maxPath: c.maxPath });
        const result = validateModelPath(c.input, platform);
        if (c.expect === 'ok') {
          assert.ok(result.ok, result.ok ? '' : `refused as ${result.refusal.form}: ${result.refusal.message.model}`);
          assert.equal(result.path, c.path ?? c.input);
          return;
        }
        assert.ok(!result.ok, `accepted as ${result.ok ? printable(result.path) : ''}`);
        assert.equal(result.refusal.form, c.expect, result.refusal.message.model);
        const message = result.refusal.message.model;
        assert.doesNotMatch(message, /[\0-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/, 'the message spells out hidden characters');
        assert.match(message, /\b(Send|Choose)\b/, 'the message says what to send instead');
        if (c.expect === 'home-shorthand' || c.expect === 'variable') assert.match(message, /never expand/);
      });
    }
  }
});

describe('the corpus covers every form', () => {
  const FORMS: PathRefusalForm[] = [
    'empty', 'nul-byte', 'control-character', 'invisible-character', 'file-uri', 'uri-scheme', 'home-shorthand', 'variable',
    'windows-drive-on-posix', 'unc-on-posix', 'backslash-on-posix', 'device-namespace', 'drive-relative',
    'alternate-data-stream', 'reserved-name', 'trailing-dot-or-space', 'invalid-character', 'name-too-long', 'path-too-long',
  ];
  test('at least three refused inputs per form, and accepted look-alikes beside them', () => {
    for (const form of FORMS) {
      const count = PATH_CORPUS.filter((c) => c.expect === form).length;
      assert.ok(count >= 3, `${form}: ${count} cases`);
    }
    assert.ok(PATH_CORPUS.filter((c) => c.expect === 'ok').length >= 40);
  });
});

describe('refusal messages', () => {
  const linux = pathPlatform('linux');
  const refusal = (input: string, platform = linux) => {
    const r = validateModelPath(input, platform);
    assert.ok(!r.ok);
    return r.refusal;
  };

  test('a NUL byte is shown as \\u{0} with its position', () => {
    assert.match(refusal('src/a\0.ts').message.model, /"src\/a\\u\{0\}\.ts".*character 6/);
  });

  test('~ and variables: the model is told nothing was expanded and what to send', () => {
    const home = refusal('~/notes.txt').message.model;
    assert.match(home, /never expand ~/);
    assert.match(home, /absolute path/);
    assert.match(refusal('~bob/x').message.model, /user "bob"/);
    assert.match(refusal('${workspaceFolder}/a.ts').message.model, /\$\{workspaceFolder\}/);
  });

  test('a file URI is named with the path it decodes to', () => {
    const r = refusal('file:///ws/a%00b');
    assert.equal(r.form, 'nul-byte');
    assert.match(r.message.model, /file URI for "\/ws\/a\\u\{0\}b"/);
    assert.match(refusal('file://host/x').message.model, /another machine \("host"\)/);
  });

  test('Windows: the trailing-dot refusal names the file Windows would open', () => {
    assert.match(refusal('.env.', pathPlatform('win32')).message.model, /would open "\.env"/);
  });

  test('lengths are counted in UTF-8 bytes on Linux and macOS, in UTF-16 units on Windows', () => {
    assert.match(refusal('é'.repeat(128)).message.model, /256 bytes/);
    assert.ok(validateModelPath('é'.repeat(128), pathPlatform('win32')).ok);
    assert.match(refusal(`/${'é/'.repeat(400)}x`, pathPlatform('darwin')).message.model, /1202 bytes.*shorter than 1024/);
  });

  test('very long paths are quoted cut in the middle', () => {
    const message = refusal(`/${'a/'.repeat(3000)}`).message.model;
    assert.ok(message.length < 600, `${message.length} characters`);
    assert.match(message, /…/);
  });
});

describe('platforms', () => {
  test('defaults per OS: limits, case and Unicode form', () => {
    assert.deepEqual(
      (['linux', 'darwin', 'win32'] as const).map((os) => {
        const p = pathPlatform(os);
        return [p.style, p.maxPath, p.maxName, p.caseInsensitive, p.unicodeInsensitive];
      }),
      [
        ['posix', 4096, 255, false, false],
        ['posix', 1024, 255, true, true],
        ['windows', 32767, 255, true, false],
      ],
    );
    assert.equal(WINDOWS_LEGACY_MAX_PATH, 260);
  });

  test('the permission facts give the platform: their OS, else the one the path style implies, and their case rule', () => {
    assert.equal(platformOfFacts({ caseInsensitive: false }).os, 'linux');
    assert.equal(platformOfFacts({ pathStyle: 'windows', caseInsensitive: true }).os, 'win32');
    const probedMac = platformOfFacts({ os: 'darwin', pathStyle: 'posix', caseInsensitive: false });
    assert.equal(probedMac.os, 'darwin');
    assert.equal(probedMac.caseInsensitive, false, 'a probed case-sensitive APFS volume stays case-sensitive');
  });
});

describe('paths named in shell commands', () => {
  const problem = (word: string, os: PathOs) => commandPathProblem(word, pathPlatform(os))?.form;

  test('the shell expands ~ and variables and a URL is no file, so those pass', () => {
    for (const word of ['~/x', '$HOME/x', 'https://x/y', 'C:\\x', '.env.', 'NUL']) assert.equal(problem(word, 'linux'), undefined, word);
  });

  test('what the OS reads otherwise counts: hidden characters anywhere, Windows streams, namespaces and trailing dots', () => {
    assert.equal(problem('a\u0001b', 'linux'), 'control-character');
    assert.equal(problem('.env\u200b', 'darwin'), 'invisible-character');
    assert.equal(problem('.env.', 'win32'), 'trailing-dot-or-space');
    assert.equal(problem('.env::$DATA', 'win32'), 'alternate-data-stream');
    assert.equal(problem('\\\\?\\C:\\ws\\..\\.env', 'win32'), 'device-namespace');
    assert.equal(problem('NUL', 'win32'), undefined, '> NUL is how Windows discards output');
    assert.equal(problem('src\\a.ts', 'win32'), undefined);
  });
});
