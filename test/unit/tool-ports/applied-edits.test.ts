// The applied-edits archive behind a card's "Open diff": what each call applied, bounded, only on success.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ApplyOutcome, EditApplier, ProposedFileChange } from '../../../src/core/ports/edit-review';
import { AppliedEdits } from '../../../src/host/tool-ports/applied-edits';

const update = (path: string, before: string, after: string): ProposedFileChange => ({ kind: 'update', path, baseText: before, proposedText: after });

function applier(outcome: ApplyOutcome = { ok: true, saved: [] }): EditApplier & { calls: unknown[] } {
  const calls: unknown[] = [];
  return { calls, apply: async (changes, origin) => (calls.push({ changes, origin }), outcome) };
}

describe('applied edits: the before and after of each call', () => {
  test('keeps every file of a call, passes the origin through, and names moves and deletions by their outcome', async () => {
    const inner = applier();
    const archive = new AppliedEdits(inner);
    await archive.apply(
      [
        update('/w/a.ts', 'a1', 'a2'),
        { kind: 'create', path: '/w/new.ts', baseText: undefined, proposedText: 'n' },
        { kind: 'delete', path: '/w/old.ts', baseText: 'gone', proposedText: undefined },
        { kind: 'move', path: '/w/x.ts', newPath: '/w/y.ts', baseText: 'x', proposedText: 'x2' },
      ],
      { callId: 'c1' },
    );
    assert.deepEqual(archive.get('c1'), [
      { path: '/w/a.ts', before: 'a1', after: 'a2' },
      { path: '/w/new.ts', before: '', after: 'n' },
      { path: '/w/old.ts', before: 'gone', after: undefined },
      { path: '/w/y.ts', before: 'x', after: 'x2' },
    ]);
    assert.deepEqual((inner.calls[0] as { origin: unknown }).origin, { callId: 'c1' });
  });

  test('a conflict or failure is not remembered; an edit without origin is applied but not remembered', async () => {
    const conflict = new AppliedEdits(applier({ ok: false, reason: 'conflict', path: '/w/a.ts', currentText: 'z' }));
    await conflict.apply([update('/w/a.ts', 'a', 'b')], { callId: 'c1' });
    assert.equal(conflict.get('c1'), undefined);
    const plain = new AppliedEdits(applier());
    await plain.apply([update('/w/a.ts', 'a', 'b')]);
    assert.equal(plain.get('c1'), undefined);
  });

  test('the newest application of a call wins (an edit recomputed after a conflict)', async () => {
    const archive = new AppliedEdits(applier());
    await archive.apply([update('/w/a.ts', 'a', 'b')], { callId: 'c1' });
    await archive.apply([update('/w/a.ts', 'a', 'c')], { callId: 'c1' });
    assert.equal(archive.get('c1')?.[0]?.after, 'c');
  });

  test('bounded by calls and by characters: the oldest are forgotten first', async () => {
    const archive = new AppliedEdits(applier(), { maxCalls: 2, maxChars: 10 });
    await archive.apply([update('/w/a', 'aa', 'bb')], { callId: 'c1' });
    await archive.apply([update('/w/b', 'aa', 'bb')], { callId: 'c2' });
    await archive.apply([update('/w/c', 'aa', 'bb')], { callId: 'c3' });
    assert.equal(archive.get('c1'), undefined, 'over the call limit');
    assert.ok(archive.get('c2') && archive.get('c3'));
    await archive.apply([update('/w/d', 'aaaa', 'bbbb')], { callId: 'c4' });
    assert.equal(archive.get('c2'), undefined, 'over the character limit');
    assert.equal(archive.get('c3'), undefined);
    assert.ok(archive.get('c4'));
  });
});
