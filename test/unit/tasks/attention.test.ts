// Once per task and wait, only when its chat is not in view; the status bar counts the tasks that need the person.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AttentionTracker, countNeedingUser } from '../../../src/core/tasks/attention';

describe('attention', () => {
  test('a task not in view notifies once when it starts needing the person, again after it ran on', () => {
    const a = new AttentionTracker();
    assert.equal(a.shouldNotify('t', 'running', false), false);
    assert.equal(a.shouldNotify('t', 'needs-input', false), true);
    assert.equal(a.shouldNotify('t', 'needs-input', false), false, 'not twice for the same wait');
    assert.equal(a.shouldNotify('t', 'running', false), false);
    assert.equal(a.shouldNotify('t', 'needs-input', false), true, 'a new wait notifies again');
    assert.equal(a.shouldNotify('t', 'ready-for-review', false), true, 'another reason notifies');
  });

  test('an approval is never notified: its modal says it at the same moment', () => {
    const a = new AttentionTracker();
    assert.equal(a.shouldNotify('t', 'needs-approval', false), false);
    assert.equal(a.shouldNotify('t', 'running', false), false);
    assert.equal(a.shouldNotify('t', 'ready-for-review', false), true, 'what comes after it still notifies');
  });

  test('a task whose chat is in view never notifies for that wait', () => {
    const a = new AttentionTracker();
    assert.equal(a.shouldNotify('t', 'needs-input', true), false);
    assert.equal(a.shouldNotify('t', 'needs-input', false), false, 'already seen');
  });

  test('the status bar counts the tasks that need the person', () => {
    assert.equal(countNeedingUser([{ state: 'running' }, { state: 'needs-approval' }, { state: 'ready-for-review' }, { state: 'applied' }]), 2);
  });
});
