// The system tools (behaviour 11), always present unless a user tool of the same name overrides them:
// `attempt_completion` ends the loop with a result, `new_task` delegates to a sub-agent.
import { l10n } from '../l10n';
import { z } from 'zod';
import { BaseTool } from './base-tool';
import { displayBlocks } from './display';
import { errorSaid, ToolErrorType } from './errors';
import type { AnyTool, ToolContext, ToolDescription } from './types';

export const ATTEMPT_COMPLETION = 'attempt_completion';
export const NEW_TASK = 'new_task';

export interface SubTaskRequest {
  /** A few words for the card, e.g. "Find the config loader". */
  description: string;
  /** Everything the sub-agent needs: it does not see this conversation. */
  prompt: string;
  /** A named agent of the workspace to delegate to (its tools, files and instructions). */
  agent?: string;
  parentCallId: string;
}

/** Runs a sub-agent to completion and returns its final report; must stop when `signal` aborts. */
export type SubTaskRunner = (request: SubTaskRequest, signal: AbortSignal) => Promise<string>;

const completionParams = z.object({
  result: z.string().describe('The final result for the user: what was done, and anything they must know.'),
});

class AttemptCompletionTool extends BaseTool<z.output<typeof completionParams>> {
  readonly name = ATTEMPT_COMPLETION;
  override readonly displayName = 'Complete Task';
  override readonly uiDisplayName = l10n.t('Complete Task');
  readonly kind = 'readonly' as const;

  async getDescription(): Promise<ToolDescription> {
    return {
      short: 'Finish the task and present the result to the user.',
      important: ['Call it only when the task is done and verified; it ends your turn for good.'],
    };
  }

  async getParameters() {
    return completionParams;
  }

  async execute(params: z.output<typeof completionParams>, ctx: ToolContext, isPartial: boolean): Promise<void> {
    const text = typeof params?.result === 'string' ? params.result : '';
    if (isPartial) {
      ctx.sendToolStatus(ctx.callId, 'WAIT', { blocks: [displayBlocks.text(text)] });
      return;
    }
    ctx.completeTask(params.result);
    this.succeed(ctx, 'The task is complete; the user has your result.', { blocks: [displayBlocks.text(text)] });
  }
}

const newTaskParams = z.object({
  description: z.string().describe('A few words saying what the sub-agent will do.'),
  prompt: z.string().describe('Complete instructions; the sub-agent does not see this conversation.'),
  agent: z.string().optional().describe('A workspace agent to delegate to, by the name the system prompt lists; omit for a general sub-agent.'),
});

class NewTaskTool extends BaseTool<z.output<typeof newTaskParams>> {
  readonly name = NEW_TASK;
  override readonly displayName = 'Delegate to Sub-agent';
  override readonly uiDisplayName = l10n.t('Delegate to Sub-agent');
  // It runs other tools, so it never joins a parallel read-only batch.
  readonly kind = 'execute' as const;

  constructor(private readonly runSubTask: SubTaskRunner | undefined) {
    super();
  }

  async getDescription(): Promise<ToolDescription> {
    return {
      short: 'Delegate a self-contained piece of work to a sub-agent and get its report back.',
      usageNotes: ['Good for broad searches or independent sub-problems that would flood this conversation.'],
    };
  }

  async getParameters() {
    return newTaskParams;
  }

  async execute(params: z.output<typeof newTaskParams>, ctx: ToolContext, isPartial: boolean): Promise<void> {
    if (isPartial) return;
    if (!this.runSubTask) {
      this.fail(ctx, ToolErrorType.SUB_TASK_FAILED, l10n.both('Sub-agents are not available in this session; do the work yourself.'));
      return;
    }
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: params.description });
    try {
      const report = await this.runSubTask({ ...params, parentCallId: ctx.callId }, ctx.signal);
      this.succeed(ctx, report);
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      this.fail(ctx, ToolErrorType.SUB_TASK_FAILED, l10n.both('The sub-agent failed: {0}', errorSaid(error)));
    }
  }
}

export interface SystemToolOptions {
  runSubTask?: SubTaskRunner;
}

/** One instance each per task: system tools hold no per-call state and are never disposed by cleanup. */
export function createSystemTools(options: SystemToolOptions = {}): AnyTool[] {
  return [new AttemptCompletionTool(), new NewTaskTool(options.runSubTask)];
}
