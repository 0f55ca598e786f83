import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { TaskSummary } from '../../../src/shared/chat-model';
import { click, mount, type Harness } from './harness';

const TASKS: TaskSummary[] = [
  { id: 'old', title: 'Add tests', createdAt: 1_000, updatedAt: 2_000, status: 'completed', usage: { inputTokens: 12_345, outputTokens: 678, costUsd: 0.0421 } },
  { id: 'new', title: 'Fix login bug', createdAt: 3_000, updatedAt: 4_000, status: 'paused' },
];

describe('webview history view', () => {
  let t: Harness;
  afterEach(() => t.close());
  const rows = () => t.$$('.history-row');
  const row = (id: string) => rows().find((r) => r.dataset.taskId === id)!;
  const button = (id: string, cls: string) => row(id).querySelector<HTMLButtonElement>(`.${cls}`);

  it('opens from the header, posts listHistory, lists tasks newest first with date and status', () => {
    t = mount();
    t.init();
    t.takePosted();
    const toggle = t.$('[aria-label="Task history"]')!;
    assert.equal(t.$('.history-view')!.hidden, true);
    click(toggle);
    assert.equal(toggle.getAttribute('aria-pressed'), 'true');
    assert.equal(t.$('.history-view')!.hidden, false);
    assert.equal(t.$('.conversation')!.hidden, true);
    assert.deepEqual(t.takePosted(), [{ type: 'listHistory' }]);
    assert.equal(t.$('.history-empty')!.textContent, 'Loading…');

    t.batch({ type: 'history', tasks: TASKS });
    assert.deepEqual(rows().map((r) => r.querySelector('.history-title')!.textContent), ['Fix login bug', 'Add tests']);
    assert.equal(row('new').querySelector('.history-status')!.textContent, 'Paused');
    assert.equal(row('new').querySelector('time')!.getAttribute('datetime'), new Date(4_000).toISOString());
    assert.ok(button('new', 'resume-task'), 'a paused task can be resumed');
    // Each task's tokens and cost, when it reached the model.
    assert.equal(row('old').querySelector('.history-usage')!.textContent, '12k in · 678 out · $0.04');
    assert.equal(row('new').querySelector('.history-usage'), null);
    assert.equal(button('old', 'resume-task'), null, 'a completed one cannot');
    // A task that completed and then had a follow-up stopped is still "Completed"; the stop is said apart.
    t.batch({ type: 'history', tasks: [{ ...TASKS[0]!, status: 'cancelled', outcome: 'completed' }] });
    assert.deepEqual(Array.from(row('old').querySelectorAll('.history-status, .history-last-stop')).map((n) => n.textContent), ['Completed', 'then a follow-up was stopped']);
    t.batch({ type: 'history', tasks: TASKS });

    click(toggle);
    assert.equal(t.$('.history-view')!.hidden, true);
    assert.equal(t.$('.conversation')!.hidden, false);
  });

  it('open and resume post their intent and return to the conversation', () => {
    t = mount();
    t.init({ history: TASKS });
    click(t.$('[aria-label="Task history"]'));
    t.takePosted();
    click(button('old', 'open-task'));
    assert.deepEqual(t.takePosted(), [{ type: 'openTask', id: 'old' }]);
    assert.equal(t.$('.history-view')!.hidden, true);
    click(t.$('[aria-label="Task history"]'));
    t.takePosted();
    click(button('new', 'resume-task'));
    assert.deepEqual(t.takePosted(), [{ type: 'resumeTask', id: 'new' }]);
  });

  it('delete asks for confirmation in the row; Keep backs out; Delete posts deleteTask', () => {
    t = mount();
    t.init({ history: TASKS });
    click(t.$('[aria-label="Task history"]'));
    t.takePosted();
    click(button('old', 'delete-task'));
    assert.deepEqual(t.takePosted(), [], 'the first click only asks');
    assert.equal(row('old').querySelector('.confirm-text')!.textContent, 'Delete this task?');
    assert.equal(t.doc.activeElement, button('old', 'confirm-delete'), 'focus moves to the confirm button');
    assert.equal(button('new', 'confirm-delete'), null, 'only that row asks');
    click(button('old', 'cancel-delete'));
    assert.equal(button('old', 'confirm-delete'), null);
    assert.equal(t.doc.activeElement, button('old', 'delete-task'));
    click(button('old', 'delete-task'));
    click(button('old', 'confirm-delete'));
    assert.deepEqual(t.takePosted(), [{ type: 'deleteTask', id: 'old' }]);
    t.batch({ type: 'history', tasks: TASKS.filter((task) => task.id !== 'old') });
    assert.deepEqual(rows().map((r) => r.dataset.taskId), ['new']);
  });

  it('says so when there is no past task', () => {
    t = mount();
    t.init({ history: [] });
    click(t.$('[aria-label="Task history"]'));
    assert.equal(t.$('.history-empty')!.textContent, 'No past tasks yet.');
  });
});
