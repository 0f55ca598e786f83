// applyEdits beyond the corpus: the structured result the tool layer relies on, and properties over random files.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { applyEdits } from '../../../src/core/edit/apply-edits';

test('the result reports ranges, line changes and a note per edit', () => {
  const file = 'a\nb\nc\nd\ne\n';
  const result = applyEdits(file, [
    { oldText: 'b\nc\n', newText: 'B\n' },
    { oldText: 'e', newText: 'E1\nE2' },
  ]);
  assert.ok(result.ok);
  assert.equal(result.content, 'a\nB\nd\nE1\nE2\n');
  assert.deepEqual(
    result.applied.map((a) => [a.strategy, a.ranges]),
    [
      ['exact', [{ startLine: 2, endLine: 3 }]],
      ['exact', [{ startLine: 5, endLine: 5 }]],
    ],
  );
  assert.deepEqual(result.lineChanges, [
    { startLine: 1, oldLineCount: 2, newLineCount: 1 },
    { startLine: 4, oldLineCount: 1, newLineCount: 2 },
  ]);
});

test('two edits on one line merge into one line change', () => {
  const result = applyEdits('x = a + b\n', [
    { oldText: 'a', newText: 'alpha' },
    { oldText: 'b', newText: 'beta\n' },
  ]);
  assert.ok(result.ok);
  assert.equal(result.content, 'x = alpha + beta\n\n');
  assert.deepEqual(result.lineChanges, [{ startLine: 0, oldLineCount: 1, newLineCount: 2 }]);
});

test('block-anchor reports its similarity', () => {
  const file = 'function f() {\n  const a = 1;\n  const b = 2;\n  return a + b;\n}\n';
  const result = applyEdits(file, [{ oldText: 'function f() {\n  const a = 1;\n  const c = 2;\n  return a + b;\n}', newText: 'function f() {\n  const a = 1;\n  const c = 2;\n  return a * b;\n}' }]);
  assert.ok(result.ok);
  assert.equal(result.applied[0]!.strategy, 'block-anchor');
  // The misremembered line is one the edit keeps: the file's line stays.
  assert.equal(result.content, 'function f() {\n  const a = 1;\n  const b = 2;\n  return a * b;\n}\n');
  assert.ok(result.applied[0]!.similarity! > 0.9 && result.applied[0]!.similarity! < 1);
});

test('a no-occurrence failure carries the closest region as data', () => {
  const result = applyEdits('alpha\nbeta\ngamma\n', [{ oldText: 'beta\ngamma!', newText: 'x' }]);
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.equal(result.failure.kind, 'no_occurrence');
  assert.deepEqual(result.failure.closest, {
    startLine: 2,
    endLine: 3,
    similarity: 1 - 1 / 'beta\ngamma!'.length,
    firstDifference: { line: 3, fileText: 'gamma', searchText: 'gamma!' },
  });
});

test('an ambiguous match lists at most ten lines and says how many more', () => {
  const file = Array.from({ length: 15 }, () => 'tick();').join('\n');
  const result = applyEdits(file, [{ oldText: 'tick();', newText: 'tock();' }]);
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.equal(result.failure.candidateLines!.length, 15);
  assert.ok(result.failure.message.includes('starting at lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 (+5 more)'), result.failure.message);
});

// Random files built from lines of a small alphabet, with a chosen line ending, BOM and final newline.
const fileArb = fc.record({
  lines: fc.array(fc.stringMatching(/^[a-z ]{0,12}$/), { minLength: 1, maxLength: 30 }),
  crlf: fc.boolean(),
  bom: fc.boolean(),
  finalNewline: fc.boolean(),
});

function render(f: { lines: string[]; crlf: boolean; bom: boolean; finalNewline: boolean }, lines = f.lines): string {
  const eol = f.crlf ? '\r\n' : '\n';
  return (f.bom ? '\uFEFF' : '') + lines.join(eol) + (f.finalNewline ? eol : '');
}

test('property: replacing a unique line changes exactly that line and keeps endings, BOM and final newline', () => {
  fc.assert(
    fc.property(fileArb, fc.nat(), fc.stringMatching(/^[A-Z]{1,8}$/), (f, pick, replacement) => {
      const lines = f.lines.map((l, i) => `${l}#${i}#`); // no line is a substring of another
      const i = pick % lines.length;
      const before = render(f, lines);
      const result = applyEdits(before, [{ oldText: lines[i]!, newText: replacement }]);
      assert.ok(result.ok);
      assert.equal(result.applied[0]!.strategy, 'exact');
      const expectedLines = [...lines];
      expectedLines[i] = replacement;
      assert.equal(result.content, render(f, expectedLines));
      assert.deepEqual(result.lineChanges, [{ startLine: i, oldLineCount: 1, newLineCount: 1 }]);
    }),
  );
});

test('property: an edit found after stripping indentation re-indents back to the identical file', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.stringMatching(/^[a-z]{1,8}$/)), { minLength: 2, maxLength: 12 }),
      fc.constantFrom('\t', '  ', '    '),
      fc.integer({ min: 1, max: 3 }),
      (block, unit, base) => {
        const file = block.map(([depth, word], i) => `${unit.repeat(base + depth)}${word}${i}`).join('\n') + '\n';
        const flatDepth = Math.min(...block.map(([d]) => d));
        const quoted = block.map(([depth, word], i) => `${'  '.repeat(depth - flatDepth)}${word}${i}`).join('\n');
        const changed = quoted.replace(/(\w+0)$/m, '$1_x');
        const result = applyEdits(file, [{ oldText: quoted, newText: changed }]);
        assert.ok(result.ok, result.ok ? '' : result.failure.message);
        assert.equal(result.content, file.replace(/(\w+0)$/m, '$1_x'));
      },
    ),
  );
});
