// The sandbox runtime's `which`, remembered per binary (issue 30): looked up once while PATH stays the same and the
// file found is still executable; a binary removed, a PATH changed or a miss is looked up again. The real lookup
// with real files: a binary made in a temp folder on PATH, then removed.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { memoizedWhich, whichSync } from '../../../src/host/sandbox/cached-which';

describe('remembered which for the sandbox runtime', () => {
  const dir = mkdtempSync(join(tmpdir(), 'relay-which-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  function counting(answers: Record<string, string | null>) {
    const asked: string[] = [];
    return { asked, resolve: (bin: string) => (asked.push(bin), answers[bin] ?? null) };
  }

  test('a binary is looked up once while PATH is the same and the file is still executable', () => {
    const { asked, resolve } = counting({ bash: '/bin/bash' });
    const which = memoizedWhich(resolve, () => true, () => '/bin');
    assert.equal(which('bash'), '/bin/bash');
    assert.equal(which('bash'), '/bin/bash');
    assert.deepEqual(asked, ['bash']);
  });

  test('a remembered path that is gone is looked up again', () => {
    let present = true;
    const { asked, resolve } = counting({ bash: '/bin/bash' });
    const which = memoizedWhich(resolve, () => present, () => '/bin');
    which('bash');
    present = false;
    which('bash');
    assert.deepEqual(asked, ['bash', 'bash']);
  });

  test('another PATH is another lookup', () => {
    let path = '/bin';
    const { asked, resolve } = counting({ bash: '/bin/bash' });
    const which = memoizedWhich(resolve, () => true, () => path);
    which('bash');
    path = '/usr/local/bin:/bin';
    which('bash');
    assert.deepEqual(asked, ['bash', 'bash']);
  });

  test('a miss is not remembered: a binary installed later is found', () => {
    const answers: Record<string, string | null> = {};
    const { asked, resolve } = counting(answers);
    const which = memoizedWhich(resolve, () => true, () => '/bin');
    assert.equal(which('socat'), null);
    answers.socat = '/usr/bin/socat';
    assert.equal(which('socat'), '/usr/bin/socat');
    assert.deepEqual(asked, ['socat', 'socat']);
  });

  test('the real lookup: a binary on PATH is found, and not after it was removed', () => {
    const bin = join(dir, 'relay-which-probe');
    writeFileSync(bin, '#!/bin/sh\n');
    chmodSync(bin, 0o755);
    const saved = process.env.PATH;
    process.env.PATH = `${dir}:${saved ?? ''}`;
    try {
      assert.equal(whichSync('relay-which-probe'), bin);
      rmSync(bin);
      assert.equal(whichSync('relay-which-probe'), null);
    } finally {
      process.env.PATH = saved;
    }
  });
});
