// Tools from a discovery command (Gemini CLI's contract): `relay.toolDiscoveryCommand` prints a JSON array of
// function declarations (`[{ name, description, parameters }]`, or Gemini's `[{ functionDeclarations: [...] }]`);
// a call runs `relay.toolCallCommand <name>` with the arguments as JSON on stdin. Stdout is the result; a
// non-zero exit, any stderr, or a signal make an error result that lists them.
import { l10n } from '../l10n';
import type { z } from 'zod';
import { cleanToolInfo } from '../mcp/tool-text';
import { checkInputSchema } from '../mcp/schema-check';
import { assignToolNames, composeToolName } from '../mcp/names';
import { BaseTool } from '../tools/base-tool';
import { displayBlocks } from '../tools/display';
import { ToolErrorType } from '../tools/errors';
import type { JsonSchema, ToolContext, ToolDescription, ToolFactory, ToolPreparation } from '../tools/types';

export interface CommandOutcome {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: string | null;
}

/** Runs a shell command line with `stdin`; kills it (and its children) when `signal` aborts. */
export type ToolCommandRunner = (commandLine: string, stdin: string, signal: AbortSignal) => Promise<CommandOutcome>;

export interface FunctionDeclaration {
  name: string;
  description?: string;
  parameters?: unknown;
}

export function parseDeclarations(stdout: string): { declarations: FunctionDeclaration[]; errors: string[] } {
  const errors: string[] = [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch (error) {
    return { declarations: [], errors: [`the discovery command did not print JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (!Array.isArray(parsed)) return { declarations: [], errors: ['the discovery command must print a JSON array'] };
  const declarations: FunctionDeclaration[] = [];
  for (const item of parsed.flatMap((d: unknown) => (d && typeof d === 'object' && Array.isArray((d as { functionDeclarations?: unknown }).functionDeclarations) ? (d as { functionDeclarations: unknown[] }).functionDeclarations : [d]))) {
    if (!item || typeof item !== 'object' || typeof (item as FunctionDeclaration).name !== 'string' || !(item as FunctionDeclaration).name) {
      errors.push(`a declaration without a name was skipped: ${JSON.stringify(item).slice(0, 100)}`);
      continue;
    }
    declarations.push(item as FunctionDeclaration);
  }
  return { declarations, errors };
}

export interface DiscoveredEntry {
  name: string;
  declaredName: string;
  factory: ToolFactory;
}

export function discoveredToolEntries(declarations: readonly FunctionDeclaration[], callCommand: string, run: ToolCommandRunner, taken: ReadonlySet<string>): { entries: DiscoveredEntry[]; errors: string[] } {
  const errors: string[] = [];
  const usable: { declaration: FunctionDeclaration; schema: JsonSchema; zod: z.ZodType<Record<string, unknown>> }[] = [];
  for (const raw of declarations) {
    // The same cleaning as MCP tools: no hidden text and no overlong description reaches the model.
    const clean = cleanToolInfo({ name: raw.name, ...(typeof raw.description === 'string' ? { description: raw.description } : {}), inputSchema: (raw.parameters ?? { type: 'object', properties: {} }) as JsonSchema });
    if (clean.problem) {
      errors.push(`${raw.name}: ${clean.problem}`);
      continue;
    }
    const declaration: FunctionDeclaration = { ...raw, parameters: clean.info.inputSchema, ...(clean.info.description !== undefined ? { description: clean.info.description } : {}) };
    const check = checkInputSchema(declaration.parameters);
    if (check.ok) usable.push({ declaration, schema: check.schema, zod: check.zod });
    else errors.push(`${declaration.name}: ${check.reason}`);
  }
  const names = assignToolNames(usable.map(({ declaration }) => ({ identity: declaration.name, preferred: composeToolName([declaration.name], declaration.name) })), taken);
  const entries = usable.map(({ declaration, schema, zod }) => {
    const name = names.get(declaration.name)!;
    return { name, declaredName: declaration.name, factory: () => new DiscoveredTool(name, declaration, schema, zod, callCommand, run) };
  });
  return { entries, errors };
}

export class DiscoveredTool extends BaseTool<Record<string, unknown>> {
  readonly kind = 'execute' as const;

  constructor(
    readonly name: string,
    private readonly declaration: FunctionDeclaration,
    private readonly schema: JsonSchema,
    private readonly zod: z.ZodType<Record<string, unknown>>,
    private readonly callCommand: string,
    private readonly run: ToolCommandRunner,
  ) {
    super();
  }

  async getDescription(): Promise<ToolDescription> {
    return { short: this.declaration.description?.trim() || `The discovered tool "${this.declaration.name}".`, category: 'discovered' };
  }

  async getParameters() {
    return this.zod;
  }

  async getInputJsonSchema(): Promise<JsonSchema> {
    return this.schema;
  }

  async prepare(params: Record<string, unknown>): Promise<ToolPreparation> {
    return { targets: { command: this.commandLine() }, summary: l10n.t('Discovered tool {0}, arguments on stdin: {1}', this.declaration.name, JSON.stringify(params)) };
  }

  private commandLine(): string {
    return `${this.callCommand} ${quote(this.declaration.name)}`;
  }

  async execute(params: Record<string, unknown>, ctx: ToolContext, isPartial: boolean): Promise<void> {
    if (isPartial) return;
    const command = this.commandLine();
    ctx.sendToolStatus(ctx.callId, 'DOING', { showTip: l10n.t('Running {0}', command) });
    const outcome = await this.run(command, JSON.stringify(params ?? {}), ctx.signal);
    if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('cancelled');
    const failed = outcome.exitCode !== 0 || outcome.stderr.trim() !== '' || outcome.signal !== null;
    const block = displayBlocks.terminal(command, [outcome.stdout, outcome.stderr].filter(Boolean).join('\n'), outcome.exitCode ?? undefined);
    if (!failed) return this.succeed(ctx, outcome.stdout, { blocks: [block] });
    const lines = [
      `Stdout: ${outcome.stdout.trim() || '(empty)'}`,
      `Stderr: ${outcome.stderr.trim() || '(empty)'}`,
      `Exit code: ${outcome.exitCode ?? '(none)'}`,
      `Signal: ${outcome.signal ?? '(none)'}`,
    ];
    // The card says it failed (its terminal block shows the output); the model reads the details.
    const failedSaid = l10n.both('{0} failed.', this.declaration.name);
    this.fail(ctx, ToolErrorType.EXECUTION_FAILED, { model: `${failedSaid.model}\n${lines.join('\n')}`, ui: failedSaid.ui }, { blocks: [block] });
  }
}

function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
