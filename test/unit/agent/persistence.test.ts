// Tasks survive a window reload: the session saves after every step and at every end, and a session made from
// the stored record continues with consistent history (orphan calls answered as interrupted).
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { AgentSession, INTERRUPTED_RESULT, repairHistory } from '../../../src/core/agent';
import type { ChatMessage } from '../../../src/core/model/provider';
import { FileTaskStore } from '../../../src/host/history/task-store';
import {
  aborted,
  complete,
  deferred,
  ENVIRONMENT,
  historyProblems,
  MemoryTaskStore,
  observe,
  registryOf,
  ScriptedProvider,
  sessionFor,
  testTool,
  turn,
  until,
} from './fakes';

describe('saving tasks', () => {
  test('every step and the end are saved; the record holds history, transcript, usage and the result', async () => {
    const store = new MemoryTaskStore();
    const provider = new ScriptedProvider([turn(undefined, { id: 'c1', name: 'read_file', args: { path: 'a' } }), complete('c2', 'All done.')]);
    const h = sessionFor(provider, registryOf(testTool('read_file')), { store });
    await h.session.send('Summarise a\nwith details');
    await h.session.flush();

    const saved = store.records.get(h.session.id)!;
    assert.ok(store.saves >= 4, `saved ${store.saves} times`);
    assert.equal(saved.title, 'Summarise a');
    assert.equal(saved.status, 'completed');
    assert.equal(saved.result, 'All done.');
    assert.equal(saved.modelId, 'scripted-1');
    assert.deepEqual(saved.history, h.session.messages);
    assert.deepEqual(saved.transcript, h.session.transcript);
    assert.deepEqual(saved.usage, { inputTokens: 200, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0 });
    assert.deepEqual(await store.list(), [{ id: saved.id, title: 'Summarise a', createdAt: saved.createdAt, updatedAt: saved.updatedAt, status: 'completed', usage: { inputTokens: 200, outputTokens: 20 } }]);
  });

  test('a failing store never stops the task', async () => {
    const provider = new ScriptedProvider([complete('c1', 'ok')]);
    const warnings: string[] = [];
    const broken = { list: async () => [], load: async () => undefined, delete: async () => false, save: async () => Promise.reject(new Error('read-only disk')) };
    const h = sessionFor(provider, registryOf(), { store: broken, logger: { warn: (m) => void warnings.push(m) } });
    assert.equal((await h.session.send('go')).status, 'completed');
    await h.session.flush();
    assert.ok(warnings.some((w) => w.startsWith('Could not save task')));
  });
});

describe('resuming after a reload', () => {
  test('a task saved mid-tool-call reopens paused, answers the orphan call as interrupted, and goes on', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'relay-resume-'));
    try {
      const store = new FileTaskStore(dir);
      const running = deferred();
      const slow = testTool('run_command', 'execute', async (_params, ctx) => {
        running.resolve();
        await aborted(ctx.signal);
      });
      const before = new ScriptedProvider([
        turn('Reading first.', { id: 'c1', name: 'read_file', args: { path: 'a.ts' } }),
        turn(undefined, { id: 'c2', name: 'run_command', args: { path: 'npm test' } }),
      ]);
      const first = sessionFor(before, registryOf(testTool('read_file'), slow), { store });
      const firstRun = first.session.send('Make the tests pass');
      await running.promise;
      await first.session.flush();

      // "Reload": the first window is gone; a new one reads the store.
      const loaded = (await store.load(first.session.id))!;
      assert.equal(loaded.status, 'running');
      assert.equal(loaded.history.at(-1)!.role, 'assistant', 'the orphan call was saved before it ran');

      const after = new ScriptedProvider([complete('c3', 'Fixed.')]);
      const reopened = observe(
        new AgentSession({ provider: after, registry: registryOf(testTool('read_file'), slow), environment: ENVIRONMENT, store, logger: { warn: () => {} } }, loaded),
      );
      assert.equal(reopened.session.id, first.session.id);
      assert.equal(reopened.session.state.status === 'paused' && reopened.session.state.reason, 'interrupted');
      const card = reopened.session.transcript.find((item) => item.kind === 'tool' && item.id === 'c2');
      assert.equal(card?.kind === 'tool' && card.status.state, 'cancelled', 'the card no longer spins');

      assert.equal((await reopened.session.send('Go on')).status, 'completed');
      const request = after.requests[0]!;
      assert.deepEqual(historyProblems(request.messages), []);
      assert.deepEqual(request.messages.slice(0, 3), loaded.history.slice(0, 3), 'the model receives the old history');
      assert.deepEqual(request.messages.at(-1), {
        role: 'user',
        content: [
          { type: 'tool_result', callId: 'c2', content: INTERRUPTED_RESULT, isError: true },
          { type: 'text', text: 'Go on' },
        ],
      });
      await reopened.session.flush();
      assert.equal((await store.load(first.session.id))?.status, 'completed');

      first.session.cancel();
      await firstRun;
      // The cancelled first session still writes its record; removing the folder under that write failed now and then.
      await first.session.flush();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a cancelled task reopens as cancelled and continues from its cancel note', async () => {
    const store = new MemoryTaskStore();
    const provider = new ScriptedProvider([
      async function* (_request, signal) {
        yield { type: 'text_delta', text: 'Start' };
        await aborted(signal);
      },
    ]);
    const h = sessionFor(provider, registryOf(), { store });
    const run = h.session.send('task');
    await until(() => h.session.transcript.some((item) => item.kind === 'assistant'));
    h.session.cancel();
    await run;
    await h.session.flush();
    const reopened = new AgentSession({ provider: new ScriptedProvider([complete('c1', 'ok')]), registry: registryOf(), environment: ENVIRONMENT }, (await store.load(h.session.id))!);
    assert.equal(reopened.state.status, 'cancelled');
    assert.deepEqual(historyProblems(reopened.messages), []);
    assert.equal((await reopened.send('again')).status, 'completed');
  });
});

describe('repairHistory', () => {
  test('answers orphans, drops unasked results and puts results before text', () => {
    const broken: ChatMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', content: [{ type: 'tool_call', callId: 'a', name: 'x', args: {} }, { type: 'tool_call', callId: 'b', name: 'x', args: {} }] },
      { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'tool_result', callId: 'b', content: 'B' }, { type: 'tool_result', callId: 'zz', content: '?' }] },
    ];
    const repaired = repairHistory(broken);
    assert.deepEqual(historyProblems(repaired), []);
    assert.deepEqual(repaired[2]!.content, [
      { type: 'tool_result', callId: 'a', content: INTERRUPTED_RESULT, isError: true },
      { type: 'tool_result', callId: 'b', content: 'B' },
      { type: 'text', text: 'hi' },
    ]);
    assert.equal(broken[2]!.content.length, 3, 'the input is not changed');
  });
});
