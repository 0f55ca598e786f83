// Section 2 of tool-system.md: status merging on the UI channel (behaviours 1-5).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { createTool, genericBlockText, isTerminalStatus, normalizeDisplayBlocks, ToolStatusMerger } from '../../../src/core/tools';
import { harness } from './fixtures';

const id = { toolName: 'write_file', displayName: 'Write File' };

function clock(start = 1000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('status merging', () => {
  test('[1] a new callId starts a fresh status with tool name, display name, callId and start time', () => {
    const time = clock();
    const merger = new ToolStatusMerger(time.now);
    const status = merger.send('c1', id, 'DOING', { showTip: 'writing' });
    assert.equal(status.callId, 'c1');
    assert.equal(status.toolName, 'write_file');
    assert.equal(status.displayName, 'Write File');
    assert.equal(status.startTime, 1000);
    assert.equal(status.showTip, 'writing');
  });

  test('[1] WAIT starts afresh: earlier params, tip and blocks are dropped and the start time resets', () => {
    const time = clock();
    const merger = new ToolStatusMerger(time.now);
    merger.send('c1', id, 'DOING', { params: { path: 'a' }, showTip: 'old', blocks: [{ type: 'text', text: 'x' }] });
    time.advance(50);
    const fresh = merger.send('c1', id, 'WAIT', { params: { content: 'b' } });
    assert.deepEqual(fresh.params, { content: 'b' });
    assert.equal(fresh.showTip, undefined);
    assert.deepEqual(fresh.blocks, []);
    assert.equal(fresh.startTime, 1050);
  });

  test('[2] params and metadata merge shallowly; showTip, result and error replace', () => {
    const merger = new ToolStatusMerger(clock().now);
    merger.send('c1', id, 'WAIT', { params: { path: 'a', mode: 'x' }, metadata: { lines: 1 }, showTip: 'one', result: { n: 1 } });
    const merged = merger.send('c1', id, 'DOING', {
      params: { mode: 'y', extra: { nested: true } },
      metadata: { bytes: 2 },
      showTip: 'two',
      result: { m: 2 },
      error: 'oops',
    });
    assert.deepEqual(merged.params, { path: 'a', mode: 'y', extra: { nested: true } });
    assert.deepEqual(merged.metadata, { lines: 1, bytes: 2 });
    assert.equal(merged.showTip, 'two');
    assert.deepEqual(merged.result, { m: 2 });
    assert.equal(merged.error, 'oops');
  });

  test('[2] the merge is shallow: a nested object in params is replaced, not merged', () => {
    const merger = new ToolStatusMerger(clock().now);
    merger.send('c1', id, 'WAIT', { params: { opts: { a: 1 } } });
    const merged = merger.send('c1', id, 'DOING', { params: { opts: { b: 2 } } });
    assert.deepEqual(merged.params, { opts: { b: 2 } });
  });

  for (const terminal of ['SUCCESS', 'ERROR', 'CANCELLED'] as const) {
    test(`[3] ${terminal} adds endTime and duration, is sent whole, then the cache clears`, () => {
      const time = clock();
      const merger = new ToolStatusMerger(time.now);
      merger.send('c1', id, 'WAIT', { params: { path: 'a' } });
      time.advance(250);
      const done = merger.send('c1', id, terminal, { metadata: { k: 1 } });
      assert.equal(done.endTime, 1250);
      assert.equal(done.duration, 250);
      assert.deepEqual(done.params, { path: 'a' });
      assert.equal(done.status, terminal);
      assert.equal(merger.current('c1'), undefined);
      assert.equal(merger.size, 0);
    });
  }

  test('[3] through the runtime: exactly one terminal status, with endTime and duration, then the call leaves the cache', async () => {
    let now = 1000;
    const tool = createTool({
      name: 'slowish',
      kind: 'readonly',
      description: 'x',
      parameters: z.object({}),
      execute: async (_p, ctx) => {
        now += 40;
        ctx.setToolResult(ctx.callId, 'ok');
      },
    });
    const h = harness([{ name: 'slowish', factory: () => tool }], { now: () => now });
    await h.scheduler.runCalls([{ callId: 'c1', name: 'slowish' }]);
    const terminal = h.statuses.filter((s) => isTerminalStatus(s.status));
    assert.equal(terminal.length, 1);
    assert.deepEqual([terminal[0]!.startTime, terminal[0]!.endTime, terminal[0]!.duration], [1000, 1040, 40]);
    assert.equal(h.statuses.at(-1), terminal[0], 'nothing follows the terminal status');
    assert.equal(h.scheduler.currentStatus('c1'), undefined);
  });

  test('[4] every update the UI receives is the full merged state of its call', async () => {
    const tool = createTool({
      name: 'stepper',
      kind: 'readonly',
      description: 'x',
      parameters: z.object({ path: z.string() }),
      execute: async (params, ctx) => {
        ctx.sendToolStatus(ctx.callId, 'DOING', { metadata: { step: 1 } });
        ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: `reading ${params.path}` });
        ctx.setToolResult(ctx.callId, 'done');
        ctx.sendToolStatus(ctx.callId, 'SUCCESS', { metadata: { step: 2 } });
      },
    });
    const h = harness([{ name: 'stepper', factory: () => tool }]);
    await h.scheduler.runCalls([{ callId: 'c1', name: 'stepper', arguments: { path: 'a.ts' } }]);
    const afterTip = h.statuses.find((s) => s.showTip === 'reading a.ts')!;
    assert.deepEqual(afterTip.params, { path: 'a.ts' });
    assert.deepEqual(afterTip.metadata, { step: 1 });
    const last = h.statuses.at(-1)!;
    assert.equal(last.status, 'SUCCESS');
    assert.equal(last.showTip, 'reading a.ts');
    assert.deepEqual(last.metadata, { step: 2 });
    assert.deepEqual(last.params, { path: 'a.ts' });
    assert.equal(h.statuses.filter((s) => s.status === 'SUCCESS').length, 1);
  });

  test('[4] a UI that mutates a status it received does not corrupt the next update', () => {
    const merger = new ToolStatusMerger(clock().now);
    const first = merger.send('c1', id, 'DOING', { params: { a: 1 }, blocks: [{ type: 'text', text: 't' }] });
    first.blocks.push({ type: 'text', text: 'injected' });
    first.params!.a = 99;
    const next = merger.send('c1', id, 'DOING', {});
    assert.deepEqual(next.blocks, [{ type: 'text', text: 't' }]);
  });

  test('[5] an unknown display block type is kept as is, next to known ones', () => {
    const merger = new ToolStatusMerger(clock().now);
    const blocks = [{ type: 'text', text: 'hi' }, { type: 'chart', series: [1, 2, 3] }];
    const status = merger.send('c1', id, 'DOING', { blocks });
    assert.deepEqual(status.blocks, blocks);
  });

  test('[5] something that is not a block at all becomes a generic block, never dropped and never a crash', () => {
    const blocks = normalizeDisplayBlocks([null, 'plain', 42, { noType: true }, { type: '' }, { type: 'x' }] as unknown[]);
    assert.equal(blocks.length, 6);
    assert.deepEqual(blocks[0], { type: 'unknown', value: null });
    assert.deepEqual(blocks[1], { type: 'unknown', value: 'plain' });
    assert.deepEqual(blocks[5], { type: 'x' });
  });

  test('[5] a generic renderer gets a title and a readable body for any block, even a circular one', () => {
    const circular: Record<string, unknown> = { type: 'graph' };
    circular.self = circular;
    assert.deepEqual(genericBlockText({ type: 'chart', series: [1] }), { title: 'chart', body: '{\n  "series": [\n    1\n  ]\n}' });
    assert.equal(genericBlockText(circular as { type: string }).title, 'graph');
  });
});
