// Section 7 of tool-system.md: output limits (behaviour 25).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_OUTPUT_LIMITS, InMemoryOutputStore, truncateForModel, type OutputStore } from '../../../src/core/tools';
import { utf8Length } from '../../../src/core/tools/truncation';
import { harness, recordingTool } from './fixtures';

const lines = (count: number, prefix = 'line') => Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`).join('\n');
const request = { toolName: 'read_file', callId: 'c1', keep: 'head' as const };

describe('output truncation', () => {
  test('[25] the limits are 2,000 lines and 50 KB', () => {
    assert.deepEqual(DEFAULT_OUTPUT_LIMITS, { maxLines: 2000, maxBytes: 51200 });
  });

  test('[25] output within both limits is untouched (2,000 lines exactly)', async () => {
    const store = new InMemoryOutputStore();
    const text = lines(2000);
    const out = await truncateForModel(text, request, store);
    assert.deepEqual(out, { content: text, truncated: false });
    assert.equal(store.files.size, 0);
  });

  test('[25] over 2,000 lines: the head is kept, the full text saved, and the model told the path and how to read parts', async () => {
    const store = new InMemoryOutputStore('/storage');
    const text = lines(5000);
    const out = await truncateForModel(text, request, store);
    const content = String(out.content);
    assert.equal(out.truncated, true);
    assert.equal(out.savedPath, '/storage/read_file-c1.txt');
    assert.equal(store.files.get('/storage/read_file-c1.txt'), text);
    assert.ok(content.startsWith('line 1\nline 2\n'));
    assert.ok(content.includes('\nline 2000\n'));
    assert.ok(!content.includes('line 2001'));
    assert.match(content, /showing lines 1-2000 of 5000/);
    assert.match(content, /saved at \/storage\/read_file-c1\.txt/);
    assert.match(content, /read_file using offset .* and limit .*"offset": 2001, "limit": 2000/);
  });

  test('[25] over 50 KB in few lines: cut by bytes (UTF-8), never splitting a surrogate pair', async () => {
    const store = new InMemoryOutputStore();
    const wide = '😀'.repeat(20_000); // 80 KB on one line
    const out = await truncateForModel(`${wide}\nsecond`, request, store);
    const kept = String(out.content).split('\n\n[Output truncated')[0]!;
    assert.ok(utf8Length(kept) <= 51200);
    assert.ok(utf8Length(kept) > 51200 - 4);
    assert.equal(kept.length % 2, 0, 'whole emoji only');
    assert.ok(wide.startsWith(kept));
  });

  test('[25] a tool that already truncated is not cut again', async () => {
    const store = new InMemoryOutputStore();
    const text = lines(3000);
    const out = await truncateForModel(text, { ...request, alreadyTruncated: true }, store);
    assert.deepEqual(out, { content: text, truncated: false });
  });

  test('[25] shell output keeps head and tail, the tail getting most of the room', async () => {
    const store = new InMemoryOutputStore();
    const text = lines(10_000, 'out');
    const out = await truncateForModel(text, { ...request, toolName: 'run_command', keep: 'head_and_tail' }, store);
    const content = String(out.content);
    assert.ok(content.startsWith('out 1\n'));
    assert.ok(content.endsWith('out 9999\nout 10000'));
    assert.match(content, /lines 401-8400 of 10000 omitted; the first 400 and last 1600 lines are shown/);
    assert.match(content, /"offset": 401/);
  });

  test('[25] execute-kind tools get head and tail by default through the runtime; the full text is in the store', async () => {
    const store = new InMemoryOutputStore();
    const text = lines(4000, 'log');
    const shell = recordingTool({ name: 'run_command', kind: 'execute', run: async (_p, ctx) => ctx.setToolResult(ctx.callId, text) });
    const h = harness([shell], { outputStore: store });
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c9', name: 'run_command', arguments: { path: 'a' } }]);
    assert.ok(String(outcomes[0]!.content).endsWith('log 4000'));
    assert.equal(outcomes[0]!.savedOutputPath, '/relay/tool-output/run_command-c9.txt');
    assert.equal(store.files.get(outcomes[0]!.savedOutputPath!), text);
  });

  test('[25] structured output is measured as JSON and cut as text when too large', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ i }));
    const out = await truncateForModel({ rows }, request, new InMemoryOutputStore());
    assert.equal(out.truncated, true);
    assert.equal(typeof out.content, 'string');
    const small = await truncateForModel({ rows: [1] }, request, new InMemoryOutputStore());
    assert.deepEqual(small.content, { rows: [1] });
  });

  test('[25] when saving fails the output is still cut and the model is told why nothing was saved', async () => {
    const broken: OutputStore = { save: async () => Promise.reject(new Error('disk full')) };
    const out = await truncateForModel(lines(2500), request, broken);
    assert.equal(out.truncated, true);
    assert.match(String(out.content), /could not be saved \(disk full\)/);
    const none = await truncateForModel(lines(2500), request, undefined);
    assert.match(String(none.content), /no output storage is configured/);
  });
});
