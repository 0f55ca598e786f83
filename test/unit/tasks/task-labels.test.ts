// What the Tasks view's rows say under a task's title (issue 38): its state first on a line of its own (after a
// longer title, on the title's line, it was cut off at 300 px), with what it changed said as it is ("no changes",
// never "0 files"); the row under that names the branch the task has now, never one an apply deleted; a kept or
// restored branch by its name.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ParallelTaskRecord } from '../../../src/core/tasks/task-record';
import { changesLabel, taskBranchLine, taskStateLine, taskTooltip } from '../../../src/host/tasks/task-labels';

const task = (extra: Partial<ParallelTaskRecord>): ParallelTaskRecord => ({
  id: 't1', title: 'Write one', state: 'ready-for-review', isolation: 'worktree', writes: true, repoRoot: '/repo', workRoot: '/wt/t1', branch: 'relay/write-one', createdAt: 0, changedFiles: 1, ...extra,
});

describe('Tasks view rows', () => {
  it('a task in review says its state and files on the row under its title, and its branch and disk use under that', () => {
    assert.deepEqual(taskStateLine(task({})), { label: 'Ready for review', description: '1 file' });
    assert.deepEqual(taskBranchLine(task({ diskBytes: 4096 })), { label: 'relay/write-one', description: '4.0 KB', inPlace: false });
    assert.deepEqual(taskBranchLine(task({ isolation: 'in-place', branch: undefined })), { label: 'in the folder itself', inPlace: true });
  });

  it('the state line fits a 300 px side bar: the state starts it, no title, branch or disk use in it, whatever their length', () => {
    const long = task({ title: 'Check the readme and fix every broken link in the docs folder', branch: 'relay/fix-the-login-redirect-loop-on-expired-sessions', changedFiles: 12, diskBytes: 3_500_000 });
    for (const state of ['queued', 'running', 'needs-approval', 'ready-for-review', 'applied', 'failed'] as const) {
      const line = taskStateLine({ ...long, state });
      const text = `${line.label} · ${line.description}`;
      assert.doesNotMatch(text, /relay\/|MB|Check the readme/, text);
      assert.ok(text.length <= 28, `"${text}" is ${text.length} characters`);
    }
  });

  it('a task that changed nothing says "no changes", never "0 files"; before it is known, nothing', () => {
    assert.equal(changesLabel(0), 'no changes');
    assert.equal(changesLabel(1), '1 file');
    assert.equal(changesLabel(3), '3 files');
    assert.equal(changesLabel(undefined), undefined);
    assert.deepEqual(taskStateLine(task({ changedFiles: 0 })), { label: 'Ready for review', description: 'no changes' });
    assert.deepEqual(taskStateLine(task({ state: 'queued', changedFiles: undefined })), { label: 'Queued' });
    assert.match(taskTooltip(task({ changedFiles: 0 })), /^Changes: no changes$/m);
    assert.doesNotMatch(taskTooltip(task({ changedFiles: 0 })), /\b0 files/);
  });

  it('an applied task whose branch the apply deleted names no branch, in its row or its tooltip', () => {
    const applied = task({ state: 'applied', removed: true, appliedRef: 'refs/relay/applied/t1' });
    assert.deepEqual(taskStateLine(applied), { label: 'Applied', description: '1 file' });
    assert.equal(taskBranchLine(applied), undefined, 'no row under it names the deleted branch');
    assert.doesNotMatch(taskTooltip(applied), /Branch: relay\/write-one/);
    assert.match(taskTooltip(applied), /Its branch was deleted after the apply/);
  });

  it('a branch kept (or restored) after the apply is named', () => {
    assert.equal(taskBranchLine(task({ state: 'applied', removed: true, keptBranch: 'relay/write-one' }))?.label, 'relay/write-one');
    assert.equal(taskBranchLine(task({ state: 'applied', removed: true, keptBranch: 'relay/write-one-2' }))?.label, 'relay/write-one-2');
  });
});
