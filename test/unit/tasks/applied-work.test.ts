// An applied task's work outlives its branch, on real repositories: the cleanup after an apply commits what the
// worktree held (never committed by the task) and keeps it under refs/relay/applied/<id> before the branch goes;
// Restore Branch makes a branch of it again (another name when that one is taken) and drops the ref; discarding
// the applied task drops it; refs no record names are dropped when orphans are looked for, held ones stay.
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import { findLeftovers } from '../../../src/host/tasks/orphan-cleanup';
import type { ParallelTasks } from '../../../src/host/tasks/parallel-tasks';
import type { WorktreeManager } from '../../../src/host/tasks/worktree-manager';
import { freshTaskRepository, git } from '../../support/task-repository';

const refs = (cwd: string) => git(cwd, 'for-each-ref', '--format=%(refname)', 'refs/relay/').split('\n').filter(Boolean);

describe("an applied task's work after its branch is deleted", () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'relay-applied-work-')));
  let n = 0;
  let user: string;
  let manager: WorktreeManager;
  let tasks: ParallelTasks;

  beforeEach(() => ({ user, manager, tasks } = freshTaskRepository(dir, ++n, 'a\n')));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const applied = async (id: string, file: string) => {
    const task = await tasks.start({ id, title: id, folder: user });
    assert.equal(task.state, 'running', task.setupOutput);
    writeFileSync(join(task.workRoot, file), `${id}\n`);
    tasks.report(id, 'finished');
    await tasks.markApplied(id);
    return tasks.cleanUp(id);
  };

  test('the cleanup keeps the uncommitted work under refs/relay/applied/<id>; Restore Branch makes a branch of it again', async () => {
    const record = await applied('fix', 'x.txt');
    assert.equal(record.removed, true);
    assert.equal(git(user, 'branch', '--list', 'relay/fix'), '', 'the branch is deleted, as the issue asks');
    assert.equal(record.appliedRef, `refs/relay/applied/fix`);
    assert.equal(git(user, 'show', `${record.appliedRef}:x.txt`), 'fix\n', 'the work the task never committed is kept');
    assert.match(git(user, 'log', '-1', '--format=%an%n%s', record.appliedRef), /^Relay\nRelay: fix/);

    // Meanwhile the user made a branch of the same name: Restore Branch takes the next free one.
    git(user, 'branch', 'relay/fix');
    assert.equal(await tasks.restoreBranch('fix'), 'relay/fix-2');
    assert.equal(git(user, 'show', 'relay/fix-2:x.txt'), 'fix\n');
    assert.deepEqual(refs(user), [], 'the ref goes once the branch holds the work');
    const after = tasks.get('fix')!;
    assert.equal(after.keptBranch, 'relay/fix-2');
    assert.equal(after.appliedRef, undefined);
    await tasks.flush();
  });

  test('discarding the applied task drops its ref; refs no record names are dropped at the orphan check, held ones stay', async () => {
    const one = await applied('one', 'one.txt');
    const two = await applied('two', 'two.txt');
    assert.deepEqual(refs(user).sort(), [one.appliedRef, two.appliedRef].sort());
    await tasks.discard('one');
    assert.deepEqual(refs(user), [two.appliedRef]);
    assert.equal(tasks.get('one')!.appliedRef, undefined);

    git(user, 'update-ref', 'refs/relay/applied/from-a-lost-record', 'HEAD');
    await findLeftovers({ tasks, manager, folders: () => [user], log: { warn: () => undefined } });
    assert.deepEqual(refs(user), [two.appliedRef], 'the ref of a task still listed stays, the unknown one is dropped');
  });
});
