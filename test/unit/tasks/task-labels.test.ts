// What a Tasks view row says after the task's title (issue 38): the branch the task has now, never one an apply
// deleted; a kept or restored branch by its name.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParallelTaskRecord } from '../../../src/core/tasks/task-record';
import { taskDescription, taskTooltip } from '../../../src/host/tasks/task-labels';

const task = (extra: Partial<ParallelTaskRecord>): ParallelTaskRecord => ({
  id: 't1', title: 'Write one', state: 'ready-for-review', isolation: 'worktree', writes: true, repoRoot: '/repo', workRoot: '/wt/t1', branch: 'relay/write-one', createdAt: 0, changedFiles: 1, ...extra,
});

describe('Tasks view rows', () => {
  it('a task in review names its branch and its files', () => {
    assert.equal(taskDescription(task({})), 'Ready for review · relay/write-one · 1 file');
  });

  it('an applied task whose branch the apply deleted names no branch, in its row or its tooltip', () => {
    const applied = task({ state: 'applied', removed: true, appliedRef: 'refs/relay/applied/t1' });
    assert.equal(taskDescription(applied), 'Applied · 1 file');
    assert.doesNotMatch(taskTooltip(applied), /Branch: relay\/write-one/);
    assert.match(taskTooltip(applied), /Its branch was deleted after the apply/);
  });

  it('a branch kept (or restored) after the apply is named', () => {
    assert.equal(taskDescription(task({ state: 'applied', removed: true, keptBranch: 'relay/write-one' })), 'Applied · relay/write-one · 1 file');
    assert.equal(taskDescription(task({ state: 'applied', removed: true, keptBranch: 'relay/write-one-2' })), 'Applied · relay/write-one-2 · 1 file');
  });
});
