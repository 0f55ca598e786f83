// Finding a program on PATH with real files in temp folders: PATH's order, a file that cannot be executed or a
// folder of the same name passed over, a name with a folder in it taken as it is, empty PATH entries skipped, and
// Windows' PATHEXT.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { findOnPath, firstExecutable, isExecutable } from '../../../src/host/platform/executables';

describe('finding a program on PATH', () => {
  const root = mkdtempSync(join(tmpdir(), 'relay-executables-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const [first, second, third] = ['first', 'second', 'third'].map((name) => join(root, name));
  for (const dir of [first!, second!, third!]) mkdirSync(dir);
  function file(at: string, mode: number): string {
    writeFileSync(at, '#!/bin/sh\n');
    chmodSync(at, mode);
    return at;
  }
  // `tool`: a folder in the first, not executable in the second, executable in the third.
  mkdirSync(join(first!, 'tool'));
  file(join(second!, 'tool'), 0o644);
  const tool = file(join(third!, 'tool'), 0o755);
  const early = file(join(second!, 'early'), 0o755);
  file(join(third!, 'early'), 0o755);
  const path = [first, second, third].join(':');

  test('the first executable file in PATH order; folders and files that cannot run are passed over', () => {
    assert.equal(findOnPath('tool', { path, platform: 'linux' }), tool);
    assert.equal(findOnPath('early', { path, platform: 'linux' }), early);
    assert.equal(findOnPath('missing', { path, platform: 'linux' }), undefined);
    assert.equal(findOnPath('', { path, platform: 'linux' }), undefined);
  });

  test('a name with a folder in it is checked as it is, not looked up', () => {
    assert.equal(findOnPath(tool, { path: '', platform: 'linux' }), tool);
    assert.equal(findOnPath(join(second!, 'tool'), { path, platform: 'linux' }), undefined);
  });

  test('empty PATH entries (the current folder to some shells) are not searched', () => {
    const cwd = process.cwd();
    process.chdir(third!);
    try {
      assert.equal(findOnPath('tool', { path: `:${first}:`, platform: 'linux' }), undefined);
    } finally {
      process.chdir(cwd);
    }
  });

  test("Windows: a bare name is also tried with PATHEXT's extensions, PATH split on ';'", () => {
    const exe = file(join(third!, 'win.EXE'), 0o755);
    assert.equal(findOnPath('win', { path: [first, third].join(';'), pathExt: '.COM;.EXE', platform: 'win32' }), exe);
    assert.equal(findOnPath('win', { path: [first, third].join(':'), pathExt: '.COM;.EXE', platform: 'win32' }), undefined);
  });

  test('isExecutable and firstExecutable', () => {
    assert.equal(isExecutable(tool), true);
    assert.equal(isExecutable(join(second!, 'tool')), false);
    assert.equal(isExecutable(join(first!, 'tool')), false, 'a folder');
    assert.equal(isExecutable(join(root, 'nothing')), false);
    assert.equal(firstExecutable([join(first!, 'tool'), join(second!, 'tool'), tool, early]), tool);
    assert.equal(firstExecutable([]), undefined);
  });
});
