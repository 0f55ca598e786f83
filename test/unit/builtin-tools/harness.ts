// Drives one built-in tool call the way the runtime does (validate, prepare, approve, execute) against the
// in-memory host, recording both reporting channels.
import assert from 'node:assert/strict';
import type { AnyTool, ToolContext, ToolErrorType, ToolPreparation, ToolResultContent, ToolResultOptions, ToolStatusOptions } from '../../../src/core/tools';
import { ToolError } from '../../../src/core/tools';
import { createBuiltinToolFactories } from '../../../src/tools';
import { createInMemoryHost, type InMemoryHost, type InMemoryHostOptions } from '../../support/in-memory-host';

export interface RecordedStatus {
  status: string;
  options: ToolStatusOptions;
}

export function testContext(callId = 'call-1', taskId = 'task-1') {
  const controller = new AbortController();
  const results: { content: ToolResultContent; options: ToolResultOptions }[] = [];
  const statuses: RecordedStatus[] = [];
  const ctx: ToolContext = {
    callId,
    taskId,
    signal: controller.signal,
    setToolResult: (_id, content, options = {}) => void results.push({ content, options }),
    sendToolStatus: (_id, status, options = {}) => void statuses.push({ status, options }),
    completeTask: () => undefined,
    log: { warn: () => undefined },
  };
  return { ctx, controller, results, statuses };
}

export type TestContext = ReturnType<typeof testContext>;

export interface CallOutcome {
  preparation?: ToolPreparation;
  /** Set when prepare refused the call (nobody would be asked). */
  prepareError?: ToolError;
  text: string;
  error?: ToolErrorType;
  options?: ToolResultOptions;
  statuses: RecordedStatus[];
  final?: RecordedStatus;
}

export class ToolHarness {
  readonly host: InMemoryHost;

  constructor(options: InMemoryHostOptions = {}) {
    this.host = createInMemoryHost(options);
  }

  tool(name: string): AnyTool {
    const entry = createBuiltinToolFactories(this.host.services).find((t) => t.name === name);
    assert.ok(entry, `no built-in tool named ${name}`);
    return entry.factory({ taskId: 'task-1', callId: 'call-1' });
  }

  /** validate → prepare → (approval: `approve` runs here) → execute, as the scheduler does. */
  async call(
    name: string,
    params: unknown,
    hooks: { approve?: (p: ToolPreparation | undefined, tool: AnyTool) => Promise<void> | void; context?: TestContext } = {},
  ): Promise<CallOutcome> {
    const tool = this.tool(name);
    const context = hooks.context ?? testContext();
    const validated = await tool.validate(params);
    assert.ok(validated.ok, validated.ok ? '' : validated.message);
    let preparation: ToolPreparation | undefined;
    try {
      preparation = tool.prepare ? await tool.prepare(validated.params, context.ctx) : undefined;
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      await tool.dispose?.();
      return { prepareError: error, text: error.message, error: error.type, statuses: context.statuses };
    }
    await hooks.approve?.(preparation, tool);
    await tool.execute(validated.params, context.ctx, false);
    await tool.dispose?.();
    assert.ok(context.results.length <= 1, 'at most one model result per call');
    const result = context.results[0];
    const final = [...context.statuses].reverse().find((s) => s.status === 'SUCCESS' || s.status === 'ERROR');
    return {
      ...(preparation ? { preparation } : {}),
      text: typeof result?.content === 'string' ? result.content : JSON.stringify(result?.content),
      ...(result?.options.error ? { error: result.options.error } : {}),
      ...(result ? { options: result.options } : {}),
      statuses: context.statuses,
      ...(final ? { final } : {}),
    };
  }
}

/** Asserts the call failed with `type`, whether refused in prepare or reported by execute, and returns its message. */
export function expectFailure(outcome: CallOutcome, type: ToolErrorType): string {
  assert.equal(outcome.error, type, `expected ${type}, got ${outcome.error ?? 'success'}: ${outcome.text}`);
  return outcome.text;
}

export function expectSuccess(outcome: CallOutcome): string {
  assert.equal(outcome.error, undefined, `expected success, got ${outcome.error}: ${outcome.text}`);
  assert.equal(outcome.final?.status, 'SUCCESS');
  return outcome.text;
}
