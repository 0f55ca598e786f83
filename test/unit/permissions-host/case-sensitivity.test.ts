// The host's case-sensitivity fact on the real disk, and its caching and defaults with a scripted volume.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { CaseSensitivity, entryIdentity } from '../../../src/host/permissions/case-sensitivity';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'relay-case-')));
after(() => rmSync(root, { recursive: true, force: true }));

describe('CaseSensitivity', () => {
  test('the real temporary volume answers as the file system does', () => {
    const folder = join(root, 'Probe');
    mkdirSync(folder);
    const expected = existsSync(join(root, 'pROBE'));
    assert.equal(new CaseSensitivity('linux').caseInsensitive([folder]), expected);
    assert.equal(new CaseSensitivity('darwin').caseInsensitive([folder]), expected, 'the probe wins over the macOS default');
  });

  test('entryIdentity: one entry, one identity; nothing there, undefined', () => {
    assert.equal(entryIdentity(root), entryIdentity(`${root}/.`));
    assert.equal(entryIdentity(join(root, 'missing')), undefined);
  });

  test('defaults per OS without folders or when the probe cannot tell; a probe result is kept', () => {
    let calls = 0;
    const ignoring = new CaseSensitivity('linux', (path) => (calls++, path.toLowerCase() === '/mnt/usb/docs' ? 'id' : undefined));
    assert.equal(ignoring.caseInsensitive([]), false);
    assert.equal(new CaseSensitivity('win32', () => undefined).caseInsensitive(['C:\\gone']), true);
    assert.equal(new CaseSensitivity('darwin', () => undefined).caseInsensitive([]), true);
    assert.equal(ignoring.caseInsensitive(['/mnt/usb/Docs']), true, 'a case-insensitive mount on Linux');
    const after = calls;
    assert.equal(ignoring.caseInsensitive(['/mnt/usb/Docs']), true);
    assert.equal(calls, after, 'probed once per folder');
  });

  test('one folder that ignores case makes the checks fold case', () => {
    const mixed = new CaseSensitivity('linux', (path) => ({ '/a/Ws': '1', '/a/wS': '1', '/b/Ws': '2' })[path]);
    assert.equal(mixed.caseInsensitive(['/b/Ws']), false);
    assert.equal(mixed.caseInsensitive(['/b/Ws', '/a/Ws']), true);
  });
});
