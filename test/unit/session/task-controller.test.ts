// The chat's task controller with real AgentSessions on a scripted provider and an in-memory store: intents in,
// chat deltas out, one current task, history kept on the store.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AgentSession } from '../../../src/core/agent';
import type { TaskRecord } from '../../../src/core/ports/task-store';
import type { ChatDelta } from '../../../src/shared/chat-model';
import { ChatState } from '../../../src/shared/chat-reducer';
import { TaskController, type TaskControllerDeps } from '../../../src/host/session/task-controller';
import { aborted, complete, deferred, ENVIRONMENT, MemoryTaskStore, registryOf, ScriptedProvider, type ScriptedTurn, turn, until } from '../agent/fakes';

function harness(turns: ScriptedTurn[], overrides: Partial<TaskControllerDeps> = {}) {
  const provider = new ScriptedProvider(turns);
  const store = new MemoryTaskStore();
  const deltas: ChatDelta[] = [];
  const chat = new ChatState();
  const notices: string[] = [];
  const running: boolean[] = [];
  const created: (TaskRecord | undefined)[] = [];
  const setups: (string | undefined)[] = [];
  let version = 0;
  let id = 0;
  const deps: TaskControllerDeps = {
    publish: (delta) => {
      deltas.push(delta);
      chat.apply(delta);
    },
    store,
    createSession: async (record) => {
      created.push(record);
      return new AgentSession({ provider, registry: registryOf(), environment: ENVIRONMENT, store, newId: () => `id-${++id}`, logger: { warn: () => {} } }, record);
    },
    configVersion: () => version,
    answerQuestion: () => false,
    openDiff: async () => 'unavailable',
    openFileReference: async () => 'opened',
    setMode: async () => undefined,
    selectModel: async () => undefined,
    setUpProvider: async (step) => void setups.push(step),
    settings: () => ({ mode: 'default', model: 'test · scripted-1' }),
    notify: (message) => void notices.push(message),
    onRunningChanged: (value) => void running.push(value),
    log: { warn: () => {} },
    restore: async () => undefined,
    reviewChanges: async () => undefined,
    ...overrides,
  };
  const controller = new TaskController(deps);
  return { controller, provider, store, deltas, chat, notices, running, created, setups, bump: () => version++ };
}

const texts = (h: ReturnType<typeof harness>) => h.chat.snapshot.items.map((i) => (i.kind === 'user' || i.kind === 'assistant' ? `${i.kind}:${i.text}` : i.kind));

describe('task controller: the chat drives one task at a time', () => {
  test('sendMessage starts a task: the user message, the streamed answer and the card reach the chat; it is saved', async () => {
    const h = harness([turn('Looking.'), complete('c1', 'Done.')]);
    await h.controller.handle({ type: 'sendMessage', text: 'Fix the bug' });
    await until(() => h.controller.session?.state.status === 'completed', 'completion');
    assert.deepEqual(texts(h).slice(0, 2), ['user:Fix the bug', 'assistant:Looking.']);
    assert.ok(h.chat.snapshot.items.some((i) => i.kind === 'tool' && i.status.toolName === 'attempt_completion'));
    assert.equal(h.chat.snapshot.task?.title, 'Fix the bug');
    assert.deepEqual(h.running, [true, false], 'the running context key follows the task');
    await h.controller.session!.flush();
    assert.equal((await h.store.list()).length, 1);
    await until(() => h.deltas.some((d) => d.type === 'history'), 'the history refresh');
    const history = h.deltas.filter((d) => d.type === 'history').at(-1);
    assert.ok(history?.type === 'history');
    assert.deepEqual(history.tasks.map((t) => t.status), ['completed'], 'refreshed after the final save, so it shows the end state');
    await until(() => h.chat.snapshot.history?.[0]?.status !== 'running', 'the history to show the end state');
    assert.equal(h.chat.snapshot.history?.[0]?.status, 'completed', 'the refresh lists the task as saved with its end state');
  });

  test('a history listing that finishes after a newer one is not shown (it read the task while it was running)', async () => {
    const h = harness([complete('c1', 'Done.')]);
    await h.controller.send('Fix the bug');
    await until(() => h.controller.session?.state.status === 'completed', 'completion');
    await h.controller.session!.flush();
    // The first listing read the store while the task ran and is slow to finish; the second reads the end state.
    const stale = (await h.store.list()).map((t) => ({ ...t, status: 'running' as const }));
    let releaseStale: () => void = () => {};
    const list = h.store.list.bind(h.store);
    let calls = 0;
    h.store.list = async () => {
      if (++calls > 1) return list();
      await new Promise<void>((resolve) => (releaseStale = resolve));
      return stale;
    };
    const older = h.controller.refreshHistory();
    const newer = h.controller.refreshHistory();
    await newer;
    releaseStale();
    await older;
    assert.equal(h.chat.snapshot.history?.[0]?.status, 'completed');
    assert.deepEqual(h.deltas.filter((d) => d.type === 'history').at(-1)?.type === 'history' && h.deltas.filter((d) => d.type === 'history').at(-1)!.tasks.map((t) => t.status), ['completed']);
  });

  test('a second message continues the same task with its history', async () => {
    const h = harness([complete('c1', 'One.'), complete('c2', 'Two.')]);
    await h.controller.send('first');
    await until(() => h.controller.session?.state.status === 'completed');
    const first = h.controller.session!.id;
    await h.controller.send('second');
    await until(() => h.provider.requests.length === 2 && h.controller.session?.state.status === 'completed');
    assert.equal(h.controller.session!.id, first);
    assert.ok(JSON.stringify(h.provider.requests[1]!.messages).includes('first'));
  });

  test('while a task runs, another message is refused with a notice and loses nothing already sent', async () => {
    const h = harness([(_request, signal) => (async function* () { await aborted(signal); })()]);
    await h.controller.send('long job');
    await until(() => h.controller.isRunning);
    await h.controller.handle({ type: 'sendMessage', text: 'again' });
    assert.match(h.notices[0]!, /A task is running/);
    assert.equal(h.provider.requests.length, 1);
    await h.controller.handle({ type: 'cancelTask' });
    await until(() => h.controller.session?.state.status === 'cancelled', 'cancel');
  });

  test("an error's Retry resumes the task once; a stale banner's Retry starts nothing", async () => {
    const h = harness([[{ type: 'error', error: { kind: 'network', message: 'Connection reset', retryable: true } }], complete('c1', 'Resumed.')]);
    await h.controller.send('job');
    await until(() => h.controller.session?.state.status === 'failed', 'the failed run');
    const error = h.chat.snapshot.items.find((i) => i.kind === 'error');
    assert.ok(error);
    await h.controller.handle({ type: 'retry', itemId: 'not-the-banner' });
    assert.equal(h.provider.requests.length, 1, 'a retry naming no live banner starts nothing');
    await h.controller.handle({ type: 'retry', itemId: error.id });
    await until(() => h.controller.session?.state.status === 'completed', 'resumed completion');
    assert.equal(h.provider.requests.length, 2);
    await h.controller.handle({ type: 'retry', itemId: error.id });
    assert.equal(h.provider.requests.length, 2, 'the same banner again, after its attempt ended, starts no second run');
  });

  test('a task that completed and then had a message stopped keeps its outcome in the history', async () => {
    const h = harness([complete('c1', 'Done.'), (_request, signal) => (async function* () { await aborted(signal); })()]);
    await h.controller.send('job');
    await until(() => h.controller.session?.state.status === 'completed', 'the first run');
    await h.controller.send('and more');
    await until(() => h.provider.requests.length === 2, 'the follow-up request');
    h.controller.cancel();
    await until(() => h.controller.session?.state.status === 'cancelled');
    await h.controller.session!.flush();
    const [summary] = await h.store.list();
    assert.equal(summary?.status, 'cancelled', 'the last message was stopped');
    assert.equal(summary?.outcome, 'completed', 'the task itself had completed');
  });

  test('newTask stops a running task, keeps it in history and clears the chat', async () => {
    const h = harness([(_request, signal) => (async function* () { await aborted(signal); })()]);
    await h.controller.send('job');
    await until(() => h.controller.isRunning);
    await h.controller.handle({ type: 'newTask' });
    assert.equal(h.controller.session, undefined);
    assert.deepEqual(h.chat.snapshot.items, []);
    assert.equal((await h.store.list())[0]?.status, 'cancelled');
  });

  test('openTask shows a stored task whole; resumeTask continues it; deleteTask removes it and clears the chat', async () => {
    const h = harness([complete('c1', 'One.'), complete('c2', 'Two.')]);
    await h.controller.send('stored task');
    await until(() => h.controller.session?.state.status === 'completed');
    const id = h.controller.session!.id;
    await h.controller.session!.flush();
    await h.controller.handle({ type: 'newTask' });
    await h.controller.handle({ type: 'openTask', id });
    assert.equal(h.controller.session?.id, id);
    const reset = h.deltas.filter((d) => d.type === 'reset').at(-1);
    assert.ok(reset?.type === 'reset' && reset.items.some((i) => i.kind === 'user' && i.text === 'stored task'));
    await h.controller.handle({ type: 'resumeTask', id });
    await until(() => h.provider.requests.length === 2 && h.controller.session?.state.status === 'completed', 'resume');
    await h.controller.session!.flush();
    await h.controller.handle({ type: 'deleteTask', id });
    assert.equal(h.controller.session, undefined);
    assert.equal((await h.store.list()).length, 0);
  });

  test('a missing task is reported, not thrown', async () => {
    const h = harness([]);
    await h.controller.handle({ type: 'openTask', id: 'nope' });
    assert.match(h.notices[0]!, /could not be opened/);
  });

  test('a configuration change rebuilds an idle session from its record before the next run, keeping the task', async () => {
    const h = harness([complete('c1', 'One.'), complete('c2', 'Two.')]);
    await h.controller.send('first');
    await until(() => h.controller.session?.state.status === 'completed');
    const id = h.controller.session!.id;
    h.bump();
    await h.controller.send('second');
    await until(() => h.provider.requests.length === 2 && h.controller.session?.state.status === 'completed');
    assert.equal(h.created.length, 2);
    assert.equal(h.created[1]?.id, id, 'rebuilt from the same task');
    assert.equal(h.controller.session!.id, id);
  });

  test('openDiff that has nothing to show says so; answers for no waiting question are ignored', async () => {
    const h = harness([]);
    await h.controller.handle({ type: 'openDiff', callId: 'c9' });
    assert.match(h.notices[0]!, /can no longer be shown/);
    await h.controller.handle({ type: 'answerQuestion', callId: 'c9', answer: 'yes' });
  });

  test('setMode, selectModel and setUpProvider go to the host; publishSettings sends the settings', async () => {
    const calls: string[] = [];
    const h = harness([], { setMode: async (mode) => void calls.push(`mode:${mode}`), selectModel: async () => void calls.push('model') });
    await h.controller.handle({ type: 'setMode', mode: 'plan' });
    await h.controller.handle({ type: 'selectModel' });
    await h.controller.handle({ type: 'setUpProvider', step: 'key' });
    await h.controller.handle({ type: 'setUpProvider' });
    await h.controller.publishSettings();
    assert.deepEqual(calls, ['mode:plan', 'model']);
    assert.deepEqual(h.setups, ['key', undefined]);
    assert.deepEqual(h.chat.snapshot.settings, { mode: 'default', model: 'test · scripted-1' });
  });

  test('intents run one at a time: two quick sends start one task', async () => {
    const h = harness([(_request, signal) => (async function* () { await aborted(signal); })()]);
    await Promise.all([h.controller.send('a'), h.controller.send('b')]);
    assert.equal(h.created.length, 1);
    // The turn chooses its rules before its first request, so that request may follow the sends by a few ticks.
    await until(() => h.provider.requests.length > 0);
    assert.equal(h.provider.requests.length, 1);
    h.controller.cancel();
    await until(() => h.controller.session?.state.status === 'cancelled');
  });
});

describe('task controller: restore and review (issue 14)', () => {
  test('restoreCheckpoint and reviewTaskChanges reach the host with the task on screen; nothing without a task', async () => {
    const calls: string[] = [];
    const h = harness([complete('c1', 'done')], {
      restore: async (session, itemId, conversation) => void calls.push(`restore ${session.id === h.controller.session?.id} ${itemId} ${conversation}`),
      reviewChanges: async () => void calls.push('review'),
    });
    await h.controller.handle({ type: 'reviewTaskChanges' });
    assert.equal(calls.length, 0);
    assert.match(h.notices[0]!, /Open a task first/);
    await h.controller.handle({ type: 'sendMessage', text: 'go' });
    await until(() => !h.controller.isRunning, 'the task to end');
    await h.controller.handle({ type: 'restoreCheckpoint', itemId: 'u1', conversation: true });
    await h.controller.handle({ type: 'reviewTaskChanges' });
    assert.deepEqual(calls, ['restore true u1 true', 'review']);
  });
});

describe('task controller: parallel tasks run beside the one on screen', () => {
  /** A session of its own provider: `gate` holds its first turn until resolved, then it completes. */
  function parallelSession(h: ReturnType<typeof harness>, id: string, gate: Promise<void>) {
    const provider = new ScriptedProvider([
      async function* () {
        await gate;
        yield* turn(`Working on ${id}.`);
      },
      complete(`c-${id}`, `Done ${id}.`),
    ]);
    let n = 0;
    return new AgentSession({ provider, registry: registryOf(), environment: ENVIRONMENT, store: h.store, id, newId: () => `${id}-${++n}`, logger: { warn: () => {} } });
  }

  test('switching away parks a running parallel task; it runs on unseen and shows its whole conversation when opened again', async () => {
    const parallel = new Set(['p1']);
    const h = harness([complete('c1', 'Plain done.')], { runsInBackground: (id) => parallel.has(id) });
    const gate = deferred();
    const p1 = parallelSession(h, 'p1', gate.promise);
    await h.controller.adopt(p1, true);
    void p1.send('Parallel work');
    await until(() => h.controller.isRunning, 'the parallel task to run on screen');
    assert.deepEqual(texts(h), ['user:Parallel work']);
    await h.controller.handle({ type: 'newTask' });
    assert.equal(h.controller.session, undefined, 'a new, empty chat');
    assert.equal(h.controller.sessionFor('p1'), p1, 'the parallel task is held, not disposed');
    assert.equal(p1.isRunning, true);
    assert.equal(h.running.at(-1), false, "the chat's running key follows the task on screen");
    const published = h.deltas.length;
    gate.resolve();
    await until(() => p1.state.status === 'completed', 'the parked task to finish in the background');
    assert.ok(h.deltas.slice(published).every((d) => d.type === 'history' || d.type === 'reset'), 'a parked task publishes nothing to the chat');
    await h.controller.handle({ type: 'openTask', id: 'p1' });
    assert.equal(h.controller.session, p1);
    assert.deepEqual(texts(h).slice(0, 2), ['user:Parallel work', 'assistant:Working on p1.']);
    await h.controller.release('p1');
    assert.equal(h.controller.sessionFor('p1'), undefined);
    assert.equal(h.chat.snapshot.items.length, 0, 'releasing the task on screen empties the chat');
  });

  test('a parallel task started while a plain task runs stays in the background; the plain task is never parked', async () => {
    const h = harness([(_request, signal) => (async function* () { await aborted(signal); })()], { runsInBackground: (id) => id === 'p2' });
    await h.controller.send('Plain work');
    await until(() => h.controller.isRunning, 'the plain task to run');
    const plain = h.controller.session!;
    const gate = deferred();
    const p2 = parallelSession(h, 'p2', gate.promise);
    await h.controller.adopt(p2, true);
    assert.equal(h.controller.session, plain, 'the running plain task stays on screen');
    await h.controller.handle({ type: 'openTask', id: 'p2' });
    assert.equal(h.controller.session, plain, 'opening another task while a plain one runs is still refused');
    assert.match(h.notices.at(-1) ?? '', /stop it before you open another task/);
    h.controller.cancel();
    await until(() => !plain.isRunning, 'the plain task to stop');
    await h.controller.handle({ type: 'openTask', id: 'p2' });
    assert.equal(h.controller.session, p2);
    gate.resolve();
    await h.controller.dispose();
  });
});
