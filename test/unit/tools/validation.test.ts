// Section 5 of tool-system.md: validation and repair (behaviours 16, 17).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { ToolErrorType, validateParams } from '../../../src/core/tools';
import { harness, recordingTool } from './fixtures';

describe('validation and repair', () => {
  test('[16] repairs "true"/"false" (any case, trimmed) where a boolean failed', async () => {
    const schema = z.object({ recursive: z.boolean(), force: z.boolean() });
    const result = await validateParams(schema, { recursive: ' TRUE ', force: 'False' });
    assert.deepEqual(result, { ok: true, params: { recursive: true, force: false }, repairedPaths: ['recursive', 'force'] });
  });

  test("[16] repairs 'true' only where validation failed: a z.string() parameter whose value is \"true\" stays a string", async () => {
    const schema = z.object({ text: z.string(), flag: z.boolean() });
    const result = await validateParams(schema, { text: 'true', flag: 'true' });
    assert.ok(result.ok);
    assert.deepEqual(result.params, { text: 'true', flag: true });
  });

  test('[16] repairs at any depth: nested objects, arrays and union members', async () => {
    const schema = z.object({
      edits: z.array(z.object({ old: z.string(), replaceAll: z.boolean() })),
      options: z.object({ deep: z.object({ on: z.boolean() }) }),
      either: z.union([z.boolean(), z.number()]),
      label: z.union([z.string(), z.boolean()]),
    });
    const input = {
      edits: [{ old: 'false', replaceAll: 'false' }, { old: 'x', replaceAll: 'TRUE' }],
      options: { deep: { on: 'true' } },
      either: 'false',
      label: 'true',
    };
    const result = await validateParams(schema, input);
    assert.ok(result.ok);
    assert.deepEqual(result.params, {
      edits: [{ old: 'false', replaceAll: false }, { old: 'x', replaceAll: true }],
      options: { deep: { on: true } },
      either: false,
      label: 'true',
    });
    assert.deepEqual(input.edits[0], { old: 'false', replaceAll: 'false' }, 'the caller\'s arguments are not mutated');
  });

  test('[16] other strings at a boolean path are not converted ("yes", "1")', async () => {
    const result = await validateParams(z.object({ on: z.boolean() }), { on: 'yes' });
    assert.equal(result.ok, false);
  });

  test('[16] validation goes through the tool\'s zod schema in the runtime, repaired values reach execute', async () => {
    const tool = recordingTool({ name: 'list_files', parameters: z.object({ path: z.string(), recursive: z.boolean() }) });
    const h = harness([tool]);
    await h.scheduler.runCalls([{ callId: 'c1', name: 'list_files', arguments: '{"path":"true","recursive":"true"}' }]);
    assert.deepEqual(tool.executions[0]!.params, { path: 'true', recursive: true });
  });

  test('[17] still invalid: the model is told each bad path and what was expected, and asked to call again', async () => {
    const tool = recordingTool({
      name: 'edit_file',
      parameters: z.object({ path: z.string(), mode: z.enum(['replace', 'insert']), edits: z.array(z.object({ line: z.number() })) }),
    });
    const h = harness([tool]);
    const { outcomes } = await h.scheduler.runCalls([
      { callId: 'c1', name: 'edit_file', arguments: { path: 3, mode: 'append', edits: [{ line: 'x' }] } },
    ]);
    const content = String(outcomes[0]!.content);
    assert.equal(outcomes[0]!.errorType, ToolErrorType.INVALID_PARAMS);
    assert.match(content, /^Invalid arguments for edit_file:/);
    assert.match(content, /- path: .*expected string, received number/);
    assert.match(content, /- mode: .*"replace"\|"insert"/);
    assert.match(content, /- edits\[0\]\.line: .*expected number/);
    assert.match(content, /Call edit_file again with corrected arguments\.$/);
    assert.equal(tool.executions.length, 0);
  });

  test('[17] issues carry the path and the expectation in words', async () => {
    const result = await validateParams(z.object({ a: z.union([z.boolean(), z.number()]), b: z.enum(['x', 'y']) }), { a: 'maybe', b: 'z' });
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.deepEqual(result.issues.map((i) => [i.path, i.expected]), [['a', 'boolean or number'], ['b', 'one of "x" | "y"']]);
  });

  test('[17] invalid JSON arguments give a parse error result with the position; nothing throws', async () => {
    const tool = recordingTool({ name: 'read_file' });
    const h = harness([tool]);
    const { outcomes } = await h.scheduler.runCalls([
      { callId: 'c1', name: 'read_file', arguments: '{"path": "a.ts"' },
      { callId: 'c2', name: 'read_file', arguments: '{path: a}' },
    ]);
    assert.equal(outcomes[0]!.errorType, ToolErrorType.INVALID_JSON);
    assert.match(String(outcomes[0]!.content), /not valid JSON: Unexpected end of input.*position 15/);
    assert.match(String(outcomes[1]!.content), /position 1/);
  });

  test('[17] a schema whose refinement throws gives an error result instead of throwing', async () => {
    const schema = z.object({ path: z.string() }).refine(() => {
      throw new Error('refinement exploded');
    });
    const result = await validateParams(schema, { path: 'a' });
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.message, /refinement exploded/);
  });
});
