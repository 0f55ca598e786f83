// How a tool's description reads to a model, and the per-provider shapes for native tool calling
// (behaviour 26). Guidance (behaviour 28) is deliberately left out: it is given with results, not here.
import { toolInputSchema } from './json-schema';
import type { AnyTool, JsonSchema, ToolDescription } from './types';

export interface ModelToolSpec {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** Offer it as a freeform (custom) tool where the API has them (freeform-patch.ts); others use the schema. */
  freeform?: FreeformForm;
}

/** How a provider with custom tools offers a tool: its raw input goes into `argument` of the JSON arguments. */
export interface FreeformForm {
  grammar: { syntax: 'lark'; definition: string };
  /** The JSON argument the raw input stands for (apply_patch: `patch`). */
  argument: string;
  /** The description for the freeform form (the JSON examples of the function form do not apply). */
  description: string;
}

export interface AnthropicToolSpec {
  name: string;
  description: string;
  input_schema: JsonSchema;
}

export interface OpenAIToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema };
}

export type ToolProvider = 'anthropic' | 'openai';

export function toolDescriptionText(description: ToolDescription): string {
  const parts = [description.short.trim()];
  if (description.long?.trim()) parts.push(description.long.trim());
  if (description.usageNotes?.length) parts.push(`Usage notes:\n${bullets(description.usageNotes)}`);
  if (description.important?.length) parts.push(`IMPORTANT:\n${bullets(description.important)}`);
  if (description.examples?.length) {
    const lines = description.examples.map((example) => {
      const args = JSON.stringify(example.params);
      return example.description ? `- ${example.description}: ${args}` : `- ${args}`;
    });
    parts.push(`Examples:\n${lines.join('\n')}`);
  }
  return parts.join('\n\n');
}

function bullets(lines: readonly string[]): string {
  return lines.map((line) => `- ${line}`).join('\n');
}

export function describeToolForModel(tool: AnyTool): Promise<ModelToolSpec> {
  return describeOfferedTool(tool, undefined);
}

/** `withheld`: tools the model is not offered; a usage note that points to one of them is left out. */
export async function describeOfferedTool(tool: AnyTool, withheld: ReadonlySet<string> | undefined): Promise<ModelToolSpec> {
  const [description, inputSchema] = await Promise.all([tool.getDescription(), toolInputSchema(tool)]);
  return { name: tool.name, description: toolDescriptionText(withoutWithheld(description, withheld)), inputSchema };
}

/** The description without the notes that name a tool this model is not offered (it could not follow them). */
export function withoutWithheld(description: ToolDescription, withheld: ReadonlySet<string> | undefined): ToolDescription {
  if (!withheld || withheld.size === 0) return description;
  const names = [...withheld];
  const keep = (line: string) => !names.some((name) => new RegExp(`\\b${name}\\b`).test(line));
  const result: ToolDescription = { ...description };
  if (description.usageNotes) result.usageNotes = description.usageNotes.filter(keep);
  if (description.important) result.important = description.important.filter(keep);
  return result;
}

export function toAnthropicTool(spec: ModelToolSpec): AnthropicToolSpec {
  return { name: spec.name, description: spec.description, input_schema: spec.inputSchema };
}

export function toOpenAITool(spec: ModelToolSpec): OpenAIToolSpec {
  return { type: 'function', function: { name: spec.name, description: spec.description, parameters: spec.inputSchema } };
}

/** The tools in the order given (use ToolManager.listTools for the stable order), shaped for one provider. */
export async function describeToolsForProvider(tools: readonly AnyTool[], provider: 'anthropic'): Promise<AnthropicToolSpec[]>;
export async function describeToolsForProvider(tools: readonly AnyTool[], provider: 'openai'): Promise<OpenAIToolSpec[]>;
export async function describeToolsForProvider(
  tools: readonly AnyTool[],
  provider: ToolProvider,
): Promise<(AnthropicToolSpec | OpenAIToolSpec)[]> {
  const specs = await Promise.all(tools.map(describeToolForModel));
  return specs.map((spec) => (provider === 'anthropic' ? toAnthropicTool(spec) : toOpenAITool(spec)));
}
