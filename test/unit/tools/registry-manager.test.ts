// Section 4 of tool-system.md: the registry and the manager (behaviours 9-15).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import {
  ATTEMPT_COMPLETION,
  BaseTool,
  createSimpleTool,
  createSystemTools,
  NEW_TASK,
  ToolErrorType,
  ToolManager,
  ToolRegistry,
  ToolScheduler,
  type ToolContext,
  type ToolFactoryContext,
} from '../../../src/core/tools';
import { harness, RecordingLogger, recordingTool } from './fixtures';

const simple = (name: string) => createSimpleTool({ name, kind: 'readonly', description: name, run: () => name });

class CountingTool extends BaseTool<Record<string, never>> {
  static made: ToolFactoryContext[] = [];
  readonly name = 'counting';
  readonly kind = 'readonly' as const;
  constructor(ctx: ToolFactoryContext) {
    super();
    CountingTool.made.push(ctx);
  }
  async getDescription() {
    return { short: 'counts' };
  }
  async getParameters() {
    return z.object({});
  }
  async execute(_p: unknown, ctx: ToolContext) {
    this.succeed(ctx, 'counted');
  }
}

describe('registry', () => {
  test('[9] the registry stores factories: each call gets an instance made for it', async () => {
    const registry = new ToolRegistry();
    let made = 0;
    registry.registerFactory('read_file', () => {
      made++;
      return simple('read_file');
    });
    assert.equal(made, 0, 'registering creates nothing');
    const manager = new ToolManager({ registry, taskId: 't' });
    manager.resolve('c1', 'read_file');
    manager.resolve('c2', 'read_file');
    assert.equal(made, 2);
  });

  test('[9] a tool class registers as a factory and receives the task and call ids', () => {
    CountingTool.made = [];
    const registry = new ToolRegistry();
    registry.registerClass('counting', CountingTool);
    const manager = new ToolManager({ registry, taskId: 'task-9' });
    const lookup = manager.resolve('call-9', 'counting');
    assert.ok(lookup.ok && lookup.tool instanceof CountingTool);
    assert.deepEqual(CountingTool.made, [{ taskId: 'task-9', callId: 'call-9' }]);
  });

  test('[9] empty and duplicate names throw at registration', () => {
    const registry = new ToolRegistry();
    assert.throws(() => registry.registerFactory('', () => simple('x')), /non-empty name/);
    assert.throws(() => registry.registerFactory('   ', () => simple('x')), /non-empty name/);
    registry.registerFactory('read_file', () => simple('read_file'));
    assert.throws(() => registry.registerFactory('read_file', () => simple('read_file')), /already registered/);
  });
});

describe('manager', () => {
  test('[10] lookup order: this call\'s instance first, even if the registry changed since', () => {
    const registry = new ToolRegistry();
    const first = simple('read_file');
    registry.registerFactory('read_file', () => first);
    const manager = new ToolManager({ registry, taskId: 't' });
    manager.resolve('c1', 'read_file');
    registry.unregister('read_file');
    registry.registerFactory('read_file', () => simple('read_file'));
    const again = manager.resolve('c1', 'read_file');
    assert.ok(again.ok && again.tool === first);
  });

  test('[10] a user tool overrides the system tool of the same name in execution and in the prompt', async () => {
    const mine = recordingTool({ name: ATTEMPT_COMPLETION, parameters: z.object({ result: z.string() }) });
    const h = harness([mine]);
    const { outcomes, completion } = await h.scheduler.runCalls([{ callId: 'c1', name: ATTEMPT_COMPLETION, arguments: { result: 'r' } }]);
    assert.equal(outcomes[0]!.content, `ok:${ATTEMPT_COMPLETION}`);
    assert.equal(completion, undefined, 'the user tool ran, not the system one');
    const listed = h.manager.listTools().filter((t) => t.name === ATTEMPT_COMPLETION);
    assert.equal(listed.length, 1);
    assert.equal(listed[0], mine.instances.at(-1));
  });

  test('[11] attempt_completion ends the loop with its result', async () => {
    const h = harness([]);
    const { outcomes, completion } = await h.scheduler.runCalls([
      { callId: 'c1', name: ATTEMPT_COMPLETION, arguments: '{"result":"All tests pass."}' },
    ]);
    assert.equal(outcomes[0]!.state, 'success');
    assert.deepEqual(completion, { callId: 'c1', result: 'All tests pass.' });
  });

  test('[11] new_task delegates to the injected sub-agent runner with the call signal', async () => {
    const seen: unknown[] = [];
    const registry = new ToolRegistry();
    const systemTools = createSystemTools({
      runSubTask: async (request, signal) => {
        seen.push({ ...request, aborted: signal.aborted });
        return 'sub-agent report';
      },
    });
    const manager = new ToolManager({ registry, taskId: 't', systemTools });
    const scheduler = new ToolScheduler({ manager, logger: new RecordingLogger() });
    const { outcomes } = await scheduler.runCalls([{ callId: 'c1', name: NEW_TASK, arguments: { description: 'find it', prompt: 'Find the loader.' } }]);
    assert.equal(outcomes[0]!.content, 'sub-agent report');
    assert.deepEqual(seen, [{ description: 'find it', prompt: 'Find the loader.', parentCallId: 'c1', aborted: false }]);
  });

  test('[11] new_task without a sub-agent runner is an error result, not a crash', async () => {
    const h = harness([]);
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c1', name: NEW_TASK, arguments: { description: 'd', prompt: 'p' } }]);
    assert.equal(outcomes[0]!.errorType, ToolErrorType.SUB_TASK_FAILED);
  });

  test('[12] allowedTools is a whitelist; disallowedTools applies after it', () => {
    const registry = new ToolRegistry();
    for (const name of ['read_file', 'write_file', 'run_command']) registry.registerFactory(name, () => simple(name));
    const manager = new ToolManager({
      registry,
      taskId: 't',
      allowedTools: ['read_file', 'write_file', ATTEMPT_COMPLETION],
      disallowedTools: ['write_file'],
    });
    assert.deepEqual(manager.availableNames(), [ATTEMPT_COMPLETION, 'read_file']);
    assert.equal(manager.resolve('c1', 'run_command').ok, false);
    assert.equal(manager.resolve('c2', 'write_file').ok, false);
    const onlyDenied = new ToolManager({ registry, taskId: 't', disallowedTools: ['run_command', NEW_TASK] });
    assert.deepEqual(onlyDenied.availableNames(), [ATTEMPT_COMPLETION, 'read_file', 'write_file']);
  });

  test('[13] order is stable: built-in first, then discovered, then MCP, each by name', () => {
    const registry = new ToolRegistry();
    registry.registerFactory('zeta_mcp', () => simple('zeta_mcp'), { source: 'mcp' });
    registry.registerFactory('write_file', () => simple('write_file'));
    registry.registerFactory('b_found', () => simple('b_found'), { source: 'discovered' });
    registry.registerFactory('alpha_mcp', () => simple('alpha_mcp'), { source: 'mcp' });
    registry.registerFactory('a_found', () => simple('a_found'), { source: 'discovered' });
    registry.registerFactory('read_file', () => simple('read_file'));
    const manager = new ToolManager({ registry, taskId: 't' });
    const expected = [ATTEMPT_COMPLETION, NEW_TASK, 'read_file', 'write_file', 'a_found', 'b_found', 'alpha_mcp', 'zeta_mcp'];
    assert.deepEqual(manager.availableNames(), expected);
    assert.deepEqual(manager.listTools().map((t) => t.name), expected);
  });

  test('[14] an unknown tool gives an error result with the three closest names, and the batch goes on', async () => {
    const tools = ['read_file', 'write_file', 'list_files', 'search_files'].map((name) => recordingTool({ name }));
    const h = harness(tools);
    const { outcomes } = await h.scheduler.runCalls([
      { callId: 'c1', name: 'reed_file', arguments: { path: 'a' } },
      { callId: 'c2', name: 'read_file', arguments: { path: 'a' } },
    ]);
    assert.equal(outcomes[0]!.errorType, ToolErrorType.TOOL_NOT_REGISTERED);
    assert.equal(outcomes[0]!.content, 'Tool "reed_file" not found. Did you mean one of: read_file, write_file, list_files?');
    assert.equal(outcomes[1]!.state, 'success');
  });

  test('[14] a case-only mismatch is repaired silently', async () => {
    const read = recordingTool({ name: 'read_file' });
    const h = harness([read]);
    const { outcomes } = await h.scheduler.runCalls([{ callId: 'c1', name: 'Read_File', arguments: { path: 'a' } }]);
    assert.equal(outcomes[0]!.state, 'success');
    assert.equal(outcomes[0]!.toolName, 'read_file');
    assert.equal(read.executions.length, 1);
  });

  test('[15] cleanup disposes per-task instances, logs dispose errors and leaves system tools alone', async () => {
    const disposed: string[] = [];
    const registry = new ToolRegistry();
    let n = 0;
    registry.registerFactory('read_file', () => {
      const id = `read#${++n}`;
      return Object.assign(simple('read_file'), {
        dispose: () => {
          disposed.push(id);
          if (id === 'read#1') throw new Error('disk gone');
        },
      });
    });
    const systemTools = createSystemTools().map((tool) => Object.assign(tool, { dispose: () => disposed.push(tool.name) }));
    const logger = new RecordingLogger();
    const manager = new ToolManager({ registry, taskId: 't', systemTools, logger });
    manager.resolve('c1', 'read_file');
    manager.resolve('c2', 'read_file');
    manager.resolve('c3', ATTEMPT_COMPLETION);
    await manager.dispose();
    assert.deepEqual(disposed.sort(), ['read#1', 'read#2']);
    assert.ok(logger.warnings.some((w) => w.includes('Disposing tool "read_file" failed')));
    const fresh = manager.resolve('c1', 'read_file');
    assert.ok(fresh.ok);
    assert.equal(n, 3, 'the instance cache was cleared');
  });
});
