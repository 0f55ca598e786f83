// What a task's review decided, in the apply's terms: files rejected whole left out, the review's right side taken
// as the accepted content (undecided hunks kept), deletions accepted as they are, an unreadable review refused.
// And which tasks the commands offer when no id is given.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { reviewableTasks, reviewOutcome, taskIdOf } from '../../../src/core/tasks/review-outcome';
import type { ParallelTaskRecord } from '../../../src/core/tasks/task-record';
import type { TaskState } from '../../../src/core/tasks/task-state';

const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : undefined);

describe('review outcome', () => {
  test('every hunk rejected leaves the file out; otherwise its review text is the accepted content', () => {
    const out = reviewOutcome(
      [
        { path: 'a.txt', newPath: 'a.txt' },
        { path: 'b.txt', newPath: 'b.txt' },
        { path: 'new.txt', newPath: 'new.txt' },
      ],
      [
        { text: 'a with one hunk put back\n', decisions: ['accepted', 'rejected'] },
        { text: 'b as base\n', decisions: ['rejected', 'rejected'] },
        { text: 'new\n', decisions: ['pending'] },
      ],
    );
    assert.deepEqual(out.decisions.get('b.txt'), { accept: false });
    assert.equal(out.decisions.has('a.txt'), false);
    assert.equal(text(out.contents.get('a.txt')), 'a with one hunk put back\n');
    assert.equal(out.contents.has('b.txt'), false);
    assert.equal(text(out.contents.get('new.txt')), 'new\n');
    assert.equal(out.pending, 1);
    assert.deepEqual(out.unreadable, []);
  });

  test('a rename is keyed by its new path; an accepted deletion carries no content; a rejected one is left out', () => {
    const out = reviewOutcome(
      [
        { path: 'to.txt', newPath: 'to.txt' },
        { path: 'gone.txt', newPath: null },
        { path: 'kept.txt', newPath: null },
      ],
      [
        { text: 'moved\n', decisions: ['accepted'] },
        { text: '', decisions: ['accepted'] },
        { text: 'kept\n', decisions: ['rejected'] },
      ],
    );
    assert.equal(text(out.contents.get('to.txt')), 'moved\n');
    assert.equal(out.contents.has('gone.txt'), false);
    assert.equal(out.decisions.has('gone.txt'), false);
    assert.deepEqual(out.decisions.get('kept.txt'), { accept: false });
  });

  test('a file without hunks (a pure rename) is kept; a review side that cannot be read is reported, not guessed', () => {
    const out = reviewOutcome(
      [
        { path: 'renamed.txt', newPath: 'renamed.txt' },
        { path: 'lost.txt', newPath: 'lost.txt' },
        { path: 'missing.txt', newPath: 'missing.txt' },
      ],
      [
        { text: 'same\n', decisions: [] },
        { text: undefined, decisions: ['accepted'] },
      ],
    );
    assert.equal(text(out.contents.get('renamed.txt')), 'same\n');
    assert.deepEqual(out.unreadable, ['lost.txt', 'missing.txt']);
  });

  test('the commands offer finished or failed tasks whose worktree is still there', () => {
    const task = (id: string, state: TaskState, more: Partial<ParallelTaskRecord> = {}): ParallelTaskRecord => ({
      id,
      title: id,
      state,
      isolation: 'worktree',
      writes: true,
      repoRoot: '/r',
      workRoot: `/w/${id}`,
      createdAt: 0,
      ...more,
    });
    const all = [
      task('ready', 'ready-for-review'),
      task('failed', 'failed'),
      task('running', 'running'),
      task('applied', 'applied', { removed: true }),
      task('gone', 'discarded'),
      task('inplace', 'ready-for-review', { isolation: 'in-place' }),
      task('removed', 'ready-for-review', { removed: true }),
    ];
    assert.deepEqual(reviewableTasks(all).map((t) => t.id), ['ready', 'failed']);
  });

  test('a command takes the task id itself, or the Tasks view item or record carrying it', () => {
    assert.equal(taskIdOf('t1'), 't1');
    assert.equal(taskIdOf({ taskId: 't2', id: 'tree-item-id' }), 't2');
    assert.equal(taskIdOf({ task: { id: 't3' } }), 't3');
    assert.equal(taskIdOf({ id: 't4' }), 't4');
    assert.equal(taskIdOf(''), undefined);
    assert.equal(taskIdOf(undefined), undefined);
    assert.equal(taskIdOf({ id: 5 }), undefined);
  });
});
