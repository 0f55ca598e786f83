// A slash command with `subtask: true` (OpenCode): the turn runs the expanded prompt through new_task's sub-agent,
// the parent's history keeps the typed command and the child's report only, and cancel or a failing child end cleanly.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { aborted, complete, deferred, historyProblems, registryOf, ScriptedProvider, sessionFor, testTool, turn } from './fakes';

describe('a sub-agent command turn (subtask)', () => {
  test("the child runs the prompt; the parent's history, and so its next request, holds only the report", async () => {
    const read = testTool('read_file');
    const provider = new ScriptedProvider([
      turn('Reading.', { id: 'k1', name: 'read_file', args: { path: 'src/a.ts' } }), // the child
      complete('k2', 'No problems in src/a.ts.'), // the child
      complete('p1', 'Glad to help.'), // the parent's next turn
    ]);
    const h = sessionFor(provider, registryOf(read));

    const end = await h.session.send('/review src/a.ts', undefined, 'Review src/a.ts for bugs.', { description: '/review' });

    assert.deepEqual(end, { status: 'completed', result: 'No problems in src/a.ts.' });
    assert.deepEqual(provider.requests[0]!.messages, [{ role: 'user', content: [{ type: 'text', text: 'Review src/a.ts for bugs.' }] }], 'the child gets the expanded prompt alone');
    assert.match(provider.requests[0]!.system, /sub-agent/);
    const [typed, call, result] = h.session.messages;
    assert.deepEqual(typed, { role: 'user', content: [{ type: 'text', text: '/review src/a.ts' }] });
    assert.equal(call?.role === 'assistant' && call.content[0]?.type === 'tool_call' && call.content[0].name, 'new_task');
    assert.deepEqual(result?.content, [{ type: 'tool_result', callId: (call!.content[0] as { callId: string }).callId, content: 'No problems in src/a.ts.' }]);
    assert.equal(h.session.messages.length, 3);
    const newTask = h.events.find((event) => event.type === 'tool_status' && event.status.toolName === 'new_task');
    const childCard = h.events.find((event) => event.type === 'tool_status' && event.status.callId === 'k1');
    assert.ok(newTask?.type === 'tool_status' && childCard?.type === 'tool_status' && childCard.parentCallId === newTask.status.callId, "the child's card is under the new_task card");

    await h.session.send('Thanks.');
    const next = JSON.stringify(provider.requests[2]!.messages);
    assert.doesNotMatch(next, /read_file|"k1"|Reading\./, "the parent's next request has none of the child's steps");
    assert.match(next, /No problems in src\/a\.ts\./);
    assert.deepEqual(historyProblems(h.session.messages), []);
  });

  test('the command names the agent the child runs as', async () => {
    const provider = new ScriptedProvider([complete('k1', 'Reviewed.')]);
    const h = sessionFor(provider, registryOf(testTool('read_file')), {
      delegates: [{ name: 'reviewer', disallowedTools: ['read_file'], callGuards: [], prompt: { name: 'reviewer', text: 'You review code.', position: 'whole' } }],
    });
    await h.session.send('/review', undefined, 'Review it.', { description: '/review', agent: 'reviewer' });
    assert.deepEqual(provider.requests[0]!.tools.map((tool) => tool.name), ['attempt_completion'], "the agent's restrictions add to the parent's");
  });

  test('cancelling stops the child; the history stays valid and the task can go on', async () => {
    const started = deferred();
    const search = testTool('search', 'readonly', async (_params, ctx) => {
      started.resolve();
      await aborted(ctx.signal);
    });
    const provider = new ScriptedProvider([turn(undefined, { id: 'k1', name: 'search', args: { path: '.' } }), complete('p1', 'ok')]);
    const h = sessionFor(provider, registryOf(search));
    const done = h.session.send('/find', undefined, 'Search everything.', { description: '/find' });
    await started.promise;
    h.session.cancel();
    assert.deepEqual(await done, { status: 'cancelled' });
    assert.deepEqual(historyProblems(h.session.messages), []);
    assert.equal((await h.session.send('go on')).status, 'completed');
  });

  test('a failing child fails the turn with its reason, not retryable (a retry would run the parent instead)', async () => {
    const provider = new ScriptedProvider([[{ type: 'error', error: { kind: 'server', message: 'overloaded', retryable: true } }]]);
    const h = sessionFor(provider, registryOf());
    const end = await h.session.send('/find', undefined, 'Search.', { description: '/find' });
    assert.equal(end.status, 'failed');
    assert.ok(end.status === 'failed' && /sub-agent failed: its model request failed: overloaded/.test(end.error.message) && !end.error.retryable);
    assert.equal(provider.requests.length, 1);
    assert.deepEqual(historyProblems(h.session.messages), []);
  });

  test('mayDelegate says whether a sub-agent command can run at all', () => {
    assert.equal(sessionFor(new ScriptedProvider([]), registryOf()).session.mayDelegate, true);
    assert.equal(sessionFor(new ScriptedProvider([]), registryOf(), { subAgents: false }).session.mayDelegate, false);
    assert.equal(sessionFor(new ScriptedProvider([]), registryOf(), { disallowedTools: ['new_task'] }).session.mayDelegate, false);
  });
});
