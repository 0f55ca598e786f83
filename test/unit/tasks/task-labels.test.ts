// What a Tasks view row says after the task's title (issue 38): its state and file count, short enough for a 300 px
// side bar; the row under it names the branch the task has now, never one an apply deleted; a kept or restored
// branch by its name.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParallelTaskRecord } from '../../../src/core/tasks/task-record';
import { taskBranchLine, taskDescription, taskTooltip } from '../../../src/host/tasks/task-labels';

const task = (extra: Partial<ParallelTaskRecord>): ParallelTaskRecord => ({
  id: 't1', title: 'Write one', state: 'ready-for-review', isolation: 'worktree', writes: true, repoRoot: '/repo', workRoot: '/wt/t1', branch: 'relay/write-one', createdAt: 0, changedFiles: 1, ...extra,
});

describe('Tasks view rows', () => {
  it('a task in review says its state and files on its row, and its branch and disk use on the row under it', () => {
    assert.equal(taskDescription(task({})), 'Ready for review · 1 file');
    assert.deepEqual(taskBranchLine(task({ diskBytes: 4096 })), { label: 'relay/write-one', description: '4.0 KB', inPlace: false });
    assert.deepEqual(taskBranchLine(task({ isolation: 'in-place', branch: undefined })), { label: 'in the folder itself', inPlace: true });
  });

  it('the row after the title fits a 300 px side bar: no branch or disk use in it, whatever their length', () => {
    const long = task({ branch: 'relay/fix-the-login-redirect-loop-on-expired-sessions', changedFiles: 12, diskBytes: 3_500_000 });
    for (const state of ['queued', 'running', 'needs-approval', 'ready-for-review', 'applied', 'failed'] as const) {
      const text = taskDescription({ ...long, state });
      assert.doesNotMatch(text, /relay\/|MB/, text);
      assert.ok(text.length <= 28, `"${text}" is ${text.length} characters`);
    }
  });

  it('an applied task whose branch the apply deleted names no branch, in its row or its tooltip', () => {
    const applied = task({ state: 'applied', removed: true, appliedRef: 'refs/relay/applied/t1' });
    assert.equal(taskDescription(applied), 'Applied · 1 file');
    assert.equal(taskBranchLine(applied), undefined, 'no row under it names the deleted branch');
    assert.doesNotMatch(taskTooltip(applied), /Branch: relay\/write-one/);
    assert.match(taskTooltip(applied), /Its branch was deleted after the apply/);
  });

  it('a branch kept (or restored) after the apply is named', () => {
    assert.equal(taskBranchLine(task({ state: 'applied', removed: true, keptBranch: 'relay/write-one' }))?.label, 'relay/write-one');
    assert.equal(taskBranchLine(task({ state: 'applied', removed: true, keptBranch: 'relay/write-one-2' }))?.label, 'relay/write-one-2');
  });
});
