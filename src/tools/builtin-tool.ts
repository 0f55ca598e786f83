// The base every built-in tool extends: description and schema as fields, one `run` for the final call, an
// optional `showPartial` for the card while arguments stream, and "failure is a result": a ToolError thrown by
// `run` becomes an error result of its type, anything else an execution failure. Cancellation is left to the
// runtime, which reports it with whatever partial result the tool set.
import type { z } from 'zod';
import { BaseTool, type ToolContext, type ToolDescription, ToolError, ToolErrorType } from '../core/tools';
import { errorSaid } from '../core/tools/errors';
import type { ToolServices } from './services';

export abstract class BuiltinTool<P> extends BaseTool<P> {
  protected abstract readonly description: ToolDescription;
  protected abstract readonly schema: z.ZodType<P>;

  constructor(protected readonly services: ToolServices) {
    super();
  }

  async getDescription(): Promise<ToolDescription> {
    return this.description;
  }

  async getParameters(): Promise<z.ZodType<P>> {
    return this.schema;
  }

  async execute(params: P, ctx: ToolContext, isPartial: boolean): Promise<void> {
    if (isPartial) {
      // Partial arguments are unvalidated and still growing: the card shows what is there, nothing else happens.
      this.showPartial(params as unknown as Record<string, unknown>, ctx);
      return;
    }
    try {
      await this.run(params, ctx);
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      const type = error instanceof ToolError ? error.type : ToolErrorType.EXECUTION_FAILED;
      this.fail(ctx, type, errorSaid(error));
    }
  }

  protected abstract run(params: P, ctx: ToolContext): Promise<void>;

  protected showPartial(_params: Record<string, unknown>, _ctx: ToolContext): void {}

  protected roots(): readonly string[] {
    return this.services.workspaceRoots();
  }
}
