// new_task: a child session with its own history and a restricted tool set, its result returned as the
// tool's result, its cards reported with a parent link, and the parent's cancel reaching it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { childToolNames, toChatDeltas } from '../../../src/core/agent';
import { createTool, type AnyTool } from '../../../src/core/tools';
import { z } from 'zod';
import { aborted, complete, deferred, historyProblems, registryOf, ScriptedProvider, sessionFor, testTool, turn } from './fakes';

const delegate = (id: string, prompt: string) => turn(undefined, { id, name: 'new_task', args: { description: 'Find it', prompt } });

describe('sub-agents (new_task)', () => {
  test('the child works with read-only tools, its own history, and its result becomes the tool result', async () => {
    const read = testTool('read_file');
    const write = testTool('write_file', 'write');
    const provider = new ScriptedProvider([
      delegate('p1', 'Find where the config is loaded.'),
      turn('Looking.', { id: 'k1', name: 'read_file', args: { path: 'config.ts' } }), // the child
      complete('k2', 'It is loaded in src/config.ts, line 12.'), // the child
      complete('p2', 'Found it.'),
    ]);
    const h = sessionFor(provider, registryOf(read, write));

    assert.deepEqual(await h.session.send('Where is the config loaded?'), { status: 'completed', result: 'Found it.' });

    const child = provider.requests[1]!;
    assert.deepEqual(child.tools.map((tool) => tool.name).sort(), ['attempt_completion', 'read_file'], 'no write tools, no new_task');
    assert.deepEqual(child.messages, [{ role: 'user', content: [{ type: 'text', text: 'Find where the config is loaded.' }] }]);
    assert.match(child.system, /sub-agent/);
    assert.deepEqual(
      provider.requests[3]!.messages.at(-1),
      { role: 'user', content: [{ type: 'tool_result', callId: 'p1', content: 'It is loaded in src/config.ts, line 12.' }] },
    );
    assert.deepEqual(historyProblems(h.session.messages), []);
    assert.equal(h.session.messages.length, 5, "the child's turns stay out of the parent's history");
    assert.deepEqual(read.finalRuns().map((run) => run.params), [{ path: 'config.ts' }]);

    const childCard = h.events.find((event) => event.type === 'tool_status' && event.status.callId === 'k1');
    assert.equal(childCard?.type === 'tool_status' && childCard.parentCallId, 'p1');
    const deltas = toChatDeltas(childCard!, h.session.view());
    assert.equal(deltas[0]?.type === 'toolStatus' && deltas[0].status.callId, 'p1/k1');
    assert.ok(h.session.transcript.some((item) => item.kind === 'tool' && item.id === 'p1/k1'), 'the stored transcript has the child card');
    assert.equal(h.session.usage.inputTokens, 400, "the child's two turns count toward the task");
  });

  test("cancelling the parent cancels the child's running call", async () => {
    const started = deferred();
    let childSawAbort = false;
    const search = testTool('search', 'readonly', async (_params, ctx) => {
      started.resolve();
      await aborted(ctx.signal);
      childSawAbort = true;
    });
    const provider = new ScriptedProvider([delegate('p1', 'Search everything.'), turn(undefined, { id: 'k1', name: 'search', args: { path: '.' } })]);
    const h = sessionFor(provider, registryOf(search));
    const done = h.session.send('find');
    await started.promise;
    h.session.cancel();

    assert.deepEqual(await done, { status: 'cancelled' });
    assert.equal(childSawAbort, true);
    assert.equal(h.lastStatus('p1')!.status, 'CANCELLED');
    assert.equal(provider.requests.length, 2, 'neither agent asked the model again');
    assert.deepEqual(historyProblems(h.session.messages), []);
  });

  test('a child that pauses fails the new_task call with its reason; the parent goes on', async () => {
    const provider = new ScriptedProvider([
      delegate('p1', 'Think.'),
      turn('hmm'),
      turn('hmm'),
      turn('hmm'), // the child pauses: three turns without a tool
      complete('p2', 'Did it myself.'),
    ]);
    const h = sessionFor(provider, registryOf());
    assert.equal((await h.session.send('go')).status, 'completed');
    const result = provider.requests[4]!.messages.at(-1)!.content[0] as { content: string; isError?: boolean };
    assert.equal(result.isError, true);
    assert.match(result.content, /sub-agent failed: it stopped without finishing: Paused: the model answered 3 times/);
  });

  test('depth limit: children get new_task only while below maxDepth; extra tools are opt-in', () => {
    const tool = (name: string, kind: AnyTool['kind']) =>
      createTool({ name, kind, description: name, parameters: z.object({}), execute: async () => {} }) as AnyTool;
    const parentTools = () => [tool('attempt_completion', 'readonly'), tool('new_task', 'execute'), tool('read_file', 'readonly'), tool('run_command', 'execute'), tool('write_file', 'write')];
    assert.deepEqual(childToolNames({ depth: 0, settings: {}, parentTools }), ['attempt_completion', 'read_file']);
    assert.deepEqual(childToolNames({ depth: 0, settings: { maxDepth: 2 } , parentTools }), ['attempt_completion', 'new_task', 'read_file']);
    assert.deepEqual(childToolNames({ depth: 1, settings: { maxDepth: 2 }, parentTools }), ['attempt_completion', 'read_file']);
    assert.deepEqual(childToolNames({ depth: 0, settings: { extraTools: ['run_command'] }, parentTools }), ['attempt_completion', 'read_file', 'run_command']);
  });

  test('subAgents: false does not offer new_task at all', async () => {
    const provider = new ScriptedProvider([complete('c1', 'ok')]);
    const h = sessionFor(provider, registryOf(testTool('read_file')), { subAgents: false });
    await h.session.send('go');
    assert.deepEqual(provider.requests[0]!.tools.map((t) => t.name).sort(), ['attempt_completion', 'read_file']);
  });
});
