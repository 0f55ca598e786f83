// One file of a task brought back three ways: untouched by the user takes the task's version, changed on both
// sides merges (text) or conflicts, and renames, deletions and additions never overwrite the user's work.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { afterMerge, decideFile, type FileSides } from '../../../src/core/tasks/apply-plan';

const b = (s: string) => new TextEncoder().encode(s);
const sides = (over: Partial<FileSides>): FileSides => ({ kind: 'modified', oldPath: 'f', newPath: 'f', binary: false, base: b('base'), ours: b('base'), oursAtNew: null, theirs: b('task'), ...over });

describe('apply plan', () => {
  test('a file the user did not touch takes the task version', () => {
    assert.deepEqual(decideFile(sides({})), { type: 'write', writes: [{ path: 'f', content: b('task') }] });
  });

  test('both sides changed: text is merged, binary conflicts, the same change is nothing to do', () => {
    assert.equal(decideFile(sides({ ours: b('mine') })).type, 'merge');
    assert.deepEqual(decideFile(sides({ ours: b('mine'), binary: true })), { type: 'conflict', path: 'f', reason: 'binary' });
    assert.deepEqual(decideFile(sides({ ours: b('task') })), { type: 'write', writes: [] });
  });

  test('a merge with conflicts is a conflict; a clean one writes the merged text', () => {
    assert.deepEqual(afterMerge(sides({}), b('m'), 2), { type: 'conflict', path: 'f', reason: 'overlap' });
    assert.deepEqual(afterMerge(sides({}), b('m'), 0), { type: 'write', writes: [{ path: 'f', content: b('m') }] });
  });

  test('an added file never overwrites a file the user created meanwhile', () => {
    const added = { kind: 'added' as const, oldPath: null, base: null };
    assert.deepEqual(decideFile(sides({ ...added, ours: null })), { type: 'write', writes: [{ path: 'f', content: b('task') }] });
    assert.deepEqual(decideFile(sides({ ...added, ours: b('users own') })), { type: 'conflict', path: 'f', reason: 'exists' });
  });

  test('a deletion only removes a file the user left as it was', () => {
    const deleted = { kind: 'deleted' as const, newPath: null, theirs: null };
    assert.deepEqual(decideFile(sides(deleted)), { type: 'write', writes: [{ path: 'f', content: null }] });
    assert.deepEqual(decideFile(sides({ ...deleted, ours: b('edited') })), { type: 'conflict', path: 'f', reason: 'changed' });
    assert.deepEqual(decideFile(sides({ ...deleted, ours: null })), { type: 'write', writes: [] });
  });

  test('a rename moves the file, merged when both changed it; an existing target or a missing source conflicts', () => {
    const renamed = { kind: 'renamed' as const, oldPath: 'old', newPath: 'new' };
    assert.deepEqual(decideFile(sides(renamed)), { type: 'write', writes: [{ path: 'new', content: b('task') }, { path: 'old', content: null }] });
    assert.deepEqual(afterMerge(sides(renamed), b('m'), 0), { type: 'write', writes: [{ path: 'new', content: b('m') }, { path: 'old', content: null }] });
    assert.deepEqual(decideFile(sides({ ...renamed, oursAtNew: b('other') })), { type: 'conflict', path: 'new', reason: 'target-exists' });
    assert.deepEqual(decideFile(sides({ ...renamed, ours: null })), { type: 'conflict', path: 'old', reason: 'missing' });
  });
});
