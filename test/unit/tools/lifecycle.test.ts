// Section 6 of tool-system.md: lifecycle states, statistics and the shared error types (behaviours 22-24).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { canTransition, isToolErrorType, ToolError, ToolErrorType, ToolStatistics } from '../../../src/core/tools';
import { harness, recordingTool, settle, statesOf } from './fixtures';

describe('lifecycle', () => {
  test('[22] a streamed call goes validating -> scheduled -> awaiting_approval -> executing -> success', async () => {
    const h = harness([recordingTool({ name: 'read_file' })]);
    const stream = h.scheduler.createStream();
    stream.handle({ type: 'tool_call_start', callId: 'c1', name: 'read_file' });
    stream.handle({ type: 'tool_call_delta', callId: 'c1', argsDelta: '{"path":"a"}' });
    stream.handle({ type: 'tool_call_end', callId: 'c1' });
    await stream.finish();
    assert.deepEqual(statesOf(h.statuses, 'c1'), ['streaming', 'validating', 'scheduled', 'awaiting_approval', 'executing', 'success']);
    const statusKinds = h.statuses.filter((s) => s.callId === 'c1').map((s) => s.status);
    assert.equal(statusKinds[0], 'WAIT');
    assert.ok(statusKinds.includes('DOING'));
    assert.equal(statusKinds.at(-1), 'SUCCESS');
  });

  test('[22] invalid arguments end in error from validating; a denial ends in error from awaiting_approval', async () => {
    const h = harness([recordingTool({ name: 'read_file' })], {
      approve: async (r) => (r.callId === 'c2' ? { decision: 'deny' } : { decision: 'allow' }),
    });
    await h.scheduler.runCalls([
      { callId: 'c1', name: 'read_file', arguments: { path: 1 } },
      { callId: 'c2', name: 'read_file', arguments: { path: 'a' } },
    ]);
    assert.deepEqual(statesOf(h.statuses, 'c1'), ['validating', 'error']);
    assert.deepEqual(statesOf(h.statuses, 'c2'), ['validating', 'scheduled', 'awaiting_approval', 'error']);
  });

  test('[22] the UI sees "awaiting_approval" while the approval hook is open', async () => {
    let seen: string | undefined;
    const h = harness([recordingTool({ name: 'read_file' })], {
      approve: async (r) => {
        seen = h.scheduler.currentStatus(r.callId)?.state;
        return { decision: 'allow' };
      },
    });
    await h.scheduler.runCalls([{ callId: 'c1', name: 'read_file', arguments: { path: 'a' } }]);
    assert.equal(seen, 'awaiting_approval');
  });

  test('[22] a call cancelled while executing ends in cancelled, straight from executing', async () => {
    const h = harness([
      recordingTool({
        name: 'slow',
        run: async (_p, ctx) => {
          queueMicrotask(() => h.scheduler.cancelCall(ctx.callId));
          await new Promise<void>((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped'))));
        },
      }),
    ]);
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c1', name: 'slow', arguments: { path: 'a' } }]);
    assert.equal(outcomes[0]!.state, 'cancelled');
    assert.deepEqual(statesOf(h.statuses, 'c1'), ['validating', 'scheduled', 'awaiting_approval', 'executing', 'cancelled']);
  });

  test('[22] transitions only move forward; terminal states are final', () => {
    assert.equal(canTransition('validating', 'scheduled'), true);
    assert.equal(canTransition('scheduled', 'executing'), false, 'approval cannot be skipped');
    assert.equal(canTransition('executing', 'validating'), false);
    for (const terminal of ['success', 'error', 'cancelled'] as const) assert.equal(canTransition(terminal, 'executing'), false);
  });
});

describe('statistics', () => {
  test('[23] per tool: executions, successes, failures, total and average duration', async () => {
    let now = 0;
    const flaky = recordingTool({
      name: 'flaky',
      kind: 'write', // one at a time, so each call's clock span is its own
      run: async (params, ctx) => {
        now += Number((params as { path: string }).path);
        if (now > 30) throw new ToolError(ToolErrorType.SHELL_ERROR, 'exit 1');
        ctx.setToolResult(ctx.callId, 'ok');
      },
    });
    const h = harness([flaky], { now: () => now });
    await h.scheduler.runCalls([
      { callId: 'c1', name: 'flaky', arguments: { path: '10' } },
      { callId: 'c2', name: 'flaky', arguments: { path: '20' } },
    ]);
    await h.scheduler.runCalls([{ callId: 'c3', name: 'flaky', arguments: { path: '30' } }]);
    assert.deepEqual(h.scheduler.statistics.get('flaky'), {
      executions: 3,
      successes: 2,
      failures: 1,
      cancellations: 0,
      totalDurationMs: 60,
      averageDurationMs: 20,
    });
  });

  test('[23] partial executions and calls rejected before running are not counted', async () => {
    const write = recordingTool({ name: 'write_file', parameters: z.object({ path: z.string() }) });
    const h = harness([write]);
    const stream = h.scheduler.createStream();
    stream.handle({ type: 'tool_call_start', callId: 'c1', name: 'write_file' });
    for (const piece of ['{"pa', 'th": "a', 'bc"', '}']) {
      stream.handle({ type: 'tool_call_delta', callId: 'c1', argsDelta: piece });
      await settle(1);
    }
    stream.handle({ type: 'tool_call_end', callId: 'c1' });
    await stream.finish();
    await h.scheduler.runCalls([{ callId: 'c2', name: 'write_file', arguments: { path: 5 } }]);
    assert.ok(write.executions.filter((e) => e.isPartial).length > 0);
    assert.equal(h.scheduler.statistics.get('write_file').executions, 1);
  });

  test('[23] the statistics store is plain: unknown tools read as zeros, reset clears', () => {
    const stats = new ToolStatistics();
    stats.record('a', 'cancelled', 5);
    assert.equal(stats.get('a').cancellations, 1);
    assert.equal(stats.get('b').executions, 0);
    stats.reset();
    assert.deepEqual(stats.all(), {});
  });
});

describe('error types', () => {
  test('[24] one shared enum covers the listed failures, with unique values', () => {
    const required = [
      'INVALID_PARAMS',
      'TOOL_NOT_REGISTERED',
      'POLICY_VIOLATION',
      'EXECUTION_FAILED',
      'TOOL_TIMEOUT',
      'CANCELLED',
      'FILE_NOT_FOUND',
      'FILE_TOO_LARGE',
      'PERMISSION_DENIED',
      'PATH_NOT_IN_WORKSPACE',
      'TARGET_IS_DIRECTORY',
      'EDIT_NO_OCCURRENCE',
      'EDIT_MULTIPLE_OCCURRENCES',
      'EDIT_NO_CHANGE',
      'SHELL_ERROR',
      'MCP_ERROR',
    ];
    for (const key of required) assert.ok(key in ToolErrorType, key);
    const values = Object.values(ToolErrorType);
    assert.equal(new Set(values).size, values.length);
    assert.ok(values.every(isToolErrorType));
    assert.equal(isToolErrorType('made_up'), false);
  });

  test('[24] a tool\'s error type reaches the model outcome and the UI status', async () => {
    const big = recordingTool({
      name: 'read_file',
      run: async (_p, ctx) => {
        ctx.setToolResult(ctx.callId, 'a.bin is 3 GB', { error: ToolErrorType.FILE_TOO_LARGE });
        ctx.sendToolStatus(ctx.callId, 'ERROR', { error: 'too large', errorType: ToolErrorType.FILE_TOO_LARGE });
      },
    });
    const h = harness([big]);
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c1', name: 'read_file', arguments: { path: 'a.bin' } }]);
    assert.equal(outcomes[0]!.errorType, ToolErrorType.FILE_TOO_LARGE);
    assert.equal(h.statuses.at(-1)!.errorType, ToolErrorType.FILE_TOO_LARGE);
    assert.equal(h.statuses.at(-1)!.status, 'ERROR');
  });

  test('[24] an exception that is not a ToolError is EXECUTION_FAILED, and never escapes', async () => {
    const boom = recordingTool({
      name: 'boom',
      run: async () => {
        throw new TypeError('undefined is not a function');
      },
    });
    const h = harness([boom]);
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c1', name: 'boom', arguments: { path: 'a' } }]);
    assert.equal(outcomes[0]!.errorType, ToolErrorType.EXECUTION_FAILED);
    assert.match(String(outcomes[0]!.content), /boom failed: undefined is not a function/);
  });
});
