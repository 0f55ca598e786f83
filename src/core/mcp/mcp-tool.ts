// An MCP server's tool as a Relay tool: same contract, so the runtime gives it cards, approvals, timeouts,
// truncation, saved output and statistics like any built-in. It reaches the server only through McpConnection.
import { l10n } from '../l10n';
import type { z } from 'zod';
import type { McpConnection, McpProgress, McpToolInfo } from '../ports/mcp';
import { BaseTool } from '../tools/base-tool';
import { displayBlocks } from '../tools/display';
import { errorMessage, ToolErrorType } from '../tools/errors';
import type { JsonSchema, ToolContext, ToolDescription, ToolKind, ToolPreparation } from '../tools/types';
import { kindFromAnnotations, riskFromAnnotations } from './annotations';
import { mapMcpResult } from './results';
import { formatArguments } from './argument-text';

export interface McpToolOptions {
  /** The Relay name (`mcp__server__tool`, sanitised). */
  name: string;
  serverName: string;
  /** The definition as the model sees it (tool-text.ts: hidden characters removed, texts capped). */
  info: McpToolInfo;
  /** The name the server gave the tool, which calls use; `info.name` when absent. */
  remoteName?: string;
  /** From `checkInputSchema`. */
  schema: JsonSchema;
  zod: z.ZodType<Record<string, unknown>>;
  connection: () => McpConnection;
  timeoutMs?: number;
}


export class McpTool extends BaseTool<Record<string, unknown>> {
  readonly name: string;
  override readonly displayName: string;
  readonly kind: ToolKind;
  declare readonly timeoutMs?: number;

  constructor(private readonly options: McpToolOptions) {
    super();
    this.name = options.name;
    this.displayName = `${titleOf(options.info)} (${options.serverName})`;
    this.kind = kindFromAnnotations(options.info.annotations);
    if (options.timeoutMs !== undefined) (this as { timeoutMs?: number }).timeoutMs = options.timeoutMs;
  }

  get serverName(): string {
    return this.options.serverName;
  }

  async getDescription(): Promise<ToolDescription> {
    const own = this.options.info.description?.trim();
    return { short: own || `The "${this.options.info.name}" tool of the MCP server "${this.options.serverName}".`, category: `mcp:${this.options.serverName}` };
  }

  async getParameters(): Promise<z.ZodType<Record<string, unknown>>> {
    return this.options.zod;
  }

  async getInputJsonSchema(): Promise<JsonSchema> {
    return this.options.schema;
  }

  /** The approval modal shows server, tool and the arguments as they will be sent. */
  async prepare(params: Record<string, unknown>): Promise<ToolPreparation> {
    const risk = riskFromAnnotations(this.options.info.annotations);
    const destructive = this.options.info.annotations?.destructiveHint === true;
    return { targets: {}, summary: describeCall(params), ...(risk ? { risk } : {}), ...(destructive ? { destructive } : {}) };
  }

  async execute(params: Record<string, unknown>, ctx: ToolContext, isPartial: boolean): Promise<void> {
    const { serverName, info } = this.options;
    // The card's line names the tool by its title, as the card's header does ("Called Write File on files").
    const title = titleOf(info);
    if (isPartial) {
      ctx.sendToolStatus(ctx.callId, 'WAIT', { showTip: l10n.t('{0} on {1}', title, serverName), params: params ?? {} });
      return;
    }
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: l10n.t('Calling {0} on {1}', title, serverName), metadata: { mcpServer: serverName, mcpTool: info.name } });
    const onProgress = (progress: McpProgress) =>
      ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: progressTip(title, progress), metadata: { progress: progress.progress, ...(progress.total !== undefined ? { total: progress.total } : {}) } });
    let result;
    try {
      result = await this.options.connection().callTool(this.options.remoteName ?? info.name, params, { signal: ctx.signal, onProgress });
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      this.fail(ctx, ToolErrorType.MCP_ERROR, l10n.both('The MCP server "{0}" failed during {1}: {2}', serverName, info.name, errorMessage(error)));
      return;
    }
    const mapped = mapMcpResult(result);
    const blocks = [displayBlocks.text(mapped.text.length > 20_000 ? `${mapped.text.slice(0, 20_000)}\n…` : mapped.text)];
    if (mapped.isError) {
      this.fail(ctx, ToolErrorType.MCP_ERROR, l10n.both('{0} (MCP server "{1}") returned an error:\n{2}', info.name, serverName, mapped.text), { blocks });
      return;
    }
    // The card of a finished call says what was done, not "Calling …".
    const showTip = l10n.t('Called {0} on {1}', title, serverName);
    this.succeed(ctx, mapped.text, { showTip, blocks, ...(mapped.images.length ? { metadata: { images: mapped.images } } : {}) });
  }
}

/**
 * The approval modal's summary, for people: the arguments as lines. The question already names the tool and its
 * server, and the details end with its name for people ("Tool: Write File (files)"), so neither is repeated here.
 */
export function describeCall(params: unknown): string {
  return [l10n.t('Arguments:'), formatArguments(params ?? {}).replace(/^/gm, '  ')].join('\n');
}

function progressTip(tool: string, progress: McpProgress): string {
  const amount = progress.total ? `${progress.progress}/${progress.total}` : `${progress.progress}`;
  return `${tool}: ${amount}${progress.message ? ` ${progress.message}` : ''}`;
}

/** The tool's name for people: its title, else its annotations' title, else its name. */
function titleOf(info: McpToolOptions['info']): string {
  return info.title ?? info.annotations?.title ?? info.name;
}
