// The config authoring styles (tool-system.md §1): `createTool` (zod), `defineTool` (JSON Schema) and
// `createSimpleTool` (stateless: return the result). All produce the same `Tool` as a BaseTool subclass.
import { z } from 'zod';
import { BaseTool } from './base-tool';
import { errorSaid, ToolError, ToolErrorType } from './errors';
import type {
  JsonSchema,
  ToolContext,
  ToolDescription,
  ToolKind,
  ToolResultContent,
  ToolResultOptions,
} from './types';

type DescriptionSource = string | ToolDescription | (() => ToolDescription | Promise<ToolDescription>);

interface ToolConfigBase {
  name: string;
  displayName?: string;
  kind: ToolKind;
  timeoutMs?: number;
  description: DescriptionSource;
}

export interface ZodToolConfig<S extends z.ZodType> extends ToolConfigBase {
  parameters: S;
  execute(params: z.output<S>, ctx: ToolContext, isPartial: boolean): Promise<void>;
}

export interface JsonSchemaToolConfig extends ToolConfigBase {
  parameters: JsonSchema;
  execute(params: Record<string, unknown>, ctx: ToolContext, isPartial: boolean): Promise<void>;
}

export interface SimpleToolConfig<S extends z.ZodType> extends ToolConfigBase {
  parameters?: S;
  run(params: z.output<S>, ctx: ToolContext): ToolResultContent | Promise<ToolResultContent>;
  resultOptions?: ToolResultOptions;
}

class ConfiguredTool<P> extends BaseTool<P> {
  readonly name: string;
  override readonly displayName?: string;
  readonly kind: ToolKind;
  override readonly timeoutMs?: number;
  private readonly description: DescriptionSource;

  constructor(
    config: ToolConfigBase,
    private readonly schema: () => z.ZodType<P>,
    private readonly run: (params: P, ctx: ToolContext, isPartial: boolean) => Promise<void>,
    private readonly jsonSchema?: JsonSchema,
  ) {
    super();
    this.name = config.name;
    this.displayName = config.displayName;
    this.kind = config.kind;
    this.timeoutMs = config.timeoutMs;
    this.description = config.description;
  }

  async getDescription(): Promise<ToolDescription> {
    const source = this.description;
    if (typeof source === 'string') return { short: source };
    return typeof source === 'function' ? source() : source;
  }

  async getParameters(): Promise<z.ZodType<P>> {
    return this.schema();
  }

  async getInputJsonSchema(): Promise<JsonSchema> {
    return this.jsonSchema ?? z.toJSONSchema(this.schema(), { io: 'input', unrepresentable: 'any' });
  }

  execute(params: P, ctx: ToolContext, isPartial: boolean): Promise<void> {
    return this.run(params, ctx, isPartial);
  }

  /** Exposed for createSimpleTool, whose run returns a value instead of reporting. */
  report(ctx: ToolContext, content: ToolResultContent, options?: ToolResultOptions): void {
    this.succeed(ctx, content, {}, options);
  }

  reportFailure(ctx: ToolContext, error: unknown): void {
    const type = error instanceof ToolError ? error.type : ToolErrorType.EXECUTION_FAILED;
    this.fail(ctx, type, errorSaid(error));
  }
}

export function createTool<S extends z.ZodType>(config: ZodToolConfig<S>): BaseTool<z.output<S>> {
  return new ConfiguredTool<z.output<S>>(config, () => config.parameters as z.ZodType<z.output<S>>, config.execute);
}

/** JSON Schema in, the same Tool out: zod is derived for validation, the schema itself is what models see. */
export function defineTool(config: JsonSchemaToolConfig): BaseTool<Record<string, unknown>> {
  let schema: z.ZodType<Record<string, unknown>> | undefined;
  const toZod = () => (schema ??= z.fromJSONSchema(config.parameters) as z.ZodType<Record<string, unknown>>);
  return new ConfiguredTool(config, toZod, config.execute, config.parameters);
}

/** A stateless tool: `run` returns the model result (or throws); partial calls are ignored. */
export function createSimpleTool<S extends z.ZodType = z.ZodObject<Record<string, never>>>(
  config: SimpleToolConfig<S>,
): BaseTool<z.output<S>> {
  const parameters = (config.parameters ?? z.object({})) as z.ZodType<z.output<S>>;
  const tool: ConfiguredTool<z.output<S>> = new ConfiguredTool<z.output<S>>(
    config,
    () => parameters,
    async (params, ctx, isPartial) => {
      if (isPartial) return;
      try {
        tool.report(ctx, await config.run(params, ctx), config.resultOptions);
      } catch (error) {
        // Cancellation is the runtime's to report; anything else is this call's error result.
        if (ctx.signal.aborted) throw error;
        tool.reportFailure(ctx, error);
      }
    },
  );
  return tool;
}
