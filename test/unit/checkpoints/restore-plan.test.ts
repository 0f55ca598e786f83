// Restore planning is pure: which state each path goes back to across edit and workspace checkpoints, and
// which changes are conflicts (the user changed the file after Relay's last step on it).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { changesToApply, pathsToRead, planRestore } from '../../../src/core/checkpoints/restore-plan';
import type { CheckpointStep, Coverage, FileState } from '../../../src/core/checkpoints/types';

const f = (hash: string): FileState => ({ type: 'file', hash, size: hash.length });
const files = (entries: Record<string, FileState | null>): Coverage => ({ scope: 'files', files: new Map(Object.entries(entries)) });
const workspace = (entries: Record<string, FileState>): Coverage => ({ scope: 'workspace', files: new Map(Object.entries(entries)) });
const step = (id: string, before: Coverage, after?: Coverage): CheckpointStep => ({ id, label: id, createdAt: 0, before, ...(after ? { after } : {}) });

describe('restore planning', () => {
  test('each path goes back to the first checkpoint at or after the target that covers it', () => {
    const steps = [
      step('s0', files({ '/w/a': f('a0') }), files({ '/w/a': f('a1') })),
      step('s1', files({ '/w/b': f('b0'), '/w/a': f('a1') }), files({ '/w/b': f('b1'), '/w/a': f('a2') })),
    ];
    const current = files({ '/w/a': f('a2'), '/w/b': f('b1') });
    assert.deepEqual(
      planRestore(steps, 0, current).changes.map((c) => [c.path, c.target, c.conflict]),
      [['/w/a', f('a0'), false], ['/w/b', f('b0'), false]],
    );
    assert.deepEqual(planRestore(steps, 1, current).changes.map((c) => [c.path, c.target]), [['/w/a', f('a1')], ['/w/b', f('b0')]]);
  });

  test('a workspace checkpoint deletes files created after it and recreates deleted ones', () => {
    const steps = [step('cmd', workspace({ '/w/keep': f('k'), '/w/gone': f('g') }), workspace({ '/w/keep': f('k'), '/w/new': f('n') }))];
    const current = workspace({ '/w/keep': f('k'), '/w/new': f('n') });
    assert.deepEqual(
      planRestore(steps, 0, current).changes.map((c) => [c.path, c.current, c.target]),
      [['/w/gone', null, f('g')], ['/w/new', f('n'), null]],
    );
    assert.equal(pathsToRead(steps, 0), undefined, 'a workspace step needs the whole workspace read');
  });

  test('a renamed file goes back under its old name and leaves the new one', () => {
    const steps = [step('mv', files({ '/w/old': f('x'), '/w/new': null }), files({ '/w/old': null, '/w/new': f('x') }))];
    const plan = planRestore(steps, 0, files({ '/w/old': null, '/w/new': f('x') }));
    assert.deepEqual(plan.changes.map((c) => [c.path, c.target]), [['/w/new', null], ['/w/old', f('x')]]);
  });

  test("a file that differs from what Relay's last step left is a conflict, kept by default", () => {
    const steps = [
      step('s0', files({ '/w/a': f('a0'), '/w/b': f('b0') }), files({ '/w/a': f('a1'), '/w/b': f('b1') })),
      step('s1', files({ '/w/a': f('a1') }), files({ '/w/a': f('a2') })),
    ];
    const current = files({ '/w/a': f('user'), '/w/b': f('b1') });
    const plan = planRestore(steps, 0, current);
    assert.deepEqual(plan.changes.map((c) => [c.path, c.conflict]), [['/w/a', true], ['/w/b', false]]);
    assert.deepEqual(changesToApply(plan, false).map((c) => c.path), ['/w/b']);
    assert.deepEqual(changesToApply(plan, true).map((c) => c.path), ['/w/a', '/w/b']);
  });

  test('a step with no recorded after state (it never finished) reports no conflict', () => {
    const plan = planRestore([step('s0', files({ '/w/a': f('a0') }))], 0, files({ '/w/a': f('other') }));
    assert.deepEqual(plan.changes.map((c) => c.conflict), [false]);
  });

  test('unchanged paths, paths no later step covers and files over the size limit', () => {
    const steps = [step('s0', files({ '/w/same': f('s'), '/w/big': { type: 'skipped', size: 9 } }), files({ '/w/same': f('s'), '/w/big': { type: 'skipped', size: 10 } }))];
    const plan = planRestore(steps, 0, files({ '/w/same': f('s'), '/w/big': { type: 'skipped', size: 10 }, '/w/else': f('e') }));
    assert.deepEqual(plan.changes, []);
    assert.deepEqual(plan.unrestorable, [{ path: '/w/big', size: 9 }]);
    assert.throws(() => planRestore(steps, 3, files({})), RangeError);
  });
});
