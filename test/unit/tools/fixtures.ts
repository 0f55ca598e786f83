// Shared fixtures for the tool runtime tests: tools that record what they were asked, a scheduler wired to
// collect every status, and a logger that keeps warnings for assertions.
import { z } from 'zod';
import {
  createTool,
  type ApprovalHook,
  type AnyTool,
  type ToolCallGuard,
  type ToolCallStatus,
  type ToolContext,
  type ToolKind,
  type ToolLogger,
  ToolManager,
  ToolRegistry,
  ToolScheduler,
  type ToolSchedulerOptions,
} from '../../../src/core/tools';

export class RecordingLogger implements ToolLogger {
  readonly warnings: string[] = [];
  warn(message: string): void {
    this.warnings.push(message);
  }
}

export interface Execution {
  params: unknown;
  isPartial: boolean;
  ctx: ToolContext;
  instance: AnyTool;
}

export interface RecordingToolOptions {
  name: string;
  kind?: ToolKind;
  parameters?: z.ZodType;
  timeoutMs?: number;
  /** Defaults to reporting `ok:<name>` as the result. */
  run?: (params: unknown, ctx: ToolContext, isPartial: boolean) => Promise<void>;
}

/** A factory whose instances log every execute call into `executions`, and which counts instances made. */
export function recordingTool(options: RecordingToolOptions) {
  const executions: Execution[] = [];
  const instances: AnyTool[] = [];
  const factory = () => {
    const tool: AnyTool = createTool({
      name: options.name,
      kind: options.kind ?? 'readonly',
      timeoutMs: options.timeoutMs,
      description: `The ${options.name} tool.`,
      parameters: options.parameters ?? z.object({ path: z.string() }),
      execute: async (params, ctx, isPartial) => {
        executions.push({ params: isPartial ? structuredClone(params) : params, isPartial, ctx, instance: tool });
        if (options.run) return options.run(params, ctx, isPartial);
        if (!isPartial) {
          ctx.setToolResult(ctx.callId, `ok:${options.name}`);
          ctx.sendToolStatus(ctx.callId, 'SUCCESS');
        }
      },
    });
    instances.push(tool);
    return tool;
  };
  return { factory, executions, instances, name: options.name };
}

export interface Harness {
  registry: ToolRegistry;
  manager: ToolManager;
  scheduler: ToolScheduler;
  statuses: ToolCallStatus[];
  logger: RecordingLogger;
}

export function harness(
  tools: { name: string; factory: () => AnyTool }[],
  options: Partial<ToolSchedulerOptions> & { approve?: ApprovalHook; allowedTools?: string[]; disallowedTools?: string[]; callGuards?: ToolCallGuard[] } = {},
): Harness {
  const registry = new ToolRegistry();
  for (const tool of tools) registry.registerFactory(tool.name, tool.factory);
  const logger = new RecordingLogger();
  const manager = new ToolManager({
    registry,
    taskId: 'task-1',
    logger,
    allowedTools: options.allowedTools,
    disallowedTools: options.disallowedTools,
    ...(options.callGuards ? { callGuards: options.callGuards } : {}),
  });
  const scheduler = new ToolScheduler({ logger, ...options, manager });
  const statuses: ToolCallStatus[] = [];
  scheduler.onDidChangeStatus((status) => statuses.push(status));
  return { registry, manager, scheduler, statuses, logger };
}

export function statesOf(statuses: readonly ToolCallStatus[], callId: string): string[] {
  const states: string[] = [];
  for (const status of statuses) {
    if (status.callId === callId && states[states.length - 1] !== status.state) states.push(status.state);
  }
  return states;
}

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise callback run (setImmediate is never mocked in these tests). */
export async function settle(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
