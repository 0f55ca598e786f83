import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineChangesBetween } from '../../../src/core/edit/line-changes';
import { unifiedDiffFor } from '../../../src/core/edit/unified-diff';

test('an update: unified diff text and counts', () => {
  const block = unifiedDiffFor({ path: 'src/a.ts', oldContent: 'a\nb\nc\n', newContent: 'a\nB\nc\nd\n' });
  assert.deepEqual(block, {
    unifiedDiff: '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1,3 +1,4 @@\n a\n-b\n+B\n c\n+d\n',
    added: 2,
    removed: 1,
  });
});

test('a new file is diffed against nothing', () => {
  const block = unifiedDiffFor({ path: 'new.md', newContent: '# T\n\nbody\n' });
  assert.deepEqual(block, { unifiedDiff: '--- /dev/null\n+++ b/new.md\n@@ -0,0 +1,3 @@\n+# T\n+\n+body\n', added: 3, removed: 0 });
});

test('a deleted file counts every line removed', () => {
  const block = unifiedDiffFor({ path: 'old.txt', oldContent: 'x\ny\n' });
  assert.equal(block.added, 0);
  assert.equal(block.removed, 2);
  assert.ok(block.unifiedDiff.startsWith('--- a/old.txt\n+++ /dev/null\n'));
});

test('the "no newline at end of file" marker is not counted as a line', () => {
  const block = unifiedDiffFor({ path: 'f', oldContent: 'a\nb', newContent: 'a\nc' });
  assert.ok(block.unifiedDiff.includes('\\ No newline at end of file'));
  assert.deepEqual([block.added, block.removed], [1, 1]);
});

test('no change gives an empty diff; a pure rename still shows its headers', () => {
  assert.deepEqual(unifiedDiffFor({ path: 'f', oldContent: 'same\n', newContent: 'same\n' }), { unifiedDiff: '', added: 0, removed: 0 });
  const rename = unifiedDiffFor({ path: 'a.ts', newPath: 'b.ts', oldContent: 'x\n', newContent: 'x\n' });
  assert.deepEqual(rename, { unifiedDiff: '--- a/a.ts\n+++ b/b.ts\n', added: 0, removed: 0 });
});

test('the context width is configurable', () => {
  const old = 'l1\nl2\nl3\nl4\nl5\nl6\nl7\n';
  const block = unifiedDiffFor({ path: 'f', oldContent: old, newContent: old.replace('l4', 'L4') }, 1);
  assert.equal(block.unifiedDiff, '--- a/f\n+++ b/f\n@@ -3,3 +3,3 @@\n l3\n-l4\n+L4\n l5\n');
});

test('lineChangesBetween: replacements, insertions and deletions in old coordinates', () => {
  assert.deepEqual(lineChangesBetween('a\nb\nc\n', 'a\nB\nc\n'), [{ startLine: 1, oldLineCount: 1, newLineCount: 1 }]);
  assert.deepEqual(lineChangesBetween('a\nb\n', 'a\nx\ny\nb\n'), [{ startLine: 1, oldLineCount: 0, newLineCount: 2 }]);
  assert.deepEqual(lineChangesBetween('a\nb\nc\nd\n', 'a\nd\n'), [{ startLine: 1, oldLineCount: 2, newLineCount: 0 }]);
  assert.deepEqual(lineChangesBetween('a\nb\n', 'x\na\nb\n'), [{ startLine: 0, oldLineCount: 0, newLineCount: 1 }]);
});
