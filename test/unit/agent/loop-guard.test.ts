// Stuck agents: the same call again and again (behaviour 34), and the same error again and again (behaviour 19),
// pause the task with an explanation instead of burning steps.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ToolError, ToolErrorType } from '../../../src/core/tools';
import { historyProblems, registryOf, ScriptedProvider, sessionFor, testTool, turn } from './fakes';

describe('loop guard', () => {
  test('the third identical call in a row does not run and pauses the task', async () => {
    const read = testTool('read_file');
    const same = (id: string) => turn(undefined, { id, name: 'read_file', args: { path: 'a.ts' } });
    const provider = new ScriptedProvider([same('c1'), same('c2'), same('c3'), same('c4')]);
    const h = sessionFor(provider, registryOf(read));

    const end = await h.session.send('read a.ts');

    assert.equal(end.status, 'paused');
    assert.equal(end.status === 'paused' && end.reason, 'identical_calls');
    assert.match(end.status === 'paused' ? end.message : '', /same read_file call, with the same arguments, came 3 times in a row/);
    assert.equal(read.finalRuns().length, 2, 'the third call never ran');
    assert.equal(provider.requests.length, 3);
    const third = h.session.messages.at(-1)!.content[0] as { content: string; isError?: boolean };
    assert.equal(third.isError, true);
    assert.match(third.content, /3 times in a row/);
    assert.deepEqual(historyProblems(h.session.messages), []);
  });

  test('different arguments in between reset the count', async () => {
    const read = testTool('read_file');
    const call = (id: string, path: string) => turn(undefined, { id, name: 'read_file', args: { path } });
    const provider = new ScriptedProvider([call('c1', 'a'), call('c2', 'a'), call('c3', 'b'), call('c4', 'a'), call('c5', 'a'), turn(undefined, { id: 'c6', name: 'attempt_completion', args: { result: 'ok' } })]);
    const h = sessionFor(provider, registryOf(read));
    assert.equal((await h.session.send('go')).status, 'completed');
    assert.equal(read.finalRuns().length, 5);
  });

  test('the same error three times in a row pauses the task, even with different arguments', async () => {
    const edit = testTool('edit_file', 'write', async () => {
      throw new ToolError(ToolErrorType.EDIT_NO_OCCURRENCE, 'The text to replace was not found.');
    });
    const attempt = (id: string, path: string) => turn(undefined, { id, name: 'edit_file', args: { path } });
    const provider = new ScriptedProvider([attempt('c1', 'a'), attempt('c2', 'b'), attempt('c3', 'c'), attempt('c4', 'd')]);
    const h = sessionFor(provider, registryOf(edit));

    const end = await h.session.send('edit');

    assert.equal(end.status === 'paused' && end.reason, 'repeated_error');
    assert.match(end.status === 'paused' ? end.message : '', /same error happened 3 times in a row \(edit_file/);
    assert.equal(provider.requests.length, 3);
    assert.equal(edit.finalRuns().length, 3);
  });

  test('a new user message after a loop pause starts the count afresh', async () => {
    const read = testTool('read_file');
    const same = (id: string) => turn(undefined, { id, name: 'read_file', args: { path: 'a.ts' } });
    const provider = new ScriptedProvider([same('c1'), same('c2'), same('c3'), same('c4'), turn(undefined, { id: 'c5', name: 'attempt_completion', args: { result: 'ok' } })]);
    const h = sessionFor(provider, registryOf(read));
    await h.session.send('read');
    assert.equal((await h.session.send('Read it once more, then finish.')).status, 'completed');
    assert.equal(read.finalRuns().length, 3);
  });
});
