// The ReAct loop end to end with a scripted model and the real tool runtime: steps, streaming, history
// pairing, cancellation, model errors, pause rules and the step cap.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CANCEL_NOTE, incompleteCallResult } from '../../../src/core/agent';
import type { ModelStreamEvent } from '../../../src/core/model/events';
import type { ModelRequest } from '../../../src/core/model/provider';
import { NO_TOOL_REMINDER } from '../../../src/core/tools';
import {
  aborted,
  callEvents,
  complete,
  deferred,
  historyProblems,
  registryOf,
  ScriptedProvider,
  sessionFor,
  testTool,
  turn,
  until,
} from './fakes';

describe('a multi-step task', () => {
  test('runs each turn\'s calls, feeds results back paired by callId, and ends at attempt_completion', async () => {
    const read = testTool('read_file');
    const write = testTool('write_file', 'write');
    const provider = new ScriptedProvider([
      turn('Let me look.', { id: 'c1', name: 'read_file', args: { path: 'a.ts' } }, { id: 'c2', name: 'read_file', args: { path: 'b.ts' } }),
      turn(undefined, { id: 'c3', name: 'write_file', args: { path: 'a.ts' } }),
      complete('c4', 'Renamed the function.'),
    ]);
    const { session, events } = sessionFor(provider, registryOf(read, write));

    const end = await session.send('Rename foo to bar');

    assert.deepEqual(end, { status: 'completed', result: 'Renamed the function.' });
    assert.deepEqual(historyProblems(session.messages), []);
    assert.equal(provider.requests.length, 3);
    const [first, second, third] = provider.requests as [ModelRequest, ModelRequest, ModelRequest];
    assert.deepEqual(first.messages, [{ role: 'user', content: [{ type: 'text', text: 'Rename foo to bar' }] }]);
    assert.deepEqual(second.messages.slice(1), [
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me look.' },
          { type: 'tool_call', callId: 'c1', name: 'read_file', args: { path: 'a.ts' } },
          { type: 'tool_call', callId: 'c2', name: 'read_file', args: { path: 'b.ts' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', callId: 'c1', content: 'read_file:a.ts' },
          { type: 'tool_result', callId: 'c2', content: 'read_file:b.ts' },
        ],
      },
    ]);
    assert.deepEqual(third.messages.at(-1), { role: 'user', content: [{ type: 'tool_result', callId: 'c3', content: 'write_file:a.ts' }] });
    assert.deepEqual(write.finalRuns().map((run) => run.params), [{ path: 'a.ts' }]);
    assert.deepEqual(
      first.tools.map((tool) => tool.name).sort(),
      ['attempt_completion', 'new_task', 'read_file', 'write_file'],
      'native tool specs, system tools included',
    );
    const states = events.flatMap((event) => (event.type === 'state' ? [event.state.status] : []));
    assert.deepEqual(states, ['running', 'completed']);
  });

  test('text deltas reach the chat as one assistant block per stretch of text, closed before a tool card', async () => {
    const read = testTool('read_file');
    const provider = new ScriptedProvider([
      [
        { type: 'text_delta', text: 'Read' },
        { type: 'text_delta', text: 'ing.' },
        ...callEvents({ id: 'c1', name: 'read_file', args: { path: 'a' } }),
        { type: 'text_delta', text: 'After.' },
        { type: 'stop', reason: 'tool_use' },
      ],
      complete('c2', 'ok'),
    ]);
    const { session, events } = sessionFor(provider, registryOf(read));
    await session.send('go');
    const textEvents = events.flatMap((e) => {
      if (e.type === 'assistant_delta') return [`${e.type}:${e.text}`];
      return e.type === 'assistant_start' || e.type === 'assistant_done' ? [`${e.type}:${e.id}`] : [];
    });
    assert.deepEqual(textEvents, [
      'assistant_start:id-3',
      'assistant_delta:Read',
      'assistant_delta:ing.',
      'assistant_done:id-3',
      'assistant_start:id-4',
      'assistant_delta:After.',
      'assistant_done:id-4',
      // The completion result, shown as the last message.
      'assistant_start:id-5',
      'assistant_delta:ok',
      'assistant_done:id-5',
    ]);
    const items = session.transcript.map((item) => (item.kind === 'assistant' ? `assistant:${item.text}:${item.streaming}` : item.kind));
    assert.deepEqual(items, ['user', 'assistant:Reading.:false', 'tool', 'assistant:After.:false', 'tool', 'assistant:ok:false']);
  });
});

describe('streaming tool calls', () => {
  test('a call executes partially while its arguments stream, before the model has finished the turn', async () => {
    const write = testTool('write_file', 'write');
    const release = deferred();
    const provider = new ScriptedProvider([
      async function* () {
        yield { type: 'tool_call_start', callId: 'c1', name: 'write_file' };
        yield { type: 'tool_call_delta', callId: 'c1', argsDelta: '{"path": "src/ma' };
        await release.promise;
        yield { type: 'tool_call_delta', callId: 'c1', argsDelta: 'in.ts"}' };
        yield { type: 'tool_call_end', callId: 'c1' };
        yield { type: 'stop', reason: 'tool_use' };
      },
      complete('c2', 'done'),
    ]);
    const h = sessionFor(provider, registryOf(write));
    const done = h.session.send('write it');

    await until(() => h.statuses().some((s) => s.callId === 'c1' && s.partial && s.showTip === 'write_file src/ma'), 'a partial status');
    assert.deepEqual(write.executions.map((e) => e.isPartial), [true], 'only the partial run so far');
    assert.equal(h.lastStatus('c1')!.state, 'streaming');
    release.resolve();

    assert.equal((await done).status, 'completed');
    assert.deepEqual(write.finalRuns().map((e) => e.params), [{ path: 'src/main.ts' }]);
    assert.equal(h.lastStatus('c1')!.status, 'SUCCESS');
  });
});

describe('cancellation', () => {
  test('cancel mid-stream: nothing runs, complete calls get a cancelled result, half-streamed ones are dropped', async () => {
    const read = testTool('read_file');
    const provider = new ScriptedProvider([
      async function* (_request, signal) {
        yield { type: 'text_delta', text: 'Let me read.' };
        yield* callEvents({ id: 'c1', name: 'read_file', args: { path: 'a' } });
        yield { type: 'tool_call_start', callId: 'c2', name: 'read_file' };
        yield { type: 'tool_call_delta', callId: 'c2', argsDelta: '{"pa' };
        await aborted(signal);
        yield { type: 'error', error: { kind: 'cancelled', message: 'Cancelled', retryable: false } };
      },
      complete('c3', 'ok'),
    ]);
    const h = sessionFor(provider, registryOf(read));
    const done = h.session.send('look');
    await until(() => h.lastStatus('c2') !== undefined, 'the second call to start');
    h.session.cancel();

    assert.deepEqual(await done, { status: 'cancelled' });
    assert.deepEqual(read.finalRuns(), []);
    assert.equal(h.lastStatus('c1')!.status, 'CANCELLED');
    assert.equal(h.lastStatus('c2')!.status, 'CANCELLED');
    const history = h.session.messages;
    assert.deepEqual(historyProblems(history), []);
    assert.deepEqual(history[1], {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me read.' },
        { type: 'tool_call', callId: 'c1', name: 'read_file', args: { path: 'a' } },
      ],
    });
    const last = history[2]!;
    assert.equal(last.role, 'user');
    assert.deepEqual(last.content.map((p) => p.type), ['tool_result', 'text']);
    assert.match(String((last.content[0] as { content: string }).content), /cancelled/);
    assert.deepEqual(last.content[1], { type: 'text', text: CANCEL_NOTE });

    // Going on: the model sees the cancel and the new message in one user message.
    assert.equal((await h.session.send('now try again')).status, 'completed');
    const resent = provider.requests[1]!.messages.at(-1)!;
    assert.deepEqual(resent.content.slice(1), [
      { type: 'text', text: CANCEL_NOTE },
      { type: 'text', text: 'now try again' },
    ]);
  });

  test('cancel mid-tool: the running call is aborted and answered as cancelled; the history stays consistent', async () => {
    const started = deferred();
    let sawAbort = false;
    const slow = testTool('run_command', 'execute', async (_params, ctx) => {
      started.resolve();
      await aborted(ctx.signal);
      sawAbort = true;
      throw new Error('killed');
    });
    const provider = new ScriptedProvider([turn('Running tests.', { id: 'c1', name: 'run_command', args: { path: 'npm test' } })]);
    const h = sessionFor(provider, registryOf(slow));
    const done = h.session.send('test it');
    await started.promise;
    h.session.cancel();

    assert.deepEqual(await done, { status: 'cancelled' });
    assert.equal(sawAbort, true);
    assert.equal(h.lastStatus('c1')!.status, 'CANCELLED');
    const history = h.session.messages;
    assert.deepEqual(historyProblems(history), []);
    const result = history[2]!.content[0] as { type: string; content: string; isError?: boolean };
    assert.equal(result.isError, true);
    assert.match(result.content, /cancelled while running/);
    assert.deepEqual(history[2]!.content.at(-1), { type: 'text', text: CANCEL_NOTE });
    assert.equal(provider.requests.length, 1, 'no model turn after the cancel');
  });
});

describe('model errors', () => {
  test('a stream that fails after tool calls started runs none of them and leaves no orphan in the history', async () => {
    const write = testTool('write_file', 'write');
    const failing: ModelStreamEvent[] = [
      ...callEvents({ id: 'c1', name: 'write_file', args: { path: 'a.ts' } }),
      { type: 'tool_call_start', callId: 'c2', name: 'write_file' },
      { type: 'tool_call_delta', callId: 'c2', argsDelta: '{"path": "b.t' },
      { type: 'error', error: { kind: 'network', message: 'Connection reset', retryable: true } },
    ];
    const provider = new ScriptedProvider([failing, complete('c3', 'done')]);
    const h = sessionFor(provider, registryOf(write));

    const end = await h.session.send('edit');

    assert.equal(end.status, 'failed');
    assert.deepEqual(end.status === 'failed' && end.error, { kind: 'network', message: 'Connection reset', retryable: true });
    assert.deepEqual(write.finalRuns(), [], 'neither the complete nor the unfinished call ran');
    assert.equal(h.lastStatus('c1')!.status, 'CANCELLED');
    assert.equal(h.lastStatus('c2')!.status, 'CANCELLED');
    assert.deepEqual(h.session.messages, [{ role: 'user', content: [{ type: 'text', text: 'edit' }] }]);
    const errorItem = h.session.transcript.find((item) => item.kind === 'error');
    assert.deepEqual(errorItem && { message: errorItem.message, retryable: errorItem.retryable }, { message: 'Connection reset', retryable: true });

    // Retry sends the same conversation again.
    assert.equal((await h.session.resume()).status, 'completed');
    assert.deepEqual(provider.requests[1]!.messages, provider.requests[0]!.messages);
  });

  test('a stream that ends without a stop is a broken stream, retryable', async () => {
    const provider = new ScriptedProvider([[{ type: 'text_delta', text: 'half' }]]);
    const h = sessionFor(provider, registryOf());
    const end = await h.session.send('hi');
    assert.equal(end.status === 'failed' && end.error.kind, 'stream_broken');
    assert.equal(end.status === 'failed' && end.error.retryable, true);
  });

  test('a call whose arguments never ended in a normal turn is not run and is answered as cut off', async () => {
    const write = testTool('write_file', 'write');
    const provider = new ScriptedProvider([
      [
        { type: 'tool_call_start', callId: 'c1', name: 'write_file' },
        { type: 'tool_call_delta', callId: 'c1', argsDelta: '{"path": "a.ts"}' },
        { type: 'stop', reason: 'max_tokens' },
      ],
      complete('c2', 'ok'),
    ]);
    const h = sessionFor(provider, registryOf(write));
    assert.equal((await h.session.send('write')).status, 'completed');
    assert.deepEqual(write.finalRuns(), []);
    const answer = provider.requests[1]!.messages.at(-1)!;
    assert.deepEqual(answer.content, [{ type: 'tool_result', callId: 'c1', content: incompleteCallResult('write_file'), isError: true }]);
  });
});

describe('turns without a tool call (pause rules)', () => {
  test('each gets the reminder; the third in a row pauses the task', async () => {
    const provider = new ScriptedProvider([turn('Thinking.'), turn('Still thinking.'), turn('Hmm.')]);
    const h = sessionFor(provider, registryOf());
    const end = await h.session.send('do it');
    assert.equal(end.status, 'paused');
    assert.equal(end.status === 'paused' && end.reason, 'no_tool_calls');
    assert.equal(provider.requests.length, 3);
    assert.deepEqual(provider.requests[1]!.messages.at(-1), { role: 'user', content: [{ type: 'text', text: NO_TOOL_REMINDER }] });
    assert.deepEqual(historyProblems(h.session.messages), []);
    const notice = h.session.transcript.at(-1);
    assert.equal(notice?.kind === 'notice' && notice.level, 'warning');
  });

  test('resume after such a pause adds a user message so the model is asked again', async () => {
    const provider = new ScriptedProvider([turn('a'), turn('b'), turn('c'), complete('c1', 'done')]);
    const h = sessionFor(provider, registryOf());
    await h.session.send('x');
    assert.equal((await h.session.resume()).status, 'completed');
    assert.equal(provider.requests[3]!.messages.at(-1)!.role, 'user');
    assert.deepEqual(historyProblems(h.session.messages), []);
  });
});

describe('the step cap', () => {
  const reads = (count: number) =>
    Array.from({ length: count }, (_, i) => turn(undefined, { id: `r${i}`, name: 'read_file', args: { path: `file${i}` } }));

  test('asks confirmContinue at the cap; yes runs another cap\'s worth, no pauses', async () => {
    const asked: number[] = [];
    const answers = [true, false];
    const provider = new ScriptedProvider(reads(10));
    const h = sessionFor(provider, registryOf(testTool('read_file')), {
      maxSteps: 2,
      confirmContinue: async (steps) => (asked.push(steps), answers.shift()!),
    });
    const end = await h.session.send('read everything');
    assert.deepEqual(asked, [2, 4]);
    assert.equal(provider.requests.length, 4);
    assert.equal(end.status === 'paused' && end.reason, 'step_cap');
    assert.deepEqual(historyProblems(h.session.messages), []);
  });

  test('a task that completes after a yes ends completed', async () => {
    const asked: number[] = [];
    const provider = new ScriptedProvider([...reads(2), complete('done', 'finished')]);
    const h = sessionFor(provider, registryOf(testTool('read_file')), { maxSteps: 2, confirmContinue: async (n) => (asked.push(n), true) });
    assert.deepEqual(await h.session.send('go'), { status: 'completed', result: 'finished' });
    assert.deepEqual(asked, [2]);
  });

  test('cancelling while the question is open cancels the task without waiting for the answer', async () => {
    const asking = deferred();
    const provider = new ScriptedProvider(reads(3));
    const h = sessionFor(provider, registryOf(testTool('read_file')), {
      maxSteps: 1,
      confirmContinue: () => (asking.resolve(), new Promise<boolean>(() => {})),
    });
    const done = h.session.send('go');
    await asking.promise;
    h.session.cancel();
    assert.deepEqual(await done, { status: 'cancelled' });
    assert.equal(provider.requests.length, 1);
    assert.deepEqual(h.session.messages.at(-1)!.content.at(-1), { type: 'text', text: CANCEL_NOTE });
  });

  test('without confirmContinue the cap pauses', async () => {
    const provider = new ScriptedProvider(reads(3));
    const h = sessionFor(provider, registryOf(testTool('read_file')), { maxSteps: 1 });
    const end = await h.session.send('go');
    assert.equal(end.status === 'paused' && end.reason, 'step_cap');
    assert.equal(provider.requests.length, 1);
  });
});

describe('running state', () => {
  test('send while a run is going throws; the state events bracket the run', async () => {
    const release = deferred();
    const provider = new ScriptedProvider([
      async function* () {
        await release.promise;
        yield* complete('c1', 'ok');
      },
    ]);
    const h = sessionFor(provider, registryOf());
    const done = h.session.send('one');
    assert.equal(h.session.isRunning, true);
    assert.throws(() => h.session.send('two'), /still running/);
    release.resolve();
    await done;
    assert.equal(h.session.isRunning, false);
    assert.equal(h.session.view().running, false);
  });
});
