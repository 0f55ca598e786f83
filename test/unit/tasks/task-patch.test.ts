// A task's diff read into files and hunks and written back as the accepted part: renames, binary files, deletions,
// quoted names, dropped hunks. The round trip goes through the real `git apply`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { buildPatch, displayPath, parseGitDiff, unquote } from '../../../src/core/tasks/task-patch';

const diff = `diff --git a/a.txt b/a.txt
index bea6346..02a5c0c 100644
--- a/a.txt
+++ b/a.txt
@@ -1,5 +1,5 @@
 one
-two
+TWO
 three
 four
 five
@@ -11,5 +11,6 @@ ten
 eleven
 twelve
 thirteen
-fourteen
+FOURTEEN
+extra
 fifteen
diff --git a/del.txt b/del.txt
deleted file mode 100644
index 286c5f5..0000000
--- a/del.txt
+++ /dev/null
@@ -1 +0,0 @@
-gone
diff --git "a/d\\303\\251.txt" "b/d\\303\\251.txt"
new file mode 100644
index 0000000..92d5444
--- /dev/null
+++ "b/d\\303\\251.txt"
@@ -0,0 +1 @@
+fresh
diff --git a/img.bin b/img.bin
index 677273046bce3115f56c248238f3b83f77cfc239..4e0e1df897e1d1c62cc34ba4198ecc6c02b2c878 100644
GIT binary patch
literal 7
OcmZQzWKPP=GXeku?E!EA

literal 6
NcmZQzWJ=1+0{{Yf0X+Z!

diff --git a/old.txt b/new name.txt
similarity index 100%
rename from old.txt
rename to new name.txt
`;

describe('task patch', () => {
  test('reads kinds, paths (quoted, with spaces), hunks and binary bodies', () => {
    const files = parseGitDiff(diff);
    assert.deepEqual(
      files.map((f) => [f.kind, f.oldPath, f.newPath, f.binary, f.hunks.length]),
      [
        ['modified', 'a.txt', 'a.txt', false, 2],
        ['deleted', 'del.txt', null, false, 1],
        ['added', null, 'dé.txt', false, 1],
        ['modified', 'img.bin', 'img.bin', true, 0],
        ['renamed', 'old.txt', 'new name.txt', false, 0],
      ],
    );
    assert.equal(displayPath(files[1]!), 'del.txt');
    assert.equal(files[0]!.hunks[1]!.context, ' ten');
  });

  test('everything accepted writes the diff back unchanged', () => {
    assert.equal(buildPatch(parseGitDiff(diff)), diff);
  });

  test('a rejected file is left out; a rename whose hunks are all rejected stays a rename', () => {
    const files = parseGitDiff(diff);
    const out = buildPatch(files, new Map([['img.bin', { accept: false }], ['dé.txt', { accept: false }]]));
    assert.ok(!out.includes('img.bin') && !out.includes('d\\303\\251'));
    assert.ok(out.includes('rename from old.txt'));
  });

  test('a dropped hunk moves the new-side start of the hunks after it', () => {
    const text = [
      'diff --git a/f b/f',
      '--- a/f',
      '+++ b/f',
      '@@ -1,2 +1,4 @@',
      ' a',
      '+x',
      '+y',
      ' b',
      '@@ -10,2 +12,2 @@',
      ' j',
      '-k',
      '+K',
      '',
    ].join('\n');
    const out = buildPatch(parseGitDiff(text), new Map([['f', { accept: true, rejectedHunks: new Set([0]) }]]));
    assert.match(out, /^@@ -10,2 \+10,2 @@$/m);
    assert.ok(!out.includes('+x'));
  });

  test('unquotes git C-style names as UTF-8', () => {
    assert.equal(unquote('"d\\303\\251j\\303\\240 \\"q\\".txt"'), 'déjà "q".txt');
    assert.equal(unquote('plain'), 'plain');
  });
});

describe('task patch through git apply --3way', () => {
  const root = mkdtempSync(join(tmpdir(), 'relay-patch-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@e', '-c', 'user.name=t', '-c', 'core.quotePath=true', ...args], { cwd, encoding: 'utf8' });

  test('renames, binary files, deletions and a partly accepted file land in the user tree as unstaged changes', () => {
    const user = join(root, 'user');
    git(root, 'init', '-q', user);
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
    writeFileSync(join(user, 'a.txt'), lines.join('\n') + '\n');
    writeFileSync(join(user, 'old.txt'), 'keep me\nthe same\nfor rename\ndetection\n');
    writeFileSync(join(user, 'img.bin'), Buffer.from([0, 1, 2, 3]));
    writeFileSync(join(user, 'del.txt'), 'gone\n');
    git(user, 'add', '.');
    git(user, 'commit', '-qm', 'base');
    const base = git(user, 'rev-parse', 'HEAD').trim();
    const task = join(root, 'task');
    git(user, 'worktree', 'add', '-q', '-b', 'relay/t', task, base);
    const changed = [...lines];
    changed[1] = 'LINE 2';
    changed.splice(5, 0, 'inserted a', 'inserted b');
    changed[26] = 'LINE 25';
    writeFileSync(join(task, 'a.txt'), changed.join('\n') + '\n');
    git(task, 'mv', 'old.txt', 'new name.txt');
    writeFileSync(join(task, 'img.bin'), Buffer.from([0, 1, 2, 3, 255, 254]));
    git(task, 'rm', '-q', 'del.txt');
    writeFileSync(join(task, 'dé.txt'), 'fresh\n');
    git(task, 'add', '-A');
    const files = parseGitDiff(git(task, 'diff', '--cached', '--binary', '-M', base));
    const a = files.find((f) => f.newPath === 'a.txt')!;
    assert.equal(a.hunks.length, 2, 'two hunks: lines 2-6 and line 25');
    // The user keeps working meanwhile (another line of a.txt, staged: plain --3way wants the index to match),
    // which the three-way apply must keep.
    writeFileSync(join(user, 'a.txt'), lines.map((l, i) => (i === 15 ? 'user edit' : l)).join('\n') + '\n');
    git(user, 'add', 'a.txt');
    const patch = buildPatch(files, new Map([['a.txt', { accept: true, rejectedHunks: new Set([0]) }]]));
    const patchFile = join(root, 'p.diff');
    writeFileSync(patchFile, patch);
    git(user, 'apply', '--3way', patchFile);
    const result = readFileSync(join(user, 'a.txt'), 'utf8').split('\n');
    assert.equal(result[1], 'line 2', 'the rejected hunk is not applied');
    assert.equal(result[15], 'user edit', "the user's own edit is kept");
    assert.equal(result[24], 'LINE 25', 'the accepted hunk lands on the right line');
    assert.ok(existsSync(join(user, 'new name.txt')) && !existsSync(join(user, 'old.txt')));
    assert.deepEqual([...readFileSync(join(user, 'img.bin'))], [0, 1, 2, 3, 255, 254]);
    assert.ok(!existsSync(join(user, 'del.txt')));
    assert.equal(readFileSync(join(user, 'dé.txt'), 'utf8'), 'fresh\n');
  });
});
