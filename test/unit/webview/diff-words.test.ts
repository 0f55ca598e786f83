import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changedParts } from '../../../webview/render/blocks/diff-words';

const marked = (parts: { text: string; changed: boolean }[] | undefined) => parts?.filter((p) => p.changed).map((p) => p.text);

describe('webview: the changed words of a diff card', () => {
  it('pairs removed and added lines in order and marks only the words that changed, on both sides', () => {
    const lines = [
      '@@ -1,4 +1,4 @@',
      '-export function addCents(a: number, b: number): number {',
      '-  for (const value of values) total = addCents(total, value);',
      '+export function plusCents(a: number, b: number): number {',
      '+  for (const value of values) total = plusCents(total, value);',
      ' }',
    ];
    const marks = changedParts(lines);
    assert.deepEqual([...marks.keys()].sort(), [1, 2, 3, 4]);
    assert.deepEqual(marked(marks.get(1)), ['addCents']);
    assert.deepEqual(marked(marks.get(3)), ['plusCents']);
    assert.deepEqual(marked(marks.get(2)), ['addCents']);
    assert.deepEqual(marked(marks.get(4)), ['plusCents']);
    // The parts put back together are the line without its marker: nothing is lost or doubled.
    assert.equal(marks.get(2)!.map((p) => p.text).join(''), lines[2]!.slice(1));
    assert.equal(marks.get(4)!.map((p) => p.text).join(''), lines[4]!.slice(1));
  });

  it('leaves unpaired lines, file headers and lines with little in common unmarked', () => {
    const marks = changedParts(['--- a/x.ts', '+++ b/x.ts', '-const a = 1;', '+import { readFileSync } from "node:fs";', '+const extra = 2;', ' context']);
    assert.equal(marks.size, 0);
  });

  it('does not diff very long lines', () => {
    const long = 'x'.repeat(500);
    assert.equal(changedParts([`-${long}a`, `+${long}b`]).size, 0);
  });
});
