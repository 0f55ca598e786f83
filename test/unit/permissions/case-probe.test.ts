// The case-sensitivity fact: probed from the volume through an injected identity, so every outcome is testable.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { probeCaseInsensitive } from '../../../src/core/permissions/case-probe';

/** A file system of `entries` (path → identity); `fold` makes lookups ignore case. */
function volume(entries: Record<string, string>, fold: boolean) {
  const looked: string[] = [];
  const identity = (path: string) => {
    looked.push(path);
    const key = Object.keys(entries).find((p) => (fold ? p.toLowerCase() === path.toLowerCase() : p === path));
    return key === undefined ? undefined : entries[key];
  };
  return { identity, looked };
}

describe('probeCaseInsensitive', () => {
  test('the same entry under the swapped name: the volume ignores case', () => {
    const v = volume({ '/Users/dev/Work': 'ino-1' }, true);
    assert.equal(probeCaseInsensitive('/Users/dev/Work', v.identity, 'posix'), true);
    assert.deepEqual(v.looked, ['/Users/dev/Work', '/Users/dev/wORK']);
  });

  test('nothing under the swapped name: the volume is case-sensitive', () => {
    assert.equal(probeCaseInsensitive('/home/dev/ws', volume({ '/home/dev/ws': 'ino-1' }, false).identity, 'posix'), false);
  });

  test('another entry under the swapped name (both exist): case-sensitive', () => {
    const v = volume({ '/srv/App': 'ino-1', '/srv/aPP': 'ino-2' }, false);
    assert.equal(probeCaseInsensitive('/srv/App', v.identity, 'posix'), false);
  });

  test('names without letters are skipped for the deepest one with letters', () => {
    const v = volume({ '/data/2024/42': 'ino-1', '/data': 'ino-0' }, true);
    assert.equal(probeCaseInsensitive('/data/2024/42', v.identity, 'posix'), true);
    assert.deepEqual(v.looked, ['/data', '/DATA']);
  });

  test('undecided: a missing folder, or one without any letter', () => {
    assert.equal(probeCaseInsensitive('/ws/gone', volume({}, true).identity, 'posix'), undefined);
    assert.equal(probeCaseInsensitive('/1/2', volume({ '/1/2': 'x' }, true).identity, 'posix'), undefined);
  });

  test('Windows paths: the drive is kept, backslashes become slashes', () => {
    const v = volume({ 'C:/Work/Relay': 'f-1' }, true);
    assert.equal(probeCaseInsensitive('C:\\Work\\Relay', v.identity, 'windows'), true);
    assert.deepEqual(v.looked, ['C:/Work/Relay', 'C:/Work/rELAY']);
  });
});
