// The neutral request (provider.ts) as an OpenAI Responses API request body. Stateless (`store: false`): the
// whole conversation goes with every request, and the model's reasoning items go back with their ids and
// encrypted content (requested through `include`), which is how the API carries a reasoning model's chain of
// thought from one tool call to the next without keeping anything on OpenAI's side.
import type OpenAI from 'openai';
import type { ChatMessage, ModelRequest, ModelToolSpec, ReasoningPart } from './provider';

type InputItem = OpenAI.Responses.ResponseInputItem;

/** The Responses API refuses a `max_output_tokens` below 16 (Chat Completions takes 1): a smaller ask is raised. */
export const MIN_RESPONSES_OUTPUT_TOKENS = 16;

export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';

export interface ResponsesRequestOptions {
  model: string;
  maxTokens: number;
  /** Whether the model reasons (o-series, GPT-5 and later); others refuse the reasoning fields. */
  reasoning: boolean;
  /** The user's `relay.reasoningEffort`; undefined leaves the model's default. */
  effort?: ReasoningEffort;
}

export function toResponsesRequest(request: ModelRequest, options: ResponsesRequestOptions): OpenAI.Responses.ResponseCreateParamsStreaming {
  const body: OpenAI.Responses.ResponseCreateParamsStreaming = {
    model: options.model,
    input: toResponsesInput(request.messages, freeformTools(request.tools)),
    stream: true,
    store: false,
    max_output_tokens: Math.max(MIN_RESPONSES_OUTPUT_TOKENS, options.maxTokens),
  };
  if (request.system.trim()) body.instructions = request.system;
  if (request.tools.length > 0) body.tools = request.tools.map(toResponsesToolParam);
  if (options.reasoning) {
    // Summaries are what the API lets us show of the reasoning; the encrypted content is what goes back.
    body.reasoning = { summary: 'auto', ...(options.effort ? { effort: options.effort } : {}) };
    body.include = ['reasoning.encrypted_content'];
  } else if (request.temperature !== undefined) {
    body.temperature = request.temperature; // reasoning models refuse it
  }
  return body;
}

export function toResponsesToolParam(spec: ModelToolSpec): OpenAI.Responses.FunctionTool | OpenAI.Responses.CustomTool {
  // A freeform tool (apply_patch for GPT-5.x and Codex): the model writes the raw input, held to the grammar.
  if (spec.freeform) {
    return { type: 'custom', name: spec.name, description: spec.freeform.description, format: { type: 'grammar', syntax: spec.freeform.grammar.syntax, definition: spec.freeform.grammar.definition } };
  }
  // Not strict: strict mode wants every property required and no additionalProperties, which our schemas are not.
  return { type: 'function', name: spec.name, description: spec.description, parameters: spec.inputSchema, strict: false };
}

/** The request's freeform tools: name -> the JSON argument their raw input stands for. */
export function freeformTools(tools: readonly ModelToolSpec[]): ReadonlyMap<string, string> {
  return new Map(tools.flatMap((tool) => (tool.freeform ? [[tool.name, tool.freeform.argument] as const] : [])));
}

/**
 * The conversation as Responses input items. A call of a tool offered freeform in this request goes back as the
 * custom_tool_call it was (its raw input) and its result as custom_tool_call_output, so the model sees its own form.
 */
export function toResponsesInput(messages: readonly ChatMessage[], freeform: ReadonlyMap<string, string> = new Map()): InputItem[] {
  const out: InputItem[] = [];
  const customCalls = new Set<string>();
  for (const message of messages) {
    if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type === 'text') {
          if (part.text) out.push({ role: 'assistant', content: part.text });
        } else if (part.type === 'tool_call') {
          const argument = freeform.get(part.name);
          const input = argument === undefined ? undefined : part.args[argument];
          if (typeof input === 'string') {
            customCalls.add(part.callId);
            out.push({ type: 'custom_tool_call', call_id: part.callId, name: part.name, input });
          } else {
            out.push({ type: 'function_call', call_id: part.callId, name: part.name, arguments: JSON.stringify(part.args) });
          }
        } else {
          const reasoning = reasoningItem(part);
          if (reasoning) out.push(reasoning);
        }
      }
      continue;
    }
    // Outputs first: each answers a function_call of the turn before, as the API pairs them.
    const texts: string[] = [];
    const images: OpenAI.Responses.ResponseInputImage[] = [];
    for (const part of message.content) {
      if (part.type === 'text') texts.push(part.text);
      else if (part.type === 'image') images.push({ type: 'input_image', detail: 'auto', image_url: `data:${part.mediaType};base64,${part.data}` });
      else {
        // The API has no error flag on outputs; say it in the output.
        const output = part.isError ? `Error: ${part.content}` : part.content;
        out.push(customCalls.has(part.callId) ? { type: 'custom_tool_call_output', call_id: part.callId, output } : { type: 'function_call_output', call_id: part.callId, output });
      }
    }
    const text = texts.join('\n');
    if (images.length > 0) out.push({ role: 'user', content: [...(text ? [{ type: 'input_text' as const, text }] : []), ...images] });
    else if (text) out.push({ role: 'user', content: text });
  }
  return out;
}

/** Only the Responses API's own reasoning goes back, and only when it can be (with store: false, its encrypted content). */
function reasoningItem(part: ReasoningPart): OpenAI.Responses.ResponseReasoningItem | undefined {
  if (part.source !== 'openai-responses' || !part.itemId || !part.encryptedContent) return undefined;
  return {
    type: 'reasoning',
    id: part.itemId,
    summary: part.text ? [{ type: 'summary_text', text: part.text }] : [],
    encrypted_content: part.encryptedContent,
  };
}
