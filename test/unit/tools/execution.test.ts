// Section 6 of tool-system.md: timeouts, pause rules, cancellation and batching (behaviours 18-21).
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { z } from 'zod';
import { DEFAULT_TIMEOUT_MS, NO_TOOL_REMINDER, ToolErrorType, type PauseSignal } from '../../../src/core/tools';
import { deferred, harness, recordingTool, settle } from './fixtures';

const never = () => new Promise<void>(() => {});

describe('timeouts (mock timers)', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  test('[18] the default timeout is 10 minutes: the call signal aborts and TOOL_TIMEOUT is reported', async () => {
    let signal: AbortSignal | undefined;
    const hang = recordingTool({ name: 'hang', run: async (_p, ctx) => ((signal = ctx.signal), never()) });
    const h = harness([hang], { abortGraceMs: 100 });
    const done = h.scheduler.runCalls([{ callId: 'c1', name: 'hang', arguments: { path: 'a' } }]);
    await settle();
    mock.timers.tick(DEFAULT_TIMEOUT_MS - 1);
    await settle();
    assert.equal(signal!.aborted, false);
    mock.timers.tick(1);
    assert.equal(signal!.aborted, true, 'the timeout really aborts the call');
    await settle();
    mock.timers.tick(100);
    const { outcomes } = await done;
    assert.equal(outcomes[0]!.errorType, ToolErrorType.TOOL_TIMEOUT);
    assert.match(String(outcomes[0]!.content), /timed out after 10 min/);
    assert.equal(h.statuses.at(-1)!.errorType, ToolErrorType.TOOL_TIMEOUT);
  });

  test('[18] the timeout is configurable globally and per tool (the tool wins)', async () => {
    const aborts: Record<string, boolean> = {};
    const run = (name: string) => async (_p: unknown, ctx: { signal: AbortSignal }) => {
      ctx.signal.addEventListener('abort', () => (aborts[name] = true));
      await new Promise<void>((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('killed'))));
    };
    const global = recordingTool({ name: 'global', run: run('global') });
    const own = recordingTool({ name: 'own', timeoutMs: 50, run: run('own') });
    const h = harness([global, own], { defaultTimeoutMs: 1000 });
    const done = h.scheduler.runCalls([
      { callId: 'c1', name: 'own', arguments: { path: 'a' } },
      { callId: 'c2', name: 'global', arguments: { path: 'a' } },
    ]);
    await settle();
    mock.timers.tick(50);
    assert.deepEqual(aborts, { own: true });
    await settle();
    mock.timers.tick(950);
    assert.deepEqual(aborts, { own: true, global: true });
    const { outcomes } = await done;
    assert.deepEqual(outcomes.map((o) => o.errorType), [ToolErrorType.TOOL_TIMEOUT, ToolErrorType.TOOL_TIMEOUT]);
    assert.match(String(outcomes[0]!.content), /after 50 ms/);
  });

  test('[18] a call that finishes in time clears its timer: the signal never aborts afterwards', async () => {
    let signal: AbortSignal | undefined;
    const quick = recordingTool({ name: 'quick', run: async (_p, ctx) => ((signal = ctx.signal), ctx.setToolResult(ctx.callId, 'ok')) });
    const h = harness([quick]);
    await h.scheduler.runCalls([{ callId: 'c1', name: 'quick', arguments: { path: 'a' } }]);
    mock.timers.tick(DEFAULT_TIMEOUT_MS * 2);
    assert.equal(signal!.aborted, false);
  });

  test('[18] three consecutive timeouts of the same tool pause the task with an explanation', async () => {
    const hang = recordingTool({ name: 'hang', timeoutMs: 10, run: () => never() });
    const h = harness([hang], { abortGraceMs: 0 });
    const paused: PauseSignal[] = [];
    h.scheduler.onDidPause((p) => paused.push(p));
    const results = [];
    for (let i = 1; i <= 3; i++) {
      const done = h.scheduler.runCalls([{ callId: `c${i}`, name: 'hang', arguments: { path: 'a' } }]);
      await settle();
      mock.timers.tick(10);
      await settle();
      mock.timers.tick(0);
      results.push(await done);
    }
    assert.equal(results[0]!.pause, undefined);
    assert.equal(results[1]!.pause, undefined);
    assert.equal(results[2]!.pause?.reason, 'repeated_timeouts');
    assert.match(results[2]!.pause!.message, /hang timed out 3 times in a row/);
    assert.deepEqual(paused, [results[2]!.pause]);
  });
});

describe('pause rules', () => {
  const failing = () =>
    recordingTool({ name: 'edit_file', run: async (_p, ctx) => ctx.setToolResult(ctx.callId, 'no occurrence of old text', { error: ToolErrorType.EDIT_NO_OCCURRENCE }) });

  test('[19] the same error signature three times in a row pauses the task', async () => {
    const h = harness([failing()]);
    const pauses = [];
    for (let i = 1; i <= 3; i++) pauses.push((await h.scheduler.runCalls([{ callId: `c${i}`, name: 'edit_file', arguments: { path: 'a' } }])).pause);
    assert.deepEqual(pauses.slice(0, 2), [undefined, undefined]);
    assert.equal(pauses[2]?.reason, 'repeated_error');
    assert.match(pauses[2]!.message, /same error happened 3 times in a row \(edit_file: no occurrence of old text\)/);
  });

  test('[19] a success in between resets the streak', async () => {
    const read = recordingTool({ name: 'read_file' });
    const h = harness([failing(), read]);
    const call = (id: string, name: string) => h.scheduler.runCalls([{ callId: id, name, arguments: { path: 'a' } }]);
    await call('c1', 'edit_file');
    await call('c2', 'edit_file');
    await call('c3', 'read_file');
    assert.equal((await call('c4', 'edit_file')).pause, undefined);
  });

  test('[19] three model turns without a tool call: a reminder first, then a pause', () => {
    const h = harness([]);
    const first = h.scheduler.recordModelTurn(0);
    const second = h.scheduler.recordModelTurn(0);
    const third = h.scheduler.recordModelTurn(0);
    assert.deepEqual(first, { reminder: NO_TOOL_REMINDER });
    assert.deepEqual(second, { reminder: NO_TOOL_REMINDER });
    assert.equal(third.pause?.reason, 'no_tool_calls');
    assert.match(third.pause!.message, /3 times in a row without using a tool/);
    h.scheduler.recordModelTurn(0);
    assert.deepEqual(h.scheduler.recordModelTurn(2), {}, 'a turn with tool calls resets the count');
    assert.deepEqual(h.scheduler.recordModelTurn(0), { reminder: NO_TOOL_REMINDER });
  });
});

describe('cancellation', () => {
  test('[20] task cancel: the running call ends CANCELLED with partial output kept, queued calls are "cancelled while in queue"', async () => {
    const task = new AbortController();
    const started = deferred();
    let killed = 0;
    const shell = recordingTool({
      name: 'run_command',
      kind: 'execute',
      run: async (_p, ctx) => {
        const process = { kill: () => killed++ };
        ctx.signal.addEventListener('abort', () => process.kill());
        ctx.sendToolStatus(ctx.callId, 'DOING', { blocks: [{ type: 'terminal', command: 'npm test', output: 'PASS a.test' }] });
        started.resolve();
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
        ctx.setToolResult(ctx.callId, 'PASS a.test');
      },
    });
    const h = harness([shell], { taskSignal: task.signal });
    const done = h.scheduler.runCalls([
      { callId: 'c1', name: 'run_command', arguments: { path: 'a' } },
      { callId: 'c2', name: 'run_command', arguments: { path: 'b' } },
    ]);
    await started.promise;
    task.abort();
    const { outcomes } = await done;
    assert.equal(killed, 1, 'the process started by the call is killed');
    assert.equal(outcomes[0]!.state, 'cancelled');
    assert.match(String(outcomes[0]!.content), /cancelled while running[\s\S]*PASS a\.test/);
    assert.equal(outcomes[1]!.state, 'cancelled');
    assert.match(String(outcomes[1]!.content), /cancelled while in queue/);
    const final = h.statuses.filter((s) => s.callId === 'c1').at(-1)!;
    assert.equal(final.status, 'CANCELLED');
    assert.deepEqual(final.blocks, [{ type: 'terminal', command: 'npm test', output: 'PASS a.test' }]);
    assert.equal(shell.executions.filter((e) => e.ctx.callId === 'c2').length, 0);
  });

  test('[20] a call waiting for approval is cancelled in queue and the approval request sees the abort', async () => {
    const task = new AbortController();
    let approvalSignal: AbortSignal | undefined;
    const asked = deferred();
    const write = recordingTool({ name: 'write_file', kind: 'write' });
    const h = harness([write], {
      taskSignal: task.signal,
      approve: (request) => {
        approvalSignal = request.signal;
        asked.resolve();
        return new Promise(() => {});
      },
    });
    const done = h.scheduler.runCalls([{ callId: 'c1', name: 'write_file', arguments: { path: 'a' } }]);
    await asked.promise;
    task.abort();
    const { outcomes } = await done;
    assert.equal(approvalSignal!.aborted, true);
    assert.equal(outcomes[0]!.state, 'cancelled');
    assert.match(String(outcomes[0]!.content), /in queue/);
    assert.equal(write.executions.length, 0);
  });

  test('[20] cancelCall stops one running call and leaves the others alone', async () => {
    const started = deferred();
    const slow = recordingTool({
      name: 'slow',
      run: async (_p, ctx) => {
        started.resolve();
        await new Promise<void>((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))));
      },
    });
    const read = recordingTool({ name: 'read_file' });
    const h = harness([slow, read]);
    const done = h.scheduler.runCalls([
      { callId: 'c1', name: 'slow', arguments: { path: 'a' } },
      { callId: 'c2', name: 'read_file', arguments: { path: 'a' } },
    ]);
    await started.promise;
    assert.equal(h.scheduler.cancelCall('c1', 'Stopped from the card'), true);
    const { outcomes } = await done;
    assert.equal(outcomes[0]!.state, 'cancelled');
    assert.match(String(outcomes[0]!.content), /Stopped from the card/);
    assert.equal(outcomes[1]!.state, 'success');
    assert.equal(h.scheduler.cancelCall('c1'), false, 'a finished call cannot be cancelled');
  });
});

describe('batching', () => {
  test('[21] consecutive read-only calls run in parallel', async () => {
    const gates = [deferred(), deferred()];
    let running = 0;
    let peak = 0;
    const read = recordingTool({
      name: 'read_file',
      run: async (params, ctx) => {
        running++;
        peak = Math.max(peak, running);
        await gates[Number((params as { path: string }).path)]!.promise;
        running--;
        ctx.setToolResult(ctx.callId, 'ok');
      },
    });
    const h = harness([read]);
    const done = h.scheduler.runCalls([
      { callId: 'c0', name: 'read_file', arguments: { path: '0' } },
      { callId: 'c1', name: 'read_file', arguments: { path: '1' } },
    ]);
    await settle();
    assert.equal(running, 2, 'both read-only calls started before either finished');
    gates[1]!.resolve();
    gates[0]!.resolve();
    const { outcomes } = await done;
    assert.equal(peak, 2);
    assert.deepEqual(outcomes.map((o) => o.callId), ['c0', 'c1'], 'results keep call order');
  });

  test('[21] write and execute calls run one at a time, in order, and split read-only runs', async () => {
    const log: string[] = [];
    const tool = (name: string, kind: 'readonly' | 'write' | 'execute') =>
      recordingTool({
        name,
        kind,
        run: async (params, ctx) => {
          const path = (params as { path: string }).path;
          log.push(`start ${path}`);
          await settle(1);
          log.push(`end ${path}`);
          ctx.setToolResult(ctx.callId, 'ok');
        },
      });
    const h = harness([tool('read_file', 'readonly'), tool('write_file', 'write'), tool('run_command', 'execute')]);
    await h.scheduler.runCalls([
      { callId: 'a', name: 'write_file', arguments: { path: 'w1' } },
      { callId: 'b', name: 'run_command', arguments: { path: 'x1' } },
      { callId: 'c', name: 'read_file', arguments: { path: 'r1' } },
      { callId: 'd', name: 'read_file', arguments: { path: 'r2' } },
      { callId: 'e', name: 'write_file', arguments: { path: 'w2' } },
    ]);
    assert.deepEqual(log, ['start w1', 'end w1', 'start x1', 'end x1', 'start r1', 'start r2', 'end r1', 'end r2', 'start w2', 'end w2']);
  });

  test('[21] no call of a batch starts until every call in it is approved or finished', async () => {
    const second = deferred<{ decision: 'allow' }>();
    const read = recordingTool({ name: 'read_file' });
    const h = harness([read], {
      approve: (request) => (request.callId === 'c2' ? second.promise : Promise.resolve({ decision: 'allow' })),
    });
    const done = h.scheduler.runCalls([
      { callId: 'c1', name: 'read_file', arguments: { path: 'a' } },
      { callId: 'c2', name: 'read_file', arguments: { path: 'b' } },
    ]);
    await settle();
    assert.equal(read.executions.length, 0, 'c1 is approved but waits for c2');
    assert.equal(h.scheduler.currentStatus('c1')?.state, 'awaiting_approval');
    second.resolve({ decision: 'allow' });
    await done;
    assert.equal(read.executions.length, 2);
  });

  test('[21] the whole batch is approved before its first call starts, across write, execute and read-only groups', async () => {
    const log: string[] = [];
    const tool = (name: string, kind: 'readonly' | 'write' | 'execute') =>
      recordingTool({
        name,
        kind,
        run: async (_p, ctx) => {
          log.push(`run ${ctx.callId}`);
          ctx.setToolResult(ctx.callId, 'ok');
        },
      });
    const h = harness([tool('write_file', 'write'), tool('run_command', 'execute'), tool('read_file', 'readonly')], {
      approve: async (request) => {
        log.push(`ask ${request.callId}`);
        await settle(1);
        return request.callId === 'b' ? { decision: 'deny' } : { decision: 'allow' };
      },
    });
    const { outcomes } = await h.scheduler.runCalls([
      { callId: 'a', name: 'write_file', arguments: { path: 'w' } },
      { callId: 'b', name: 'run_command', arguments: { path: 'x' } },
      { callId: 'c', name: 'read_file', arguments: { path: 'r' } },
      { callId: 'd', name: 'read_file', arguments: { path: 5 } },
      { callId: 'e', name: 'write_file', arguments: { path: 'w2' } },
    ]);
    assert.deepEqual(log, ['ask a', 'ask b', 'ask c', 'ask e', 'run a', 'run c', 'run e']);
    assert.deepEqual(outcomes.map((o) => o.state), ['success', 'error', 'success', 'error', 'success']);
  });

  test('a denied call releases what its preparation opened (an edit preview), as a cancelled one does', async () => {
    const released: string[] = [];
    const write = recordingTool({ name: 'write_file', kind: 'write' });
    const factory = () => {
      const tool = write.factory();
      Object.assign(tool, {
        prepare: async (_params: unknown, ctx: { callId: string; signal: AbortSignal }) => {
          ctx.signal.addEventListener('abort', () => released.push(ctx.callId), { once: true });
          return { targets: {} };
        },
      });
      return tool;
    };
    const h = harness([{ name: 'write_file', factory }], { approve: async (request) => (request.callId === 'no' ? { decision: 'deny' } : { decision: 'allow' }) });
    const { outcomes } = await h.scheduler.runCalls([
      { callId: 'no', name: 'write_file', arguments: { path: 'a' } },
      { callId: 'yes', name: 'write_file', arguments: { path: 'b' } },
    ]);
    assert.deepEqual(outcomes.map((o) => o.state), ['error', 'success']);
    assert.deepEqual(released, ['no'], 'only the denied call let go of its preview');
  });

  test('[34 hook] the loop guard hook is consulted before approval and its observation reaches the approval request', async () => {
    const seen: unknown[] = [];
    const read = recordingTool({ name: 'read_file', parameters: z.object({ path: z.string() }) });
    let count = 0;
    const h = harness([read], {
      loopGuard: { observe: () => ({ consecutive: ++count, repeated: count >= 3 }) },
      approve: async (request) => {
        seen.push(request.loop);
        return { decision: 'allow' };
      },
    });
    for (let i = 0; i < 3; i++) await h.scheduler.runCalls([{ callId: `c${i}`, name: 'read_file', arguments: { path: 'a' } }]);
    assert.deepEqual(seen.at(-1), { consecutive: 3, repeated: true });
  });
});
