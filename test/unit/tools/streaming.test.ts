// Section 3 of tool-system.md: streaming and partial calls (behaviours 6-8).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import type { ToolCallStreamEvent } from '../../../src/core/model/events';
import { ToolErrorType } from '../../../src/core/tools';
import { deferred, harness, recordingTool, settle } from './fixtures';

const writeParams = z.object({ path: z.string(), content: z.string() });

function streamEvents(callId: string, name: string, args: string, pieceSize: number): ToolCallStreamEvent[] {
  const events: ToolCallStreamEvent[] = [{ type: 'tool_call_start', callId, name }];
  for (let i = 0; i < args.length; i += pieceSize) events.push({ type: 'tool_call_delta', callId, argsDelta: args.slice(i, i + pieceSize) });
  events.push({ type: 'tool_call_end', callId });
  return events;
}

describe('streaming tool calls', () => {
  test('[6] partial executions see the arguments grow, including an unfinished string', async () => {
    const write = recordingTool({
      name: 'write_file',
      kind: 'write',
      parameters: writeParams,
      run: async (params, ctx, isPartial) => {
        const p = params as { path?: string; content?: string };
        if (isPartial) ctx.sendToolStatus(ctx.callId, 'WAIT', { params: { path: p.path }, showTip: p.content?.split('\n')[0] });
        else ctx.setToolResult(ctx.callId, 'written');
      },
    });
    const h = harness([write]);
    const stream = h.scheduler.createStream();
    const args = JSON.stringify({ path: 'src/a.ts', content: 'line one\nline two' });
    for (const event of streamEvents('c1', 'write_file', args, 5)) {
      stream.handle(event);
      await settle(1);
    }
    const partials = write.executions.filter((e) => e.isPartial).map((e) => e.params as Record<string, unknown>);
    assert.ok(partials.length >= 3, `expected several partial runs, got ${partials.length}`);
    assert.ok(partials.some((p) => p.path === 'src/a.ts' && typeof p.content === 'string' && p.content.length > 0 && p.content !== 'line one\nline two'));
    const waits = h.statuses.filter((s) => s.status === 'WAIT' && s.partial);
    assert.ok(waits.some((s) => s.showTip === 'line one' && (s.params as { path: string }).path === 'src/a.ts'));
    const result = await stream.finish();
    assert.equal(result.outcomes[0]!.content, 'written');
  });

  test('[6] partial params are never validated: unvalidated arguments reach partial runs, invalid final ones never run', async () => {
    const tool = recordingTool({
      name: 'write_file',
      parameters: writeParams,
      run: async (_params, ctx, isPartial) => {
        ctx.setToolResult(ctx.callId, isPartial ? 'from a partial run' : 'final');
        ctx.sendToolStatus(ctx.callId, 'SUCCESS');
      },
    });
    const h = harness([tool]);
    const stream = h.scheduler.createStream();
    stream.handle({ type: 'tool_call_start', callId: 'c1', name: 'write_file' });
    stream.handle({ type: 'tool_call_delta', callId: 'c1', argsDelta: '{"path": 7, "con' });
    await settle();
    assert.deepEqual(tool.executions[0], { ...tool.executions[0], params: { path: 7 }, isPartial: true });
    assert.equal(h.statuses.filter((s) => s.status === 'SUCCESS').length, 0, 'a partial SUCCESS must not end the call');
    stream.handle({ type: 'tool_call_delta', callId: 'c1', argsDelta: 'tent": "x"}' });
    stream.handle({ type: 'tool_call_end', callId: 'c1' });
    const { outcomes } = await stream.finish();
    assert.equal(outcomes[0]!.errorType, ToolErrorType.INVALID_PARAMS);
    assert.ok(!tool.executions.some((e) => !e.isPartial), 'invalid final params never reach execute');
  });

  test('[6] a result, a terminal status or a completion sent by a partial run never reaches the model or ends the call', async () => {
    const tool = recordingTool({
      name: 'write_file',
      parameters: writeParams,
      run: async (_params, ctx, isPartial) => {
        if (isPartial) {
          ctx.setToolResult(ctx.callId, 'from a partial run');
          ctx.sendToolStatus(ctx.callId, 'SUCCESS');
          ctx.completeTask('from a partial run');
        } else ctx.setToolResult(ctx.callId, 'final');
      },
    });
    const h = harness([tool]);
    const stream = h.scheduler.createStream();
    for (const event of streamEvents('c1', 'write_file', '{"path":"a","content":"bcdef"}', 4)) {
      stream.handle(event);
      await settle(1);
    }
    const { outcomes, completion } = await stream.finish();
    assert.ok(tool.executions.filter((e) => e.isPartial).length >= 2);
    assert.equal(outcomes[0]!.content, 'final', 'the first result set wins, so a partial one would have shown here');
    assert.equal(completion, undefined);
    assert.equal(h.statuses.filter((s) => s.status === 'SUCCESS').length, 1);
  });

  test('[6] deltas arriving while a partial run is busy coalesce into one later run with the latest value', async () => {
    const gate = deferred();
    const tool = recordingTool({
      name: 'write_file',
      parameters: writeParams,
      run: async (_p, ctx, isPartial) => {
        if (isPartial && tool.executions.length === 1) await gate.promise;
        if (!isPartial) ctx.setToolResult(ctx.callId, 'ok');
      },
    });
    const h = harness([tool]);
    const stream = h.scheduler.createStream();
    const events = streamEvents('c1', 'write_file', '{"path":"a","content":"abcdefghij"}', 2);
    const end = events.pop()!;
    for (const event of events) stream.handle(event);
    await settle();
    assert.equal(tool.executions.length, 1, 'one partial run, still busy, while 17 more deltas arrived');
    gate.resolve();
    await settle();
    const partials = tool.executions.filter((e) => e.isPartial).map((e) => e.params);
    assert.equal(partials.length, 2, 'the waiting deltas coalesced into a single run');
    assert.deepEqual(partials[1], { path: 'a', content: 'abcdefghij' }, 'that run saw the latest value');
    stream.handle(end);
    await stream.finish();
  });

  test('[6] a partial run still busy when the stream ends is not followed by a stale one', async () => {
    const gate = deferred();
    let runs = 0;
    const tool = recordingTool({
      name: 'write_file',
      parameters: writeParams,
      run: async (_p, ctx, isPartial) => {
        if (isPartial) {
          runs++;
          if (runs === 1) await gate.promise;
        } else ctx.setToolResult(ctx.callId, 'ok');
      },
    });
    const h = harness([tool]);
    const stream = h.scheduler.createStream();
    for (const event of streamEvents('c1', 'write_file', '{"path":"a","content":"abcdefghij"}', 2)) stream.handle(event);
    const finished = stream.finish();
    await settle();
    assert.equal(tool.executions.some((e) => !e.isPartial), false, 'the final run waits for the busy partial run');
    gate.resolve();
    await finished;
    assert.equal(runs, 1);
  });

  test('[6] malformed argument JSON stops partial runs and gives the model a parse error with the position', async () => {
    const tool = recordingTool({ name: 'write_file', parameters: writeParams });
    const h = harness([tool]);
    const stream = h.scheduler.createStream();
    for (const event of streamEvents('c1', 'write_file', '{"path": "a",, "content": "b"}', 3)) stream.handle(event);
    const { outcomes } = await stream.finish();
    assert.equal(outcomes[0]!.errorType, ToolErrorType.INVALID_JSON);
    assert.match(String(outcomes[0]!.content), /position 13/);
  });

  test('[7] all executions of one call share one instance; a new callId gets a new one', async () => {
    const tool = recordingTool({ name: 'write_file', parameters: writeParams });
    const h = harness([tool]);
    const stream = h.scheduler.createStream();
    const args = JSON.stringify({ path: 'a', content: 'bcd' });
    for (const event of [...streamEvents('c1', 'write_file', args, 4), ...streamEvents('c2', 'write_file', args, 4)]) {
      stream.handle(event);
      await settle(1);
    }
    await stream.finish();
    const instancesOf = (callId: string) => new Set(tool.executions.filter((e) => e.ctx.callId === callId).map((e) => e.instance));
    assert.ok(tool.executions.filter((e) => e.ctx.callId === 'c1' && e.isPartial).length > 1);
    assert.ok(tool.executions.some((e) => e.ctx.callId === 'c1' && !e.isPartial));
    assert.equal(instancesOf('c1').size, 1, 'partial and final runs of c1 share one instance');
    assert.equal(instancesOf('c2').size, 1);
    assert.notEqual([...instancesOf('c1')][0], [...instancesOf('c2')][0]);
    assert.equal(tool.instances.length, 2, 'the factory made exactly one instance per call');
  });

  test('[8] the final call runs only after validation and approval; a denied call never runs finally', async () => {
    const order: string[] = [];
    const tool = recordingTool({
      name: 'write_file',
      kind: 'write',
      parameters: writeParams,
      run: async (_p, ctx, isPartial) => {
        order.push(isPartial ? `partial:${ctx.callId}` : `final:${ctx.callId}`);
        if (!isPartial) ctx.setToolResult(ctx.callId, 'ok');
      },
    });
    const factory = () => {
      const instance = tool.factory();
      const validate = instance.validate.bind(instance);
      return Object.assign(instance, {
        validate: async (params: unknown) => {
          order.push(`validate:${JSON.stringify(params)}`);
          return validate(params);
        },
      });
    };
    const h = harness([{ name: 'write_file', factory }], {
      approve: async (request) => {
        order.push(`approve:${request.callId}`);
        return request.callId === 'c2' ? { decision: 'deny', reason: 'not that file' } : { decision: 'allow' };
      },
    });
    const stream = h.scheduler.createStream();
    for (const event of [
      ...streamEvents('c1', 'write_file', '{"path":"a","content":"x"}', 6),
      ...streamEvents('c2', 'write_file', '{"path":"b","content":"y"}', 6),
    ]) {
      stream.handle(event);
      await settle(1);
    }
    const partialsBefore = order.filter((o) => o.startsWith('partial:')).length;
    assert.ok(partialsBefore > 0);
    assert.equal(order.filter((o) => o.startsWith('validate:')).length, 0, 'partial runs are not validated');
    const { outcomes } = await stream.finish();
    const finals = order.filter((o) => o.startsWith('final:'));
    assert.deepEqual(finals, ['final:c1'], 'only the approved call ran finally');
    const at = (entry: string) => order.indexOf(entry);
    assert.ok(at('validate:{"path":"a","content":"x"}') < at('approve:c1'), 'validated before approval');
    assert.ok(at('approve:c1') < at('final:c1'), 'approved before the final run');
    assert.equal(outcomes[1]!.errorType, ToolErrorType.USER_DENIED);
    assert.match(String(outcomes[1]!.content), /not that file/);
  });

  test('[20] a partial run that ignores its signal does not hold up cancelling the call', async () => {
    const task = new AbortController();
    const tool = recordingTool({
      name: 'write_file',
      parameters: writeParams,
      run: async (_p, _ctx, isPartial) => {
        if (isPartial) await new Promise<void>(() => {});
      },
    });
    const h = harness([tool], { taskSignal: task.signal });
    const stream = h.scheduler.createStream();
    for (const event of streamEvents('c1', 'write_file', '{"path":"a","content":"x"}', 8)) stream.handle(event);
    const finished = stream.finish();
    await settle();
    task.abort();
    // Event-loop turns, not wall-clock time: the cancelled batch must settle without the partial run.
    const settled = await Promise.race([finished, settle(20).then(() => undefined)]);
    assert.ok(settled, 'finish() is still waiting for the hung partial run');
    const { outcomes } = settled;
    assert.equal(outcomes[0]!.state, 'cancelled');
    assert.match(String(outcomes[0]!.content), /cancelled while in queue/);
    assert.equal(tool.executions.filter((e) => !e.isPartial).length, 0);
  });
});
