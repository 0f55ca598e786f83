// Tools other extensions registered with `vscode.lm.registerTool`, offered as Relay tools (`ext__<name>`) and
// invoked with `vscode.lm.invokeTool`: same cards, approvals (they ask like commands), timeouts and statistics.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import type { z } from 'zod';
import { assignToolNames, composeToolName } from '../../core/mcp/names';
import { checkInputSchema } from '../../core/mcp/schema-check';
import { cleanToolInfo } from '../../core/mcp/tool-text';
import { BaseTool, displayBlocks, ToolErrorType, type JsonSchema, type ToolContext, type ToolDescription, type ToolFactory, type ToolPreparation } from '../../core/tools';

export interface ExtensionToolEntry {
  name: string;
  factory: ToolFactory;
}

/**
 * The names other extensions declare in `contributes.languageModelTools`. VS Code itself registers internal tools
 * too (its own agent's terminal, edit and confirmation tools, ~27 in 1.139); they need VS Code's chat session and
 * duplicate Relay's built-ins, so only extension-contributed tools are offered, and not those of VS Code's
 * built-in extensions.
 */
export function contributedToolNames(): Set<string> {
  const names = new Set<string>();
  for (const extension of vscode.extensions.all) {
    const json = extension.packageJSON as { isBuiltin?: boolean; contributes?: { languageModelTools?: { name?: unknown }[] } };
    if (extension.id.startsWith('vscode.') || json.isBuiltin || extension.id === 'relay-dev.relay') continue;
    for (const tool of json.contributes?.languageModelTools ?? []) if (typeof tool?.name === 'string') names.add(tool.name);
  }
  return names;
}

export function extensionToolEntries(taken: ReadonlySet<string>, log: vscode.LogOutputChannel): ExtensionToolEntry[] {
  const lm = (vscode as { lm?: typeof vscode.lm }).lm;
  const contributed = contributedToolNames();
  const infos = (lm?.tools ?? []).filter((info) => contributed.has(info.name));
  const usable: { info: vscode.LanguageModelToolInformation; description: string | undefined; schema: JsonSchema; zod: z.ZodType<Record<string, unknown>> }[] = [];
  for (const info of infos) {
    // The same cleaning as MCP tools: no hidden text and no overlong description reaches the model.
    const clean = cleanToolInfo({ name: info.name, description: info.description, inputSchema: (info.inputSchema ?? { type: 'object', properties: {} }) as JsonSchema });
    if (clean.problem) {
      log.warn(`Extension tool "${info.name}" is not offered: ${clean.problem}`);
      continue;
    }
    if (clean.hiddenRemoved) log.warn(`Extension tool "${info.name}": ${clean.hiddenRemoved} hidden character(s) removed from its definition before the model sees it`);
    const check = checkInputSchema(clean.info.inputSchema);
    if (check.ok) usable.push({ info, description: clean.info.description, schema: check.schema, zod: check.zod });
    else log.warn(`Extension tool "${info.name}" is not offered: ${check.reason}`);
  }
  const names = assignToolNames(usable.map(({ info }) => ({ identity: info.name, preferred: composeToolName(['ext', info.name], info.name) })), taken);
  return usable.map(({ info, description, schema, zod }) => {
    const name = names.get(info.name)!;
    return { name, factory: () => new ExtensionTool(name, info, description, schema, zod) };
  });
}

class ExtensionTool extends BaseTool<Record<string, unknown>> {
  readonly kind = 'execute' as const;
  override readonly displayName: string;
  override readonly uiDisplayName: string;

  constructor(
    readonly name: string,
    private readonly info: vscode.LanguageModelToolInformation,
    /** Cleaned (tool-text.ts). */
    private readonly description: string | undefined,
    private readonly schema: JsonSchema,
    private readonly zod: z.ZodType<Record<string, unknown>>,
  ) {
    super();
    this.displayName = `${info.name} (extension tool)`;
    this.uiDisplayName = l10n.t('{0} (extension tool)', info.name);
  }

  async getDescription(): Promise<ToolDescription> {
    return { short: this.description?.trim() || `The VS Code extension tool "${this.info.name}".`, category: 'extension' };
  }

  async getParameters() {
    return this.zod;
  }

  async getInputJsonSchema(): Promise<JsonSchema> {
    return this.schema;
  }

  async prepare(params: Record<string, unknown>): Promise<ToolPreparation> {
    return { targets: {}, summary: [l10n.t('VS Code extension tool: {0}', this.info.name), l10n.t('Arguments: {0}', JSON.stringify(params, null, 2).slice(0, 4000))].join('\n') };
  }

  async execute(params: Record<string, unknown>, ctx: ToolContext, isPartial: boolean): Promise<void> {
    if (isPartial) return;
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: l10n.t('Running {0}', this.info.name) });
    const source = new vscode.CancellationTokenSource();
    const cancel = () => source.cancel();
    ctx.signal.addEventListener('abort', cancel, { once: true });
    try {
      const result = await vscode.lm.invokeTool(this.info.name, { input: params, toolInvocationToken: undefined }, source.token);
      const text = result.content.map(partText).filter(Boolean).join('\n') || 'The tool returned no content.';
      this.succeed(ctx, text, { blocks: [displayBlocks.text(text.slice(0, 20_000))] });
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      this.fail(ctx, ToolErrorType.EXECUTION_FAILED, l10n.both('The extension tool {0} failed: {1}', this.info.name, error instanceof Error ? error.message : String(error)));
    } finally {
      ctx.signal.removeEventListener('abort', cancel);
      source.dispose();
    }
  }
}

function partText(part: unknown): string {
  if (part instanceof vscode.LanguageModelTextPart) return part.value;
  if (part instanceof vscode.LanguageModelPromptTsxPart) return JSON.stringify(part.value);
  if (part && typeof part === 'object' && 'value' in part && typeof (part as { value: unknown }).value === 'string') return (part as { value: string }).value;
  return part === undefined ? '' : `[${JSON.stringify(part).slice(0, 500)}]`;
}
