// BaseTool: the class authoring style (tool-system.md §1). Subclasses give name, kind, description, zod
// parameters and `execute`; validation and the two reporting channels come from here.
import type { z } from 'zod';
import type { Said } from '../l10n';
import { asSaid, type ToolErrorType } from './errors';
import type { ToolStatusOptions } from './status-types';
import type {
  Tool,
  ToolContext,
  ToolDescription,
  ToolKind,
  ToolResultContent,
  ToolResultOptions,
  ValidationResult,
} from './types';
import { validateParams } from './validation';

export abstract class BaseTool<P = unknown> implements Tool<P> {
  abstract readonly name: string;
  declare readonly displayName?: string;
  declare readonly uiDisplayName?: string;
  abstract readonly kind: ToolKind;
  declare readonly timeoutMs?: number;

  abstract getDescription(): Promise<ToolDescription>;
  abstract getParameters(): Promise<z.ZodType<P>>;
  abstract execute(params: P, ctx: ToolContext, isPartial: boolean): Promise<void>;

  async validate(params: unknown): Promise<ValidationResult<P>> {
    return validateParams(await this.getParameters(), params);
  }

  /** Model channel and UI channel together: the usual end of a successful call. */
  protected succeed(
    ctx: ToolContext,
    content: ToolResultContent,
    status: ToolStatusOptions = {},
    options?: ToolResultOptions,
  ): void {
    ctx.setToolResult(ctx.callId, content, options);
    ctx.sendToolStatus(ctx.callId, 'SUCCESS', { result: content, ...status });
  }

  /**
   * "Failure is a result": the model reads the message in English, the card shows it in the display language.
   * Build Relay's sentence with `l10n.both(...)`; a string is for text that is the same in every language.
   */
  protected fail(ctx: ToolContext, type: ToolErrorType, message: string | Said, status: ToolStatusOptions = {}): void {
    const said = asSaid(message);
    ctx.setToolResult(ctx.callId, said.model, { error: type });
    ctx.sendToolStatus(ctx.callId, 'ERROR', { error: said.ui, errorType: type, ...status });
  }
}
