import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PendingQuestions } from '../../../src/host/tool-ports/pending-questions';

describe('PendingQuestions', () => {
  test('an answer for the waiting call id resolves its question', async () => {
    const questions = new PendingQuestions();
    const asked = questions.ask('c1', 'Which?', ['a', 'b'], new AbortController().signal);
    assert.equal(questions.waiting, 1);
    assert.equal(questions.answer('c1', 'b'), true);
    assert.equal(await asked, 'b');
    assert.equal(questions.waiting, 0);
  });

  test('an answer for an unknown or already answered call is ignored', async () => {
    const questions = new PendingQuestions();
    assert.equal(questions.answer('nobody', 'x'), false);
    const asked = questions.ask('c1', 'Q', undefined, new AbortController().signal);
    questions.answer('c1', 'first');
    assert.equal(questions.answer('c1', 'second'), false);
    assert.equal(await asked, 'first');
  });

  test('cancelling the task rejects the question with an AbortError and forgets it', async () => {
    const questions = new PendingQuestions();
    const controller = new AbortController();
    const asked = questions.ask('c1', 'Q', undefined, controller.signal);
    controller.abort();
    await assert.rejects(asked, { name: 'AbortError' });
    assert.equal(questions.answer('c1', 'late'), false);
  });

  test('an already aborted signal rejects at once', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(new PendingQuestions().ask('c1', 'Q', undefined, controller.signal), { name: 'AbortError' });
  });
});
