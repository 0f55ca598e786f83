// `Tool.prepare` in the call lifecycle: after validation and repair, before the approval hook, under the
// call's timeout and cancellation; its result reaches the approval request, its failures end the call unasked.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { z } from 'zod';
import {
  type ApprovalRequest,
  ToolError,
  ToolErrorType,
  type ToolContext,
  type ToolPreparation,
} from '../../../src/core/tools';
import { deferred, harness, recordingTool, type RecordingToolOptions, settle, statesOf } from './fixtures';

interface PrepareCall {
  params: unknown;
  ctx: ToolContext;
}

/** A recording tool with a `prepare` step; every prepare call is logged in `prepares`. */
function preparedTool(
  options: RecordingToolOptions & { prepare: (params: unknown, ctx: ToolContext) => Promise<ToolPreparation> },
) {
  const base = recordingTool(options);
  const prepares: PrepareCall[] = [];
  const factory = () =>
    Object.assign(base.factory(), {
      prepare: (params: unknown, ctx: ToolContext) => {
        prepares.push({ params, ctx });
        return options.prepare(params, ctx);
      },
    });
  return { ...base, factory, prepares };
}

const editPreparation: ToolPreparation = {
  targets: { paths: ['/ws/src/a.ts'] },
  summary: 'Edit src/a.ts (1 edit)',
  diff: { path: '/ws/src/a.ts', added: 1, removed: 1, open: async () => {} },
};

const never = () => new Promise<never>(() => {});

describe('[prepare] Tool.prepare between validation and approval', () => {
  test('[prepare] runs after validation and repair, before the approval hook, and its result reaches the request', async () => {
    const order: string[] = [];
    const edit = preparedTool({
      name: 'edit_file',
      kind: 'write',
      parameters: z.object({ path: z.string(), all: z.boolean() }),
      prepare: async (params) => {
        order.push(`prepare ${JSON.stringify(params)}`);
        return editPreparation;
      },
      run: async (_p, ctx) => {
        order.push('execute');
        ctx.setToolResult(ctx.callId, 'edited');
      },
    });
    const requests: ApprovalRequest[] = [];
    const h = harness([edit], {
      approve: async (request) => {
        order.push('approve');
        requests.push(request);
        return { decision: 'allow' };
      },
    });
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c1', name: 'edit_file', arguments: '{"path":"src/a.ts","all":"TRUE"}' }]);
    assert.deepEqual(order, ['prepare {"path":"src/a.ts","all":true}', 'approve', 'execute'], 'prepare sees the repaired params');
    assert.equal(requests[0]!.preparation, editPreparation);
    assert.equal(outcomes[0]!.content, 'edited');
  });

  test("[prepare] gets the call's own context: its callId, taskId and signal, the same the final run gets", async () => {
    const edit = preparedTool({ name: 'edit_file', kind: 'write', prepare: async () => editPreparation });
    const h = harness([edit]);
    await h.scheduler.runCalls([{ callId: 'c7', name: 'edit_file', arguments: { path: 'a' } }]);
    const prepared = edit.prepares[0]!.ctx;
    const executed = edit.executions[0]!.ctx;
    assert.equal(prepared.callId, 'c7');
    assert.equal(prepared.taskId, 'task-1');
    assert.equal(prepared.signal, executed.signal);
    assert.equal(edit.instances.length, 1, 'prepare and execute run on the one instance of the call');
  });

  test('[prepare] a tool without prepare gives a request without preparation', async () => {
    const requests: ApprovalRequest[] = [];
    const h = harness([recordingTool({ name: 'write_file', kind: 'write' })], {
      approve: async (request) => (requests.push(request), { decision: 'allow' }),
    });
    await h.scheduler.runCalls([{ callId: 'c1', name: 'write_file', arguments: { path: 'a' } }]);
    assert.equal(requests.length, 1);
    assert.equal('preparation' in requests[0]!, false);
  });

  test('[prepare] a ToolError ends the call with that error type and message; nobody is asked and nothing runs', async () => {
    const edit = preparedTool({
      name: 'edit_file',
      kind: 'write',
      prepare: async () => {
        throw new ToolError(ToolErrorType.EDIT_NO_OCCURRENCE, 'No occurrence of the old text in src/a.ts.');
      },
    });
    let asked = 0;
    const h = harness([edit], { approve: async () => (asked++, { decision: 'allow' }) });
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c1', name: 'edit_file', arguments: { path: 'src/a.ts' } }]);
    assert.equal(asked, 0, 'the approval hook is not called');
    assert.equal(edit.executions.length, 0);
    assert.equal(outcomes[0]!.state, 'error');
    assert.equal(outcomes[0]!.errorType, ToolErrorType.EDIT_NO_OCCURRENCE);
    assert.match(String(outcomes[0]!.content), /No occurrence of the old text in src\/a\.ts\./);
    const last = h.statuses.at(-1)!;
    assert.equal(last.status, 'ERROR');
    assert.equal(last.errorType, ToolErrorType.EDIT_NO_OCCURRENCE);
    assert.deepEqual(statesOf(h.statuses, 'c1'), ['validating', 'scheduled', 'error'], 'it never reached awaiting_approval');
    assert.equal(h.scheduler.statistics.get('edit_file').executions, 0, 'a call that never ran is not counted');
  });

  for (const [label, thrown] of [
    ['an Error', new TypeError('cannot read properties of undefined')],
    ['a non-Error value', 'plain string'],
  ] as const) {
    test(`[prepare] ${label} thrown by prepare is EXECUTION_FAILED and never escapes; nobody is asked`, async () => {
      const edit = preparedTool({
        name: 'edit_file',
        kind: 'write',
        prepare: async () => {
          throw thrown;
        },
      });
      let asked = 0;
      const h = harness([edit, recordingTool({ name: 'read_file' })], { approve: async () => (asked++, { decision: 'allow' }) });
      const { outcomes } = await h.scheduler.runCalls([
        { callId: 'c1', name: 'edit_file', arguments: { path: 'a' } },
        { callId: 'c2', name: 'read_file', arguments: { path: 'a' } },
      ]);
      assert.equal(outcomes[0]!.errorType, ToolErrorType.EXECUTION_FAILED);
      assert.match(String(outcomes[0]!.content), new RegExp(`edit_file failed: ${String(thrown instanceof Error ? thrown.message : thrown)}`));
      assert.equal(asked, 1, 'only the other call was asked about');
      assert.equal(edit.executions.length, 0);
      assert.equal(outcomes[1]!.state, 'success', 'the batch goes on');
    });
  }

  test('[prepare] a prepare failure carries the tool\'s error guidance', async () => {
    const edit = preparedTool({
      name: 'edit_file',
      kind: 'write',
      prepare: async () => {
        throw new ToolError(ToolErrorType.FILE_NOT_FOUND, 'src/b.ts does not exist');
      },
    });
    const h = harness([{ name: 'edit_file', factory: () => Object.assign(edit.factory(), { getDescription: async () => ({ short: 'e', guidance: { onError: 'Read the file first.' } }) }) }]);
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c1', name: 'edit_file', arguments: { path: 'src/b.ts' } }]);
    assert.match(String(outcomes[0]!.content), /src\/b\.ts does not exist\n\nGuidance: Read the file first\.$/);
  });

  test('[prepare] a result or a terminal status reported while preparing is ignored: the final run reports', async () => {
    const edit = preparedTool({
      name: 'edit_file',
      kind: 'write',
      prepare: async (_p, ctx) => {
        ctx.setToolResult(ctx.callId, 'from prepare');
        ctx.sendToolStatus(ctx.callId, 'SUCCESS');
        ctx.completeTask('from prepare');
        ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: 'computing the diff' });
        return editPreparation;
      },
    });
    const h = harness([edit]);
    let tipSeenBeforeRun = false;
    h.scheduler.onDidChangeStatus((s) => (tipSeenBeforeRun ||= s.showTip === 'computing the diff' && edit.executions.length === 0));
    const { outcomes, completion } = await h.scheduler.runCalls([{ callId: 'c1', name: 'edit_file', arguments: { path: 'a' } }]);
    assert.equal(outcomes[0]!.content, 'ok:edit_file');
    assert.equal(completion, undefined);
    assert.equal(h.statuses.filter((s) => s.status === 'SUCCESS').length, 1);
    assert.ok(tipSeenBeforeRun, 'a non-terminal status from prepare reaches the UI');
    assert.ok(h.logger.warnings.some((w) => w.includes('set a result while preparing')));
  });

  test('[prepare] is not called for unknown tools, invalid arguments or partial runs', async () => {
    const edit = preparedTool({
      name: 'edit_file',
      kind: 'write',
      parameters: z.object({ path: z.string(), content: z.string() }),
      prepare: async () => editPreparation,
    });
    const h = harness([edit]);
    await h.scheduler.runCalls([
      { callId: 'c1', name: 'edit_fiel', arguments: { path: 'a', content: 'b' } },
      { callId: 'c2', name: 'edit_file', arguments: { path: 3 } },
    ]);
    assert.equal(edit.prepares.length, 0);
    const stream = h.scheduler.createStream();
    stream.handle({ type: 'tool_call_start', callId: 'c3', name: 'edit_file' });
    for (const piece of ['{"path":', '"a","con', 'tent":"bc', 'd"}']) {
      stream.handle({ type: 'tool_call_delta', callId: 'c3', argsDelta: piece });
      await settle(1);
    }
    assert.ok(edit.executions.some((e) => e.isPartial));
    assert.equal(edit.prepares.length, 0, 'partial runs are never prepared');
    stream.handle({ type: 'tool_call_end', callId: 'c3' });
    await stream.finish();
    assert.deepEqual(edit.prepares.map((p) => p.params), [{ path: 'a', content: 'bcd' }], 'the streamed call is prepared once, finally');
  });
});

describe('[prepare] timeout and cancellation (mock timers)', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  test('[prepare] a prepare that outlives the tool timeout aborts the call signal and ends in TOOL_TIMEOUT, unasked', async () => {
    let signal: AbortSignal | undefined;
    const edit = preparedTool({ name: 'edit_file', kind: 'write', timeoutMs: 500, prepare: (_p, ctx) => ((signal = ctx.signal), never()) });
    let asked = 0;
    const h = harness([edit], { abortGraceMs: 100, approve: async () => (asked++, { decision: 'allow' }) });
    const done = h.scheduler.runCalls([{ callId: 'c1', name: 'edit_file', arguments: { path: 'a' } }]);
    await settle();
    mock.timers.tick(499);
    assert.equal(signal!.aborted, false);
    mock.timers.tick(1);
    assert.equal(signal!.aborted, true, 'the timeout really aborts the signal prepare was given');
    await settle();
    mock.timers.tick(100);
    const { outcomes } = await done;
    assert.equal(outcomes[0]!.errorType, ToolErrorType.TOOL_TIMEOUT);
    assert.match(String(outcomes[0]!.content), /edit_file timed out after 500 ms/);
    assert.equal(asked, 0);
    assert.equal(edit.executions.length, 0);
  });

  test('[prepare] the global timeout applies when the tool sets none; a prepare done in time clears its timer', async () => {
    const fast = deferred<ToolPreparation>();
    const edit = preparedTool({
      name: 'edit_file',
      kind: 'write',
      prepare: (params) => ((params as { path: string }).path === 'fast' ? fast.promise : never()),
    });
    const h = harness([edit], { defaultTimeoutMs: 1000, abortGraceMs: 0 });
    const done = h.scheduler.runCalls([
      { callId: 'c1', name: 'edit_file', arguments: { path: 'fast' } },
      { callId: 'c2', name: 'edit_file', arguments: { path: 'slow' } },
    ]);
    await settle();
    mock.timers.tick(999);
    fast.resolve(editPreparation);
    await settle();
    const [first, second] = edit.prepares;
    assert.ok(second, 'the second call is being prepared');
    mock.timers.tick(999);
    assert.equal(first!.ctx.signal.aborted, false, "the first prepare's timer was cleared when it finished");
    assert.equal(second.ctx.signal.aborted, false);
    mock.timers.tick(1);
    assert.equal(second.ctx.signal.aborted, true, 'the global 1000 ms timeout aborts the second prepare');
    await settle();
    mock.timers.tick(0);
    const { outcomes } = await done;
    assert.deepEqual(outcomes.map((o) => o.errorType ?? o.state), ['success', ToolErrorType.TOOL_TIMEOUT]);
  });

  test('[prepare] cancelling the task while preparing ends the call "cancelled while in queue"; nobody is asked', async () => {
    const task = new AbortController();
    const preparing = deferred();
    const edit = preparedTool({
      name: 'edit_file',
      kind: 'write',
      prepare: (_p, ctx) => {
        preparing.resolve();
        return new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped'))));
      },
    });
    let asked = 0;
    const h = harness([edit], { taskSignal: task.signal, approve: async () => (asked++, { decision: 'allow' }) });
    const done = h.scheduler.runCalls([
      { callId: 'c1', name: 'edit_file', arguments: { path: 'a' } },
      { callId: 'c2', name: 'edit_file', arguments: { path: 'b' } },
    ]);
    await preparing.promise;
    task.abort();
    const { outcomes } = await done;
    assert.deepEqual(outcomes.map((o) => o.state), ['cancelled', 'cancelled']);
    assert.match(String(outcomes[0]!.content), /cancelled while in queue/);
    assert.equal(outcomes[0]!.errorType, ToolErrorType.CANCELLED);
    assert.equal(asked, 0);
    assert.equal(edit.prepares.length, 1, 'the second call is not prepared after the task was cancelled');
    assert.equal(edit.executions.length, 0);
    assert.equal(h.statuses.filter((s) => s.callId === 'c1').at(-1)!.status, 'CANCELLED');
  });

  test('[prepare] cancelCall while preparing stops only that call, even if prepare ignores its signal', async () => {
    const preparing = deferred();
    const edit = preparedTool({ name: 'edit_file', kind: 'write', prepare: () => (preparing.resolve(), never()) });
    const h = harness([edit, recordingTool({ name: 'write_file', kind: 'write' })], { abortGraceMs: 50 });
    const done = h.scheduler.runCalls([
      { callId: 'c1', name: 'edit_file', arguments: { path: 'a' } },
      { callId: 'c2', name: 'write_file', arguments: { path: 'b' } },
    ]);
    await preparing.promise;
    assert.equal(h.scheduler.cancelCall('c1'), true);
    await settle();
    mock.timers.tick(50);
    const { outcomes } = await done;
    assert.equal(outcomes[0]!.state, 'cancelled');
    assert.equal(outcomes[1]!.state, 'success');
  });
});
