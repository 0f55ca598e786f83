import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DRIFT_WINDOW, resolveSymbolPosition } from '../../../src/core/code-intel';

const FILE = ['import { addCents } from "./math";', '', 'const total = addCents(1, 2);', 'const addCentsLater = 3; // addCents again', 'export const x = ledger.balance();'].join('\n');

describe('symbol position: file + line + name -> the column', () => {
  it('finds the name on the given line, as a whole word', () => {
    const r = resolveSymbolPosition(FILE, 3, 'addCents');
    assert.deepEqual(r, { ok: true, position: { line: 2, character: 14 }, name: 'addCents', line: 3 });
  });

  it('skips longer identifiers that contain the name, and can pick a later occurrence on the line', () => {
    const first = resolveSymbolPosition(FILE, 4, 'addCents');
    assert.ok(first.ok);
    assert.equal(first.position.character, FILE.split('\n')[3]!.indexOf('// addCents') + 3, 'not inside addCentsLater');
    const line = 'f(a, a)';
    const second = resolveSymbolPosition(line, 1, 'a', 2);
    assert.ok(second.ok);
    assert.equal(second.position.character, 5);
  });

  it('takes the last segment of a dotted name, and ignores a trailing ()', () => {
    const dotted = resolveSymbolPosition(FILE, 5, 'ledger.balance');
    assert.ok(dotted.ok);
    assert.equal(dotted.name, 'balance');
    assert.equal(dotted.position.character, FILE.split('\n')[4]!.indexOf('balance'));
    const call = resolveSymbolPosition(FILE, 5, 'balance()');
    assert.ok(call.ok);
    assert.equal(call.position.character, dotted.position.character);
  });

  it('uses the nearest line with the name when the line drifted, and says so', () => {
    const r = resolveSymbolPosition(FILE, 2, 'addCents');
    assert.ok(r.ok);
    assert.equal(r.line, 3, 'one below beats one above at equal distance');
    assert.match(r.note ?? '', /"addCents" is not on line 2; used line 3 \(1 line below\)/);
    const above = resolveSymbolPosition(FILE, 5, 'total');
    assert.ok(above.ok);
    assert.equal(above.line, 3);
    assert.match(above.note ?? '', /2 lines above/);
  });

  it('clamps a line past the end of the file to the nearest line with the name', () => {
    const r = resolveSymbolPosition(FILE, 40, 'balance');
    assert.ok(r.ok);
    assert.equal(r.line, 5);
    assert.match(r.note ?? '', /Line 40 is outside the file \(5 lines\)/);
  });

  it('refuses when the name is nowhere near, quoting the line as it is', () => {
    const far = ['target();', ...Array.from({ length: DRIFT_WINDOW + 5 }, () => 'noise();')].join('\n');
    const r = resolveSymbolPosition(far, DRIFT_WINDOW + 4, 'target');
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.message, /"target" is not on line 34 or within 30 lines of it\. Line 34 is: "noise\(\);"/);
    assert.equal(resolveSymbolPosition('', 1, 'x').ok, false);
    assert.equal(resolveSymbolPosition(FILE, 1, '  ').ok, false);
  });

  it('finds operators and other non-identifiers as plain text', () => {
    const r = resolveSymbolPosition('a <=> b', 1, '<=>');
    assert.ok(r.ok);
    assert.equal(r.position.character, 2);
  });
});
