// The read-deny list the runtime gets holds what can be read: entries that exist, entries a command could create
// (below a folder it may write), patterns, and what cannot be checked; a missing store outside those goes.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { readDenyPresent } from '../../../src/host/sandbox/deny-read-present';

const base = mkdtempSync(join(tmpdir(), 'relay-deny-read-'));
after(() => rmSync(base, { recursive: true, force: true }));
const home = join(base, 'home');
const ws = join(base, 'ws');
mkdirSync(join(home, '.aws'), { recursive: true });
writeFileSync(join(home, '.aws', 'credentials'), '[default]\n');
mkdirSync(join(home, '.ssh'));
mkdirSync(ws);
symlinkSync(join(base, 'gone'), join(home, '.netrc'));
writeFileSync(join(home, 'a-file'), 'x');
// A link to itself: looking below it fails with ELOOP, neither "missing" nor "there".
symlinkSync(join(home, 'loop'), join(home, 'loop'));

describe('the read-deny list given to the runtime', () => {
  test('keeps the stores that exist: a file, a folder, a dangling symbolic link', () => {
    const entries = [join(home, '.aws', 'credentials'), join(home, '.ssh'), join(home, '.netrc')];
    assert.deepEqual(readDenyPresent(entries, [ws]), entries);
  });

  test('drops a store that does not exist outside the writable folders, and one below a file', () => {
    assert.deepEqual(readDenyPresent([join(home, '.kube', 'config'), join(home, '.config', 'gcloud'), join(home, 'a-file', 'x')], [ws]), []);
  });

  test('keeps a missing path below a writable folder: the command could create it there and read it', () => {
    const envFile = join(ws, '.env');
    assert.deepEqual(readDenyPresent([envFile, join(ws, 'config', 'master.key')], [ws]), [envFile, join(ws, 'config', 'master.key')]);
  });

  test('keeps patterns, and a path it cannot check', () => {
    const entries = [join(home, '.config', '*.token'), join(home, 'loop', 'token')];
    assert.deepEqual(readDenyPresent(entries, [ws]), entries);
  });
});
