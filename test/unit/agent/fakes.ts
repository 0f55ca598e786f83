// Test doubles for the agent loop: a scripted ModelProvider (one script per model turn, every request
// recorded), small tools that record their executions, an in-memory task store, and a session builder
// with deterministic ids and clock. The tool runtime itself (registry, manager, scheduler) is the real one.
import { z } from 'zod';
import { AgentSession, type AgentEvent, type AgentSessionOptions } from '../../../src/core/agent';
import { CONDENSE_INSTRUCTION } from '../../../src/core/agent/condense-prompt';
import type { ModelStreamEvent } from '../../../src/core/model/events';
import type { ChatMessage, ModelInfo, ModelProvider, ModelRequest } from '../../../src/core/model/provider';
import type { TaskRecord, TaskStore } from '../../../src/core/ports/task-store';
import { summarizeTask } from '../../../src/core/ports/task-store';
import type { TaskSummary } from '../../../src/shared/chat-model';
import { createTool, type AnyTool, type ToolCallStatus, type ToolContext, type ToolKind, ToolRegistry } from '../../../src/core/tools';

/** One model turn: fixed events, or a generator that can wait (for the test, or for the abort signal). */
export type ScriptedTurn = readonly ModelStreamEvent[] | ((request: ModelRequest, signal: AbortSignal) => AsyncIterable<ModelStreamEvent>);

export const TEST_MODEL: ModelInfo = {
  id: 'scripted-1',
  label: 'test · scripted-1',
  contextWindow: 200_000,
  maxOutputTokens: 8_000,
  supportsNativeTools: true,
};

export class ScriptedProvider implements ModelProvider {
  readonly id = 'scripted';
  readonly model: ModelInfo;
  /** Every request, deep-copied when it was made. */
  readonly requests: ModelRequest[] = [];
  private readonly turns: ScriptedTurn[];

  constructor(turns: readonly ScriptedTurn[], model: Partial<ModelInfo> = {}) {
    this.turns = [...turns];
    this.model = { ...TEST_MODEL, ...model };
  }

  get remainingTurns(): number {
    return this.turns.length;
  }

  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelStreamEvent> {
    this.requests.push(structuredClone(request));
    const turn = this.turns.shift();
    if (!turn) return fromEvents([{ type: 'error', error: { kind: 'unknown', message: 'The script has no more turns.', retryable: false } }], signal);
    return typeof turn === 'function' ? turn(request, signal) : fromEvents(turn, signal);
  }
}

async function* fromEvents(events: readonly ModelStreamEvent[], signal: AbortSignal): AsyncIterable<ModelStreamEvent> {
  for (const event of events) {
    await Promise.resolve();
    if (signal.aborted) {
      yield { type: 'error', error: { kind: 'cancelled', message: 'Cancelled', retryable: false } };
      return;
    }
    yield event;
  }
}

export interface CallSpec {
  id: string;
  name: string;
  args?: Record<string, unknown>;
}

/** A tool call streamed in two argument chunks, as providers do. */
export function callEvents(call: CallSpec): ModelStreamEvent[] {
  const json = JSON.stringify(call.args ?? {});
  const cut = Math.floor(json.length / 2);
  return [
    { type: 'tool_call_start', callId: call.id, name: call.name },
    { type: 'tool_call_delta', callId: call.id, argsDelta: json.slice(0, cut) },
    { type: 'tool_call_delta', callId: call.id, argsDelta: json.slice(cut) },
    { type: 'tool_call_end', callId: call.id },
  ];
}

/** A turn with optional text and tool calls, ending normally. */
export function turn(text: string | undefined, ...calls: CallSpec[]): ModelStreamEvent[] {
  return [
    ...(text ? [{ type: 'text_delta', text } as const] : []),
    ...calls.flatMap(callEvents),
    { type: 'usage', usage: { inputTokens: 100, outputTokens: 10 } },
    { type: 'stop', reason: calls.length > 0 ? 'tool_use' : 'end_turn' },
  ];
}

export function complete(id: string, result: string): ModelStreamEvent[] {
  return turn(undefined, { id, name: 'attempt_completion', args: { result } });
}

/** Resolves when `signal` aborts. */
export function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
}

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

/** Waits until `check` holds, letting pending callbacks run; fails the test instead of hanging. */
export async function until(check: () => boolean, what = 'condition'): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

export interface Execution {
  params: unknown;
  isPartial: boolean;
  signal: AbortSignal;
}

export interface TestTool {
  name: string;
  kind: ToolKind;
  executions: Execution[];
  finalRuns(): Execution[];
  factory: () => AnyTool;
}

/**
 * A tool taking `{ path: string }` (or `parameters`); by default it answers `<name>:<path>`. Partial runs
 * report a WAIT status with a tip naming the path so far, as real tools do.
 */
export function testTool(
  name: string,
  kind: ToolKind = 'readonly',
  run?: (params: Record<string, unknown>, ctx: ToolContext) => Promise<void>,
  parameters: z.ZodType = z.object({ path: z.string() }),
): TestTool {
  const executions: Execution[] = [];
  const factory = () =>
    createTool({
      name,
      kind,
      description: `The ${name} tool.`,
      parameters,
      execute: async (params: Record<string, unknown>, ctx: ToolContext, isPartial: boolean) => {
        executions.push({ params: structuredClone(params), isPartial, signal: ctx.signal });
        if (isPartial) {
          ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: `${name} ${String(params.path ?? '')}` });
          return;
        }
        if (run) return run(params, ctx);
        ctx.setToolResult(ctx.callId, `${name}:${String(params.path)}`);
        ctx.sendToolStatus(ctx.callId, 'SUCCESS');
      },
    }) as AnyTool;
  return { name, kind, executions, finalRuns: () => executions.filter((e) => !e.isPartial), factory };
}

export function registryOf(...tools: TestTool[]): ToolRegistry {
  const registry = new ToolRegistry();
  for (const tool of tools) registry.registerFactory(tool.name, tool.factory);
  return registry;
}

export class MemoryTaskStore implements TaskStore {
  readonly records = new Map<string, TaskRecord>();
  saves = 0;

  async list(): Promise<TaskSummary[]> {
    return [...this.records.values()].map(summarizeTask).sort((a, b) => b.updatedAt - a.updatedAt);
  }
  async load(id: string): Promise<TaskRecord | undefined> {
    const record = this.records.get(id);
    return record ? structuredClone(record) : undefined;
  }
  async save(record: TaskRecord): Promise<void> {
    this.saves++;
    this.records.set(record.id, structuredClone(record));
  }
  async delete(id: string): Promise<boolean> {
    return this.records.delete(id);
  }
}

export const ENVIRONMENT = { workspaceRoots: ['/work/project'], os: 'linux', shell: '/bin/bash' };

export interface SessionHarness {
  session: AgentSession;
  events: AgentEvent[];
  statuses(): ToolCallStatus[];
  /** The last status of each call, by callId. */
  lastStatus(callId: string): ToolCallStatus | undefined;
}

export function sessionFor(provider: ModelProvider, registry: ToolRegistry, options: Partial<AgentSessionOptions> = {}): SessionHarness {
  let id = 0;
  let clock = 1_700_000_000_000;
  const session = new AgentSession({
    provider,
    registry,
    environment: ENVIRONMENT,
    newId: () => `id-${++id}`,
    now: () => (clock += 1),
    logger: { warn: () => {} },
    ...options,
  });
  return observe(session);
}

export function observe(session: AgentSession): SessionHarness {
  const events: AgentEvent[] = [];
  session.onEvent((event) => events.push(event));
  const statuses = () => events.flatMap((event) => (event.type === 'tool_status' ? [event.status] : []));
  return {
    session,
    events,
    statuses,
    lastStatus: (callId) => statuses().filter((status) => status.callId === callId).at(-1),
  };
}

/** Every breach of provider.ts's history invariants; empty for a valid history. */
export function historyProblems(messages: readonly ChatMessage[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, index) => {
    const expected = index % 2 === 0 ? 'user' : 'assistant';
    if (message.role !== expected) problems.push(`message ${index} is ${message.role}, expected ${expected}`);
    if (message.content.length === 0) problems.push(`message ${index} is empty`);
    if (message.role !== 'user') return;
    const previous = messages[index - 1];
    const calls = previous?.role === 'assistant' ? previous.content.flatMap((p) => (p.type === 'tool_call' ? [p.callId] : [])) : [];
    const results = message.content.flatMap((p) => (p.type === 'tool_result' ? [p.callId] : []));
    if (JSON.stringify(calls) !== JSON.stringify(results)) {
      problems.push(`message ${index} answers [${results.join(', ')}] but the calls were [${calls.join(', ')}]`);
    }
  });
  const last = messages[messages.length - 1];
  if (last?.role === 'assistant' && last.content.some((p) => p.type === 'tool_call')) problems.push('the last tool calls have no results');
  return problems;
}

/**
 * Answers Relay's condense requests (their last message carries CONDENSE_INSTRUCTION) with `summary`, or with
 * an error when `summary` is an Error, and passes every other request to `inner`.
 */
export class SummarizingProvider implements ModelProvider {
  readonly id = 'summarizing';
  readonly summaryRequests: ModelRequest[] = [];

  constructor(
    readonly inner: ScriptedProvider,
    private readonly summary: string | Error,
  ) {}

  get model(): ModelInfo {
    return this.inner.model;
  }

  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelStreamEvent> {
    const last = request.messages.at(-1);
    const isSummary = last?.content.some((p) => p.type === 'text' && p.text === CONDENSE_INSTRUCTION) ?? false;
    if (!isSummary) return this.inner.stream(request, signal);
    this.summaryRequests.push(structuredClone(request));
    const events: ModelStreamEvent[] =
      this.summary instanceof Error
        ? [{ type: 'error', error: { kind: 'server', message: this.summary.message, retryable: false } }]
        : [
            { type: 'usage', usage: { inputTokens: 900, outputTokens: 0 } },
            { type: 'text_delta', text: this.summary },
            { type: 'usage', usage: { inputTokens: 900, outputTokens: 120 } },
            { type: 'stop', reason: 'end_turn' },
          ];
    return fromEvents(events, signal);
  }
}
