// A task's work brought back through git, and the cleanup after it, on real repositories: the snapshot of the
// user's working tree includes untracked files (an applied task's new file) without touching the user's index;
// Update From Base over such a file is clean; Merge Branch merges a clean branch and, when it would conflict,
// names the files and leaves the user's checkout untouched; Keep Branch keeps the branch and drops the worktree;
// an applied task's cleanup removes its worktree and branch and is no orphan afterwards.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import type { ParallelTasks } from '../../../src/host/tasks/parallel-tasks';
import { commitTaskWork, mergeTaskBranch } from '../../../src/host/tasks/review/branch-actions';
import { snapshotOf, updateFromBase } from '../../../src/host/tasks/task-changes';
import type { WorktreeManager } from '../../../src/host/tasks/worktree-manager';
import { freshTaskRepository, git, userRepository } from '../../support/task-repository';


describe('task branches and cleanup', () => {
  const dir = mkdtempSync(join(tmpdir(), 'relay-task-branches-'));
  let n = 0;
  let user: string;
  let manager: WorktreeManager;
  let tasks: ParallelTasks;

  beforeEach(() => ({ user, manager, tasks } = freshTaskRepository(dir, ++n, '1\n2\n3\n')));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const start = async (id: string) => {
    const task = await tasks.start({ id, title: id, folder: user });
    assert.equal(task.state, 'running', task.setupOutput);
    return task;
  };

  test("the snapshot holds untracked files and the user's edits; the user's index is untouched", async () => {
    const head = git(user, 'rev-parse', 'HEAD').trim();
    assert.equal(await snapshotOf(await userRepository(user)), head, 'nothing changed: HEAD itself');
    writeFileSync(join(user, 'a.txt'), '1\n2 changed\n3\n');
    writeFileSync(join(user, 'new.txt'), 'new\n');
    const snap = await snapshotOf(await userRepository(user));
    assert.notEqual(snap, head);
    assert.equal(git(user, 'show', `${snap}:new.txt`), 'new\n');
    assert.equal(git(user, 'show', `${snap}:a.txt`), '1\n2 changed\n3\n');
    assert.equal(git(user, 'diff', '--cached', '--name-only'), '');
    assert.equal(git(user, 'status', '--porcelain'), ' M a.txt\n?? new.txt\n');
  });

  test('Update From Base brings in a file the user has only as untracked (an earlier apply), cleanly', async () => {
    const task = await start('u');
    writeFileSync(join(task.workRoot, 'a.txt'), '1\n2\n3 by task\n');
    writeFileSync(join(user, 'new.txt'), 'from an earlier apply\n');
    const result = await updateFromBase(await manager.taskWorktree(task), await userRepository(user), 'Relay: u');
    assert.deepEqual(result.conflicts, []);
    assert.equal(readFileSync(join(task.workRoot, 'new.txt'), 'utf8'), 'from an earlier apply\n');
    assert.equal(git(task.workRoot, 'diff', '--name-only', result.baseCommit), 'a.txt\n', "against the new base only the task's own change is left");
  });

  test('Merge Branch: a clean branch is merged into the user branch; a conflicting one touches nothing and names the files', async () => {
    const clean = await start('clean');
    writeFileSync(join(clean.workRoot, 'b.txt'), 'b\n');
    assert.equal(await commitTaskWork(manager, clean, 'Relay: clean'), true);
    assert.equal(await commitTaskWork(manager, clean, 'Relay: clean'), false, 'nothing more to commit');
    assert.deepEqual(await mergeTaskBranch(manager, clean, 'Merge clean'), { merged: true });
    assert.equal(readFileSync(join(user, 'b.txt'), 'utf8'), 'b\n');
    assert.match(git(user, 'log', '-1', '--format=%s'), /Merge clean/);

    const clashing = await start('clashing');
    writeFileSync(join(clashing.workRoot, 'a.txt'), '1\n2 by task\n3\n');
    await commitTaskWork(manager, clashing, 'Relay: clashing');
    writeFileSync(join(user, 'a.txt'), '1\n2 by user\n3\n');
    git(user, 'commit', '-qam', 'user');
    const head = git(user, 'rev-parse', 'HEAD');
    assert.deepEqual(await mergeTaskBranch(manager, clashing, 'Merge clashing'), { merged: false, conflicts: ['a.txt'] });
    assert.equal(git(user, 'rev-parse', 'HEAD'), head);
    assert.equal(git(user, 'status', '--porcelain'), '', 'no half-done merge in the user checkout');
  });

  test("Keep Branch keeps the branch with the task's work; the applied task's cleanup removes worktree and branch, and it is no orphan", async () => {
    const kept = await start('kept');
    writeFileSync(join(kept.workRoot, 'k.txt'), 'k\n');
    await commitTaskWork(manager, kept, 'Relay: kept');
    tasks.report('kept', 'finished');
    const record = await tasks.discard('kept', { force: true, keepBranch: true });
    assert.equal(record.keptBranch, 'relay/kept');
    assert.equal(git(user, 'show', 'relay/kept:k.txt'), 'k\n');
    assert.ok(!git(user, 'worktree', 'list').includes(kept.workRoot));

    const applied = await start('applied');
    writeFileSync(join(applied.workRoot, 'x.txt'), 'x\n');
    tasks.report('applied', 'finished');
    await assert.rejects(tasks.cleanUp('applied'), /never applied/, 'only an applied task is cleaned up without asking');
    await tasks.markApplied('applied');
    const cleaned = await tasks.cleanUp('applied');
    assert.equal(cleaned.removed, true);
    assert.equal(cleaned.state, 'applied');
    assert.ok(!git(user, 'worktree', 'list').includes(applied.workRoot));
    assert.equal(git(user, 'branch', '--list', 'relay/applied'), '');
    assert.deepEqual(await tasks.orphans(user), { orphanWorktrees: [], missingWorktrees: [] });
  });
});
