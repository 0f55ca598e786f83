// The parallel task's life: allowed transitions, refused ones named, and what the status bar and slots count.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TaskTransitionError, canTake, holdsSlot, isFinal, needsUser, nextState, type TaskEvent, type TaskState } from '../../../src/core/tasks/task-state';
import { branchFor, shortName } from '../../../src/core/tasks/task-record';

function run(events: TaskEvent[], from: TaskState = 'queued'): TaskState {
  return events.reduce<TaskState>((s, e) => nextState(s, e), from);
}

describe('parallel task states', () => {
  test('a task goes from the queue through setup and work to review and apply', () => {
    assert.equal(run(['slot-granted', 'setup-succeeded', 'approval-asked', 'answered', 'input-asked', 'answered', 'finished', 'applied']), 'applied');
  });

  test('a failed setup keeps the task in "setup failed", from which it can be set up again or discarded', () => {
    assert.equal(run(['slot-granted', 'setup-failed']), 'setup-failed');
    assert.equal(run(['slot-granted', 'setup-failed', 'slot-granted']), 'setting-up');
    assert.equal(run(['slot-granted', 'setup-failed', 'discarded']), 'discarded');
    assert.equal(canTake('setup-failed', 'finished'), false);
  });

  test('a transition the table does not allow is refused by name', () => {
    assert.throws(() => nextState('queued', 'finished'), (e: unknown) => e instanceof TaskTransitionError && e.from === 'queued' && e.event === 'finished');
    assert.throws(() => nextState('discarded', 'resumed'), TaskTransitionError);
    assert.throws(() => nextState('needs-approval', 'finished'), TaskTransitionError, 'a paused task cannot finish');
  });

  test('a finished or failed task can be resumed by another message', () => {
    assert.equal(nextState('ready-for-review', 'resumed'), 'running');
    assert.equal(nextState('failed', 'resumed'), 'running');
  });

  test('what counts as needing the user, holding a slot, and final', () => {
    const all: TaskState[] = ['queued', 'setting-up', 'setup-failed', 'running', 'needs-approval', 'needs-input', 'ready-for-review', 'applied', 'failed', 'discarded'];
    assert.deepEqual(all.filter(needsUser), ['setup-failed', 'needs-approval', 'needs-input', 'ready-for-review', 'failed']);
    assert.deepEqual(all.filter(holdsSlot), ['setting-up', 'running', 'needs-approval', 'needs-input']);
    assert.deepEqual(all.filter(isFinal), ['applied', 'discarded']);
  });
});

describe('task branch names', () => {
  test('the short name is lower-case ASCII words, capped, never empty', () => {
    assert.equal(shortName('Fix the Login bug (#12)!'), 'fix-the-login-bug-12');
    assert.equal(shortName('Café déjà vu'), 'cafe-deja-vu');
    assert.equal(shortName('修复登录'), 'task');
    assert.ok(shortName('a'.repeat(30) + ' ' + 'b'.repeat(30)).length <= 40);
    assert.ok(!shortName('a'.repeat(39) + ' bbb').endsWith('-'));
  });

  test('an existing branch gets a numbered sibling', () => {
    assert.equal(branchFor('Add tests', new Set()), 'relay/add-tests');
    assert.equal(branchFor('Add tests', new Set(['relay/add-tests', 'relay/add-tests-2'])), 'relay/add-tests-3');
  });
});
