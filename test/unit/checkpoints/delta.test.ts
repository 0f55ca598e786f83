// The delta codec the checkpoint store keeps small changes with: every target comes back byte for byte, a
// one-line change costs about the line, and a damaged delta is refused with a clear error.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyDelta, encodeDelta } from '../../../src/core/checkpoints/delta';

/** Deterministic text of `lines` distinct lines. */
function text(lines: number, seed = 1): string[] {
  let x = seed;
  return Array.from({ length: lines }, (_, i) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return `line ${i}: const value${x % 9973} = compute(${x % 101}, "${(x >>> 8).toString(36)}");`;
  });
}

const bytes = (s: string) => new TextEncoder().encode(s);

describe('checkpoint deltas', () => {
  test('a one-line change round-trips and costs about the changed line', () => {
    const lines = text(3000);
    const base = bytes(lines.join('\n'));
    lines[1234] = '// changed by a step';
    const target = bytes(lines.join('\n'));
    const delta = encodeDelta(base, target);
    assert.deepEqual(applyDelta(base, delta), target);
    assert.ok(delta.length < 200, `delta of ${delta.length} bytes for a one-line change of a ${base.length} byte file`);
  });

  test('insertions, deletions, moved blocks, empty and unrelated inputs all round-trip', () => {
    const lines = text(800, 7);
    const base = bytes(lines.join('\n'));
    const moved = [...lines.slice(400), ...lines.slice(0, 400)];
    const cases: Uint8Array[] = [
      bytes([...lines.slice(0, 10), 'inserted', ...lines.slice(10)].join('\n')),
      bytes([...lines.slice(0, 10), ...lines.slice(90)].join('\n')),
      bytes(moved.join('\n')),
      new Uint8Array(0),
      bytes('short'),
      bytes(text(500, 99).join('\n')),
      Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256),
    ];
    for (const target of cases) assert.deepEqual(applyDelta(base, encodeDelta(base, target)), target);
    assert.deepEqual(applyDelta(new Uint8Array(0), encodeDelta(new Uint8Array(0), base)), base);
    assert.ok(encodeDelta(base, cases[2]!).length < 100, 'a moved block is two copies');
  });

  test('a damaged delta is refused with a clear error, never a wrong file', () => {
    const base = bytes(text(200).join('\n'));
    const delta = encodeDelta(base, bytes(text(200).join('\n') + '\nmore'));
    assert.throws(() => applyDelta(base.subarray(0, 100), delta), /Checkpoint delta is damaged/);
    assert.throws(() => applyDelta(base, delta.subarray(0, delta.length - 2)), /Checkpoint delta is damaged/);
    const unknown = Uint8Array.from(delta);
    unknown[unknown.findIndex((b, i) => i > 0 && b === 1)] = 9;
    assert.throws(() => applyDelta(base, unknown), /Checkpoint delta is damaged/);
  });
});
