import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { minimalEdits, type OffsetEdit } from '../../../src/host/editing/minimal-edits';

function applyAll(text: string, edits: OffsetEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

describe('minimal line edits', () => {
  it('touches only the changed lines', () => {
    const before = 'a\nb\nc\nd\ne\n';
    const edits = minimalEdits(before, 'a\nB\nc\nd\nE\n');
    assert.equal(edits.length, 2);
    assert.deepEqual(edits[0], { start: 2, end: 4, text: 'B\n' });
    assert.equal(applyAll(before, edits), 'a\nB\nc\nd\nE\n');
  });

  it('is empty when nothing changed', () => {
    assert.deepEqual(minimalEdits('same\n', 'same\n'), []);
  });

  it('reproduces the target for any pair of texts (CRLF, no final newline, empty)', () => {
    const line = fc.constantFrom('x', 'y', 'z', '', '  indented', 'tab\there');
    const text = fc.tuple(fc.array(line, { maxLength: 12 }), fc.constantFrom('\n', '\r\n'), fc.boolean()).map(
      ([lines, eol, finalNewline]) => lines.join(eol) + (finalNewline && lines.length ? eol : ''),
    );
    fc.assert(
      fc.property(text, text, (a, b) => {
        const edits = minimalEdits(a, b);
        assert.equal(applyAll(a, edits), b);
        for (let i = 1; i < edits.length; i++) assert.ok(edits[i]!.start >= edits[i - 1]!.end, 'edits do not overlap');
      }),
      { numRuns: 500 },
    );
  });
});
