// What Review My Changes reviews, on real git through the hardened runner: the working tree's changes (tracked and
// untracked, binary files left out) when there are any, else the branch against main from their merge base, else
// nothing; a folder outside any repository says so.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { reviewSubject } from '../../../src/host/change-review/review-subject';

const made: string[] = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function repo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'relay-review-subject-'));
  made.push(dir);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'a@b.c');
  git('config', 'user.name', 'A');
  git('config', 'commit.gpgsign', 'false');
  writeFileSync(join(dir, 'a.txt'), 'one\ntwo\nthree\n');
  git('add', '.');
  git('commit', '-q', '-m', 'first');
  return dir;
}

const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });

describe('the subject of Review My Changes', () => {
  test('the working tree: tracked changes and untracked text files, binaries left out', async () => {
    const dir = repo();
    writeFileSync(join(dir, 'a.txt'), 'one\nTWO\nthree\nfour\n');
    writeFileSync(join(dir, 'new file.ts'), 'export const x = 1;\nexport const y = 2;\n');
    writeFileSync(join(dir, 'blob.bin'), Buffer.from([0, 1, 2, 0, 255]));
    const result = await reviewSubject(dir);
    assert.equal(result.type, 'subject');
    if (result.type !== 'subject') return;
    assert.match(result.subject.what, /working tree/);
    const byPath = Object.fromEntries(result.subject.files.map((f) => [f.path, f.changed]));
    assert.deepEqual(byPath, {
      'a.txt': [
        { start: 2, end: 2 },
        { start: 4, end: 4 },
      ],
      'new file.ts': [{ start: 1, end: 2 }],
    });
  });

  test('a clean tree on a branch: the branch against main from their merge base; clean on main: nothing', async () => {
    const dir = repo();
    assert.deepEqual(await reviewSubject(dir), { type: 'none', reason: 'no-changes' });
    git(dir, 'checkout', '-q', '-b', 'feature');
    writeFileSync(join(dir, 'b.txt'), 'b1\nb2\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'feature work');
    git(dir, 'checkout', '-q', 'main');
    writeFileSync(join(dir, 'a.txt'), 'one\ntwo\nthree\nmain only\n');
    git(dir, 'commit', '-q', '-am', 'main moved on');
    git(dir, 'checkout', '-q', 'feature');
    const result = await reviewSubject(dir);
    assert.equal(result.type, 'subject');
    if (result.type !== 'subject') return;
    assert.match(result.subject.what, /the branch feature against main/);
    assert.deepEqual(
      result.subject.files.map((f) => f.path),
      ['b.txt'],
      "main's own commit after the fork is not the branch's change",
    );
  });

  test('a folder in no repository', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relay-review-none-'));
    made.push(dir);
    assert.deepEqual(await reviewSubject(dir), { type: 'none', reason: 'no-repository' });
  });
});
