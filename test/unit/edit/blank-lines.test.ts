// The blank-line pass of whitespace-normalised, piece by piece: where it aligns, and how newText is laid out.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEdits } from '../../../src/core/edit/apply-edits';
import { alignToWindow } from '../../../src/core/edit/blank-alignment';
import { LineIndex } from '../../../src/core/edit/line-index';
import { findBlankTolerant } from '../../../src/core/edit/strategies/blank-tolerant';

test('aligns non-blank lines one to one and blank lines where the file has them', () => {
  const index = new LineIndex('x();\na();\n\n\nb();\n\nc();\n');
  const found = findBlankTolerant(index, ['a();', '', 'b();', 'c();']);
  assert.deepEqual(found, [{ type: 'lines', startLine: 1, endLine: 7, alignment: [1, 2, 4, 6] }]);
});

test('a blank search line the file lacks stands for nothing, and does not widen the window', () => {
  const index = new LineIndex('x();\na();\nb();\n');
  assert.deepEqual(findBlankTolerant(index, ['', 'a();', 'b();', '']), [{ type: 'lines', startLine: 1, endLine: 3, alignment: [-1, 1, 2, -1] }]);
});

test('never aligns with the empty piece after the final newline', () => {
  const index = new LineIndex('a();\nb();\n');
  assert.deepEqual(findBlankTolerant(index, ['a();', 'b();', '']), [{ type: 'lines', startLine: 0, endLine: 2, alignment: [0, 1, -1] }]);
});

test('needs two non-blank lines and equal non-blank lines', () => {
  const index = new LineIndex('a();\n\nb();\n');
  assert.deepEqual(findBlankTolerant(index, ['', 'a();', '']), []);
  assert.deepEqual(findBlankTolerant(index, ['a();', 'c();']), []);
});

test('newText is laid out in the window: kept lines in place, the file blank lines kept, added lines where written', () => {
  // Window: a, "", b, c. The model saw a, b, c and replaced b with B1, B2.
  const aligned = alignToWindow(4, [0, 2, 3], ['a', 'b', 'c'], ['a', 'B1', 'B2', 'c']);
  assert.deepEqual(aligned, { searchLines: ['a', '', 'b', 'c'], newLines: ['a', '', 'B1', 'B2', 'c'] });
});

test('blank lines the model added to newText beyond its oldText are written', () => {
  const aligned = alignToWindow(2, [0, 1], ['a', 'b'], ['a', '', 'b']);
  assert.deepEqual(aligned.newLines, ['a', '', 'b']);
});

test('a whitespace-only blank line in oldText aligns with an empty file line and is kept as the file has it', () => {
  const result = applyEdits('one();\n\ntwo();\nthree();\n', [{ oldText: 'one();\n   \n   \ntwo();\nthree();', newText: 'one();\n   \n   \ntwo();\nfour();' }]);
  assert.ok(result.ok, result.ok ? '' : result.failure.message);
  assert.equal(result.content, 'one();\n\ntwo();\nfour();\n');
  assert.equal(result.applied[0]!.strategy, 'whitespace-normalised');
});

test('the blank-line pass runs only when the one-to-one pass finds nothing', () => {
  // "a();\nb();" is in the file line for line (lines 4-5) and, blank lines aside, at lines 1-3: no ambiguity.
  const result = applyEdits('a();\n\nb();\na();\nb();\n', [{ oldText: 'a();\nb();', newText: 'a();\nc();' }]);
  assert.ok(result.ok, result.ok ? '' : result.failure.message);
  assert.equal(result.applied[0]!.strategy, 'exact');
  assert.equal(result.content, 'a();\n\nb();\na();\nc();\n');
});
