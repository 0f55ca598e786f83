// Which text the chat turns into links that open a workspace file at a line (src/shared/file-references.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findFileReferences } from '../../../src/shared/file-references';

/** The references in `text` as "path:line[-end]" strings. */
function refs(text: string): string[] {
  return findFileReferences(text).map((r) => `${r.path}:${r.line}${r.endLine ? `-${r.endLine}` : ''}`);
}

describe('file references in model text', () => {
  test('the forms the instructions ask for, and the ones models write anyway', () => {
    assert.deepEqual(refs('see src/a.ts:10'), ['src/a.ts:10']);
    assert.deepEqual(refs('see src/a.ts:10-20.'), ['src/a.ts:10-20']);
    assert.deepEqual(refs('see src/a.ts:10–20'), ['src/a.ts:10-20']);
    assert.deepEqual(refs('see src/a.ts:10:5'), ['src/a.ts:10']);
    assert.deepEqual(refs('see src/a.ts#L10'), ['src/a.ts:10']);
    assert.deepEqual(refs('see src/a.ts#L10-L20'), ['src/a.ts:10-20']);
    assert.deepEqual(refs('see src/a.ts#L10-20'), ['src/a.ts:10-20']);
    assert.deepEqual(refs('README.md:3 and package.json:12'), ['README.md:3', 'package.json:12']);
    assert.deepEqual(refs('./src/a.ts:4 ../lib/b.py:5 /work/project/c.go:6'), ['./src/a.ts:4', '../lib/b.py:5', '/work/project/c.go:6']);
    assert.deepEqual(refs('src/Makefile:7'), ['src/Makefile:7']);
    assert.deepEqual(refs('src/@scope/pkg-name/index.d.ts:8'), ['src/@scope/pkg-name/index.d.ts:8']);
  });

  test('inside Markdown: backticks, parentheses, lists and the end of a sentence', () => {
    assert.deepEqual(refs('`src/a.ts:10`'), ['src/a.ts:10']);
    assert.deepEqual(refs('(src/a.ts:10)'), ['src/a.ts:10']);
    assert.deepEqual(refs('- src/a.ts:10, src/b.ts:2; done'), ['src/a.ts:10', 'src/b.ts:2']);
    assert.deepEqual(refs('It is at src/a.ts:10.'), ['src/a.ts:10']);
    assert.deepEqual(refs('"src/a.ts:10"'), ['src/a.ts:10']);
  });

  test('Windows paths', () => {
    assert.deepEqual(refs('C:\\repo\\src\\a.ts:10'), ['C:\\repo\\src\\a.ts:10']);
    assert.deepEqual(refs('src\\a.ts:10'), ['src\\a.ts:10']);
  });

  test('the position and length cover the path and the line part', () => {
    const [ref] = findFileReferences('at `src/a.ts:10-20` now');
    assert.deepEqual(ref, { index: 4, length: 14, path: 'src/a.ts', line: 10, endLine: 20 });
  });

  test('not references: URLs, hosts and ports, times, versions, ratios, line 0', () => {
    for (const text of [
      'http://host:8080',
      'http://localhost:8080/src/a.ts:10',
      'https://github.com/o/r/blob/main/src/a.ts#L10',
      'see example.com/src/a.ts:10 is not a URL but file://x/a.ts:3 is',
      'localhost:8080',
      'at 10:30 today',
      'ratio 16:9',
      'v1.2:3',
      'src/a.ts:0',
      'a.ts:10a',
      'user@host:22',
      'src/a.ts:',
      'src/a.ts',
    ]) {
      const found = refs(text);
      if (text.startsWith('see example.com')) assert.deepEqual(found, ['example.com/src/a.ts:10'], text);
      else assert.deepEqual(found, [], text);
    }
  });

  test('a range that ends before it starts keeps only its first line', () => {
    assert.deepEqual(findFileReferences('src/a.ts:20-10')[0], { index: 0, length: 14, path: 'src/a.ts', line: 20 });
  });
});
